"""Where the plugin's files go among the engine's, and which files are "the project's own".

A handed file is *on the path* when it is a ``CLAUDE.md``, ``.claude/CLAUDE.md``,
``.claude/rules/...`` or ``CLAUDE.local.md`` of a directory from the filesystem root to the
cwd (imports go with their importer). An ``AGENTS.md`` of directory D goes right before the
first handed file on the path of a directory deeper than D, or at the end when there is none —
after the rules and local file of D itself, and after an added directory's files.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from agents_md._model import InstructionFile, Kind

OWN_NAMES = ("CLAUDE.md", os.path.join(".claude", "CLAUDE.md"), "CLAUDE.local.md")
_RULES = os.path.join(".claude", "rules") + os.sep


def own_files(files: Sequence[InstructionFile], chain: Sequence[str]) -> list[InstructionFile]:
    """The project's own instruction files among ``files``: they make the default mode stand down."""
    own = {os.path.join(d, name) for d in chain for name in OWN_NAMES}
    return [f for f in files if f.kind in (Kind.PROJECT, Kind.LOCAL) and f.path in own]


def anchor_dir(path: str, chain: Sequence[str]) -> str | None:
    """The directory on the path a walk file belongs to, or ``None``."""
    for directory in reversed(chain):
        prefix = directory.rstrip(os.sep) + os.sep
        if not path.startswith(prefix):
            continue
        rest = path[len(prefix) :]
        if rest in OWN_NAMES or rest.startswith(_RULES):
            return directory
        return None
    return None


def depth_of(files: Sequence[InstructionFile], chain: Sequence[str]) -> list[int | None]:
    """For each file, the index in ``chain`` of its directory (imports take their importer's)."""
    index = {d: i for i, d in enumerate(chain)}
    by_path: dict[str, int | None] = {}
    out: list[int | None] = []
    for f in files:
        if f.parent is not None and f.parent in by_path:
            depth = by_path[f.parent]
        elif f.kind in (Kind.PROJECT, Kind.LOCAL):
            anchor = anchor_dir(f.path, chain)
            depth = index[anchor] if anchor is not None else None
        else:
            depth = None
        by_path.setdefault(f.path, depth)
        out.append(depth)
    return out


def place(
    handed: Sequence[InstructionFile],
    groups: Sequence[tuple[int, Sequence[InstructionFile]]],
    chain: Sequence[str],
) -> list[InstructionFile]:
    """Insert each ``(directory index, files)`` group before the first deeper handed file."""
    depths = depth_of(handed, chain)
    out: list[InstructionFile] = []
    pending = list(groups)
    for f, depth in zip(handed, depths, strict=True):
        if depth is not None:
            while pending and pending[0][0] < depth:
                out.extend(pending.pop(0)[1])
        out.append(f)
    for _, files in pending:
        out.extend(files)
    return out
