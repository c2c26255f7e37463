"""One module per rule; each has ``RULE`` (its id) and ``run(ctx) -> Iterable[Finding]``.

``ORDER`` is the order they run in: the ones that need only the files first, the engine's
next (a worker may be computing its sessions meanwhile), and last the ones that wait for git
(its commands run in the background all along).
"""

ORDER = (
    "config_problems",
    "line_budget",
    "missing_path",
    "dangling_link",
    "broken_import",
    "import_cycle",
    "import_outside_repo",
    "duplicate_text",
    "conflicting_command",
    "byte_budget_codex",
    "invisible_doc",
    "shadowed_doc",
    "needs_approval",
    "byte_budget_claude",
    "doc_not_updated",
    "stale_doc",
)
