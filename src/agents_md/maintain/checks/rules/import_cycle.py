"""``import-cycle``: ``@`` imports that lead back to a file already on the chain, named whole.

Claude Code loads each file once, so the import that closes the loop is dropped; the files
still load, but the chain no longer says what loads where.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.finding import Finding, finding
from agents_md.maintain.views import imports as import_graph
from agents_md.maintain.views.imports import Edge

RULE = "import-cycle"


def cycles(edges: tuple[Edge, ...]) -> list[list[Edge]]:
    """Each elementary cycle found by a depth-first walk, as its edges, once (by its set of files)."""
    out: list[list[Edge]] = []
    by_importer: dict[str, list[Edge]] = {}
    for edge in edges:
        if edge.inside and edge.exists:
            by_importer.setdefault(edge.importer, []).append(edge)
    done: set[str] = set()
    seen_cycles: set[frozenset[str]] = set()

    def visit(node: str, path: list[Edge], on_path: dict[str, int]) -> None:
        for edge in by_importer.get(node, ()):
            target = _real(edge.target)
            if target in on_path:
                cycle = [*path[on_path[target] :], edge]
                key = frozenset(e.importer for e in cycle)
                if key not in seen_cycles:
                    seen_cycles.add(key)
                    out.append(cycle)
            elif target not in done:
                on_path[target] = len(path) + 1
                visit(target, [*path, edge], on_path)
                del on_path[target]
        done.add(node)

    for start in sorted(by_importer):
        if start not in done:
            visit(start, [], {start: 0})
    return out


def _real(path: str) -> str:
    return os.path.realpath(path)


def run(ctx: CheckContext) -> Iterator[Finding]:
    graph = import_graph.build(ctx)
    for cycle in cycles(graph.edges):
        chain = " → ".join([ctx.rel(e.importer) for e in cycle] + [ctx.rel(_real(cycle[-1].target))])
        last = cycle[-1]
        yield finding(
            RULE,
            ctx.rel(last.importer),
            f"import cycle: {chain} (started from {ctx.rel(cycle[0].importer)}); "
            "Claude Code loads each file once and drops the import that closes it",
            f"remove @{last.written} here, or the import that leads back",
            line=last.line,
        )
