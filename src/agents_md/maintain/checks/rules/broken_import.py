"""``broken-import``: an ``@`` import inside the repository whose file does not exist.

An import written like a file (with an extension, or ``./``/``../``) is an error; a word the
engine also reads as an import (``@types/node`` in prose) is a warning: put it in backticks.
"""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.engine.imports import js_extname
from agents_md.maintain.checks.context import CheckContext

RULE = RuleInfo("broken-import", Severity.ERROR, "an @import that does not resolve", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for edge in ctx.imports.edges:
        if edge.exists or not edge.inside:
            continue
        rel = ctx.rel(edge.importer)
        target = ctx.rel(edge.target)
        file_like = bool(js_extname(edge.written)) or edge.written.startswith(("./", "../"))
        if file_like:
            yield RULE.diagnostic(
                rel,
                f"@{edge.written} imports {target}, which does not exist: Claude Code skips it silently",
                "fix the path, or remove the import",
                line=edge.line,
            )
        else:
            yield RULE.diagnostic(
                rel,
                f"@{edge.written} reads as an import of {target} (no such file): "
                f"if it is not meant as one, the engine still tries it",
                f"write `@{edge.written}` in backticks if it is a name, or fix the path",
                line=edge.line,
                severity=Severity.WARNING,
            )
