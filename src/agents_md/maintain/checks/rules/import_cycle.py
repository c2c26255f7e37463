"""``import-cycle``: ``@`` imports that lead back to a file already on the chain, named whole.

Claude Code loads each file once, so the import that closes the loop is dropped; the files
still load, but the chain no longer says what loads where.
"""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext

RULE = RuleInfo("import-cycle", Severity.WARNING, "@imports that lead back to where they started", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for cycle in ctx.imports.cycles:
        last = cycle.closing
        chain = " → ".join(ctx.rel(path) for path in (*cycle.chain, cycle.chain[0]))
        yield RULE.diagnostic(
            ctx.rel(last.importer),
            f"import cycle: {chain} (started from {ctx.rel(cycle.chain[0])}); "
            "Claude Code loads each file once and drops the import that closes it",
            f"remove @{last.written} here, or the import that leads back",
            line=last.line,
        )
