"""``import-outside-repo``: an ``@`` import that leaves the repository (``~/x``, ``../../x``, ``/etc/x``).

Claude Code loads it only after the person approves it, and what it finds there differs from
machine to machine; a ``CLAUDE.local.md`` (personal, not shared) may do it. An absolute one that
finds nothing (``@/mocks``, a bundler's alias read as the machine's ``/mocks``) is information.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import CLAUDE_LOCAL_MD

RULE = RuleInfo("import-outside-repo", Severity.WARNING, "an @import that leaves the repository", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for edge in ctx.imports.edges:
        if edge.inside:
            continue
        rel = ctx.rel(edge.importer)
        if posixpath.basename(rel) == CLAUDE_LOCAL_MD:
            continue
        if edge.written.startswith("/") and not os.path.exists(edge.target):
            # ``@/mocks``: a bundler's path alias for the source folder, read as the machine's /mocks.
            yield RULE.diagnostic(
                rel,
                f"Claude Code reads @{edge.written} as an import of {edge.target}, a path on this machine "
                "(a path alias such as @/ is no file); nothing is there, so nothing loads",
                f"write `@{edge.written}` in backticks, the @ first, or quote it",
                line=edge.line,
                column=edge.column,
                severity=Severity.INFO,
            )
            continue
        where = "the home directory" if edge.written.startswith("~/") else edge.target
        yield RULE.diagnostic(
            rel,
            f"@{edge.written} leaves the repository ({where}): it loads only after an approval, "
            "and not the same file on every machine",
            "copy what is needed into the repository, or move the import to CLAUDE.local.md",
            line=edge.line,
            column=edge.column,
        )
