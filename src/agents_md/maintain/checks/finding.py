"""What ``check`` reports: a ``Finding`` (rule, severity, file, line, message, one-line fix), and the rules.

Every rule has an id, a default severity and a one-line summary; the configuration may turn a
rule off or change its severity. Files are named relative to the repository root, with ``/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    rule: str
    severity: Severity
    file: str  # relative to the repository root, "/"-separated ("." is never used: the root doc is "AGENTS.md")
    line: int | None  # 1-based, when the finding has a place in the file
    message: str
    fix: str

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.file, self.line or 0, self.rule, self.message)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rule:
    id: str
    severity: Severity
    summary: str


_RULES = (
    Rule(id="doc-not-updated", severity=Severity.WARNING, summary="code changed but its nearest AGENTS.md did not"),
    Rule(id="stale-doc", severity=Severity.WARNING, summary="a doc last changed long before the code it governs"),
    Rule(id="missing-path", severity=Severity.WARNING, summary="a path in a doc that does not exist"),
    Rule(id="line-budget", severity=Severity.WARNING, summary="an instruction file longer than the line budget"),
    Rule(
        id="byte-budget-claude",
        severity=Severity.WARNING,
        summary="Claude Code's start block in a directory is over the byte budget",
    ),
    Rule(
        id="byte-budget-codex",
        severity=Severity.WARNING,
        summary="Codex cuts or drops a file at project_doc_max_bytes",
    ),
    Rule(
        id="invisible-doc",
        severity=Severity.ERROR,
        summary="an AGENTS.md that Claude Code's default mode never loads",
    ),
    Rule(
        id="shadowed-doc",
        severity=Severity.WARNING,
        summary="an AGENTS.md that Claude Code does not load in some directory below it",
    ),
    Rule(
        id="needs-approval",
        severity=Severity.INFO,
        summary="an AGENTS.md that loads below its directory only once the person approves external imports",
    ),
    Rule(id="broken-import", severity=Severity.ERROR, summary="an @import that does not resolve"),
    Rule(id="import-cycle", severity=Severity.WARNING, summary="@imports that lead back to where they started"),
    Rule(id="import-outside-repo", severity=Severity.WARNING, summary="an @import that leaves the repository"),
    Rule(id="dangling-link", severity=Severity.ERROR, summary="an instruction file that is a link to nothing"),
    Rule(
        id="duplicate-text",
        severity=Severity.WARNING,
        summary="AGENTS.md and CLAUDE.md side by side with the same text",
    ),
    Rule(
        id="conflicting-command",
        severity=Severity.INFO,
        summary="a doc and a nearer doc name different tools for the same command",
    ),
    Rule(id="config", severity=Severity.ERROR, summary="a problem in the agents-md configuration"),
)

RULES: dict[str, Rule] = {rule.id: rule for rule in _RULES}


def finding(rule: str, file: str, message: str, fix: str, *, line: int | None = None) -> Finding:
    """A finding at the rule's default severity (the configuration may change it later)."""
    return Finding(rule=rule, severity=RULES[rule].severity, file=file, line=line, message=message, fix=fix)
