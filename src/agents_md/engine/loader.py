"""Loading one instruction file and, depth first, what it imports.

For a file at ``path`` of kind ``K``:

1. Skip it when its path, or the target of the link it is, was already loaded in this pass
   (each file loads once, so import cycles end), or when the import depth limit is reached.
2. Skip it when ``claudeMdExcludes`` matches it (never for managed files).
3. Read it, links followed; an imported name with a non-text extension is not read.
4. Process the text (front matter, HTML comments); nothing left means no entry (and none of
   its imports either).
5. Emit its entry, then each import in order as an entry of the same kind, whose ``parent``
   is this file. An import outside the working directory needs approval (user files have it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from agents_md._model import InstructionFile, Kind, Provenance, Reason, SkippedFile, SkipReason
from agents_md._util.jstext import js_is_blank
from agents_md.engine import content as content_mod
from agents_md.engine import imports as imports_mod
from agents_md.engine.excludes import Excluder
from agents_md.engine.fs import FileSystem

MAX_IMPORT_DEPTH = 5


@dataclass(slots=True)
class LoadedFile:
    """An entry plus what the walk needs to know about it (e.g. a rule's ``paths:`` globs)."""

    file: InstructionFile
    globs: tuple[str, ...] | None = None


@dataclass(slots=True)
class Loader:
    fs: FileSystem
    home: str
    excluder: Excluder
    inside: Callable[[str], bool]  # is this path inside the working directories?
    approve_external: bool = False
    loaded: set[str] = field(default_factory=set)
    given: Callable[[str], bool] = lambda path: False  # paths loaded elsewhere already (a Read's loop)
    skipped: list[SkippedFile] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def _external_ok(self, kind: Kind, external_ok: bool | None) -> bool:
        """Whether imports may leave the working directories (user files may; others need approval)."""
        if external_ok is not None:
            return external_ok
        return kind is Kind.USER or self.approve_external

    def load(
        self,
        path: str,
        kind: Kind,
        provenance: Provenance,
        *,
        external_ok: bool | None = None,
        depth: int = 0,
        parent: str | None = None,
    ) -> list[LoadedFile]:
        if not self.fs.might_exist(path):
            if parent is not None:
                self.skipped.append(SkippedFile(path=path, kind=kind, reason=SkipReason.MISSING_IMPORT, via=parent))
            return []
        key = os.path.normpath(path)
        if key in self.loaded or self.given(key):
            return []
        if depth >= MAX_IMPORT_DEPTH:
            self.skipped.append(SkippedFile(path=path, kind=kind, reason=SkipReason.DEPTH, via=parent))
            return []
        if self.excluder.excludes(path, kind):
            self.skipped.append(SkippedFile(path=path, kind=kind, reason=SkipReason.EXCLUDED, via=parent))
            return []
        # Files are known by their real path (links anywhere along it resolved): that decides
        # "loaded already", "inside the working directory" and where relative imports start.
        real = self.fs.realpath(path)
        if real != key and (real in self.loaded or self.given(real)):
            return []  # another spelling of a file already loaded
        if parent is not None and real != key and not self._external_ok(kind, external_ok) and not self.inside(real):
            self.skipped.append(
                SkippedFile(
                    path=path, kind=kind, reason=SkipReason.EXTERNAL_IMPORT, via=parent, detail=f"resolves to {real}"
                )
            )
            return []
        self.loaded.add(key)
        self.loaded.add(real)
        if not imports_mod.is_text_file_name(path):
            self.skipped.append(SkippedFile(path=path, kind=kind, reason=SkipReason.NOT_TEXT, via=parent))
            return []
        try:
            data = self.fs.read_file(real)
        except OSError as exc:
            self.skipped.append(
                SkippedFile(
                    path=path, kind=kind, reason=SkipReason.UNREADABLE, via=parent, detail=exc.strerror or str(exc)
                )
            )
            self.warnings.append(f"{path}: cannot be read ({exc.strerror or exc}); skipped")
            return []
        if data is None:
            if parent is not None:
                self.skipped.append(SkippedFile(path=path, kind=kind, reason=SkipReason.MISSING_IMPORT, via=parent))
            return []
        processed = content_mod.process(data)
        if processed.had_decode_errors:
            self.warnings.append(f"{path}: not valid UTF-8; invalid bytes read as U+FFFD")
        if js_is_blank(processed.text):
            self.skipped.append(SkippedFile(path=path, kind=kind, reason=SkipReason.EMPTY, via=parent))
            return []
        entry = InstructionFile(
            path=path, kind=kind, content=processed.text, parent=parent, provenance=provenance, size=len(data)
        )
        out = [LoadedFile(file=entry, globs=_globs(processed.front_matter))]
        allow_external = self._external_ok(kind, external_ok)
        for target in imports_mod.resolved_imports(processed.body, real, self.home):
            if not allow_external and not self.inside(target):
                if os.path.normpath(target) not in self.loaded:
                    self.skipped.append(
                        SkippedFile(path=target, kind=kind, reason=SkipReason.EXTERNAL_IMPORT, via=path)
                    )
                continue
            out.extend(
                self.load(
                    target,
                    kind,
                    Provenance(reason=Reason.IMPORT, via=path),
                    external_ok=external_ok,
                    depth=depth + 1,
                    parent=path,
                )
            )
        return out


def _globs(front_matter: str | None) -> tuple[str, ...] | None:
    """A rule's ``paths:`` globs (``None`` when it has none, so it loads at start)."""
    if front_matter is None or "paths" not in front_matter:
        return None
    from agents_md.engine.frontmatter import read_paths

    return read_paths(front_matter)
