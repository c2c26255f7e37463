"""``name-case``: a file named an instruction file in another case (``claude.md``, ``Agents.md``).

The engines ask for the exact name (``CLAUDE.md``, ``AGENTS.md``): a disk that ignores case
(macOS and Windows, as they come) hands them this file, a disk that keeps case (Linux, most CI
runners and containers) does not. So the same checkout loads it on one machine and not on the
other. Beside a file of the right name, the two collide on a disk that ignores case: only one
of them can be checked out.

Not said of a page that only shares the name: a skill's or a template's file, or a lowercase
``agents.md`` in a documentation folder or among other lowercase Markdown pages
(``docs/agents.md`` beside ``docs/tools.md``: a page about agents, which renaming would break),
or in a folder of rules (``.llms/rules/agents.md``: a rule file named for its subject, not a
folder's instructions).
A ``claude.md`` is rarely a page about anything but instructions: said wherever it is.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import INSTRUCTION_NAMES, in_template

RULE = RuleInfo(
    "name-case", Severity.WARNING, "an instruction file named in another case (loads on macOS, not Linux)", __doc__
)

_DOC_FOLDERS = frozenset({"docs", "doc", "documentation", "guides", "reference", "website", "site"})
_RULE_FOLDERS = frozenset({"rules"})


def _a_page(ctx: CheckContext, rel: str) -> bool:
    """Whether ``rel`` is a page of some other set of files (see the module's last paragraph)."""
    if ctx.index.in_skill(rel) or in_template(rel):
        return True
    folder, base = posixpath.split(rel)
    if base != "agents.md":
        return False
    if any(part.lower() in _DOC_FOLDERS for part in folder.split("/")):
        return True
    if posixpath.basename(folder).lower() in _RULE_FOLDERS:
        return True
    try:
        names = os.listdir(ctx.abs(folder))
    except OSError:
        return False
    return sum(1 for n in names if n != base and n.endswith(".md") and n == n.lower()) >= 2


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    names = {n.lower(): n for n in INSTRUCTION_NAMES | frozenset(ctx.config.doc_names)}
    for rel in ctx.index.odd_case:
        if ctx.ignored(rel):
            continue
        folder, base = posixpath.split(rel)
        right = names.get(base.lower())
        if right is None:
            continue
        proper = posixpath.join(folder, right) if folder else right
        if proper not in ctx.index.present and _a_page(ctx, rel):
            continue
        if proper in ctx.index.present:
            yield RULE.diagnostic(
                rel,
                f"{base} beside {right}: on a disk that ignores case (macOS, Windows) the two are one file, "
                "and only one of them is checked out",
                f"merge it into {proper} and delete {rel}",
            )
            continue
        yield RULE.diagnostic(
            rel,
            f"named {base}, not {right}: Claude Code and Codex load it on a disk that ignores case "
            "(macOS, Windows) and never on one that keeps case (Linux, most CI runners and containers)",
            f"git mv {rel} {proper}",
        )
