"""The ``@`` imports of the repository's instruction files, read with the engine's own rules.

1. Start from every instruction file; read it (links followed) and process it as the engine
   does (``engine.content.process``: front matter and comments out).
2. Its imports are ``engine.imports.import_paths`` of that text, each resolved with
   ``engine.imports.resolve`` against the file's real directory (``~/`` against a home that
   is never inside the repository).
3. A target inside the repository that exists and has a text name is read in turn; one
   outside is not followed. Each file is read once.

The result is a list of edges (importer, as written, target, line) for the import rules.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from agents_md.engine.content import process
from agents_md.engine.imports import import_paths, is_text_file_name, resolve
from agents_md.engine.paths import is_inside
from agents_md.maintain.checks.context import CheckContext

HOME = os.path.join(os.sep, "nonexistent-home-of-the-reader")


@dataclass(frozen=True, slots=True, kw_only=True)
class Edge:
    importer: str  # real path, absolute
    written: str  # the path as written after the "@"
    target: str  # absolute, resolved
    line: int | None
    inside: bool  # the target is inside the repository
    exists: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportGraph:
    edges: tuple[Edge, ...]

    def from_(self, importer: str) -> list[Edge]:
        return [e for e in self.edges if e.importer == importer]


def _line_of(raw: str, written: str) -> int | None:
    for needle in (f"@{written}", f"@{written.replace(' ', chr(92) + ' ')}", f"@./{written}"):
        at = raw.find(needle)
        if at >= 0:
            return raw.count("\n", 0, at) + 1
    return None


def build(ctx: CheckContext) -> ImportGraph:
    cached = ctx.shared.get("import_graph")
    if isinstance(cached, ImportGraph):
        return cached
    queue = [os.path.realpath(ctx.abs(rel)) for rel in ctx.docs()]
    queue.reverse()
    seen: set[str] = set()
    edges: list[Edge] = []
    prefix = ctx.root.rstrip(os.sep) + os.sep
    while queue:
        real = queue.pop()
        if real in seen:
            continue
        seen.add(real)
        data = ctx.read(ctx.rel(real)) if real.startswith(prefix) else None
        if data is None:
            continue
        raw = data.decode("utf-8", "replace")
        for written in import_paths(process(data).body):
            target = resolve(written, real, HOME)
            inside = is_inside(target, ctx.root)
            exists = os.path.exists(target)
            edges.append(
                Edge(
                    importer=real,
                    written=written,
                    target=target,
                    line=_line_of(raw, written),
                    inside=inside,
                    exists=exists,
                )
            )
            if inside and exists and os.path.isfile(target) and is_text_file_name(target):
                queue.append(os.path.realpath(target))
    graph = ImportGraph(edges=tuple(edges))
    ctx.shared["import_graph"] = graph
    return graph
