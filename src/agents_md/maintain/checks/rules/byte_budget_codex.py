"""``byte-budget-codex``: Codex started in a directory cuts or drops that
directory's own doc at ``project_doc_max_bytes`` — the nearest, most specific file is the one lost.
Reported on the file that is cut (the file holding its text), at the line where the cut falls;
only folder docs count, not a skill's reference files.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import shown
from agents_md.maintain.views import codex

RULE = RuleInfo("byte-budget-codex", Severity.WARNING, "Codex cuts or drops a file at project_doc_max_bytes", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    config = ctx.config
    names = set(codex.candidates(config.codex_fallback_filenames))
    dirs = sorted({os.path.dirname(f) for f in ctx.docs() if os.path.basename(f) in names})
    loader = codex.CodexDocs(fallback_names=config.codex_fallback_filenames, fs=ctx.engine.fs)
    for directory in dirs:
        files = loader.project_docs(ctx.abs(directory), max_bytes=config.codex_max_bytes)
        if not files or os.path.dirname(files[-1].path) != ctx.abs(directory).rstrip(os.sep):
            continue
        own = files[-1]
        placed = ctx.rel(own.path)
        if own.status not in ("cut", "dropped") or ctx.ignored(placed):
            continue
        rel = ctx.holder(placed)
        before = ", ".join(f"{ctx.rel(f.path)} {f.loaded:,} B" for f in files[:-1] if f.loaded)
        budget = f"project_doc_max_bytes {config.codex_max_bytes:,}"
        if own.status == "cut":
            data = ctx.read(rel) or b""
            line = data[: own.loaded].count(b"\n") + 1
            split = ", in the middle of a UTF-8 character" if own.splits_character else ""
            message = (
                f"Codex started in {shown(directory)} cuts this file after {own.loaded:,} of {own.size:,} bytes"
                f"{split} ({budget}; before it: {before or 'nothing'})"
            )
        else:
            line = None
            message = (
                f"Codex started in {shown(directory)} drops this file: the files above it use the whole "
                f"{budget} ({before})"
            )
        yield RULE.diagnostic(
            rel,
            message,
            "shorten the files above it, or raise project_doc_max_bytes in Codex's config.toml",
            line=line,
            also=ctx.also(rel),
        )
