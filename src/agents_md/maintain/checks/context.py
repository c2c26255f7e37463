"""What every rule reads: the root, the configuration, the docs, git's answers, and the views
of what the engine decided (its sessions, the imports it met, where docs stay hidden).

Each doc is read (through the engine's filesystem seam, as the repository holds it) and
scanned once for all rules. Git's answers (the diff, the history) are asked for when a rule
first needs them; the commands themselves were started before any rule ran, so they have
been working in the background meanwhile. Each view is built the first time a rule asks.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from typing import NamedTuple

from agents_md.diagnostics import RuleInfo
from agents_md.engine.content import decode
from agents_md.maintain.checks.governed import Governed
from agents_md.maintain.read.markdown import Item, scan
from agents_md.maintain.read.packages import MANIFESTS, Packages, manifests_on_disk
from agents_md.maintain.repo.config import Config
from agents_md.maintain.repo.files import DocIndex
from agents_md.maintain.repo.git import Git
from agents_md.maintain.repo.history import History
from agents_md.maintain.views import imports as imports_view
from agents_md.maintain.views import visibility as visibility_view
from agents_md.maintain.views.engine import EngineView
from agents_md.maintain.views.imports import ImportGraph
from agents_md.maintain.views.visibility import Visibility


class Changed(NamedTuple):
    """One file a diff touched."""

    path: str
    status: str  # git's letter: A added, D deleted, M modified, T type changed
    gitlink: bool = False  # a submodule's commit: another repository's files, moved


class Changes(NamedTuple):
    """The files a diff touched, what the diff was, and which changes say nothing about code."""

    changed: tuple[Changed, ...]
    against: str  # "the staged changes" or "origin/main...HEAD"
    settled: frozenset[str] = frozenset()  # version-only manifest changes; files git marks generated or vendored
    commits: int | None = None  # the commits of the range (None: the staged changes)
    # Which of the given files say in their first lines that a generator wrote them: read when
    # asked, for the few files that would count, not for the whole diff.
    headed: Callable[[Collection[str]], frozenset[str]] = lambda paths: frozenset()

    @property
    def files(self) -> tuple[str, ...]:
        return tuple(c.path for c in self.changed)


class CheckContext:
    """One check's inputs, each read once; ``notes`` gathers what could not be checked."""

    def __init__(
        self,
        *,
        root: str,
        config: Config,
        index: DocIndex,
        engine: EngineView,
        ignored: Callable[[str], bool],
        rules: Mapping[str, RuleInfo],
        git: Git | None = None,
        changes: Callable[[], Changes | None] = lambda: None,
        history: Callable[[], History | None] = lambda: None,
    ) -> None:
        self.root = root
        self.config = config
        self.index = index
        self.engine = engine
        self.ignored = ignored
        self.rules = rules  # every rule of the check, by id
        self.git = git
        self.changes = changes
        self.history = history
        self.notes: list[str] = []
        self._bytes: dict[str, bytes | None] = {}
        self._texts: dict[str, str | None] = {}
        self._scans: dict[str, list[Item]] = {}
        self._imports: ImportGraph | None = None
        self._packages: Packages | None = None
        self._visibility: Visibility | None = None
        self._governed: Governed | None = None

    def abs(self, rel: str) -> str:
        return self.index.abs(rel)

    def read(self, rel: str) -> bytes | None:
        """A doc's bytes (links followed), or ``None``: absent (a dangling link) silently, unreadable with a note."""
        if rel not in self._bytes:
            try:
                self._bytes[rel] = self.engine.fs.read_file(self.abs(rel))
            except OSError as exc:
                self._bytes[rel] = None
                self.notes.append(f"{rel}: cannot be read ({exc.strerror or exc}); not checked")
        return self._bytes[rel]

    def text(self, rel: str) -> str | None:
        """A doc's text, decoded as the engine decodes it; invalid UTF-8 is read as U+FFFD, with a note."""
        if rel not in self._texts:
            data = self.read(rel)
            text = None
            if data is not None:
                text, bad = decode(data)
                if bad:
                    self.notes.append(f"{rel}: not valid UTF-8; invalid bytes read as U+FFFD")
            self._texts[rel] = text
        return self._texts[rel]

    def scan(self, rel: str) -> list[Item]:
        if rel not in self._scans:
            text = self.text(rel)
            try:
                self._scans[rel] = scan(text) if text is not None else []
            except RecursionError as exc:  # engine.markdown.blocks.MAX_NESTING
                self._scans[rel] = []
                self.notes.append(f"{rel}: nested too deep to read ({exc}); its text not checked")
        return self._scans[rel]

    def docs(self) -> list[str]:
        """The folder docs to check (ignored ones left out): aliases included, reference docs not."""
        return [f for f in self.index.folder_docs() if not self.ignored(f)]

    def texts(self) -> list[str]:
        """Each folder doc's text once, by the file that holds it (ignored ones left out)."""
        return [f for f in self.index.texts() if not self.ignored(f)]

    def holder(self, rel: str) -> str:
        """The file holding a doc's text (itself, or a link's target)."""
        return self.index.holders.get(rel) or rel

    def also(self, holder: str) -> tuple[str, ...]:
        """The other names a holder's text is loaded under (links to it)."""
        return self.index.aliases(holder)

    def rel(self, path: str) -> str:
        """An absolute path as a root-relative one (``..`` parts when outside)."""
        rel = os.path.relpath(path, self.root).replace(os.sep, "/")
        return "" if rel == "." else rel

    @property
    def packages(self) -> Packages:
        """The packages a doc's words may name (``read.packages``): manifests listed once."""
        if self._packages is None:
            if self.git is not None:
                listed = self.git.ls_files([f"*{name}" for name in MANIFESTS])
            else:
                listed = manifests_on_disk(self.root)
            self._packages = Packages(self.root, listed)
        return self._packages

    @property
    def imports(self) -> ImportGraph:
        """Every import the engine met in the repository's docs (``views.imports``)."""
        if self._imports is None:
            self._imports = imports_view.build(self.engine, self.index)
        return self._imports

    @property
    def governed(self) -> Governed:
        """The docs as the git rules see them (``checks.governed``)."""
        if self._governed is None:
            self._governed = Governed(self)
        return self._governed

    @property
    def visibility(self) -> Visibility:
        """Which ``AGENTS.md`` Claude Code leaves out, and where (``views.visibility``)."""
        if self._visibility is None:
            self._visibility = visibility_view.build(self.engine, self.index, self.docs(), self.text)
        return self._visibility
