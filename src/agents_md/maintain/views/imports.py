"""The ``@`` imports of the repository's instruction files, as the engine met them.

A view of the engine's records (``StartContext.imports``), never a second traversal:

1. Every import the engine meets in the default-mode start of each directory holding
   instruction files (the sessions ``EngineView`` computes for every rule).
2. Where an ``AGENTS.md`` does not load in its own directory's start (a ``CLAUDE.md`` made
   the default mode stand down), the imports of the start in ``claude-md-and-agents-md`` too.
3. Where an import leaves a start's working directory but not the repository, the imports of
   the start with external imports approved, so the file it points at is read in turn.

One edge per importer (by its real path), written path and target, with the most telling
outcome any start saw (what became of it when it was followed, over "not approved" and
"loaded already"); each cycle once, by the files it passes through.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

from agents_md._model import ImportEdge, ImportOutcome
from agents_md.engine.paths import is_inside
from agents_md.maintain.repo.files import AGENTS_MD, anchor_dir
from agents_md.maintain.views.engine import AND_MODE, EngineView

if TYPE_CHECKING:
    from agents_md.maintain.repo.files import DocIndex

# Outcomes that say nothing of the target itself: the import was not followed here.
_NOT_FOLLOWED = (ImportOutcome.EXTERNAL, ImportOutcome.ALREADY)


class Edge(NamedTuple):
    importer: str  # the importing file's real path, absolute
    written: str  # the path as written after the "@"
    target: str  # absolute, resolved
    line: int
    column: int
    outcome: ImportOutcome
    inside: bool  # the target is inside the repository

    @property
    def exists(self) -> bool:
        """Whether the repository holds a file at the target (as the engine found it)."""
        return self.outcome is not ImportOutcome.MISSING


class Cycle(NamedTuple):
    """An import that closes a loop, and the files of the loop from where it started."""

    closing: Edge
    chain: tuple[str, ...]  # real paths, the first being the file the closing import points back to


class ImportGraph(NamedTuple):
    edges: tuple[Edge, ...]
    cycles: tuple[Cycle, ...]

    def from_(self, importer: str) -> list[Edge]:
        return [e for e in self.edges if e.importer == importer]


def build(engine: EngineView, index: DocIndex) -> ImportGraph:
    root = index.root
    agents_of: dict[str, list[str]] = {}
    for rel in index.files:
        if os.path.basename(rel) == AGENTS_MD:
            agents_of.setdefault(anchor_dir(rel), []).append(index.abs(rel))
    records: list[ImportEdge] = []
    for directory in index.doc_dirs():  # 1
        start = engine.start(index.abs(directory))
        records += start.imports
        if any(not start.loads(path) for path in agents_of.get(directory, ())):
            records += engine.start(index.abs(directory), AND_MODE).imports  # 2
        if any(e.outcome is ImportOutcome.EXTERNAL and is_inside(e.target, root) for e in start.imports):
            records += engine.start(index.abs(directory), approve=True).imports  # 3
    edges: dict[tuple[str, str, str], Edge] = {}
    cycles: dict[frozenset[str], Cycle] = {}
    for record in records:
        importer = engine.fs.realpath(record.importer)
        if not is_inside(importer, root):
            continue
        edge = Edge(
            importer=importer,
            written=record.written,
            target=record.target,
            line=record.line,
            column=record.column,
            outcome=record.outcome,
            inside=is_inside(record.target, root),
        )
        key = (importer, record.written, record.target)
        kept = edges.get(key)
        if kept is None or (kept.outcome in _NOT_FOLLOWED and edge.outcome not in _NOT_FOLLOWED):
            edges[key] = edge
        if record.outcome is ImportOutcome.CYCLE and record.chain:
            cycles.setdefault(frozenset(record.chain), Cycle(closing=edge, chain=record.chain))
    return ImportGraph(edges=tuple(edges.values()), cycles=tuple(cycles.values()))
