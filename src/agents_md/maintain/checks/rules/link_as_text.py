"""``link-as-text``: an instruction file whose whole text is the name of another one
(``CLAUDE.md`` holding just ``AGENTS.md``): a link that a checkout without links (Windows, as git
sets it up there: ``core.symlinks=false``) wrote out as a small text file, then committed. The
engine loads those few bytes, not the file they name.

1. The file is a regular file of one line (at most one line end) that, read as a path from its
   folder, names an instruction file of the repository (another of its docs).
2. The fix is the one-line import, which every checkout reads the same: ``@AGENTS.md``. Safe
   when the file named lies in the same folder (the import loads it as the link did); otherwise
   the import reaches outside the folder and may need an approval: not a safe fix.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, Edit, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext

RULE = RuleInfo(
    "link-as-text", Severity.ERROR, "an instruction file holding only another's name: a link written as text", __doc__
)
_MAX = 256  # a link's target is a short path


def _named(ctx: CheckContext, rel: str) -> str | None:
    """Step 1: the doc ``rel``'s text names, relative to the root, or ``None``."""
    path = ctx.abs(rel)
    if os.path.islink(path):
        return None
    data = ctx.read(rel)
    if data is None or not 0 < len(data) <= _MAX:
        return None
    text = data.decode("utf-8", "replace")
    body = text[:-1] if text.endswith("\n") else text
    if not body or body != body.strip() or "\n" in body or body.startswith("@"):
        return None
    named = posixpath.normpath(posixpath.join(posixpath.dirname(rel), body))
    return named if named != rel and named in ctx.index.present else None


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for rel in ctx.docs():
        named = _named(ctx, rel)
        if named is None:
            continue
        written = (ctx.read(rel) or b"").decode("utf-8", "replace").rstrip("\n")
        near = posixpath.dirname(named) == posixpath.dirname(rel)
        yield RULE.diagnostic(
            rel,
            f"holds only the text {written!r}: a link to {named} checked out as text (as on Windows) and "
            f"committed; Claude Code loads these {len(written)} bytes, not {named}",
            f"replace the text with the import @{written}, which every checkout reads alike",
            edits=(Edit(kind="replace", file=rel, old=written, new=f"@{written}", line=1, column=1, safe=near),),
        )
