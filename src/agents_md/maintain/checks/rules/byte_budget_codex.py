"""``byte-budget-codex``: Codex started in a directory cuts or drops that directory's own doc at
``project_doc_max_bytes`` — the nearest, most specific file is the one lost — or sends no
project doc at all (a link loop among its names). Asked of the Codex module
(``agents_md.engines.codex``): one budget root first, Rust's ``trim`` (``\\x1f`` is text), a file
the cut leaves white space only is dropped, one doc a folder. The budget and fallback names are
the repository's own ``.codex/config.toml`` files (read as a project the team trusts, per
folder), over ``codex-max-bytes`` / ``codex-fallback-filenames`` / ``codex-root-markers`` (what a
person's ``~/.codex/config.toml`` would hold). Reported on the file that is cut (the file holding
its text), at the line where the cut falls; only folder docs count, not a skill's files.
Docs dropped because the same files above them fill the budget (a long root and ``backend/``
doc, and twenty docs below ``backend/``) are one finding, on the last of those files, naming
them (each is in its ``about``, so a change touching one reports it): one cause, one fix.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.engines import codex
from agents_md.engines.codex_config import CodexConfig
from agents_md.engines.model import EngineStart, Left
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import shown

RULE = RuleInfo("byte-budget-codex", Severity.WARNING, "Codex cuts or drops a file at project_doc_max_bytes", __doc__)


# The files above that fill the budget, as loaded -> (the budget, said; each doc dropped and where from).
Dropped = dict[tuple[tuple[str, int], ...], tuple[str, list[tuple[str, str]]]]


def codex_config(ctx: CheckContext) -> CodexConfig:
    """What stands for ``$CODEX_HOME/config.toml`` in a check: the configured values, the project trusted."""
    config = ctx.config
    return CodexConfig(
        codex_home=os.path.join(ctx.root, ".codex-home-of-no-one"),
        max_bytes=config.codex_max_bytes,
        fallback_names=config.codex_fallback_filenames,
        markers=config.codex_root_markers,
        trust_all=True,
    )


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    base = codex_config(ctx)
    dirs = sorted({os.path.dirname(f) for f in ctx.docs()})
    told_loops: set[str] = set()
    dropped: Dropped = {}
    for directory in dirs:
        where = ctx.abs(directory).rstrip(os.sep)
        start = codex.start(where, home=ctx.root, env={}, fs=ctx.engine.fs, config=base)
        for left in start.left_out:
            if left.why is Left.LINK_LOOP and left.path not in told_loops:
                told_loops.add(left.path)
                yield RULE.diagnostic(
                    ctx.rel(left.path),
                    f"a link loop: Codex started in {shown(directory)} or below sends no project doc at all",
                    "point the link at a file, or remove it",
                )
        budget = f"project_doc_max_bytes {_budget(start, base):,}"
        own_files = [f for f in start.files if os.path.dirname(f.path) == where and f.cut]
        own_left = [
            x for x in start.left_out if os.path.dirname(x.path) == where and x.why in (Left.DROPPED, Left.CUT_TO_BLANK)
        ]
        before = ", ".join(f"{ctx.rel(f.path)} {f.loaded:,} B" for f in start.files if os.path.dirname(f.path) != where)
        for f in own_files:
            placed = ctx.rel(f.path)
            if ctx.ignored(placed):
                continue
            rel = ctx.holder(placed)
            data = ctx.read(rel) or b""
            split = ", in the middle of a UTF-8 character" if _splits(data, f.loaded) else ""
            yield RULE.diagnostic(
                rel,
                f"Codex started in {shown(directory)} cuts this file after {f.loaded:,} of {f.size:,} bytes"
                f"{split} ({budget}; before it: {before or 'nothing'})",
                "shorten the files above it, or raise project_doc_max_bytes in Codex's config.toml",
                line=data[: f.loaded].count(b"\n") + 1,
                also=ctx.also(rel),
            )
        above = tuple((ctx.rel(f.path), f.loaded) for f in start.files if os.path.dirname(f.path) != where)
        for x in own_left:
            placed = ctx.rel(x.path)
            if ctx.ignored(placed):
                continue
            rel = ctx.holder(placed)
            if x.why is Left.DROPPED and above:
                dropped.setdefault(above, (budget, []))[1].append((rel, directory))
                continue
            what = (
                "drops this file: the budget leaves only white space of it"
                if x.why is Left.CUT_TO_BLANK
                else "drops this file: the files above it use the whole"
            )
            message = (
                f"Codex started in {shown(directory)} {what} {budget} ({before or 'nothing before it'})"
                if x.why is Left.DROPPED
                else f"Codex started in {shown(directory)} {what} ({budget}; before it: {before or 'nothing'})"
            )
            yield RULE.diagnostic(
                rel,
                message,
                "shorten the files above it, or raise project_doc_max_bytes in Codex's config.toml",
                also=ctx.also(rel),
            )

    yield from _drops(ctx, dropped)


def _drops(ctx: CheckContext, dropped: Dropped) -> Iterator[Diagnostic]:
    """The dropped docs, one finding per set of files above that fills the budget."""
    fix = "shorten the files above it, or raise project_doc_max_bytes in Codex's config.toml"
    for above, (budget, found) in dropped.items():
        before = ", ".join(f"{rel} {loaded:,} B" for rel, loaded in above)
        docs = list(dict.fromkeys(rel for rel, _ in found))
        if len(docs) == 1:
            yield RULE.diagnostic(
                docs[0],
                f"Codex started in {shown(found[0][1])} drops this file: the files above it use "
                f"the whole {budget} ({before})",
                fix,
                also=ctx.also(docs[0]),
            )
            continue
        last = ctx.holder(above[-1][0])
        named = ", ".join(docs[:3]) + (f" and {len(docs) - 3} more" if len(docs) > 3 else "")
        yield RULE.diagnostic(
            last,
            f"Codex drops the {len(docs)} docs below it ({named}): started in their folders, the files above "
            f"them use the whole {budget} ({before})",
            "shorten this file or the ones above it, or raise project_doc_max_bytes in Codex's config.toml",
            subject=f"drops below {last}",
            also=ctx.also(last),
            about=tuple(dict.fromkeys(d for doc in docs for d in (doc, *ctx.also(doc)))),
        )


def _budget(start: EngineStart, base: CodexConfig) -> int:
    return start.budget if start.budget is not None else base.max_bytes


def _splits(data: bytes, at: int) -> bool:
    """Whether cutting ``data`` at ``at`` falls inside a UTF-8 character (the next byte continues one)."""
    return 0 < at < len(data) and (data[at] & 0xC0) == 0x80
