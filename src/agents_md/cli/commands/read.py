"""``agents-md read FILE``: what a Read of FILE attaches, in a session that already read others."""

from __future__ import annotations

import argparse
from typing import Any

from agents_md.cli.session_args import add_session_arguments


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
    parser.add_argument("--format", choices=("text", "json", "claude-md"), default="text")
    add_session_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import json
    import os
    import sys

    from agents_md.cli.session_args import session_from

    session = session_from(args, os.path.abspath(args.cwd))
    reader: Any = session.spawn(args.agent) if args.agent else session
    for earlier in args.after:
        reader.read(os.path.abspath(earlier))
    result = reader.read(os.path.abspath(args.file))
    for notice in session.notices:
        if notice.level == "info":
            print(f"agents-md: {notice.text}", file=sys.stderr)
    if args.format == "claude-md":
        parts = [*result.engine_blocks]
        if result.hook_text is not None:
            parts.append(result.hook_text)
        sys.stdout.write("\n".join(parts) + ("\n" if parts else ""))
        return 0
    if args.format == "json":
        print(
            json.dumps(
                {
                    "file": result.path,
                    "engine_files": [{"path": f.path, "kind": str(f.kind)} for f in result.engine_files],
                    "engine_blocks": list(result.engine_blocks),
                    "plugin_files": [
                        {"plugin": name, "path": f.path} for name, files in result.hook_files for f in files
                    ],
                    "hook_text": result.hook_text,
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    from agents_md.cli.style import Style, short_path

    s = Style()
    cwd, home = session.inputs.cwd, session.inputs.home
    print(
        s(f"A Read of {short_path(result.path, cwd, home)}", "bold") + (f" (agent {args.agent})" if args.agent else "")
    )
    if not result.engine_files and not result.hook_files:
        print(s("  attaches nothing", "dim"))
        return 0
    for f in result.engine_files:
        print(f"  engine   {short_path(f.path, cwd, home)}  {s('(nested ' + str(f.kind) + ')', 'dim')}")
    for name, files in result.hook_files:
        for f in files:
            why = f"import of {short_path(f.parent, cwd, home)}" if f.parent else "nested AGENTS.md"
            print(f"  {name}  {short_path(f.path, cwd, home)}  {s('(' + why + ')', 'dim')}")
    return 0
