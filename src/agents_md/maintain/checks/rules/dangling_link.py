"""``dangling-link``: an instruction file that is a link to nothing (say ``CLAUDE.md -> AGENTS.md``
after ``AGENTS.md`` moved): the engine skips it without a word."""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, Edit, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext

RULE = RuleInfo("dangling-link", Severity.ERROR, "an instruction file that is a link to nothing", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for rel in ctx.docs():
        path = ctx.abs(rel)
        if not os.path.islink(path) or os.path.exists(path):
            continue
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        yield RULE.diagnostic(
            rel,
            f"a link to {target}, which does not exist: Claude Code skips it silently",
            "point the link at an existing file, or replace it with a file whose first line is @AGENTS.md",
            edits=(Edit(kind="unlink", file=rel, old=target, safe=False),) if target != "?" else (),
        )
