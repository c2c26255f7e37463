"""``invisible-doc``: an ``AGENTS.md`` that Claude Code's default mode never shows. A warning:
the repository is not broken, one agent misses one doc. The message names the engine (Claude
Code); a team whose ``engines`` leave Claude Code out is not told (``engine-divergence`` compares
the engines it does use).

1. Decided by the engine (``views.visibility``): the file is visible when a session started in
   its directory loads it, or when a Read of a file there from a session at the root attaches it.
   Only folder docs are asked about: a skill's reference files, an agent's runtime prompt and a
   link's target are not meant to load there.
2. Otherwise the reason is what the plugin recorded: a ``CLAUDE.md`` of the project's own above
   it (the default mode then reads only what a ``CLAUDE.md`` imports) or beside it (which does
   not import it, or only links to it: "See [AGENTS.md](./AGENTS.md)" shows the model a link).
   Not when that ``CLAUDE.md`` is a copy of it (``checks.copies``): its text loads, and
   ``duplicate-text`` tells of the copy; nor when that ``CLAUDE.md`` holds its whole text and
   more (a tool's managed block kept in both); nor when it only points to that ``CLAUDE.md`` ("See
   [CLAUDE.md](./CLAUDE.md) for our conventions", for the engines that read ``AGENTS.md``); nor
   when its title gives it to other agents by name and not to Claude ("instructions for Codex").
3. The fix loads exactly the doc, no more: a ``CLAUDE.md`` beside it holding ``@AGENTS.md`` (a
   ``.claude/CLAUDE.md``, whose imports are read from ``.claude/``, ``@../AGENTS.md``), or a
   link to it when the repository's other ``CLAUDE.md`` files are links (its convention); when
   that ``CLAUDE.md`` is on disk but not tracked (a fix just written), ``git add`` it.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterator

from agents_md._util.std import lazy_compile
from agents_md.diagnostics import Diagnostic, Edit, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.copies import copy_beside, held_in
from agents_md.maintain.read.pointer import is_pointer
from agents_md.maintain.repo.config import CLAUDE_CODE
from agents_md.maintain.repo.files import AGENTS_MD, CLAUDE_MD, anchor_dir, case_variant, shown

RULE = RuleInfo("invisible-doc", Severity.WARNING, "an AGENTS.md that Claude Code's default mode never loads", __doc__)


def _links_are_the_convention(ctx: CheckContext) -> bool:
    """Step 3: whether most ``CLAUDE.md`` files beside an ``AGENTS.md`` are links to it."""
    links = imports = 0
    for rel in ctx.docs():
        if posixpath.basename(rel) != CLAUDE_MD or ctx.index.in_dir(posixpath.dirname(rel), AGENTS_MD) is None:
            continue
        if os.path.islink(ctx.abs(rel)):
            links += 1
        else:
            imports += 1
    return links > imports


def _links_to(ctx: CheckContext, claude: str, doc: str) -> bool:
    """Whether ``claude`` holds a Markdown link to ``doc`` (a pointer the model may or may not follow)."""
    home = posixpath.dirname(claude)
    for item in ctx.scan(claude):
        target = item.text.split("#", 1)[0].strip("<>")
        if item.kind == "link" and target and posixpath.normpath(posixpath.join(home, target)) == doc:
            return True
    return False


def _only_points_to(ctx: CheckContext, doc: str, claude: str) -> bool:
    """Step 2: whether ``doc`` only sends its reader to ``claude`` (a pointer doc, ``read.pointer``,
    that names it): the file Claude Code loads there is the one it points to."""
    text = ctx.text(doc)
    items = ctx.scan(doc)
    if text is None or not is_pointer(text, items):
        return False
    home = posixpath.dirname(doc)
    for item in items:
        target = item.text.split("#", 1)[0].strip("<>").strip()
        if item.kind in ("link", "code") and target and posixpath.normpath(posixpath.join(home, target)) == claude:
            return True
    return False


# A title giving the doc to other agents by name: "takopi-smithers instructions for Codex".
_FOR_OTHERS = lazy_compile(
    r"\bfor (?:(?:OpenAI|GitHub|Google) )?(?:Codex|Copilot|Gemini|Cursor|Jules|OpenCode|Aider|Windsurf|Amp)\b", re.I
)


def _for_other_agents(ctx: CheckContext, doc: str) -> bool:
    """Step 2: whether the doc's first line, its title, says it is for other agents and does not
    name Claude: not Claude Code's to miss."""
    text = ctx.text(doc) or ""
    title = text.lstrip().split("\n", 1)[0]
    return title.startswith("#") and _FOR_OTHERS.search(title) is not None and "claude" not in title.lower()


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    if CLAUDE_CODE not in ctx.config.engines:
        return  # a team that does not use Claude Code is not told what it misses (engine-divergence is)
    symlinks: bool | None = None
    for rel, hidden in sorted(ctx.visibility.hidden.items()):
        if _for_other_agents(ctx, rel):
            continue  # "instructions for Codex": written for the agents that read it
        directory = anchor_dir(rel)
        own = hidden.claimed_by
        beside = [o for o in own if anchor_dir(o) == directory]
        if beside:
            copy = copy_beside(ctx, rel)
            if copy is not None and copy.claude == beside[0]:
                continue  # its text loads, as the copy's: duplicate-text says so
            if held_in(ctx, rel, beside[0]):
                continue  # its whole text loads, as a part of the CLAUDE.md
            if _only_points_to(ctx, rel, beside[0]):
                continue  # "See [CLAUDE.md](./CLAUDE.md)": what it stands for is what loads
            # An import is read from the importing file's folder: ``.claude/CLAUDE.md``, which claims
            # the folder above it, reaches the doc as ``@../AGENTS.md``.
            line = f"@{posixpath.relpath(rel, posixpath.dirname(beside[0]) or '.')}"
            # Unsafe: the CLAUDE.md then loads the AGENTS.md too, which may repeat what it says.
            insert = Edit(kind="replace", file=beside[0], new=f"{line}\n", line=1, column=1, safe=False)
            # "See [AGENTS.md](./AGENTS.md)": the model is shown a link, which it may or may not follow.
            how = (
                "only links to it: the model sees the link, not the text"
                if _links_to(ctx, beside[0], rel)
                else "does not import it"
            )
            yield RULE.diagnostic(
                rel,
                f"Claude Code never loads it: {beside[0]} claims {shown(directory)} and {how}",
                f"add {line} as the first line of {beside[0]}",
                edits=() if os.path.islink(ctx.abs(beside[0])) else (insert,),
            )
        elif own:
            claude = f"{directory}/CLAUDE.md" if directory else "CLAUDE.md"
            nested = rel != (f"{directory}/AGENTS.md" if directory else "AGENTS.md")  # .claude/AGENTS.md
            odd = case_variant(ctx.index, directory, CLAUDE_MD)
            free = not os.path.lexists(ctx.abs(claude))
            edits: tuple[Edit, ...] = ()
            if nested:
                fix = f"add @.claude/AGENTS.md to {claude}"
                if free:
                    edits = (Edit(kind="create", file=claude, new="@.claude/AGENTS.md\n"),)
            elif odd:
                fix = f"git mv {odd} {claude} (named so it loads only on a disk that ignores case)"
            elif not free and claude not in ctx.index.present:
                # Made by hand or by a fix just now: on disk, but the check reads what git tracks.
                fix = f"git add {claude} (it is on disk, not tracked by git)"
            elif not free:
                fix = f"agents-md context {directory or '.'} shows why {claude} does not load it"
            else:
                symlinks = _links_are_the_convention(ctx) if symlinks is None else symlinks
                fix = (
                    f"agents-md link --write --form symlink (links {claude} to AGENTS.md, as this repository does)"
                    if symlinks
                    # named: ``link`` alone follows the links it finds (``maintain.link``), counted otherwise
                    else f"agents-md link --write --form import (creates {claude} holding @AGENTS.md)"
                )
                if free:
                    shim = Edit(kind="symlink", file=claude, new=AGENTS_MD) if symlinks else None
                    edits = (shim or Edit(kind="create", file=claude, new=f"@{AGENTS_MD}\n"),)
            yield RULE.diagnostic(
                rel,
                f"Claude Code never loads it: with {own[-1]} above it, Claude Code reads an AGENTS.md only "
                "where a CLAUDE.md imports it, and no CLAUDE.md beside it does",
                fix,
                edits=edits,
            )
        else:
            yield RULE.diagnostic(
                rel,
                f"Claude Code never loads it, neither starting in {shown(directory)} nor reading a file there",
                "agents-md context " + (directory or ".") + " shows what loads instead",
            )
