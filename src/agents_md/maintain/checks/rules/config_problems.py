"""``config``: problems in the configuration itself (collected when it was read)."""

from __future__ import annotations

from collections.abc import Iterable

from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.finding import Finding

RULE = "config"


def run(ctx: CheckContext) -> Iterable[Finding]:
    return ctx.config.problems
