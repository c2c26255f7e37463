"""``stale-doc``: a doc whose last commit is more than ``stale-days`` older than the last commit of the
code it governs (its directory, minus subdirectories with their own doc). The lag is not proof of
an error; it says which doc to read first.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import shown

RULE = RuleInfo("stale-doc", Severity.WARNING, "a doc last changed long before the code it governs", __doc__)
DAY = 86400


def _date(when: int) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(when))


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    history = ctx.history()
    if history is None:
        return
    limit = ctx.config.stale_days
    for directory, doc in sorted(ctx.index.governed.items()):
        if ctx.ignored(doc):
            continue
        doc_at, code_at = history.docs.get(doc), history.code.get(directory)
        if doc_at is None or code_at is None:
            continue
        lag = (code_at.when - doc_at.when) // DAY
        if lag <= limit:
            continue
        yield RULE.diagnostic(
            doc,
            f"last changed {_date(doc_at.when)}, {lag} days before the code it governs in {shown(directory)} "
            f"(last: {code_at.path}, {_date(code_at.when)}; threshold {limit} days)",
            f"read it against what changed in {shown(directory)} since {_date(doc_at.when)}",
        )
