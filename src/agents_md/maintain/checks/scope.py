"""What a change introduces: the findings ``check --staged``, ``--base REF`` and ``--pre-commit`` report.

1. The change is a diff (the staged changes, or ``REF...HEAD``): the files it touches and, for
   each file a finding is on, the lines it added or changed (``git diff -U0``, the new side).
2. A finding belongs to the change when it is ``doc-not-updated`` (it is about the change),
   when it is on a file the change added, on a line the change touched, or about a whole file
   the change touched or one of the files it speaks of (its ``about``); or when its subject is a
   path the change deleted (a ``missing-path`` or a ``broken-import`` that the deletion made).
3. Files named besides that the diff does not hold (pre-commit's ``--files``) count as touched whole.

Every other finding was there before the change: ``--all`` reports them too.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from agents_md._util.std import lazy_compile
from agents_md.diagnostics import Diagnostic

_HUNK = lazy_compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
ABOUT_THE_CHANGE = frozenset({"doc-not-updated"})


def touched_lines(diff: str) -> dict[str, set[int]]:
    """Step 1: the new side's added or changed lines of each file of a ``-U0`` diff."""
    out: dict[str, set[int]] = {}
    current: set[int] | None = None
    header = False  # between a file's "diff --git" and its first hunk: an added "++ x" line is no file's name
    for raw in diff.split("\n"):
        if raw.startswith("diff --git "):
            header = True
        elif header and raw.startswith("+++ "):
            # git ends a name holding a space with a tab
            current = out.setdefault(raw[6:].rstrip("\t"), set()) if raw.startswith("+++ b/") else None
        elif current is not None and (match := _HUNK.match(raw)):
            header = False
            start, count = int(match.group(1)), int(match.group(2) or "1")
            # A deletion (count 0) touches the line it left behind: the one now at ``start``.
            current.update(range(start, start + count) if count else (max(start, 1),))
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeScope:
    against: str  # "the staged changes", "origin/main...HEAD"
    touched: frozenset[str]  # files added, changed or named besides
    added: frozenset[str] = frozenset()
    deleted: frozenset[str] = frozenset()
    whole: frozenset[str] = frozenset()  # named besides: every line counts
    lines: Callable[[Collection[str]], Mapping[str, set[int]]] = field(default=lambda files: {}, compare=False)

    def select(self, findings: list[Diagnostic]) -> list[Diagnostic]:
        """Step 2: the findings the change introduced."""
        by_line = [
            f
            for f in findings
            if f.line is not None and f.file in self.touched and f.file not in self.added and f.file not in self.whole
        ]
        lines = self.lines(sorted({f.file for f in by_line})) if by_line else {}
        return [f for f in findings if self._holds(f, lines)]

    def _holds(self, f: Diagnostic, lines: Mapping[str, set[int]]) -> bool:
        if f.rule in ABOUT_THE_CHANGE or self._made_by_a_deletion(f):
            return True
        names = (f.file, *f.also)
        if any(name in self.touched for name in f.about):
            return True  # a finding about the file the change touched, said on the file that causes it
        if not any(name in self.touched for name in names):
            return False
        if f.line is None or any(name in self.added or name in self.whole for name in names):
            return True
        return f.line in lines.get(f.file, ())

    def _made_by_a_deletion(self, f: Diagnostic) -> bool:
        if not self.deleted or not f.subject:
            return False
        written = f.subject.lstrip("@").split("#", 1)[0].rstrip("/")
        here = posixpath.dirname(f.file)
        candidates = {posixpath.normpath(posixpath.join(here, written)), posixpath.normpath(written.lstrip("/"))}
        return any(gone in candidates or any(gone.startswith(c + "/") for c in candidates) for gone in self.deleted)


__all__ = ["ChangeScope", "touched_lines"]
