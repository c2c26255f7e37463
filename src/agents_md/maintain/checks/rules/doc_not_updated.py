"""``doc-not-updated`` (seed 001's pull-request check): code changed in the diff under a doc that
the diff left alone. A warning, not an error: it gives the reviewer a question to ask.

1. The diff's files that are code a doc describes (``checks.governed``, step 4): not lockfiles,
   generated or vendored files (by name, or git's ``linguist-*`` attributes), test data,
   prose, changelogs, assets; not a manifest whose change is version numbers only.
2. Each goes to the doc that governs it: the nearest doc above it (a deeper doc claims its own
   folder), or the doc that declares it in ``[governs]``.
3. A doc is updated when the diff touches any of its parts (an instruction file of its folder,
   a link's target, what it imports or links to); a pointer doc is not judged.
4. One finding per doc: how many files changed under it, the most telling few (the ones it
   names first, tests last, added and deleted files before changed ones), and the fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import Changed, CheckContext
from agents_md.maintain.repo.files import anchor_dir, shown

RULE = RuleInfo("doc-not-updated", Severity.WARNING, "code changed but the doc over it did not", __doc__)
SHOWN = 3


def _telling(ctx: CheckContext, doc: str, changed: list[Changed]) -> list[Changed]:
    named = ctx.governed.named(doc)

    def rank(c: Changed) -> tuple[int, int, int, str]:
        # No sizes of change: reading them would read every changed file's content.
        folders = c.path.split("/")
        mentioned = any("/".join(folders[:i]) in named for i in range(1, len(folders) + 1))
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
        if c.path in changes.settled or not governed.is_code(c.path):  # 1
            continue
        doc = governed.governance.doc_of(c.path)  # 2
        if doc is not None and doc in judged:
            under.setdefault(doc, []).append(c)
    for doc, changed in sorted(under.items()):
        if governed.parts(doc) & touched:  # 3
            continue
        holder = ctx.holder(doc)
        files = "1 file" if len(changed) == 1 else f"{len(changed)} files"
        where = "what it governs" if doc in ctx.config.governs else shown(anchor_dir(doc))
        yield RULE.diagnostic(
            holder,
            f"{files} changed in {where} ({_listed(_telling(ctx, doc, changed))}) but {doc} was not updated",
            f"read {doc} against the change ({changes.against}): update what it says that no longer holds",
            also=ctx.also(holder),
        )
