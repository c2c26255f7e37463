"""``config``: problems in the configuration itself (collected when it was read), and ``[rules]``
keys that name no rule."""

from __future__ import annotations

from collections.abc import Iterable

from agents_md.diagnostics import Diagnostic
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.config import CONFIG

RULE = CONFIG


def run(ctx: CheckContext) -> Iterable[Diagnostic]:
    known = [rule for rule in ctx.rules if rule != RULE.id]
    return (*ctx.config.problems, *ctx.config.rule_problems(known))
