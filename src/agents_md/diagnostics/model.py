"""One diagnostic model for every command that reports problems (``check``, ``agents check``).

A ``Diagnostic`` is located (file, line, column where known, a key path inside the file),
says what is wrong and how to fix it, and belongs to a rule; a ``RuleInfo`` says what its
rule finds and why, once, for every report. A ``Report`` is what a reporter renders.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agents_md import _value
from agents_md._value import Value
from agents_md.diagnostics.edit import Edit
from agents_md.diagnostics.severity import Severity

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from agents_md.diagnostics.where import Where


_NUMBERS = re.compile(r"\d[\d,.]*")


class Diagnostic(Value):
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
    also: tuple[str, ...] = ()  # the file's other names (links to it) the finding holds for too
    about: tuple[str, ...] = ()  # other files it speaks of: a change touching one of them reports it
    edits: tuple[Edit, ...] = _value.field(
        default=(), compare=False
    )  # the fix, when it can be applied (``check --fix``)

    @property
    def text(self) -> str:
        """The message as reports print it: its key path first."""
        return f"{self.key}: {self.message}" if self.key else self.message

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line or 0, self.column or 0, self.rule, self.message)

    def fingerprint(self) -> str:
        """Stable across edits elsewhere in the file: rule, file and subject, never the line."""
        import hashlib  # lazy: only SARIF, JSON and baselines ask

        subject = self.subject or _NUMBERS.sub("#", self.text)
        return hashlib.sha256(f"{self.rule}\0{self.file}\0{subject}".encode()).hexdigest()[:32]


_LITERAL = re.compile(r"``([^`]+)``")


def describe(doc: str | None) -> str:
    """A rule's description from its module's docstring: the first paragraph, as one line of
    Markdown (``literal`` as `literal`), the leading "``rule-id``: " left out."""
    first = (doc or "").strip().split("\n\n", 1)[0]
    text = " ".join(line.strip() for line in first.splitlines())
    text = re.sub(r"^``[a-z-]+``(?: \([^)]*\))?: ", "", text)
    return _LITERAL.sub(r"`\1`", text)


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """What a rule finds: ``summary`` in one line; ``doc`` (its module's docstring, whose first
    paragraph is the ``description``) why it matters and how to fix it."""

    id: str
    severity: Severity  # its default
    summary: str
    doc: str | None = field(default=None, repr=False)

    @property
    def description(self) -> str:
        return describe(self.doc) or self.summary

    def diagnostic(self, file: str, message: str, fix: str = "", **where: Unpack[Where]) -> Diagnostic:
        """A diagnostic of this rule, at its default severity unless ``where`` says another."""
        given: dict[str, Any] = {"rule": self.id, "severity": self.severity, "file": file, "message": message}
        given.update(fix=fix, **where)  # ``where`` may say another severity
        return Diagnostic(**given)


class Report(Value):
    """What a reporter renders: the diagnostics (sorted), the rules they belong to, and the context."""

    diagnostics: tuple[Diagnostic, ...]
    rules: Mapping[str, RuleInfo]
    root: str | None = None  # the folder relative file names start from (SARIF's %SRCROOT%)
    notes: tuple[str, ...] = ()  # what was not checked, and why
    checked: int | None = None  # how many files were checked, when it is known
    checked_what: str = "file"
    extra: Mapping[str, Any] = _value.field(default_factory=dict)  # more fields for the JSON report

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)
