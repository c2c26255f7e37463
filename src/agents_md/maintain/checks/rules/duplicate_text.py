"""``duplicate-text``: ``AGENTS.md`` and ``CLAUDE.md`` side by side with the same text (after the
engine's processing), as two files rather than one importing or linking to the other.

Which one the ``claude-md-and-agents-md`` mode loads is asked of the engine: a session in that
directory, in that mode.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md._util.jstext import js_trim
from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.engine.content import process
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import AGENTS_MD, CLAUDE_MD, anchor_dir
from agents_md.maintain.views.engine import AND_MODE

RULE = RuleInfo("duplicate-text", Severity.WARNING, "AGENTS.md and CLAUDE.md side by side with the same text", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for agents in ctx.docs():
        if os.path.basename(agents) != AGENTS_MD or anchor_dir(agents) != os.path.dirname(agents):
            continue
        directory = os.path.dirname(agents)
        claude = ctx.index.in_dir(directory, CLAUDE_MD)
        if claude is None or ctx.ignored(claude):
            continue
        a_path, c_path = ctx.abs(agents), ctx.abs(claude)
        if os.path.realpath(a_path) == os.path.realpath(c_path):
            continue
        a_data, c_data = ctx.read(agents), ctx.read(claude)
        if a_data is None or c_data is None:
            continue
        text = js_trim(process(a_data).text)
        if not text or text != js_trim(process(c_data).text):
            continue
        start = ctx.engine.start(ctx.abs(directory), AND_MODE)
        loaded = [name for name, path in ((CLAUDE_MD, c_path), (AGENTS_MD, a_path)) if path in start.paths]
        if len(loaded) == 1:
            which = f"{AND_MODE} loads only {loaded[0]} (the other is dropped as a duplicate)"
        else:
            which = f"{AND_MODE} loads {' and '.join(loaded) or 'neither'}"
        yield RULE.diagnostic(
            claude,
            f"the same text as {agents}: {which}, and the two copies will drift apart",
            f"make {claude} the one line @AGENTS.md (delete it, then `agents-md link --write`)",
            line=1,
        )
