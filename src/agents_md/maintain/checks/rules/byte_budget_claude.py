"""``byte-budget-claude``: Claude Code's start block in a directory holding instruction files is over
``claude-max-bytes``, the block as the engine renders it.

Reported once, where the block first goes over (a directory below only adds to it).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import shown

RULE = RuleInfo(
    "byte-budget-claude", Severity.WARNING, "Claude Code's start block in a directory is over the byte budget", __doc__
)


def _above(directory: str, dirs: set[str]) -> str | None:
    current = directory
    while current:
        current = posixpath.dirname(current)
        if current in dirs:
            return current
    return None


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    limit = ctx.config.claude_max_bytes
    if limit <= 0:
        return
    dirs = ctx.index.doc_dirs()
    over: set[str] = set()
    for directory in dirs:
        start = ctx.engine.start(ctx.abs(directory))
        size = start.block_bytes
        if size <= limit:
            continue
        over.add(directory)
        parent = _above(directory, set(dirs))
        if parent is not None and parent in over:
            continue
        files = sorted(start.files, key=lambda f: -len(f.content.encode()))
        parts = ", ".join(f"{ctx.rel(f.path)} {len(f.content.encode()):,} B" for f in files[:3])
        more = f" and {len(files) - 3} more" if len(files) > 3 else ""
        here = [f for f in ctx.index.files if posixpath.dirname(f) == directory and not ctx.ignored(f)]
        anchor = ctx.index.governed.get(directory) or (here[0] if here else ctx.rel(files[0].path))
        yield RULE.diagnostic(
            anchor,
            f"Claude Code started in {shown(directory)} loads {size:,} bytes of instructions, over the budget "
            f"of {limit:,} (so does every directory below): {parts}{more}",
            "shorten the largest file, or move what one directory needs into that directory's AGENTS.md",
        )
