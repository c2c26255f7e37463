"""``engine-divergence``: a doc that one of the team's engines loads in a folder is missing, cut
or replaced in another (``engines = [...]`` in the configuration; nothing with fewer than two).

1. Each declared engine starts in each folder that holds a doc, over the repository as checked
   in (an empty home; the repository's own engine configuration counts: ``.codex/config.toml``
   as a trusted project, ``.gemini/settings.json`` in that folder, ``opencode.json``), asked of
   the engine modules themselves (Claude Code's sessions, ``agents_md.engines``).
2. A file one engine sends at start (one of the repository's, the same file through a link
   counts once) is compared with each other engine's start there: sent whole, cut (Codex's
   budget), replaced (another file of that folder is sent instead) or missing.
3. Each (file, engine) pair is told once, in the shallowest folder where it happens, with the
   fix in that engine's own configuration.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.engine.paths import is_inside
from agents_md.engines import codex
from agents_md.engines.model import Scope
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.rules.byte_budget_codex import codex_config
from agents_md.maintain.repo.files import shown

RULE = RuleInfo(
    "engine-divergence",
    Severity.WARNING,
    "a doc one of the team's engines loads is missing, cut or replaced in another",
    __doc__,
)

# Gemini CLI sends nothing in a folder it does not trust: a team that uses it trusts its repository.
_TRUSTED = {"GEMINI_CLI_TRUST_WORKSPACE": "true"}


def _sent(ctx: CheckContext, engine: str, where: str) -> dict[str, tuple[str, int, int]]:
    """What ``engine`` sends at start in ``where``: real path -> (path as named, bytes kept, size)."""
    from agents_md.engines.registry import find
    from agents_md.host.engines import CLAUDE_CODE

    fs = ctx.engine.fs
    if engine == CLAUDE_CODE:
        files = [(f.path, f.size, f.size) for f in ctx.engine.start(where).files]
    elif engine == codex.NAME:
        start = codex.start(where, home=ctx.engine.home, env={}, fs=fs, config=codex_config(ctx))
        files = [(f.path, f.loaded, f.size) for f in start.files if f.scope is not Scope.GLOBAL]
    else:
        started = find(engine).session(where, home=ctx.engine.home, env=_TRUSTED, fs=fs).started
        files = [(f.path, f.loaded, f.size) for f in started.files if f.scope is not Scope.GLOBAL]
    root = ctx.root
    return {fs.realpath(p): (p, kept, size) for p, kept, size in files if is_inside(fs.realpath(p), root)}


def _fix(engine: str, name: str, rel: str, cut: bool, instead: str | None) -> str:
    if engine == codex.NAME:
        if cut:
            return "raise project_doc_max_bytes in .codex/config.toml, or shorten the files above it"
        if instead:
            return f"Codex reads one doc a folder, {instead} first: move what {name} adds into it"
        return f'add "{name}" to project_doc_fallback_filenames in .codex/config.toml'
    if engine == "gemini":
        return f'add "{name}" to context.fileName in .gemini/settings.json (~/.gemini/settings.json for every folder)'
    if engine == "opencode":
        return f'list "{rel}" in "instructions" of opencode.json (OpenCode reads CLAUDE.md only where no AGENTS.md is)'
    # the form named: without it ``link`` makes links where the repository's CLAUDE.md files are links
    return "agents-md link --write --form import (a CLAUDE.md beside it that imports @AGENTS.md)"


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    engines = tuple(dict.fromkeys(ctx.config.engines))
    if len(engines) < 2:
        return
    # Every engine's modules (Gemini's, OpenCode's): imported by a team of two engines or more only.
    from agents_md.host.engines import TITLES

    told: set[tuple[str, str]] = set()
    for directory in sorted({os.path.dirname(f) for f in ctx.docs()}, key=lambda d: (d.count("/"), d)):
        where = ctx.abs(directory).rstrip(os.sep)
        sent = {e: _sent(ctx, e, where) for e in engines}
        for engine in engines:
            for real, (path, _kept, _size) in sent[engine].items():
                rel = ctx.rel(real)
                if ctx.ignored(rel):
                    continue
                for other in engines:
                    if other == engine or (rel, other) in told:
                        continue
                    got = sent[other].get(real)
                    if got is not None and got[1] >= got[2]:
                        continue
                    told.add((rel, other))
                    here, there = TITLES[engine], TITLES[other]
                    folder = os.path.dirname(real)
                    instead = [ctx.rel(p) for p in sent[other] if os.path.dirname(p) == folder and p != real]
                    if got is not None:
                        what = f"cuts it after {got[1]:,} of {got[2]:,} bytes"
                    else:
                        what = f"reads {instead[0]} there instead" if instead else "does not load it"
                    yield RULE.diagnostic(
                        rel,
                        f"{here} started in {shown(directory)} loads this file; {there} {what}",
                        _fix(other, os.path.basename(path), rel, got is not None, instead[0] if instead else None),
                        also=ctx.also(rel),
                    )
