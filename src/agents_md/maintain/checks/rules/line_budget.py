"""``line-budget``: an instruction file longer than ``max-lines`` (200 by default).
Each folder doc's text once, on the file holding it (naming the links it loads under); a skill's
reference files are not folder docs: no session loads them at start."""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext

RULE = RuleInfo("line-budget", Severity.WARNING, "an instruction file longer than the line budget", __doc__)


def count_lines(text: str) -> int:
    return text.count("\n") + (0 if not text or text.endswith("\n") else 1)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    limit = ctx.config.max_lines
    if limit <= 0:
        return
    for rel in ctx.texts():
        text = ctx.text(rel)
        if text is None:
            continue
        lines = count_lines(text)
        if lines > limit:
            yield RULE.diagnostic(
                rel,
                f"{lines} lines, over the budget of {limit}: every line is paid for in every session that loads it",
                "move what only one directory needs into that directory's AGENTS.md, or into a skill",
                line=limit + 1,
                also=ctx.also(rel),
            )
