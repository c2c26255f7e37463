"""``invisible-doc``: an ``AGENTS.md`` that Claude Code's default mode never shows.

Decided by the engine: the file is visible when a session started in its directory loads it
(by path, by a link's target, or an identical text), or when a Read of a file in that
directory from a session at the root attaches it. Otherwise the reason is read off the
session: a ``CLAUDE.md`` of the project's own above it (the plugin stands down) or beside it
(which does not import it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from agents_md.engine.paths import path_chain
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.finding import Finding, finding
from agents_md.maintain.repo.files import anchor_dir, is_instruction_file, shown
from agents_md.maintain.views.visibility import VISIBLE, agents_files
from agents_md.plugins.agents_md.placement import own_files

RULE = "invisible-doc"


def a_file_in(directory: str) -> str | None:
    """A regular file at or below ``directory`` that is not an instruction file (for a Read)."""
    for folder, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d not in (".git", "node_modules"))
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not is_instruction_file(name) and os.path.isfile(path) and not os.path.islink(path):
                return path
    return None


def run(ctx: CheckContext) -> Iterator[Finding]:
    visible: set[str] = set()
    ctx.shared[VISIBLE] = visible
    for rel in agents_files(ctx):
        path = ctx.abs(rel)
        if ctx.read(rel) is None:
            continue  # absent (dangling-link has it) or unreadable (noted)
        directory = anchor_dir(rel)
        start = ctx.engine.start(ctx.abs(directory))
        if start.loads(path, ctx.text(rel)):
            visible.add(rel)
            continue
        probe = a_file_in(ctx.abs(directory))
        if probe is not None:
            attached = ctx.engine.attached_on_read(probe)
            if path in attached or os.path.realpath(path) in attached:
                visible.add(rel)
                continue
        own = [ctx.rel(f.path) for f in own_files(start.files, path_chain(start.directory))]
        beside = [o for o in own if anchor_dir(o) == directory]
        if beside:
            yield finding(
                RULE,
                rel,
                f"Claude Code never loads it: {beside[0]} claims {shown(directory)} and does not import it",
                f"add @AGENTS.md as the first line of {beside[0]}",
            )
        elif own:
            claude = f"{directory}/CLAUDE.md" if directory else "CLAUDE.md"
            nested = rel != (f"{directory}/AGENTS.md" if directory else "AGENTS.md")  # .claude/AGENTS.md
            yield finding(
                RULE,
                rel,
                f"Claude Code never loads it: {own[-1]} above it makes the default mode stand down, "
                "and no CLAUDE.md beside it imports it",
                f"add @.claude/AGENTS.md to {claude}"
                if nested
                else f"agents-md link --write (creates {claude} holding @AGENTS.md)",
            )
        else:
            yield finding(
                RULE,
                rel,
                f"Claude Code never loads it, neither starting in {shown(directory)} nor reading a file there",
                "agents-md context " + (directory or ".") + " shows what loads instead",
            )
