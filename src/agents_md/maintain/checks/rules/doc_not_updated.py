"""``doc-not-updated`` (seed 001's pull-request check): a file changed in the diff whose nearest doc
above it did not change in the same diff. A warning, not an error: it gives the reviewer a question
to ask. A doc counts as updated when any instruction file of its directory changed.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import anchor_dir, is_instruction_file

RULE = RuleInfo("doc-not-updated", Severity.WARNING, "code changed but its nearest AGENTS.md did not", __doc__)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    changes = ctx.changes()
    if changes is None:
        return
    changed_dirs = {anchor_dir(f) for f in changes.files if is_instruction_file(f)}
    extra = frozenset(ctx.config.doc_names)
    for path in changes.files:
        if is_instruction_file(path, extra) or ctx.ignored(path):
            continue
        governor = ctx.index.governor(posixpath.dirname(path))
        if governor is None or governor in changed_dirs:
            continue
        doc = ctx.index.governed[governor]
        if ctx.ignored(doc):
            continue
        yield RULE.diagnostic(
            doc,
            f"{path} changed but {doc} was not updated",
            f"check whether {doc} still says what is true after the change ({changes.against})",
        )
