"""Where Claude Code leaves a repository's ``AGENTS.md`` out, asked of the engine and read off
what the ``agents-md`` plugin recorded.

For each ``AGENTS.md`` that holds more than white space (an empty one loads nowhere, and misses nothing):

1. It is *visible* when the default-mode start in its directory loads it (by path, by a
   link's target, or an identical text), or when a Read of a file in that directory, from a
   session at the root, attaches it.
2. Otherwise it is *hidden*; the plugin's ``StoodDown`` record of that start names the
   project's own files that made the default mode stand down (none: something else left it
   out, such as an exclusion).
3. A visible one may still have *gaps*: directories at or below its own, holding
   instruction files, where a start leaves it out —
   ``stand-down`` (a ``CLAUDE.md`` on the way made the default mode stand down and no file
   there loads this one) or ``approval`` (a ``CLAUDE.md`` above imports it, but from that
   directory the import leaves the working directory, so it loads only once approved).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import NamedTuple

from agents_md._util.jstext import js_trim
from agents_md._util.tree_walk import walk
from agents_md.maintain.repo.files import AGENTS_MD, DocIndex, anchor_dir, is_instruction_file
from agents_md.maintain.views.engine import EngineView, Start

STAND_DOWN, APPROVAL = "stand-down", "approval"


class Hidden(NamedTuple):
    """An ``AGENTS.md`` the default mode never shows (step 2)."""

    doc: str  # relative to the root
    claimed_by: tuple[str, ...]  # the files that made the default mode stand down there, relative


class Gap(NamedTuple):
    directory: str  # where Claude Code starts
    kind: str  # STAND_DOWN or APPROVAL
    because: str  # the CLAUDE.md that stands down there, or the one whose import needs approval


class Visibility(NamedTuple):
    hidden: dict[str, Hidden]  # doc -> why it never shows
    gaps: dict[str, list[Gap]]  # visible doc -> where it still does not


def a_file_in(directory: str) -> str | None:
    """A regular file at or below ``directory`` that is not an instruction file (for a Read)."""
    for folder, dirs, files in walk(directory):
        dirs[:] = sorted(d for d in dirs if d not in (".git", "node_modules"))
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not is_instruction_file(name) and os.path.isfile(path) and not os.path.islink(path):
                return path
    return None


def _rel(index: DocIndex, path: str) -> str:
    rel = os.path.relpath(path, index.root).replace(os.sep, "/")
    return "" if rel == "." else rel


def _claimed(index: DocIndex, start: Start) -> tuple[str, ...]:
    return tuple(_rel(index, p) for p in start.stood_down.claimed_by) if start.stood_down else ()


def build(engine: EngineView, index: DocIndex, docs: Sequence[str], text: Callable[[str], str | None]) -> Visibility:
    """The visibility of each ``AGENTS.md`` among ``docs`` that can be read (``text`` reads one)."""
    below_of = index.at_or_below()
    hidden: dict[str, Hidden] = {}
    gaps: dict[str, list[Gap]] = {}
    for rel in docs:
        if rel.rsplit("/", 1)[-1] != AGENTS_MD:
            continue
        body = text(rel)
        if body is None:
            continue  # absent (dangling-link has it) or unreadable (noted)
        if not js_trim(body):
            continue  # empty: every engine leaves it out, and there is nothing to miss
        directory, path = anchor_dir(rel), index.abs(rel)
        start = engine.start(index.abs(directory))
        if not start.loads(path, body):  # 1
            probe = a_file_in(index.abs(directory))
            attached = engine.attached_on_read(probe) if probe is not None else frozenset()
            if path not in attached and os.path.realpath(path) not in attached:
                hidden[rel] = Hidden(doc=rel, claimed_by=_claimed(index, start))  # 2
                continue
        for below in below_of.get(directory, [directory]):  # 3
            there = engine.start(index.abs(below))
            if there.loads(path, body):
                continue
            if engine.start(index.abs(below), approve=True).loads(path, body):
                importer = there.external.get(path, "")
                gaps.setdefault(rel, []).append(
                    Gap(directory=below, kind=APPROVAL, because=_rel(index, importer) if importer else "")
                )
                continue
            claimed = _claimed(index, there)
            gaps.setdefault(rel, []).append(
                Gap(directory=below, kind=STAND_DOWN, because=claimed[-1] if claimed else "")
            )
    return Visibility(hidden=hidden, gaps=gaps)


def listing(items: list[str], limit: int = 5) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")
