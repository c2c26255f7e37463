"""``needs-approval``: an ``AGENTS.md`` that a ``CLAUDE.md`` imports (``@AGENTS.md``), which Claude Code,
started in a directory below, loads only once the person approves imports from outside the working
directory — never in a run that cannot ask. A link (``CLAUDE.md -> AGENTS.md``) needs no approval.
"""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import shown
from agents_md.maintain.views.visibility import APPROVAL, listing

RULE = RuleInfo(
    "needs-approval",
    Severity.INFO,
    "an AGENTS.md that loads below its directory only once the person approves external imports",
    __doc__,
)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for rel, found in sorted(ctx.visibility.gaps.items()):
        waiting = [g for g in found if g.kind == APPROVAL]
        if not waiting:
            continue
        importers = sorted({g.because for g in waiting if g.because})
        claude = importers[0] if importers else "a CLAUDE.md"
        yield RULE.diagnostic(
            rel,
            f"Claude Code started in {listing([shown(g.directory) for g in waiting])} loads it only once the "
            f"person approves external imports: {claude} imports it from outside that working directory",
            f"approve when Claude Code asks, or make {claude} a link to AGENTS.md, which needs no approval",
        )
