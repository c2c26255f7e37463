"""``agents list`` as text and JSON: every agent type offered, what hides or skips the others."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from agents_md.agents import BUILTIN_TYPES, AgentCatalog, AgentDefinition, agent_line
from agents_md.cli.style import short_path
from agents_md.diagnostics.json import diagnostic_json


def catalog_json(catalog: AgentCatalog) -> dict[str, Any]:
    def agent(a: AgentDefinition) -> dict[str, Any]:
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
        "problems": [diagnostic_json(p) for p in catalog.problems],
        "overridden_builtins": list(catalog.overridden_builtins),
    }


DESCRIPTION_WIDTH = 60  # characters of a description's first line a row shows


def first_line(text: str, width: int = DESCRIPTION_WIDTH) -> str:
    """A description as one row shows it: its first non-blank line, cut at ``width`` with an ellipsis."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    more = len(text.strip()) > len(line)
    if len(line) > width:
        return line[: width - 1].rstrip() + "…"
    return line + (" …" if more else "")


def catalog_text(catalog: AgentCatalog, *, cwd: str, home: str) -> str:
    """A line for each type: the built-ins by name, then each custom type with the first line of its
    description, its source and its file (``--format lines`` gives the engine's own lines)."""
    builtins = [t for t in BUILTIN_TYPES if t not in catalog.overridden_builtins]
    out = [f"{len(builtins)} built-in type{'s' if len(builtins) != 1 else ''}: {', '.join(builtins)}"]
    if catalog.accepted:
        out.append(f"{len(catalog.accepted)} custom type{'s' if len(catalog.accepted) != 1 else ''}:")
        rows = [
            (a.name, first_line(a.description), a.source.value, short_path(a.path, cwd, home) if a.path else "--agents")
            for a in catalog.accepted
        ]
        widths = [max(len(r[c]) for r in rows) for c in range(3)]
        out += ["  " + "  ".join(r[c].ljust(widths[c]) if c < 3 else r[c] for c in range(4)).rstrip() for r in rows]
    else:
        out.append(
            "no custom types (read from .claude/agents/ of the directory and each one above it up to the git root, "
            "~/.claude/agents/, the managed folder's .claude/agents/, --agents, and each plugin's agents/)"
        )
    if catalog.overridden_builtins:
        out.append(f"built-in types replaced by a definition: {', '.join(catalog.overridden_builtins)}")
    if catalog.shadowed:
        out.append("shadowed (a definition of higher priority has the same name):")
        out += [
            f"  {s.agent.name}  {s.agent.path or '--agents'} ({s.agent.source.value}) "
            f"hidden by {s.by.path or '--agents'} ({s.by.source.value})"
            for s in catalog.shadowed
        ]
    if catalog.duplicates:
        out.append("duplicates in one folder (the engine keeps the one it reads last, in the disk's order):")
        out += [f"  {d.name}: {', '.join(d.paths)}" for d in catalog.duplicates]
    if catalog.skipped:
        out.append("skipped:")
        out += [f"  {s.path}: [{s.rule}] {s.reason}" for s in catalog.skipped]
    return "\n".join(out) + "\n"
