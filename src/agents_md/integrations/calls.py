"""Which paths a framework's tool call touches, read off its name and arguments.

1. The tool is recognised by its name (``engine.touch``: ``Read``, ``read_file``, ...).
2. Its path is the first of the arguments ``file_path``, ``path``, ``notebook_path``,
   ``filename`` that is a string; a search's hits are its result, when that is a list of paths
   (or text of one path a line).
"""

from __future__ import annotations

from typing import Any

from agents_md._util.std import Mapping
from agents_md.engine.touch import SEARCH, TOOLS, tool_name

PATH_ARGUMENTS = ("file_path", "path", "notebook_path", "filename")


def touched(tool: str, args: Mapping[str, Any] | None, result: object = None) -> tuple[str, list[str]] | None:
    """(Claude Code's tool name, the paths touched), or ``None`` when the call touches none."""
    name = tool_name(tool)
    if name is None:
        return None
    if TOOLS[name] == SEARCH:
        if isinstance(result, str):
            hits = [line.strip() for line in result.splitlines() if line.strip()]
        elif isinstance(result, list | tuple):
            hits = [h for h in result if isinstance(h, str)]
        else:
            hits = []
        return (name, hits) if hits else None
    for key in PATH_ARGUMENTS:
        value = (args or {}).get(key)
        if isinstance(value, str) and value:
            return name, [value]
    return None
