"""``check --fix``: the findings' edits (``diagnostics.Edit``), planned as a diff, then, if asked, applied.

1. The edits of the findings are gathered, the safe ones only unless ``unsafe``; each file's
   edits apply together, from the bottom up; one that overlaps another is left for a next run.
2. Each edit is checked against the disk: a ``replace`` only where the file holds ``old`` at its
   line and column, a ``create`` or ``symlink`` only where nothing is, an ``unlink`` only where the
   link still points at ``old``; anything else is refused, naming the file and why.
3. The plan is a unified diff (a dry run shows it). ``apply_fixes`` writes: a changed file only
   if it still holds the text the plan read, never through a link, atomically (the file is
   written beside and renamed over); a new file or link never replaces anything.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

from agents_md._util.atomic import atomic_write, create_new
from agents_md.diagnostics import Diagnostic, Edit


@dataclass(frozen=True, slots=True, kw_only=True)
class FileFix:
    file: str  # relative to the root
    kind: str  # "write" (a changed file), "create", "symlink", "unlink"
    before: str | None = None  # the text read (write)
    after: str = ""  # the new text (write, create) or link target (symlink)
    rules: tuple[str, ...] = ()

    def diff(self) -> str:
        if self.kind == "symlink":
            return f"create link {self.file} -> {self.after}\n"
        if self.kind == "unlink":
            return f"remove link {self.file} (-> {self.before})\n"
        old = (self.before or "").splitlines(keepends=True)
        new = self.after.splitlines(keepends=True)
        a = "/dev/null" if self.kind == "create" else f"a/{self.file}"
        lines = difflib.unified_diff(old, new, a, f"b/{self.file}")
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


@dataclass(frozen=True, slots=True, kw_only=True)
class FixPlan:
    root: str
    fixes: tuple[FileFix, ...]
    refused: tuple[str, ...] = ()  # "file: why"
    left: int = 0  # edits left for a next run (they overlap one applied now)
    unsafe_left: int = 0  # unsafe edits not planned (``--unsafe`` plans them)
    applied: tuple[str, ...] = field(default=())

    def diff(self) -> str:
        return "".join(f.diff() for f in self.fixes)


def _offset(text: str, line: int, column: int) -> int | None:
    """The index of ``line``/``column`` (1-based) in ``text``, or ``None`` past its end."""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return None
    index = start + column - 1
    return index if index <= len(text) else None


def _read(path: str) -> str:
    with open(path, encoding="utf-8", newline="") as handle:
        return handle.read()


def plan_fixes(root: str, findings: Iterable[Diagnostic], *, unsafe: bool = False) -> FixPlan:
    """Steps 1 to 3, reading the disk and changing nothing."""
    by_file: dict[str, list[tuple[Edit, str]]] = {}
    unsafe_left = 0
    for finding in findings:
        for edit in finding.edits:
            if not edit.safe and not unsafe:
                unsafe_left += 1
                continue
            by_file.setdefault(edit.file, []).append((edit, finding.rule))
    fixes: list[FileFix] = []
    refused: list[str] = []
    left = 0
    for file in sorted(by_file):
        path = os.path.join(root, file)
        edits = by_file[file]
        kinds = {e.kind for e, _ in edits}
        if kinds & {"create", "symlink", "unlink"}:
            edit, rule = edits[0]
            left += len(edits) - 1
            if edit.kind == "unlink":
                if not os.path.islink(path) or os.readlink(path) != edit.old:
                    refused.append(f"{file}: no longer a link to {edit.old}; left as it is")
                    continue
                fixes.append(FileFix(file=file, kind="unlink", before=edit.old, rules=(rule,)))
            elif os.path.lexists(path):
                refused.append(f"{file}: already exists; not replaced")
            else:
                kind = "symlink" if edit.kind == "symlink" else "create"
                fixes.append(FileFix(file=file, kind=kind, after=edit.new, rules=(rule,)))
            continue
        if os.path.islink(path):
            refused.append(f"{file}: a link; not writing through it")
            continue
        try:
            text = _read(path)
        except (OSError, UnicodeDecodeError) as exc:
            refused.append(f"{file}: cannot be read ({getattr(exc, 'strerror', None) or exc}); not changed")
            continue
        spans: list[tuple[int, int, str, str]] = []
        for edit, rule in edits:
            at = _offset(text, edit.line, edit.column)
            if at is None or text[at : at + len(edit.old)] != edit.old:
                refused.append(f"{file}:{edit.line}: the text changed since it was checked; not changed")
                continue
            spans.append((at, at + len(edit.old), edit.new, rule))
        spans.sort(key=lambda s: (s[0], s[1]))
        kept: list[tuple[int, int, str, str]] = []
        for span in spans:
            if kept and span[0] < kept[-1][1]:
                left += 1  # overlaps the one before: a next run applies it
                continue
            kept.append(span)
        after = text
        for start, end, new, _ in reversed(kept):
            after = after[:start] + new + after[end:]
        if kept and after != text:
            rules = tuple(dict.fromkeys(rule for *_, rule in kept))
            fixes.append(FileFix(file=file, kind="write", before=text, after=after, rules=rules))
    return FixPlan(root=root, fixes=tuple(fixes), refused=tuple(refused), left=left, unsafe_left=unsafe_left)


def apply_fixes(plan: FixPlan) -> FixPlan:
    """Carry the plan out; what could not be done is added to ``refused``."""
    applied: list[str] = []
    refused = list(plan.refused)
    for fix in plan.fixes:
        path = os.path.join(plan.root, fix.file)
        try:
            if fix.kind == "create":
                create_new(path, fix.after)
            elif fix.kind == "symlink":
                os.symlink(fix.after, path)
            elif fix.kind == "unlink":
                if not os.path.islink(path) or os.readlink(path) != fix.before:
                    refused.append(f"{fix.file}: changed meanwhile; left as it is")
                    continue
                os.unlink(path)
            else:
                if os.path.islink(path) or _read(path) != fix.before:
                    refused.append(f"{fix.file}: changed meanwhile; left as it is")
                    continue
                atomic_write(path, fix.after)
        except FileExistsError:
            refused.append(f"{fix.file}: appeared meanwhile; left as it is")
            continue
        except (OSError, UnicodeDecodeError) as exc:
            refused.append(f"{fix.file}: {getattr(exc, 'strerror', None) or exc}; not changed")
            continue
        applied.append(fix.file)
    return FixPlan(
        root=plan.root,
        fixes=plan.fixes,
        refused=tuple(refused),
        left=plan.left,
        unsafe_left=plan.unsafe_left,
        applied=tuple(applied),
    )


__all__ = ["FileFix", "FixPlan", "apply_fixes", "plan_fixes"]
