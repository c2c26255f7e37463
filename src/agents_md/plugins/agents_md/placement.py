"""Where the plugin's files go among the engine's, and which files are "the project's own".

Every project or local file handed over has an *anchor*: the directory it belongs to (the
folder holding it, or holding its first ``.claude`` folder; an import takes its importer's).
An ``AGENTS.md`` of directory D is anchored the same way (D, or for a D inside a ``.claude``
folder the folder holding that) and goes right before the first handed file anchored strictly
inside its anchor, or at the end when there is none — so after D's own rules and local file, before
a deeper directory's files, and after an added directory that is not inside D. The end is
before the auto-memory file, which stays last.
"""

from __future__ import annotations

import os

from agents_md.plugin_api import InstructionFile, Kind

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Sequence

OWN_NAMES = ("CLAUDE.md", os.path.join(".claude", "CLAUDE.md"), "CLAUDE.local.md")
FILE_NAMES = ("AGENTS.md", os.path.join(".claude", "AGENTS.md"))  # the plugin's own
COMPLETE = "complete"  # the profile that loads more than the reference engine
_DOT_CLAUDE = os.sep + ".claude" + os.sep
_CLAUDE_DIR = os.sep + ".claude"


def own_files(files: Sequence[InstructionFile], chain: Sequence[str], home: str = "") -> list[InstructionFile]:
    """The project's own instruction files among ``files``: they make the default mode stand down.

    A ``CLAUDE.md``, ``.claude/CLAUDE.md`` or ``CLAUDE.local.md`` of a directory on the path, in
    whatever kind it was handed (one the user's file imports counts too), except the user's own
    ``~/.claude/CLAUDE.md`` when the home is on the path.
    """
    on_path = set(chain)
    users = os.path.join(home, ".claude", "CLAUDE.md") if home else None
    out = []
    for f in files:  # asked on every start: a look at each path's last part, not one per name
        if f.kind is Kind.MANAGED or f.path == users:
            continue
        folder, _, name = f.path.rpartition(os.sep)
        if name == "CLAUDE.md":
            if folder in on_path or (folder.endswith(_CLAUDE_DIR) and folder[: -len(_CLAUDE_DIR)] in on_path):
                out.append(f)
        elif name == "CLAUDE.local.md" and folder in on_path:
            out.append(f)
    return out


def _anchor_of_path(path: str) -> str:
    at = path.find(_DOT_CLAUDE)
    return path[:at] if at >= 0 else os.path.dirname(path)


def anchors(files: Sequence[InstructionFile]) -> list[str | None]:
    """For each handed file, the directory it belongs to (``None`` for user, managed, memory)."""
    by_path: dict[str, str | None] = {}
    out: list[str | None] = []
    for f in files:
        if f.parent is not None and f.parent in by_path:
            anchor = by_path[f.parent]
        elif f.kind in (Kind.PROJECT, Kind.LOCAL):
            # An import whose importer is not handed (a conditional rule's import) still takes
            # the importer's directory.
            anchor = _anchor_of_path(f.parent if f.parent is not None else f.path)
        else:
            anchor = None
        by_path.setdefault(f.path, anchor)
        out.append(anchor)
    return out


def _strictly_inside(path: str, directory: str) -> bool:
    return path.startswith(directory.rstrip(os.sep) + os.sep)


def place(
    handed: Sequence[InstructionFile], groups: Sequence[tuple[str, Sequence[InstructionFile]]]
) -> list[InstructionFile]:
    """Insert each ``(directory, files)`` group before the first handed file anchored inside it."""
    handed_anchors = anchors(handed)
    slots: dict[int, list[InstructionFile]] = {}
    tail: list[InstructionFile] = []
    for directory, files in groups:
        # The group is anchored as a file of it would be: a directory inside a ``.claude`` folder
        # (a cwd in ``.claude/worktrees/NAME``) belongs to the folder holding that ``.claude``.
        anchor = _anchor_of_path(os.path.join(directory, FILE_NAMES[0]))
        at = next((i for i, a in enumerate(handed_anchors) if a is not None and _strictly_inside(a, anchor)), None)
        (tail if at is None else slots.setdefault(at, [])).extend(files)
    # The end is before the auto-memory file (the engine's last).
    end = next((i for i, f in enumerate(handed) if f.kind is Kind.MEMORY), len(handed))
    slots.setdefault(end, []).extend(tail)
    out: list[InstructionFile] = []
    for i, f in enumerate(handed):
        out.extend(slots.get(i, ()))
        out.append(f)
    out.extend(slots.get(len(handed), ()))
    return out
