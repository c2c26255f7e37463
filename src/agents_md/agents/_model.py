"""Frozen values that leave this package: an accepted agent, a problem (a ``Diagnostic``), the catalog."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents_md.diagnostics import Diagnostic, Severity


class Source(enum.Enum):
    """Where a definition came from; ``rank`` is its priority (higher wins on a shared name)."""

    PLUGIN = "plugin"
    USER = "userSettings"
    PROJECT = "projectSettings"
    FLAG = "flagSettings"
    MANAGED = "policySettings"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Source.PLUGIN: 1, Source.USER: 2, Source.PROJECT: 3, Source.FLAG: 4, Source.MANAGED: 5}


BLOCKING = "blocking"  # the tag of a problem that fails ``agents check``: a skipped file or a dropped value


def problem(
    *,
    path: str,
    rule: str,
    severity: Severity,
    message: str,
    key: str = "",
    line: int = 0,
    fix: str = "",
) -> Diagnostic:
    """One problem of an agent file: ``path`` and 1-based ``line`` (0 when unknown), ``key`` a key path."""
    return Diagnostic(
        rule=rule,
        severity=severity,
        file=path,
        message=message,
        fix=fix,
        line=line or None,
        key=key,
        subject=key,
        tags=frozenset({BLOCKING}) if rule in BLOCKING_RULES else frozenset(),
    )


def unreadable(path: str, exc: OSError) -> Diagnostic:
    return problem(
        path=path, rule="unreadable", severity=Severity.ERROR, message=f"cannot read the file: {exc.strerror}"
    )


def missing_listed_file(path: Path, plugin: str) -> Diagnostic:
    """A file a plugin's manifest names under ``agents`` that is not there: the engine logs an error
    and loads the plugin's other agents (h40_plugin_manifest_agents_forms)."""
    return problem(
        path=str(path),
        rule="plugin-agent-missing",
        severity=Severity.ERROR,
        message=f'the manifest of plugin {plugin} names this agent file under "agents", but it is not there',
        fix='fix the path in .claude-plugin/plugin.json ("agents"), relative to the plugin folder',
    )


def blocking(d: Diagnostic) -> bool:
    """Whether ``d`` makes ``agents check`` fail: a skipped file or a dropped value."""
    return BLOCKING in d.tags


# Rules that skip a file, refuse --agents, or drop a value the author wrote.
BLOCKING_RULES = frozenset(
    {
        "fence-not-on-line-1",
        "no-closing-fence",
        "yaml-parse",
        "hooks-outside",
        "name-missing",
        "name-not-string",
        "name-colon",
        "name-dash",
        "name-too-long",
        "description-missing",
        "hooks-invalid",
        "invalid-value",
        "mcp-server-invalid",
        "agents-json",
        "plugin-ignored-key",
        "tools-unrecognized",
        "unreadable",
        "plugin-agent-missing",
        "plugin-manifest-invalid",
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentDefinition:
    """An agent type the engine accepted, with every value as the engine keeps it.

    ``tools`` is ``None`` when the agent gets every tool; an empty tuple means none at all.
    ``prompt`` is the body of the file (or the ``prompt`` of an ``--agents`` entry).
    """

    name: str
    description: str
    prompt: str
    source: Source
    path: str | None = None
    plugin: str | None = None
    tools: tuple[str, ...] | None = None
    disallowed_tools: tuple[str, ...] | None = None
    model: str | None = None
    permission_mode: str | None = None
    max_turns: int | None = None
    auto_compact_window: int | None = None
    skills: tuple[str, ...] | None = None
    mcp_servers: tuple[str | dict[str, Any], ...] | None = None
    hooks: dict[str, Any] | None = None
    memory: str | None = None
    background: bool | None = None
    omit_claude_md: bool = False
    effort: str | int | None = None
    isolation: str | None = None
    color: str | None = None
    initial_prompt: str | None = None
    experimental: dict[str, Any] | None = None
    observer: str | None = None
    observer_message: str | None = None
    observe_subagents: bool | None = None
    unknown_keys: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Skipped:
    """A file the engine does not load, and why (``rule`` names the rule)."""

    path: str
    source: Source
    rule: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Shadowed:
    """A valid definition hidden by one of the same name from a source of higher priority."""

    agent: AgentDefinition
    by: AgentDefinition


@dataclass(frozen=True, slots=True, kw_only=True)
class Duplicate:
    """Several files of one source folder define one name; the engine keeps the one it reads last
    (``active``), in the disk's directory order."""

    name: str
    source: Source
    paths: tuple[str, ...]
    active: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentCatalog:
    """Everything ``load_agents`` found. ``accepted`` is in the engine's list order."""

    accepted: tuple[AgentDefinition, ...]
    shadowed: tuple[Shadowed, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    duplicates: tuple[Duplicate, ...] = ()
    problems: tuple[Diagnostic, ...] = ()
    overridden_builtins: tuple[str, ...] = field(default=())
