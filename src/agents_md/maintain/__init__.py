"""Maintenance of a repository's instruction files: ``check`` (rules over docs, git and the engine),
``link`` (a ``CLAUDE.md`` beside each ``AGENTS.md``) and ``map`` (the map of nested docs).

Names load on first use, as in ``agents_md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agents_md._util.std import lazy_names

if TYPE_CHECKING:
    from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
    from agents_md.maintain.checks.checker import CheckResult, check
    from agents_md.maintain.checks.rules import RULES
    from agents_md.maintain.link import LinkAction, LinkPlan, apply_link, plan_link
    from agents_md.maintain.map import DocMap, build_map, update_map
    from agents_md.maintain.repo.config import Config, load_config

_WHERE = {
    "CheckResult": "agents_md.maintain.checks.checker",
    "check": "agents_md.maintain.checks.checker",
    "Config": "agents_md.maintain.repo.config",
    "load_config": "agents_md.maintain.repo.config",
    "RULES": "agents_md.maintain.checks.rules",
    "Diagnostic": "agents_md.diagnostics",
    "RuleInfo": "agents_md.diagnostics",
    "Severity": "agents_md.diagnostics",
    "LinkAction": "agents_md.maintain.link",
    "LinkPlan": "agents_md.maintain.link",
    "apply_link": "agents_md.maintain.link",
    "plan_link": "agents_md.maintain.link",
    "DocMap": "agents_md.maintain.map",
    "build_map": "agents_md.maintain.map",
    "update_map": "agents_md.maintain.map",
}

__all__ = [
    "RULES",
    "CheckResult",
    "Config",
    "Diagnostic",
    "DocMap",
    "LinkAction",
    "LinkPlan",
    "RuleInfo",
    "Severity",
    "apply_link",
    "build_map",
    "check",
    "load_config",
    "plan_link",
    "update_map",
]


__getattr__, __dir__ = lazy_names("agents_md.maintain", _WHERE, globals())
