"""``shadowed-doc``: an ``AGENTS.md`` that Claude Code loads somewhere (``invisible-doc`` has the ones it
never loads) but not when it starts in the doc's own directory or one below, because a ``CLAUDE.md``
on the way makes the default mode stand down and nothing there loads this file.
"""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import CLAUDE_MD, anchor_dir, case_variant, shown
from agents_md.maintain.views.visibility import STAND_DOWN, listing

RULE = RuleInfo(
    "shadowed-doc", Severity.WARNING, "an AGENTS.md that Claude Code does not load in some directory below it", __doc__
)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for rel, found in sorted(ctx.visibility.gaps.items()):
        missing = [g for g in found if g.kind == STAND_DOWN]
        if not missing:
            continue
        because = sorted({g.because for g in missing if g.because})
        reason = (
            f" (there, {listing(because, 3)} {'is' if len(because) == 1 else 'are'} found, and Claude Code then "
            "loads an AGENTS.md only where a CLAUDE.md imports it)"
            if because
            else ""
        )
        directory = anchor_dir(rel)
        claude = f"{directory}/CLAUDE.md" if directory else "CLAUDE.md"
        odd = case_variant(ctx.index, directory, CLAUDE_MD)
        fix = (
            f"git mv {odd} {claude} (a link named so loads only on a disk that ignores case)"
            if odd
            else f"agents-md link --write --form symlink ({claude} as a link to it loads everywhere below; "
            "the import form does too, after an approval)"
        )
        yield RULE.diagnostic(
            rel, f"not loaded when Claude Code starts in {listing([shown(g.directory) for g in missing])}{reason}", fix
        )
