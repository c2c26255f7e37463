"""Where a visible ``AGENTS.md`` still does not load: the directories at or below its own, holding
instruction files, where Claude Code started there leaves it out — asked of the engine.

Each such directory falls in one of two kinds:

- ``stand-down``: a ``CLAUDE.md`` on the way makes the default mode stand down and no file
  there loads this one (``shadowed-doc``);
- ``approval``: a ``CLAUDE.md`` above imports it, but from that directory the import leaves
  the working directory, so it loads only once the person approves (``needs-approval``).
"""

from __future__ import annotations

from dataclasses import dataclass

from agents_md.engine.paths import path_chain
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import AGENTS_MD, anchor_dir
from agents_md.plugins.agents_md.placement import own_files

VISIBLE = "visible_docs"  # set by invisible-doc: the AGENTS.md files Claude Code loads somewhere
_KEY = "visibility_gaps"


@dataclass(frozen=True, slots=True, kw_only=True)
class Gap:
    directory: str  # where Claude Code starts
    kind: str  # "stand-down" or "approval"
    because: str  # the CLAUDE.md that stands down there, or the one whose import needs approval


def agents_files(ctx: CheckContext) -> list[str]:
    return [rel for rel in ctx.docs() if rel.rsplit("/", 1)[-1] == AGENTS_MD]


def gaps(ctx: CheckContext) -> dict[str, list[Gap]]:
    cached = ctx.shared.get(_KEY)
    if isinstance(cached, dict):
        return cached
    visible = ctx.shared.get(VISIBLE)
    below_of = ctx.index.at_or_below()
    out: dict[str, list[Gap]] = {}
    for rel in agents_files(ctx):
        if (isinstance(visible, set) and rel not in visible) or ctx.read(rel) is None:
            continue  # invisible-doc has it, or it cannot be read
        directory = anchor_dir(rel)
        path, text = ctx.abs(rel), ctx.text(rel)
        for below in below_of.get(directory, [directory]):
            start = ctx.engine.start(ctx.abs(below))
            if start.loads(path, text):
                continue
            if ctx.engine.start(ctx.abs(below), approve=True).loads(path, text):
                importer = start.external.get(path, "")
                out.setdefault(rel, []).append(Gap(directory=below, kind="approval", because=ctx.rel(importer)))
                continue
            own = [ctx.rel(f.path) for f in own_files(start.files, path_chain(start.directory))]
            out.setdefault(rel, []).append(Gap(directory=below, kind="stand-down", because=own[-1] if own else ""))
    ctx.shared[_KEY] = out
    return out


def listing(items: list[str], limit: int = 5) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")
