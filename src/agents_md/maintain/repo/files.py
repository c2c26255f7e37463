"""The repository's instruction files, and which doc governs which path.

1. The instruction files are the tracked files named ``AGENTS.md``, ``CLAUDE.md``,
   ``CLAUDE.local.md``, ``AGENTS.override.md``, ``.claude/CLAUDE.md``, ``.claude/AGENTS.md``,
   ``.claude/rules/**/*.md``, plus the configured doc names and Codex fallback names (outside
   git: the same names found on disk, ``.git`` and ``node_modules`` left out). Ignored paths
   are left out.
2. A directory that holds one of the doc names (``doc-names``, default ``AGENTS.md``) is
   *governed*; its doc is the first of those names it holds.
3. The doc of a path is the doc of the nearest governed directory at or above the path's
   own directory; a governed directory's code is therefore everything below it except what
   a deeper governed directory claims.

Paths here are relative to the root, ``/``-separated; the root directory is ``""``.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

AGENTS_MD = "AGENTS.md"
CLAUDE_MD = "CLAUDE.md"
CLAUDE_LOCAL_MD = "CLAUDE.local.md"
AGENTS_OVERRIDE_MD = "AGENTS.override.md"
INSTRUCTION_NAMES = frozenset({AGENTS_MD, CLAUDE_MD, CLAUDE_LOCAL_MD, AGENTS_OVERRIDE_MD})
SKIP_WALK = frozenset({".git", "node_modules"})


def git_patterns(extra_names: Iterable[str]) -> list[str]:
    """``ls-files`` pathspecs that cover every instruction file name (and a little more)."""
    names = sorted(INSTRUCTION_NAMES | set(extra_names))
    return [f"*{name}" for name in names] + ["*.claude/rules/*"]


def is_instruction_file(rel: str, extra_names: frozenset[str] = frozenset()) -> bool:
    base = rel.rpartition("/")[2]
    if base in INSTRUCTION_NAMES or base in extra_names:
        return True
    if ".claude/" not in rel:
        return False
    parts = rel.split("/")
    return ".claude" in parts[:-1] and (
        (parts[-2] == ".claude" and base in (CLAUDE_MD, AGENTS_MD))
        or ("rules" in parts and parts.index("rules") == parts.index(".claude") + 1 and base.endswith(".md"))
    )


def anchor_dir(rel: str) -> str:
    """The directory an instruction file belongs to (the one holding its ``.claude`` folder)."""
    parts = rel.split("/")
    if ".claude" in parts[:-1]:
        return "/".join(parts[: parts.index(".claude")])
    return posixpath.dirname(rel)


def walk_instruction_files(root: str, extra_names: frozenset[str]) -> list[str]:
    """Outside git: instruction files on disk (links not followed into folders)."""
    out: list[str] = []
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_WALK)
        rel_dir = os.path.relpath(directory, root).replace(os.sep, "/")
        rel_dir = "" if rel_dir == "." else rel_dir
        for name in files + [d for d in dirs if os.path.islink(os.path.join(directory, d))]:
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if is_instruction_file(rel, extra_names):
                out.append(rel)
    return sorted(out)


@dataclass(frozen=True, slots=True, kw_only=True)
class DocIndex:
    root: str  # absolute, real
    files: tuple[str, ...]  # every instruction file, sorted
    present: frozenset[str]  # the same, for look-ups
    governed: dict[str, str]  # governed directory -> its doc

    @classmethod
    def build(cls, root: str, files: Iterable[str], doc_names: Sequence[str], extra_names: frozenset[str]) -> DocIndex:
        kept = sorted({f for f in files if is_instruction_file(f, extra_names)})
        present = set(kept)
        governed: dict[str, str] = {}
        for rel in kept:
            directory = posixpath.dirname(rel)
            if directory in governed:
                continue
            for name in doc_names:
                candidate = f"{directory}/{name}" if directory else name
                if candidate in present:
                    governed[directory] = candidate
                    break
        return cls(root=root, files=tuple(kept), present=frozenset(present), governed=governed)

    def abs(self, rel: str) -> str:
        return os.path.join(self.root, *rel.split("/")) if rel else self.root

    def doc_dirs(self) -> list[str]:
        """Every directory holding an instruction file (as an anchor), the root first, sorted."""
        return sorted({anchor_dir(f) for f in self.files} | {""})

    def in_dir(self, directory: str, name: str) -> str | None:
        rel = f"{directory}/{name}" if directory else name
        return rel if rel in self.present else None

    def governor(self, rel_dir: str) -> str | None:
        """The nearest governed directory at or above ``rel_dir``."""
        current = rel_dir
        while True:
            if current in self.governed:
                return current
            if not current:
                return None
            current = current.rpartition("/")[0]

    def at_or_below(self) -> dict[str, list[str]]:
        """For each directory of ``doc_dirs``, the ones at or below it (itself first, then sorted)."""
        dirs = self.doc_dirs()
        out: dict[str, list[str]] = {d: [] for d in dirs}
        for d in dirs:
            current = d
            while True:
                if current in out:
                    out[current].append(d)
                if not current:
                    break
                current = current.rpartition("/")[0]
        return out


class GovernorCache:
    """``DocIndex.governor`` for many paths, with a bounded cache by directory."""

    LIMIT = 65536

    def __init__(self, index: DocIndex) -> None:
        self._index = index
        self._cache: dict[str, str | None] = {}

    def __call__(self, rel_path: str) -> str | None:
        directory = rel_path.rpartition("/")[0]
        try:
            return self._cache[directory]
        except KeyError:
            pass
        if len(self._cache) >= self.LIMIT:
            self._cache.clear()
        found = self._cache[directory] = self._index.governor(directory)
        return found


def within(rel: str, paths: Sequence[str]) -> bool:
    """Whether ``rel`` is one of ``paths`` or below one (no paths: everything is)."""
    return not paths or any(p in ("", ".") or rel == p or rel.startswith(p.rstrip("/") + "/") for p in paths)


def shown(rel_dir: str) -> str:
    """A directory as a person reads it (the root is "the root")."""
    return rel_dir or "the root"
