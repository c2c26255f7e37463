"""What a rule may say of a diagnostic besides its file, message and fix (for type checkers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from agents_md.diagnostics.severity import Severity

if TYPE_CHECKING:
    from agents_md.diagnostics.edit import Edit


class Where(TypedDict, total=False):
    """What a rule may say of a diagnostic besides its file, message and fix."""

    line: int | None
    column: int | None
    key: str
    subject: str
    severity: Severity
    tags: frozenset[str]
    also: tuple[str, ...]
    about: tuple[str, ...]
    edits: tuple[Edit, ...]
