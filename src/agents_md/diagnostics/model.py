"""One diagnostic model for every command that reports problems (``check``, ``agents check``).

A ``Diagnostic`` is located (file, line, column where known, a key path inside the file),
says what is wrong and how to fix it, and belongs to a rule; a ``RuleInfo`` says what its
rule finds and why, once, for every report. A ``Report`` is what a reporter renders.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value


_NUMBERS = re.compile(r"\d[\d,.]*")


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    rule: str
    severity: Severity
    file: str  # as the report names it: relative to its root ("/"-separated), or as the user gave it
    message: str
    fix: str = ""
    line: int | None = None  # 1-based
    column: int | None = None  # 1-based
    key: str = ""  # a key path inside the file (``tools[2]``), said before the message
    subject: str = ""  # what it is about, for the fingerprint (default: the message, numbers left out)
    tags: frozenset[str] = frozenset()  # labels of the producer's (e.g. ``blocking``)

    @property
    def text(self) -> str:
        """The message as reports print it: its key path first."""
        return f"{self.key}: {self.message}" if self.key else self.message

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line or 0, self.column or 0, self.rule, self.message)

    def fingerprint(self) -> str:
        """Stable across edits elsewhere in the file: rule, file and subject, never the line."""
        subject = self.subject or _NUMBERS.sub("#", self.text)
        return hashlib.sha256(f"{self.rule}\0{self.file}\0{subject}".encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleInfo:
    """What a rule finds (``summary``: one line; ``description``: why it matters and how to fix it)."""

    id: str
    severity: Severity  # its default
    summary: str
    description: str = ""

    def diagnostic(
        self,
        file: str,
        message: str,
        fix: str = "",
        *,
        line: int | None = None,
        column: int | None = None,
        key: str = "",
        subject: str = "",
        severity: Severity | None = None,
        tags: frozenset[str] = frozenset(),
    ) -> Diagnostic:
        """A diagnostic of this rule, at its default severity unless told."""
        return Diagnostic(
            rule=self.id,
            severity=severity or self.severity,
            file=file,
            message=message,
            fix=fix,
            line=line,
            column=column,
            key=key,
            subject=subject,
            tags=tags,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Report:
    """What a reporter renders: the diagnostics (sorted), the rules they belong to, and the context."""

    diagnostics: tuple[Diagnostic, ...]
    rules: Mapping[str, RuleInfo]
    root: str | None = None  # the folder relative file names start from (SARIF's %SRCROOT%)
    notes: tuple[str, ...] = ()  # what was not checked, and why
    checked: int | None = None  # how many files were checked, when it is known
    checked_what: str = "file"
    extra: Mapping[str, Any] = field(default_factory=dict)  # more fields for the JSON report

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)
