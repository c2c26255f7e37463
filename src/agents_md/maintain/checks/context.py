"""What every rule reads: the root, the configuration, the docs, git's answers, the engine's view.

Each doc is read and scanned once for all rules. Git's answers (the diff, the history) are
asked for when a rule first needs them; the commands themselves were started before any rule
ran, so they have been working in the background meanwhile.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass, field

from agents_md.maintain.checks.config import Config
from agents_md.maintain.read.markdown import Item, scan
from agents_md.maintain.repo.files import DocIndex
from agents_md.maintain.repo.git import Git
from agents_md.maintain.repo.history import History
from agents_md.maintain.views.engine import EngineView


@dataclass(slots=True, kw_only=True)
class Changes:
    """The files a diff touched, and what the diff was."""

    files: tuple[str, ...]
    against: str  # "the staged changes" or "origin/main...HEAD"


@dataclass(slots=True, kw_only=True)
class CheckContext:
    root: str
    config: Config
    index: DocIndex
    engine: EngineView
    ignored: Callable[[str], bool]
    git: Git | None = None
    changes: Callable[[], Changes | None] = lambda: None
    history: Callable[[], History | None] = lambda: None
    notes: list[str] = field(default_factory=list)
    shared: dict[str, object] = field(default_factory=dict)  # what one rule computed for another
    _bytes: dict[str, bytes | None] = field(default_factory=dict)
    _texts: dict[str, str | None] = field(default_factory=dict)
    _scans: dict[str, list[Item]] = field(default_factory=dict)

    def abs(self, rel: str) -> str:
        return self.index.abs(rel)

    def read(self, rel: str) -> bytes | None:
        """A doc's bytes (links followed), or ``None``: absent (a dangling link) silently, unreadable with a note."""
        if rel not in self._bytes:
            try:
                with open(self.abs(rel), "rb") as handle:
                    self._bytes[rel] = handle.read()
            except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
                self._bytes[rel] = None
            except OSError as exc:
                self._bytes[rel] = None
                if exc.errno != errno.ELOOP:
                    self.notes.append(f"{rel}: cannot be read ({exc.strerror or exc}); not checked")
        return self._bytes[rel]

    def text(self, rel: str) -> str | None:
        """A doc's text; invalid UTF-8 is read as U+FFFD, with a note."""
        if rel not in self._texts:
            data = self.read(rel)
            text = None
            if data is not None:
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    text = data.decode("utf-8", "replace")
                    self.notes.append(f"{rel}: not valid UTF-8; invalid bytes read as U+FFFD")
            self._texts[rel] = text
        return self._texts[rel]

    def scan(self, rel: str) -> list[Item]:
        if rel not in self._scans:
            text = self.text(rel)
            self._scans[rel] = scan(text) if text is not None else []
        return self._scans[rel]

    def docs(self) -> list[str]:
        """The instruction files to check (ignored ones left out)."""
        return [f for f in self.index.files if not self.ignored(f)]

    def rel(self, path: str) -> str:
        """An absolute path as a root-relative one (``..`` parts when outside)."""
        rel = os.path.relpath(path, self.root).replace(os.sep, "/")
        return "" if rel == "." else rel
