"""``agents-md read FILE``: what a Read of FILE attaches, in a session that already read others."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from agents_md._util.std import Sequence
from agents_md.cli.session_args import add_session_arguments

if TYPE_CHECKING:
    from agents_md.host.session import Session, Subagent


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "read",
        help="show what a Read of FILE attaches (the engine's nested files and the AGENTS.md attachment)",
        description="Show what the engine appends after a Read of FILE: its own nested CLAUDE.md blocks and the "
        "agents-md plugin's AGENTS.md attachment, in a session that has already read the --after files.",
    )
    parser.add_argument("file", help="the file the agent reads")
    parser.add_argument("--cwd", default=".", help="the session's working directory (default: .)")
    parser.add_argument("--after", action="append", default=[], metavar="FILE", help="a file read earlier")
    parser.add_argument("--agent", metavar="TYPE", help="the read happens in a subagent of TYPE")
    parser.add_argument("--format", choices=("text", "json", "claude-md", "prompt"), default="text")
    parser.add_argument(
        "--engine",
        default="claude-code",
        metavar="NAME",
        help="claude-code (default), codex, gemini, opencode, or all (one table, file x engine)",
    )
    add_session_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import os

    from agents_md.cli.session_args import offered_agent, session_from

    after = [os.path.abspath(p) for p in args.after]
    if args.engine != "claude-code":
        from agents_md.cli.commands.engines import read_engine

        cwd = os.path.abspath(args.cwd)
        fmt = args.format
        return read_engine(args, engine=args.engine, path=os.path.abspath(args.file), cwd=cwd, after=after, fmt=fmt)
    session = session_from(args, os.path.abspath(args.cwd))
    agent = offered_agent(session, args.agent)
    fmt = "claude-md" if args.format == "prompt" else args.format
    return read(session, os.path.abspath(args.file), after=after, agent=agent, fmt=fmt)


def read(session: Session, path: str, *, after: Sequence[str], agent: str | None, fmt: str) -> int:
    """What a Read of ``path`` attaches once the ``after`` files were read (in a subagent of type ``agent``)."""
    import sys

    from agents_md.cli.views.read import read_blocks, read_json, read_text

    reader: Session | Subagent = session.spawn(agent) if agent else session
    for earlier in after:
        reader.read(earlier)
    result = reader.read(path)
    import os

    why = "no such file" if not os.path.lexists(path) else "a folder, not a file" if os.path.isdir(path) else None
    if why is not None:
        # The engine attaches nested files on a Read that fails: the view shows them still.
        told = f"agents-md: {path}: {why}; the Read fails, and the engine attaches nested files even so"
        print(told, file=sys.stderr)
    for notice in session.notices:
        if notice.level == "info":
            print(f"agents-md: {notice.text}", file=sys.stderr)
    if fmt == "claude-md":
        sys.stdout.write(read_blocks(result))
    elif fmt == "json":
        import json

        print(json.dumps(read_json(result), indent=2, ensure_ascii=False))
    else:
        print(read_text(result, cwd=session.inputs.cwd, home=session.inputs.home, agent=agent))
    return 0
