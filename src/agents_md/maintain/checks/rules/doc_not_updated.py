"""``doc-not-updated`` (the pull-request check): code changed in the diff under a doc that
the diff left alone. A warning, not an error: it gives the reviewer a question to ask.

1. The diff's files that are code a doc describes (``checks.governed``, step 4): not lockfiles,
   generated or vendored files (by name, or git's ``linguist-*`` attributes), test data,
   prose, changelogs, assets; not a manifest whose change is version numbers only; not CI
   plumbing (``.github/workflows/x.yml``) unless the doc over it names the file.
2. Each goes to the doc that governs it: the nearest doc above it (a deeper doc claims its own
   folder), or the doc that declares it in ``[governs]``.
3. A doc is updated when the diff touches any of its parts (an instruction file of its folder,
   a link's target, what it imports or links to); a pointer doc is not judged.
4. One finding per doc: how many files changed under it, the most telling few (the ones it
   names first, tests last, added and deleted files before changed ones), and the fix.
5. Over a long range (more than ``LONG_RANGE`` commits: no one pull request), only a doc that
   names some of the changed files (or their folders) is asked about: over many commits, code
   changes under every doc, and the question is worth asking only where the doc names it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import Changed, CheckContext
from agents_md.maintain.checks.governed import ci_plumbing
from agents_md.maintain.repo.code import not_code
from agents_md.maintain.repo.files import anchor_dir

RULE = RuleInfo("doc-not-updated", Severity.WARNING, "code changed but the doc over it did not", __doc__)
SHOWN = 3
LONG_RANGE = 20  # commits: past this, a range is no one pull request


# Folders every package has: naming one says nothing of which of its files matter.
_BROAD = frozenset({"src", "lib", "app", "apps", "pkg", "cmd", "internal", "test", "tests", "docs", "packages"})


def _mentioned(path: str, named: frozenset[str], own: str = "") -> bool:
    """Whether a doc naming ``named`` names ``path``: the file, or a folder of it below the doc's
    own folder that is not one every package has (``src/``)."""
    if path in named:
        return True
    folders = path.split("/")[:-1]
    depth = own.count("/") + 1 if own else 0
    for i in range(depth + 1, len(folders) + 1):
        folder = "/".join(folders[:i])
        if folder in named and not (i == depth + 1 and folders[i - 1] in _BROAD):
            return True
    return False


def _named_plumbing(ctx: CheckContext, path: str) -> bool:
    """Step 1: a CI file the doc over it names (``conformance-matrix.yml``): then it is its code."""
    if not ci_plumbing(path) or not_code(path) is not None or ctx.ignored(path):
        return False
    doc = ctx.governed.governance.doc_of(path)
    text = ctx.text(ctx.holder(doc)) if doc is not None else None
    name = re.escape(path.rpartition("/")[2])
    return bool(text) and re.search(rf"(?<![\w.-]){name}(?![\w-])", text or "") is not None


def _named_among(ctx: CheckContext, doc: str, changed: list[Changed]) -> list[Changed]:
    """The changed files the doc names (or whose folder it names)."""
    named = ctx.governed.named(doc)
    own = anchor_dir(doc)
    return [c for c in changed if _mentioned(c.path, named, own)]


def _telling(ctx: CheckContext, doc: str, changed: list[Changed]) -> list[Changed]:
    named = ctx.governed.named(doc)
    own = anchor_dir(doc)

    def rank(c: Changed) -> tuple[int, int, int, str]:
        # No sizes of change: reading them would read every changed file's content.
        folders = c.path.split("/")
        mentioned = _mentioned(c.path, named, own)
        is_test = any(p in ("test", "tests", "__tests__", "spec") for p in folders) or ".test." in c.path
        return (0 if mentioned else 1, 1 if is_test else 0, 0 if c.status in ("A", "D") else 1, c.path)

    return sorted(changed, key=rank)


def _listed(changed: list[Changed]) -> str:
    words = {"A": "added", "D": "deleted"}
    shown_ = [f"{c.path} ({words[c.status]})" if c.status in words else c.path for c in changed[:SHOWN]]
    more = len(changed) - SHOWN
    return ", ".join(shown_) + (f" and {more} more" if more > 0 else "")


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    changes = ctx.changes()
    if changes is None:
        return
    governed = ctx.governed
    judged = set(governed.docs())
    touched = set(changes.files)
    under: dict[str, list[Changed]] = {}
    for c in changes.changed:
        if c.path in changes.settled or not (governed.is_code(c.path) or _named_plumbing(ctx, c.path)):  # 1
            continue
        doc = governed.governance.doc_of(c.path)  # 2
        if doc is not None and doc in judged:
            under.setdefault(doc, []).append(c)
    long = changes.commits is not None and changes.commits > LONG_RANGE
    for doc, changed in sorted(under.items()):
        if governed.parts(doc) & touched:  # 3
            continue
        named = _named_among(ctx, doc, changed)
        if long and not named:
            continue  # 5
        holder = ctx.holder(doc)
        files = "1 file" if len(changed) == 1 else f"{len(changed)} files"
        where = ctx.governed.where(doc)
        says = f"; it names {len(named)} of them" if named else ""
        yield RULE.diagnostic(
            holder,
            f"{files} changed in {where} ({_listed(_telling(ctx, doc, changed))}) but {doc} was not updated{says}",
            f"read {doc} against the change ({changes.against}): update what it says that no longer holds",
            subject=doc,  # one finding per doc: the files it lists change with every commit
            also=ctx.also(holder),
        )
