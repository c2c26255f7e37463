"""``stale-map``: the map of nested docs between ``<!-- agents-md:map:start -->`` and
``<!-- agents-md:map:end -->`` in the root ``AGENTS.md`` no longer lists the docs there are
(one was added, moved or retitled). Only a root doc holding the markers is asked about; the fix
is ``agents-md map --write`` (or ``check --fix --write``)."""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, Edit, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.map import MAP_START, build_map, replace_between_markers
from agents_md.maintain.repo.files import AGENTS_MD

RULE = RuleInfo("stale-map", Severity.WARNING, "the root AGENTS.md's map of nested docs is out of date", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    if ctx.ignored(AGENTS_MD):
        return
    text = ctx.text(AGENTS_MD)
    if text is None or MAP_START not in text:
        return
    doc_map = build_map(ctx.root, config=ctx.config)
    updated = replace_between_markers(text, doc_map.render())
    if updated is None or updated == text:
        return
    yield RULE.diagnostic(
        AGENTS_MD,
        f"the map between the markers does not list the {len(doc_map.entries)} nested docs as they are",
        "agents-md map --write",
        line=text.count("\n", 0, text.index(MAP_START)) + 1,
        edits=(Edit(kind="replace", file=AGENTS_MD, old=text, new=updated, line=1, column=1),),
    )
