"""``agents-md context [DIR]``: what an agent starting in DIR loads, why, and what it left out."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from agents_md.cli.session_args import add_session_arguments

if TYPE_CHECKING:
    from agents_md.host.report import ContextReport


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "context",
        help="show the instruction files an agent starting in DIR loads",
        description="Show the instruction files an agent starting in DIR loads: each with its kind, why it "
        "loaded, its size; the files considered and left out, and why.",
    )
    parser.add_argument("directory", nargs="?", default=".", help="the working directory (default: .)")
    parser.add_argument(
        "--format",
        choices=("text", "json", "claude-md"),
        default="text",
        help="text (a table), json, or claude-md (exactly the rendered block)",
    )
    parser.add_argument("--agent", metavar="TYPE", help="what a subagent of TYPE receives instead")
    add_session_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import os
    import sys

    from agents_md.cli.session_args import session_from
    from agents_md.host.report import context_report

    session = session_from(args, os.path.abspath(args.directory))
    report = context_report(session, args.agent)
    for text in report.notices:
        print(f"agents-md: {text}", file=sys.stderr)
    for text in report.warnings:
        print(f"agents-md: warning: {text}", file=sys.stderr)
    if args.format == "claude-md":
        if report.claude_md is not None:
            sys.stdout.write(report.claude_md + "\n")
        return 0
    if args.format == "json":
        import json

        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
        return 0
    print(render_text(report))
    return 0


_WHY = {"walk": "on the path", "managed": "managed policy", "user": "user", "added-dir": "added directory"}


def _why(report: ContextReport, index: int) -> str:
    f = report.files[index]
    reason = str(f.provenance.reason)
    if reason == "import":
        from agents_md.cli.style import short_path

        return f"import of {short_path(f.parent or '', report.cwd, report.home)}"
    if reason == "plugin":
        return f"plugin {f.provenance.via}"
    return _WHY.get(reason, reason)


def render_text(report: ContextReport) -> str:
    from agents_md.cli.style import Style, human_bytes, short_path
    from agents_md.host.report import estimate_tokens

    s = Style()
    lines: list[str] = []
    title = f"Instruction files for {report.cwd}"
    if report.agent:
        title += f" (agent {report.agent})"
    lines.append(s(title, "bold"))
    mode = report.mode
    if mode.value is None:
        lines.append(f"mode: {s('agents-md plugin off', 'yellow')} (the engine reads CLAUDE.md alone)")
    else:
        lines.append(f"mode: {s(mode.value, 'cyan')}  (from {mode.source})")
    if report.disabled_by:
        lines.append(s(f"no instruction files load: {report.disabled_by}", "yellow"))
    lines.append("")
    if report.files:
        rows = []
        parents: dict[str, int] = {}
        for i, f in enumerate(report.files):
            depth = parents[f.parent] + 1 if f.parent in parents else 0
            parents[f.path] = depth
            name = ("  " * (depth - 1) + "└ " if depth else "") + short_path(f.path, report.cwd, report.home)
            rows.append(
                (str(i + 1), str(f.kind), name, str(f.size), str(estimate_tokens(f.content.strip())), _why(report, i))
            )
        headers = ("#", "kind", "file", "bytes", "~tokens", "why")
        widths = [max(len(h), *(len(r[c]) for r in rows)) for c, h in enumerate(headers)]
        lines.append(s("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)), "dim"))
        colours = {"managed": "magenta", "user": "blue", "project": "green", "local": "yellow", "memory": "cyan"}
        for r in rows:
            cells = [
                r[0].rjust(widths[0]),
                s(r[1].ljust(widths[1]), colours.get(r[1], "")),
                r[2].ljust(widths[2]),
                r[3].rjust(widths[3]),
                r[4].rjust(widths[4]),
                s(r[5], "dim"),
            ]
            lines.append("  ".join(cells).rstrip())
        block = report.claude_md or ""
        lines.append("")
        lines.append(
            f"{len(report.files)} file(s); the block the model receives: "
            f"{human_bytes(len(block.encode()))}, ~{estimate_tokens(block)} tokens"
        )
    else:
        lines.append(s("No instruction files load.", "yellow"))
    if report.skipped:
        lines.append("")
        lines.append(s("Considered and left out:", "bold"))
        reasons = {
            "excluded": "excluded by claudeMdExcludes",
            "empty": "empty after front matter and comments",
            "external-import": "import outside the working directory, not approved",
            "missing-import": "import of a file that does not exist",
            "not-text": "import of a file the engine does not read as text",
            "depth": "import deeper than the engine follows",
            "conditional-rule": "rule with paths: front matter (attached on matching Reads)",
            "unreadable": "cannot be read",
        }
        for sk in report.skipped:
            why = reasons.get(str(sk.reason), str(sk.reason))
            extra = f" [{sk.detail}]" if sk.detail else ""
            via = f" (from {short_path(sk.via, report.cwd, report.home)})" if sk.via else ""
            lines.append(f"  {short_path(sk.path, report.cwd, report.home)}: {why}{via}{extra}")
    return "\n".join(lines)
