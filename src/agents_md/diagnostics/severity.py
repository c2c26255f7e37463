"""How much a diagnostic matters: an error fails the run, a warning asks for a look, info tells."""

from __future__ import annotations

from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value
