"""The rules of ``check``: one module each, owning ``RULE`` (its ``RuleInfo``) and
``run(ctx) -> Iterable[Diagnostic]``.

``RUN_ORDER`` is the order they run in (``READING_ORDER`` the order they are listed in, ``RULES``
what each finds, by id): the ones that need only the files first, the engine's
next (a worker may be computing its sessions meanwhile), and last the ones that wait for git
(its commands run in the background all along).
"""

from __future__ import annotations

from types import ModuleType

from agents_md.diagnostics import RuleInfo
from agents_md.maintain.checks.rules import (
    broken_import,
    byte_budget_claude,
    byte_budget_codex,
    config_problems,
    conflicting_command,
    dangling_link,
    doc_not_updated,
    duplicate_text,
    engine_divergence,
    import_cycle,
    import_outside_repo,
    invisible_doc,
    line_budget,
    link_as_text,
    missing_command,
    missing_path,
    name_case,
    needs_approval,
    outside_link,
    shadowed_doc,
    stale_doc,
    stale_map,
    unused_suppression,
)

# What needs only the files runs first; the engine's rules next (a worker may be computing
# their sessions meanwhile, started once the rules before them read, and cached, the docs);
# last what waits for git, whose commands run in the background all along.
FILE_RULES: tuple[ModuleType, ...] = (
    config_problems,
    line_budget,
    name_case,
    stale_map,
    dangling_link,
    link_as_text,
    outside_link,
)
PREFETCH_AFTER = outside_link
SESSION_RULES: tuple[ModuleType, ...] = (
    broken_import,
    import_cycle,
    import_outside_repo,
    duplicate_text,
    invisible_doc,
    shadowed_doc,
    needs_approval,
    byte_budget_claude,
    engine_divergence,
)
RUN_ORDER: tuple[ModuleType, ...] = (
    *FILE_RULES,
    missing_path,  # files only: these run while the worker computes the sessions
    conflicting_command,
    missing_command,
    byte_budget_codex,
    *SESSION_RULES,
    doc_not_updated,
    stale_doc,
)

# The order people read them in (``--list-rules``, the README): the history and path rules first.
READING_ORDER: tuple[ModuleType, ...] = (
    doc_not_updated,
    stale_doc,
    missing_path,
    missing_command,
    line_budget,
    byte_budget_claude,
    byte_budget_codex,
    invisible_doc,
    engine_divergence,
    shadowed_doc,
    needs_approval,
    broken_import,
    import_cycle,
    import_outside_repo,
    dangling_link,
    link_as_text,
    outside_link,
    name_case,
    duplicate_text,
    conflicting_command,
    stale_map,
    config_problems,
    unused_suppression,
)

RULES: dict[str, RuleInfo] = {module.RULE.id: module.RULE for module in READING_ORDER}
