"""``invisible-doc``: an ``AGENTS.md`` that Claude Code's default mode never shows.

Decided by the engine (``views.visibility``): the file is visible when a session started in its
directory loads it, or when a Read of a file there from a session at the root attaches it.
Otherwise the reason is what the plugin recorded: a ``CLAUDE.md`` of the project's own above it
(the default mode stands down) or beside it (which does not import it).
"""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import anchor_dir, shown

RULE = RuleInfo("invisible-doc", Severity.ERROR, "an AGENTS.md that Claude Code's default mode never loads", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for rel, hidden in sorted(ctx.visibility.hidden.items()):
        directory = anchor_dir(rel)
        own = hidden.claimed_by
        beside = [o for o in own if anchor_dir(o) == directory]
        if beside:
            yield RULE.diagnostic(
                rel,
                f"Claude Code never loads it: {beside[0]} claims {shown(directory)} and does not import it",
                f"add @AGENTS.md as the first line of {beside[0]}",
            )
        elif own:
            claude = f"{directory}/CLAUDE.md" if directory else "CLAUDE.md"
            nested = rel != (f"{directory}/AGENTS.md" if directory else "AGENTS.md")  # .claude/AGENTS.md
            yield RULE.diagnostic(
                rel,
                f"Claude Code never loads it: {own[-1]} above it makes the default mode stand down, "
                "and no CLAUDE.md beside it imports it",
                f"add @.claude/AGENTS.md to {claude}"
                if nested
                else f"agents-md link --write (creates {claude} holding @AGENTS.md)",
            )
        else:
            yield RULE.diagnostic(
                rel,
                f"Claude Code never loads it, neither starting in {shown(directory)} nor reading a file there",
                "agents-md context " + (directory or ".") + " shows what loads instead",
            )
