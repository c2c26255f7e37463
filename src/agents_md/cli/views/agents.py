"""``agents list`` as text and JSON: every agent type offered, what hides or skips the others."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from agents_md.agents import AgentCatalog, AgentDefinition, agent_line
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


def catalog_text(catalog: AgentCatalog) -> str:
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
        out.append("duplicates in one folder (the engine keeps the one it reads last, in the disk's order):")
        out += [f"  {d.name}: {', '.join(d.paths)}" for d in catalog.duplicates]
    if catalog.skipped:
        out.append("skipped:")
        out += [f"  {s.path}: [{s.rule}] {s.reason}" for s in catalog.skipped]
    return "\n".join(out) + "\n"
