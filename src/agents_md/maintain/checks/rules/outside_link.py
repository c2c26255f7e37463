"""``outside-link``: a committed instruction file that is a link (or lies under a linked folder)
whose target leaves the repository, say ``CLAUDE.md -> ~/notes.md`` or ``-> /proc/self/environ``:
every clone loads whatever that path holds on its machine, and the engine follows it."""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.reading import leaves

RULE = RuleInfo(
    "outside-link",
    Severity.ERROR,
    "an instruction file that is a link to a file outside the repository",
    __doc__,
)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    root = os.path.realpath(ctx.root)
    for rel in ctx.docs():
        path = ctx.abs(rel)
        real = leaves(root, path)
        if real is None:
            continue
        yield RULE.diagnostic(
            rel,
            f"a link to {real}, outside the repository: each clone loads whatever is there (it is not read here)",
            "commit the text itself, or link to a file inside the repository",
        )
