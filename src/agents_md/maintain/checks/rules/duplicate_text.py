"""``duplicate-text``: ``AGENTS.md`` and ``CLAUDE.md`` side by side with the same text (after the
engine's processing; or the same but for their titles, or but for a few lines where the two have
drifted apart, ``checks.copies``), as two files rather than one importing or linking to the other.

Which one the ``claude-md-and-agents-md`` mode loads is asked of the engine: a session in that
directory, in that mode.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.copies import copy_beside
from agents_md.maintain.repo.files import AGENTS_MD, CLAUDE_MD
from agents_md.maintain.views.engine import AND_MODE

RULE = RuleInfo("duplicate-text", Severity.WARNING, "AGENTS.md and CLAUDE.md side by side with the same text", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for agents in ctx.docs():
        copy = copy_beside(ctx, agents)
        if copy is None:
            continue
        directory, claude = os.path.dirname(agents), copy.claude
        a_path, c_path = ctx.abs(agents), ctx.abs(claude)
        start = ctx.engine.start(ctx.abs(directory), AND_MODE)
        loaded = [name for name, path in ((CLAUDE_MD, c_path), (AGENTS_MD, a_path)) if path in start.paths]
        if len(loaded) == 1:
            which = f"{AND_MODE} loads only {loaded[0]} (the other is dropped as a duplicate)"
        else:
            which = f"{AND_MODE} loads {' and '.join(loaded) or 'neither'}"
        if copy.drifted:
            yield RULE.diagnostic(
                claude,
                f"the text of {agents} but for {copy.drifted} lines found in only one of them: {which}, "
                "and the two copies have drifted apart",
                f"move what only {claude} says into {agents}, then make {claude} the one line @AGENTS.md",
                line=1,
            )
            continue
        yield RULE.diagnostic(
            claude,
            f"the same text as {agents}{' but for its title' if copy.retitled else ''}: {which}, "
            "and the two copies will drift apart",
            f"make {claude} the one line @AGENTS.md (delete it, then `agents-md link --write --form import`)",
            line=1,
        )
