"""``read``'s views: what a Read of a file attaches, as text, as JSON, or as the exact blocks."""

from __future__ import annotations

import os
from typing import Any

from agents_md.cli.style import Style, short_path
from agents_md.engine.loop import ReadResult


def read_blocks(result: ReadResult) -> str:
    """Exactly what the model receives after the tool result: the engine's blocks, then the plugins'."""
    blocks = result.blocks
    return "\n".join(blocks) + ("\n" if blocks else "")


def read_json(result: ReadResult) -> dict[str, Any]:
    return {
        "file": result.path,
        "exists": os.path.lexists(result.path),
        "engine_files": [{"path": f.path, "kind": str(f.kind)} for f in result.engine_files],
        "engine_blocks": list(result.engine_blocks),
        "plugin_files": [{"plugin": name, "path": f.path} for name, files in result.hook_files for f in files],
        "hook_text": result.hook_text,
    }


def _failing(path: str) -> str:
    """Why a Read of ``path`` fails, as the title says it (the engine's Read takes a file)."""
    if not os.path.lexists(path):
        return " (no such file)"
    return " (a folder)" if os.path.isdir(path) else ""


def read_text(result: ReadResult, *, cwd: str, home: str, agent: str | None) -> str:
    s = Style()
    missing = _failing(result.path)
    title = s(f"A Read of {short_path(result.path, cwd, home)}{missing}", "bold")
    lines = [title + (f" (agent {agent})" if agent else "")]
    if not result.engine_files and not result.hook_files:
        lines.append(s("  attaches nothing", "dim"))
        return "\n".join(lines)
    for f in result.engine_files:
        lines.append(f"  engine   {short_path(f.path, cwd, home)}  {s('(nested ' + str(f.kind) + ')', 'dim')}")
    for name, files in result.hook_files:
        for f in files:
            why = f"import of {short_path(f.parent, cwd, home)}" if f.parent else "nested AGENTS.md"
            lines.append(f"  {name}  {short_path(f.path, cwd, home)}  {s('(' + why + ')', 'dim')}")
    return "\n".join(lines)
