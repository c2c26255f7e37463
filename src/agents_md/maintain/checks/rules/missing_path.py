"""``missing-path``: a path in a doc (a code span, a Markdown link, or a clearly-a-path word in a shell
block) that exists neither relative to the doc's directory nor at the repository root."""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.read.commands import SHELL_LANGS
from agents_md.maintain.read.markdown import Item
from agents_md.maintain.read.paths import code_path, example_paths, link_path
from agents_md.maintain.repo.files import anchor_dir

RULE = RuleInfo("missing-path", Severity.WARNING, "a path in a doc that does not exist", __doc__)


class _Places:
    """Where a doc's paths may be relative to: its folder (and its project folder), then the root."""

    def __init__(self, ctx: CheckContext, rel: str) -> None:
        self.root = ctx.root
        self.shown = list(dict.fromkeys([posixpath.dirname(rel), anchor_dir(rel)]))
        self.dirs = [ctx.abs(b) for b in self.shown]
        self.everywhere = [*self.dirs, ctx.root]

    def first_exists(self, part: str) -> bool:
        return any(os.path.lexists(os.path.join(b, part)) for b in self.everywhere)

    def exists(self, path: str) -> bool:
        if path.startswith("/"):
            candidates = [os.path.join(self.root, path.lstrip("/"))]
        elif path.startswith(("./", "../")):
            candidates = [os.path.join(b, path) for b in self.dirs]
        else:
            candidates = [os.path.join(b, path) for b in self.everywhere]
        return any(os.path.lexists(os.path.normpath(c)) for c in candidates)

    def paths(self, item: Item) -> list[str]:
        if item.kind == "code":
            found = code_path(item.text, self.first_exists)
            return [found] if found else []
        if item.kind == "link":
            found = link_path(item.text)
            return [found] if found else []
        return example_paths(item.text, self.first_exists) if item.lang.lower() in SHELL_LANGS else []


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for rel in ctx.docs():
        places = _Places(ctx, rel)
        where = f"neither in {places.shown[0]}/ nor at the repository root" if places.shown[0] else "in the repository"
        seen: set[tuple[int, str]] = set()
        for item in ctx.scan(rel):
            for path in places.paths(item):
                if (item.line, path) in seen or places.exists(path):
                    continue
                seen.add((item.line, path))
                shown = {"code": f"`{item.text}`", "link": f"link target {item.text}"}.get(
                    item.kind, f"`{path}` (in a code block)"
                )
                yield RULE.diagnostic(
                    rel,
                    f"{shown} does not exist ({where})",
                    "point it at the file's new place, or remove it",
                    line=item.line,
                )
