"""The engine's auto memory: ``MEMORY.md`` of the project, loaded last, cut at 200 lines.

It lives at ``~/.claude/projects/<project root, every non-alphanumeric character as ->/memory/``,
the project root being the git root above the cwd, or the cwd.
Front matter and comments are removed as for any file; its ``@`` lines are not imports.
``CLAUDE_CODE_DISABLE_AUTO_MEMORY`` or ``autoMemoryEnabled: false`` turns it off.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from agents_md._model import InstructionFile, Kind, Provenance, Reason
from agents_md.engine import content as content_mod
from agents_md.engine.fs import FileSystem
from agents_md.engine.jstext import js_is_blank, js_trim
from agents_md.engine.settings import Settings

MAX_LINES = 200
MAX_BYTES = 25_000
DISABLE_ENV = "CLAUDE_CODE_DISABLE_AUTO_MEMORY"


def project_key(cwd: str) -> str:
    """The engine's folder name for a project: its path with every other character as ``-``."""
    return re.sub(r"[^A-Za-z0-9]", "-", cwd)


def project_root(fs: FileSystem, cwd: str) -> str:
    """The git root above ``cwd`` (a ``.git`` folder or file), or ``cwd`` itself."""
    current = cwd
    while True:
        if fs.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return cwd
        current = parent


def memory_path(home: str, root: str) -> str:
    return os.path.join(home, ".claude", "projects", project_key(root), "memory", "MEMORY.md")


def enabled(env: Mapping[str, str], settings: Settings) -> bool:
    if env.get(DISABLE_ENV, "").strip().lower() in ("1", "true", "yes", "on"):
        return False
    value = None
    for layer in settings.layers:
        if "autoMemoryEnabled" in layer.values:
            value = layer.values["autoMemoryEnabled"]
    return value is not False


_ADVICE = "Keep index entries to one line under ~200 chars; move detail into topic files."


def _quote(line: str) -> str:
    return line if len(line) <= 80 else line[:80] + "\u2026"


def truncate(text: str) -> str:
    """The first 200 lines (and at most ``MAX_BYTES``), with the engine's warning when cut."""
    text = js_trim(text)
    lines = text.split("\n")
    total = len(lines)
    if total > MAX_LINES:
        kept = lines[:MAX_LINES]
        return (
            "\n".join(kept) + f"\n\n> WARNING: MEMORY.md is {total} lines (limit: {MAX_LINES}). Only part of it was "
            f"loaded: {total - MAX_LINES} of {total} lines were cut off, starting at line {MAX_LINES + 1} "
            f'("{_quote(lines[MAX_LINES])}"). {_ADVICE}'
        )
    size = len(text.encode())
    if size <= MAX_BYTES:
        return text
    kept, used = [], 0
    for line in lines:
        used += len(line.encode()) + 1
        if used > MAX_BYTES:
            break
        kept.append(line)
    return (
        "\n".join(kept) + f"\n\n> WARNING: MEMORY.md is {size / 1024:.0f}KB (limit: {MAX_BYTES / 1024:.1f}KB) \u2014 "
        f"index entries are too long. Only part of it was loaded: {total - len(kept)} of {total} lines were cut off, "
        f'starting at line {len(kept) + 1} ("{_quote(lines[len(kept)])}"). {_ADVICE}'
    )


def load_memory(fs: FileSystem, home: str, cwd: str) -> InstructionFile | None:
    path = memory_path(home, project_root(fs, cwd))
    data = fs.read_file(path)
    if data is None:
        return None
    text = content_mod.process(data).text
    if js_is_blank(text):
        return None
    return InstructionFile(
        path=path, kind=Kind.MEMORY, content=truncate(text), provenance=Provenance(reason=Reason.MEMORY), size=len(data)
    )
