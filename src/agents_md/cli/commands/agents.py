"""``agents-md agents list|check``: the subagent types the engine offers, and problems in agent files."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from agents_md._util.std import Sequence


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "agents",
        help="list the subagent types the engine offers, or check agent files",
        description="Subagent definitions (.claude/agents/*.md, --agents JSON, plugins), as the engine reads them.",
    )
    sub = parser.add_subparsers(dest="agents_command", metavar="ACTION", required=True)

    lst = sub.add_parser(
        "list", help="every agent type offered: the built-ins, and each custom one with its source and file"
    )
    lst.add_argument("--cwd", default=".", help="the working directory (default: .)")
    lst.add_argument("--home", help="the home directory (default: the real home)")
    lst.add_argument("--agents", metavar="JSON", help="an --agents value: a JSON object or a file path")
    lst.add_argument("--plugin-dir", action="append", default=[], metavar="DIR", help="a plugin folder (repeatable)")
    lst.add_argument("--managed-dir", default="/etc/claude-code", metavar="DIR", help="the managed policy folder")
    lst.add_argument("--setting-sources", metavar="LIST", help="comma-separated: user, project, local")
    lst.add_argument(
        "--format",
        choices=("text", "lines", "json"),
        default="text",
        help="text (a row each: the first line of its description), lines (exactly the lines the engine renders), json",
    )
    lst.set_defaults(run=run_list)

    from agents_md.diagnostics import FORMATS

    chk = sub.add_parser("check", help="report every problem of agent files; exit 1 if one is skipped or loses a value")
    chk.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="agent files, or folders searched for the folders the engine reads agents from: .claude/agents, "
        "and a plugin's agents/ (default: .claude/agents, or the plugin here)",
    )
    chk.add_argument("--agents", metavar="JSON", help="also check an --agents value")
    chk.add_argument(
        "--format", choices=FORMATS, default="concise", help="concise (default), text, json, sarif, github"
    )
    chk.set_defaults(run=run_check)


def run_list(args: argparse.Namespace) -> int:
    return list_agents(
        cwd=os.path.abspath(args.cwd),
        home=args.home if args.home is not None else os.path.expanduser("~"),
        managed_dir=args.managed_dir,
        agents_json=args.agents,
        plugin_dirs=tuple(args.plugin_dir),
        setting_sources=args.setting_sources.split(",") if args.setting_sources is not None else None,
        fmt=args.format,
    )


def list_agents(
    *,
    cwd: str,
    home: str,
    managed_dir: str,
    agents_json: str | None,
    plugin_dirs: tuple[str, ...],
    setting_sources: Sequence[str] | None,
    fmt: str,
) -> int:
    from agents_md.agents import AgentsJsonError, load_agents
    from agents_md.cli.views.agents import catalog_json, catalog_text

    try:
        catalog = load_agents(
            cwd=cwd,
            home=home,
            managed_dir=managed_dir,
            agents_json=agents_json,
            plugin_dirs=plugin_dirs,
            setting_sources=setting_sources,
        )
    except AgentsJsonError as exc:
        for line in exc.lines:
            print(line, file=sys.stderr)
        return 1
    if fmt == "json":
        import json

        print(json.dumps(catalog_json(catalog), indent=2, ensure_ascii=False))
    elif fmt == "lines":
        from agents_md.agents import agent_lines

        sys.stdout.writelines(line + "\n" for line in agent_lines(catalog))
    else:
        sys.stdout.write(catalog_text(catalog, cwd=cwd, home=home))
    return 0


def run_check(args: argparse.Namespace) -> int:
    paths = list(args.paths)
    if not paths and os.path.isdir(os.path.join(".claude", "agents")):
        paths = [os.path.join(".claude", "agents")]
    elif not paths and os.path.isfile(os.path.join(".claude-plugin", "plugin.json")):
        paths = ["."]  # a plugin's folder: its agents/, or the files its manifest names
    elif not paths and args.agents is None:
        print(
            "agents-md: no .claude/agents here and no PATH given: nothing checked "
            "(agents-md agents check . searches the folders below)",
            file=sys.stderr,
        )
    return check_agents(paths, agents_json=args.agents, fmt=args.format)


def check_agents(paths: Sequence[str], *, agents_json: str | None, fmt: str) -> int:
    """Every problem of the agent files; exit 1 when one skips a file or drops a value."""
    from pathlib import Path

    from agents_md.agents import AGENT_RULES, blocking, check_agent_files, definition_folders, documentation_name
    from agents_md.cli.style import Style
    from agents_md.diagnostics import Report, render
    from agents_md.diagnostics.text import plural

    for path in paths:
        if os.path.isdir(path) and not definition_folders(Path(path)):
            print(
                f"agents-md: {path}: no folder the engine reads agents from (.claude/agents, a plugin's agents/); "
                "nothing checked there",
                file=sys.stderr,
            )
    problems = check_agent_files(paths, agents_json=agents_json, cwd=os.getcwd())
    # A folder's documentation is not worth a line (README.md, SUMMARY.md); a file named here is,
    # and so is one named like an agent (data-scientist.md): the engine ignores it without a word.
    named = {str(Path(path)) for path in paths if not os.path.isdir(path)}
    shown = tuple(p for p in problems if p.rule != "not-an-agent" or p.file in named or not documentation_name(p.file))
    report = Report(diagnostics=shown, rules=AGENT_RULES, checked_what="agent file")
    styled = fmt in ("text", "grouped")
    # A line each is what a person scanning agent files reads best; "grouped" is check's layout.
    layout = {"text": "concise", "grouped": "text"}.get(fmt, fmt)
    sys.stdout.write(render(report, layout, style=Style() if styled else None))
    if styled:
        skipping = sum(blocking(p) for p in shown)
        print(f"{plural(len(shown), 'problem')}, {skipping} that skip a file or drop a value", file=sys.stderr)
    return 1 if any(blocking(p) for p in problems) else 0
