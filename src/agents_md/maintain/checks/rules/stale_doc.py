"""``stale-doc``: a doc that lags the code it governs — meaningful changes to its code kept coming
long after the doc last changed. The lag is not proof of an error; it says which doc to read first.

1. Read off one pass over the history (``repo.history``), with the same notion of code as
   ``doc-not-updated`` (``checks.governed``): lockfiles, generated files, test data, prose,
   changelogs, assets, releases, dependency bumps, ``[skip ci]`` commits and sweeps across the
   repository do not count.
2. A doc's last update is the last change to any of its parts (a link's target included).
3. Stale when its code changed in at least ``stale-commits`` commits since that update, the last
   of them more than ``stale-days`` after it. A pointer doc is not judged.
4. A warning when files the doc names changed since; otherwise information, and only for a lag
   of more than twice ``stale-days`` (six months by default): which
   doc to read first.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext

RULE = RuleInfo("stale-doc", Severity.INFO, "a doc last changed long before the code it governs", __doc__)
DAY = 86400


def _date(when: int) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(when))


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    history = ctx.history()
    if history is None:
        return
    days, commits = ctx.config.stale_days, max(ctx.config.stale_commits, 1)
    for doc in ctx.governed.docs():
        entry = history.docs.get(doc)
        if entry is None or entry.updated is None or entry.code is None:
            continue
        lag = (entry.code.when - entry.updated.when) // DAY
        if lag <= days or entry.since < commits or (not entry.named and lag <= 2 * days):
            continue  # 4: without a named file changed, only a lag of twice the threshold is worth a look
        holder = ctx.holder(doc)
        where = ctx.governed.where(doc)
        named = f"; files it names changed since: {', '.join(entry.named)}" if entry.named else ""
        yield RULE.diagnostic(
            holder,
            f"last changed {_date(entry.updated.when)}; since then {entry.since} commits changed the code in "
            f"{where}, the last {lag} days later ({entry.code.path}, {_date(entry.code.when)}; "
            f"threshold {days} days){named}",
            f"read it against what changed in {where} since {_date(entry.updated.when)}",
            severity=Severity.WARNING if entry.named else Severity.INFO,
            subject=doc,  # one finding per doc: its dates and the last code change move with every commit
            also=ctx.also(holder),
        )
