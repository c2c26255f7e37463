"""``conflicting-command``: a doc and a doc above it do the same job with different tools
(``pnpm test`` at the root, ``npm test`` below). Both load; the nearer one should win, so this is
information, with both lines.

1. A job is one of install, dev, build, test, lint, format, typecheck (``test:unit`` tests);
   anything else (``npx svgo``, ``pnpm exec``) is not compared.
2. A command aimed at another package (``pnpm --filter web dev``) is not the doc's own.
3. A doc naming two tools of one family (``pnpm``, and ``npm install`` as what not to do) is
   not read as choosing either.
4. Only folder docs count (not skills' reference files).
5. A nearer doc whose folder holds its tool's own lockfile (``bun test`` beside ``bun.lock``) is
   a project of its own: the lockfile says why it differs.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator
from dataclasses import dataclass, field

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.read.commands import Command, adds_packages, aimed_elsewhere, commands, job_of, wrong_example
from agents_md.maintain.repo.files import anchor_dir

_LOCKFILES = {
    "bun": ("bun.lock", "bun.lockb"),
    "pnpm": ("pnpm-lock.yaml",),
    "yarn": ("yarn.lock",),
    "npm": ("package-lock.json", "npm-shrinkwrap.json"),
}

RULE = RuleInfo(
    "conflicting-command", Severity.INFO, "a doc and a nearer doc name different tools for the same command", __doc__
)


@dataclass(slots=True)
class Profile:
    tools: dict[str, set[str]] = field(default_factory=dict)  # family -> tools named
    first: dict[tuple[str, str], tuple[str, Command]] = field(default_factory=dict)  # (family, job) -> where
    read: set[str] = field(default_factory=set)  # the texts read (holders)

    def add(self, rel: str, command: Command) -> None:
        self.tools.setdefault(command.family, set()).add(command.tool)
        job = job_of(command.action) if command.action else None
        if job == "install" and adds_packages(command.text):
            job = None  # ``npm install left-pad`` adds a dependency: not the install job
        if job is not None and not aimed_elsewhere(command.text):
            self.first.setdefault((command.family, job), (rel, command))

    def tool(self, family: str) -> str | None:
        tools = self.tools.get(family, set())
        return next(iter(tools)) if len(tools) == 1 else None


def _locked_to(ctx: CheckContext, directory: str, tool: str) -> bool:
    """Step 5: whether ``directory`` holds ``tool``'s own lockfile."""
    return any(os.path.isfile(ctx.abs(posixpath.join(directory, name))) for name in _LOCKFILES.get(tool, ()))


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    profiles: dict[str, Profile] = {}
    for placed in ctx.docs():
        rel = ctx.holder(placed)
        profile = profiles.setdefault(anchor_dir(placed), Profile())
        if rel in profile.read:
            continue  # a link to the folder's other doc: its text is read once
        profile.read.add(rel)
        lines = (ctx.text(rel) or "").split("\n")
        for command in commands([i for i in ctx.scan(rel) if not wrong_example(lines, i)]):
            profile.add(rel, command)
    for directory in sorted(profiles):
        near = profiles[directory]
        above = directory
        while above:
            above = posixpath.dirname(above)
            far = profiles.get(above)
            if far is None:
                continue
            for (family, action), (rel, command) in sorted(near.first.items()):
                mine, theirs = near.tool(family), far.tool(family)
                if mine is None or theirs is None or mine == theirs or (family, action) not in far.first:
                    continue
                if _locked_to(ctx, directory, mine):
                    continue
                far_rel, far_command = far.first[(family, action)]
                yield RULE.diagnostic(
                    rel,
                    f"`{command.text}` here, `{far_command.text}` in {far_rel}:{far_command.line}; "
                    "both load, and the nearer file should win",
                    f"use one tool in both, or say in {rel} why this directory differs",
                    line=command.line,
                    also=ctx.also(rel),
                )
