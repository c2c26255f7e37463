"""``config``: problems in the configuration itself (collected when it was read), ``[rules]``
keys that name no rule, and ``[governs]`` keys that name no doc of the repository."""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.config import CONFIG, CONFIG_FILE

RULE = CONFIG


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    known = [rule for rule in ctx.rules if rule != RULE.id]
    yield from ctx.config.problems
    yield from ctx.config.rule_problems(known)
    source = ctx.config.source or CONFIG_FILE
    docs = set(ctx.index.folder_docs())
    for doc in ctx.config.governs:
        if doc not in docs:
            yield RULE.diagnostic(
                source,
                f"governs names {doc}, which is no doc of the repository (a tracked AGENTS.md or CLAUDE.md "
                "a folder loads)",
                f"write the doc's path from the repository root, or remove {doc!r}",
                line=ctx.config.governs_lines.get(doc),
            )
