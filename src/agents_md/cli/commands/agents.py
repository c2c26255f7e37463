"""``agents-md agents list|check``: the subagent types the engine offers, and problems in agent files."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agents_md.agents import AgentCatalog, Problem


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "agents",
        help="list the subagent types the engine offers, or check agent files",
        description="Subagent definitions (.claude/agents/*.md, --agents JSON, plugins), as the engine reads them.",
    )
    sub = parser.add_subparsers(dest="agents_command", metavar="ACTION", required=True)

    lst = sub.add_parser("list", help="every agent type offered, with its source, file and rendered line")
    lst.add_argument("--cwd", default=".", help="the working directory (default: .)")
    lst.add_argument("--home", help="the home directory (default: the real home)")
    lst.add_argument("--agents", metavar="JSON", help="an --agents value: a JSON object or a file path")
    lst.add_argument("--plugin-dir", action="append", default=[], metavar="DIR", help="a plugin folder (repeatable)")
    lst.add_argument("--managed-dir", default="/etc/claude-code", metavar="DIR", help="the managed policy folder")
    lst.add_argument("--setting-sources", metavar="LIST", help="comma-separated: user, project, local")
    lst.add_argument("--format", choices=("text", "json"), default="text")
    lst.set_defaults(run=run_list)

    chk = sub.add_parser("check", help="report every problem of agent files; exit 1 if one is skipped or loses a value")
    chk.add_argument("paths", nargs="*", metavar="PATH", help="agent files or folders (default: .claude/agents)")
    chk.add_argument("--agents", metavar="JSON", help="also check an --agents value")
    chk.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text")
    chk.set_defaults(run=run_check)


def run_list(args: argparse.Namespace) -> int:
    import os
    import sys

    from agents_md.agents import AgentsJsonError, load_agents

    home = args.home if args.home is not None else os.path.expanduser("~")
    try:
        catalog = load_agents(
            cwd=os.path.abspath(args.cwd),
            home=home,
            managed_dir=args.managed_dir,
            agents_json=args.agents,
            plugin_dirs=tuple(args.plugin_dir),
            setting_sources=args.setting_sources.split(",") if args.setting_sources is not None else None,
        )
    except AgentsJsonError as exc:
        for line in exc.lines:
            print(line, file=sys.stderr)
        return 1
    if args.format == "json":
        import json

        print(json.dumps(catalog_json(catalog), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(catalog_text(catalog))
    return 0


def catalog_json(catalog: AgentCatalog) -> dict[str, Any]:
    from dataclasses import asdict

    from agents_md.agents import agent_line

    def agent(a: Any) -> dict[str, Any]:
        d = asdict(a)
        d["source"] = a.source.value
        d["line"] = agent_line(a)
        return d

    return {
        "agents": [agent(a) for a in catalog.accepted],
        "agent_lines": [agent_line(a) for a in catalog.accepted],
        "shadowed": [
            {
                "name": s.agent.name,
                "path": s.agent.path,
                "source": s.agent.source.value,
                "by_source": s.by.source.value,
                "by_path": s.by.path,
            }
            for s in catalog.shadowed
        ],
        "skipped": [
            {"path": s.path, "source": s.source.value, "rule": s.rule, "reason": s.reason} for s in catalog.skipped
        ],
        "duplicates": [
            {"name": d.name, "source": d.source.value, "paths": list(d.paths), "active": d.active}
            for d in catalog.duplicates
        ],
        "problems": [problem_json(p) for p in catalog.problems],
        "overridden_builtins": list(catalog.overridden_builtins),
    }


def catalog_text(catalog: AgentCatalog) -> str:
    from agents_md.agents import agent_line

    out = [f"{len(catalog.accepted)} agent type(s) offered (built-ins not shown):"]
    for a in catalog.accepted:
        out.append(agent_line(a))
        out.append(f"    {a.source.value}  {a.path or '--agents'}")
    if catalog.overridden_builtins:
        out.append(f"built-in types replaced: {', '.join(catalog.overridden_builtins)}")
    if catalog.shadowed:
        out.append("shadowed (a definition of higher priority has the same name):")
        out += [
            f"  {s.agent.name}  {s.agent.path or '--agents'} ({s.agent.source.value}) "
            f"hidden by {s.by.path or '--agents'} ({s.by.source.value})"
            for s in catalog.shadowed
        ]
    if catalog.duplicates:
        out.append("duplicates in one folder (the engine's pick is unspecified):")
        out += [f"  {d.name}: {', '.join(d.paths)}" for d in catalog.duplicates]
    if catalog.skipped:
        out.append("skipped:")
        out += [f"  {s.path}: [{s.rule}] {s.reason}" for s in catalog.skipped]
    return "\n".join(out) + "\n"


def problem_json(p: Problem) -> dict[str, Any]:
    return {
        "path": p.path,
        "line": p.line,
        "key": p.key,
        "rule": p.rule,
        "severity": p.severity.value,
        "message": p.message,
        "fix": p.fix,
        "blocking": p.blocking,
    }


def run_check(args: argparse.Namespace) -> int:
    import os
    import sys

    from agents_md.agents import Severity, check_agent_files

    paths = list(args.paths)
    if not paths and os.path.isdir(os.path.join(".claude", "agents")):
        paths = [os.path.join(".claude", "agents")]
    problems = [p for p in check_agent_files(paths, agents_json=args.agents, cwd=os.getcwd())]
    shown = [p for p in problems if p.severity is not Severity.NOTE or p.rule != "not-an-agent"]
    if args.format == "json":
        import json

        print(json.dumps([problem_json(p) for p in shown], indent=2, ensure_ascii=False))
    elif args.format == "sarif":
        import json

        print(json.dumps(sarif(shown), indent=2, ensure_ascii=False))
    elif args.format == "github":
        level = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}
        for p in shown:
            text = _escape(f"{p.key + ': ' if p.key else ''}{p.message}" + (f" (fix: {p.fix})" if p.fix else ""))
            print(f"::{level[p.severity]} file={p.path},line={max(p.line, 1)},title={p.rule}::{text}")
    else:
        for p in shown:
            where = f"{p.path}:{p.line}" if p.line else p.path
            key = f" {p.key}:" if p.key else ""
            fix = f" (fix: {p.fix})" if p.fix else ""
            print(f"{where}: {p.severity.value}: [{p.rule}]{key} {p.message}{fix}")
        blocking = sum(p.blocking for p in shown)
        print(f"{len(shown)} problem(s), {blocking} that skip a file or drop a value", file=sys.stderr)
    return 1 if any(p.blocking for p in problems) else 0


def _escape(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def sarif(problems: list[Problem]) -> dict[str, Any]:
    from agents_md._version import __version__
    from agents_md.agents import Severity

    level = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}
    rules = sorted({p.rule for p in problems})
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "agents-md", "version": __version__, "rules": [{"id": r} for r in rules]}},
                "results": [
                    {
                        "ruleId": p.rule,
                        "level": level[p.severity],
                        "message": {
                            "text": f"{p.key + ': ' if p.key else ''}{p.message}"
                            + (f" (fix: {p.fix})" if p.fix else "")
                        },
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": p.path},
                                    "region": {"startLine": max(p.line, 1)},
                                }
                            }
                        ],
                    }
                    for p in problems
                ],
            }
        ],
    }
