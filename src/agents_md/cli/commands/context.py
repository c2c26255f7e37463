"""``agents-md context [DIR]``: what an agent starting in DIR loads, why, and what it left out."""

from __future__ import annotations

from agents_md.cli.options import SWITCH, Option, Plain, Positional, add_options, add_positional, read_plain
from agents_md.cli.session_args import SESSION_OPTIONS, add_session_arguments

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import SimpleNamespace
    from typing import Any

    from agents_md.cli.options import Arguments
    from agents_md.host.session import Session

DIRECTORY = Positional(dest="directory", default=".", help="the working directory (default: .)")
OPTIONS = (
    Option(
        flag="--format",
        choices=("text", "json", "claude-md", "prompt"),
        default="text",
        help="text (a table), json, or prompt (exactly the instruction text the engine sends; "
        "claude-md: Claude Code's rendered block)",
    ),
    Option(
        flag="--engine",
        default="claude-code",
        metavar="NAME",
        help="claude-code (default), codex, gemini, opencode, or all (one table, file x engine)",
    ),
    Option(flag="--agent", metavar="TYPE", help="what a subagent of TYPE receives instead"),
    Option(
        flag="--absolute",
        action=SWITCH,
        help="absolute paths in the table (default: relative to DIR; ~/ for the home, absolute outside the project)",
    ),
)
PLAIN = Plain(
    words=("context",),
    options=OPTIONS + SESSION_OPTIONS,
    fixed=(("version", False), ("debug", False), ("command", "context")),
    positional=DIRECTORY,
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "context",
        help="show the instruction files an agent starting in DIR loads",
        description="Show the instruction files an agent starting in DIR loads: each with its kind, why it "
        "loaded, its size; the files considered and left out, and why.",
    )
    add_positional(parser, DIRECTORY)
    add_options(parser, OPTIONS)
    add_session_arguments(parser)
    parser.set_defaults(run=run)


def plain(argv: Sequence[str]) -> SimpleNamespace | None:
    """A plain ``context`` command line read without argparse (``cli.options``), else ``None``."""
    return read_plain(PLAIN, argv, run)


def run(args: Arguments) -> int:
    import os

    from agents_md.cli.session_args import offered_agent, session_from

    session = session_from(args, os.path.abspath(args.directory))
    if args.engine != "claude-code":
        from agents_md.cli.commands.engines import context_engines

        return context_engines(session, args, engine=args.engine, fmt=args.format)
    fmt = "claude-md" if args.format == "prompt" else args.format
    return context(session, agent=offered_agent(session, args.agent), fmt=fmt, absolute=args.absolute)


def context(session: Session, *, agent: str | None, fmt: str, absolute: bool = False) -> int:
    """What ``session`` (or a subagent of type ``agent``) starts with, as ``fmt``; notices on standard error."""
    import sys

    from agents_md.host.report import context_report

    report = context_report(session, agent)
    for text in report.notices:
        print(f"agents-md: {text}", file=sys.stderr)
    for text in report.warnings:
        print(f"agents-md: warning: {text}", file=sys.stderr)
    if fmt == "claude-md":
        if report.claude_md is not None:
            sys.stdout.write(report.claude_md + "\n")
        return 0
    if fmt == "json":
        from agents_md._util import json_codec

        print(json_codec.dumps(report.to_json(), indent=2, ensure_ascii=False))
        return 0
    from agents_md.cli.views.context import render_text

    print(render_text(report, absolute=absolute))
    return 0
