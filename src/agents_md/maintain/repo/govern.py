"""Which doc governs a path, for the git rules (``doc-not-updated``, ``stale-doc``).

1. A doc that declares what it governs (``[governs]`` in the configuration: the doc's path, then
   globs from the root, ``!`` to leave some out) governs exactly what its globs match; of several
   that match, the deepest doc wins. ``[]`` declares that a doc governs no code at all.
2. Any other path: the doc of the nearest governed directory at or above it (``files``, steps
   4 and 5), passing over directories whose doc declares.
3. What updates a doc: a change to any instruction file of its directory, or to the file holding
   its text (a link's target). The rules add the files it imports or points to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from agents_md.maintain.repo.files import DocIndex, anchor_dir


class Governance:
    LIMIT = 65536  # directories remembered (step 2), cleared when full

    def __init__(self, index: DocIndex, declared: Mapping[str, Sequence[str]]) -> None:
        self.index = index
        docs = set(index.folder_docs())
        self.declared = {doc: tuple(globs) for doc, globs in declared.items() if doc in docs}
        self.unknown = tuple(doc for doc in declared if doc not in docs)
        self._specs: list[tuple[str, Any]] = []
        if self.declared:
            import pathspec  # lazy: only repositories that declare need it

            deepest_first = sorted(self.declared, key=lambda d: (-d.count("/"), d))
            self._specs = [(d, pathspec.GitIgnoreSpec.from_lines(self.declared[d])) for d in deepest_first]
        self._folders: dict[str, str | None] = {}
        self._by_anchor: dict[str, list[str]] | None = None  # anchor directory -> its instruction files

    def docs(self) -> list[str]:
        """Every doc that governs code: the governed directories' docs and the declaring ones."""
        undeclared = [d for d in self.index.governed.values() if d not in self.declared]
        return sorted({*undeclared, *(d for d, globs in self.declared.items() if globs)})

    def doc_of(self, path: str) -> str | None:
        for doc, spec in self._specs:  # 1
            if spec.match_file(path):
                return doc
        folder = path.rpartition("/")[0]
        try:
            return self._folders[folder]
        except KeyError:
            pass
        if len(self._folders) >= self.LIMIT:
            self._folders.clear()
        found = self._folders[folder] = self._nearest(folder)
        return found

    def _nearest(self, folder: str) -> str | None:
        governed = self.index.governed
        current = folder
        while True:
            doc = governed.get(current)
            if doc is not None and doc not in self.declared:
                return doc
            if not current:
                return None
            current = current.rpartition("/")[0]

    def parts(self, doc: str) -> frozenset[str]:
        """Step 3: the files whose change updates ``doc`` (before imports and pointers)."""
        if self._by_anchor is None:
            self._by_anchor = {}
            for f in self.index.files:
                if f not in self.index.reference:
                    self._by_anchor.setdefault(anchor_dir(f), []).append(f)
        out = set(self._by_anchor.get(anchor_dir(doc), ()))
        out |= {h for f in list(out) if (h := self.index.holders.get(f)) is not None}
        return frozenset(out)
