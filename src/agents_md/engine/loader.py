"""Loading one instruction file and, depth first, what it imports.

For a file at ``path`` of kind ``K``:

1. Skip it when its path, or the target of the link it is, was already loaded in this pass
   (each file loads once, so import cycles end), or when the import depth limit is reached.
   What a caller's loop holds already does not stop a pass: the caller drops those entries
   afterwards, and what they import is still followed (``engine.nested``).
2. Skip it when ``claudeMdExcludes`` matches it (never for managed files).
3. Read it, links followed; an imported name with a non-text extension is not read.
4. Process the text (front matter, HTML comments); nothing left means no entry (and none of
   its imports either).
   A path inside the repository (the checkout's root, else the cwd) whose real path leaves it
   is said as a warning; with ``outside_links="refuse"`` it is not read at all.
5. Emit its entry, then each import in order as an entry of the same kind, whose ``parent``
   is this file. An import outside the working directory needs approval (user files have it).

Every import met is recorded as an ``ImportEdge`` with what became of it, and every file
left out as a ``SkippedFile``: the views read these instead of reading the files again.
"""

from __future__ import annotations

import os

from agents_md._model import (
    ImportEdge,
    ImportOutcome,
    InstructionFile,
    Kind,
    Provenance,
    Reason,
    SkippedFile,
    SkipReason,
)
from agents_md._util.jstext import js_is_blank
from agents_md._util.std import Callable
from agents_md._value import Value
from agents_md.engine import content as content_mod
from agents_md.engine import imports as imports_mod
from agents_md.engine.checkout import checkout_root
from agents_md.engine.excludes import Excluder
from agents_md.engine.fs import FileSystem
from agents_md.engine.paths import is_inside
from agents_md.engine.settings import Settings

MAX_IMPORT_DEPTH = 5
FOLLOW, REFUSE = "follow", "refuse"  # what becomes of a link leaving the repository
OUTSIDE_LINKS = (FOLLOW, REFUSE)


class LoadedFile(Value):
    """An entry plus what the walk needs to know about it (e.g. a rule's ``paths:`` globs)."""

    file: InstructionFile
    globs: tuple[str, ...] | None = None


class LoadScope:
    """Where a session loads from: its filesystem, home and cwd (what is inside), its exclusions,
    and whether imports leaving the cwd are approved. Every pass of the session loads through it."""

    __slots__ = ("_repo", "approve_external", "cwd", "denied", "excluder", "fs", "home", "outside_links")

    def __init__(
        self,
        *,
        fs: FileSystem,
        home: str,
        cwd: str,
        excluder: Excluder,
        approve_external: bool,
        outside_links: str = FOLLOW,
        repo: str | None = None,
        denied: Callable[[str], bool] | None = None,
    ) -> None:
        self.fs = fs
        self.home = home
        self.cwd = cwd
        self.excluder = excluder
        # The files a Read permission rule refuses: the engine loads none of them (``permissions``).
        self.denied = denied
        self.approve_external = approve_external
        self.outside_links = outside_links
        self._repo = repo

    @property
    def repo(self) -> str:
        """The checkout the cwd is in (or the cwd), looked for on the first pass that meets a link:
        a disk failing there fails that pass, not the making of the scope (``engine.faults``)."""
        if self._repo is None:
            self._repo = checkout_root(self.fs, self.cwd) or self.cwd
        return self._repo

    @classmethod
    def of(
        cls,
        *,
        fs: FileSystem,
        home: str,
        cwd: str,
        settings: Settings,
        approve_external: bool,
        outside_links: str = FOLLOW,
        repo: str | None = None,
    ) -> LoadScope:
        """``repo``: the repository (the checkout's root, else the cwd) when the caller found it."""
        denied = None
        if any("permissions" in layer.values for layer in settings.layers):  # else their reading is not loaded
            from agents_md.engine.permissions import denier

            denied = denier(settings, cwd, home, fs.realpath)
        return cls(
            fs=fs,
            home=home,
            cwd=cwd,
            excluder=Excluder.from_settings(settings, fs),
            approve_external=approve_external,
            outside_links=outside_links,
            repo=repo,
            denied=denied,
        )

    def loader(self) -> Loader:
        """A new pass."""
        cwd = self.cwd
        return Loader(
            fs=self.fs,
            home=self.home,
            excluder=self.excluder,
            denied=self.denied,
            inside=lambda path: is_inside(path, cwd),
            approve_external=self.approve_external,
            find_repo=lambda: self.repo,
            refuse_outside=self.outside_links == REFUSE,
        )


def _globs(front_matter: str | None) -> tuple[str, ...] | None:
    """A rule's ``paths:`` globs (``engine.rules``, loaded only for a file with front matter)."""
    if front_matter is None:
        return None
    from agents_md.engine.rules import rule_globs

    return rule_globs(front_matter)


class Loader:
    """One pass of loading (a start, a Read, a plugin's lookup): what it loaded, left out and met."""

    __slots__ = (
        "_chain",
        "_on_chain",
        "approve_external",
        "denied",
        "edges",
        "excluder",
        "find_repo",
        "fs",
        "home",
        "inside",
        "loaded",
        "refuse_outside",
        "skipped",
        "warnings",
    )

    def __init__(
        self,
        *,
        fs: FileSystem,
        home: str,
        excluder: Excluder,
        inside: Callable[[str], bool],
        approve_external: bool = False,
        find_repo: Callable[[], str] | None = None,
        refuse_outside: bool = False,
        denied: Callable[[str], bool] | None = None,
    ) -> None:
        self.fs = fs
        self.home = home
        self.excluder = excluder
        self.denied = denied  # a Read permission rule refuses the path (``LoadScope.denied``)
        self.inside = inside  # is this path inside the working directories?
        self.approve_external = approve_external
        # The repository (asked once a link is met): a link inside it whose target leaves it is told.
        self.find_repo = find_repo
        self.refuse_outside = refuse_outside  # ... and, with this, not read
        self.loaded: set[str] = set()
        self.skipped: list[SkippedFile] = []
        self.warnings: list[str] = []
        self.edges: list[ImportEdge] = []
        self._chain: list[str] = []  # the files being loaded (real paths), importer above imported
        self._on_chain: set[str] = set()  # the same, by every spelling they were loaded under

    def _external_ok(self, kind: Kind, external_ok: bool | None) -> bool:
        """Whether imports may leave the working directories (user files may; others need approval)."""
        if external_ok is not None:
            return external_ok
        return kind is Kind.USER or self.approve_external

    def load(
        self, path: str, kind: Kind, provenance: Provenance, *, external_ok: bool | None = None
    ) -> list[LoadedFile]:
        """``path`` and what it imports, in load order (empty when it is left out)."""
        return self._load(path, kind, provenance, external_ok=external_ok, depth=0, parent=None)[0]

    def _skip(self, path: str, kind: Kind, reason: SkipReason, parent: str | None, detail: str = "") -> None:
        self.skipped.append(SkippedFile(path=path, kind=kind, reason=reason, via=parent, detail=detail))

    def _seen(self, key: str) -> ImportOutcome | None:
        """``None`` unless ``key`` was loaded already: a cycle when it is on the chain."""
        if key not in self.loaded:
            return None
        return ImportOutcome.CYCLE if key in self._on_chain else ImportOutcome.ALREADY

    def _load(
        self,
        path: str,
        kind: Kind,
        provenance: Provenance,
        *,
        external_ok: bool | None,
        depth: int,
        parent: str | None,
    ) -> tuple[list[LoadedFile], ImportOutcome]:
        if not self.fs.might_exist(path):
            if parent is not None:
                self._skip(path, kind, SkipReason.MISSING_IMPORT, parent)
            return [], ImportOutcome.MISSING
        key = os.path.normpath(path)
        seen = self._seen(key)
        if seen is not None:
            return [], seen
        if depth >= MAX_IMPORT_DEPTH:
            self._skip(path, kind, SkipReason.DEPTH, parent)
            return [], ImportOutcome.DEPTH
        if self.excluder.excludes(path, kind):
            self._skip(path, kind, SkipReason.EXCLUDED, parent)
            return [], ImportOutcome.EXCLUDED
        # The engine holds the managed and the user files (and what they import) to no Read rule
        # (g12_read_deny_managed_and_user_files, g12_read_deny_user_import).
        if self.denied is not None and kind is not Kind.MANAGED and kind is not Kind.USER and self.denied(key):
            self._skip(path, kind, SkipReason.DENIED, parent)
            return [], ImportOutcome.DENIED
        # Files are known by their real path (links anywhere along it resolved): that decides
        # "loaded already", "inside the working directory" and where relative imports start.
        real = self.fs.realpath(path)
        if real != key:
            # Another spelling of a file already loaded in this pass.
            seen = self._seen(real) if parent is not None else (ImportOutcome.ALREADY if real in self.loaded else None)
            if seen is not None:
                return [], seen
        if parent is not None and real != key and not self._external_ok(kind, external_ok) and not self.inside(real):
            self._skip(path, kind, SkipReason.EXTERNAL_IMPORT, parent, f"resolves to {real}")
            return [], ImportOutcome.EXTERNAL
        if not self._admits(path, key, real, kind, parent):
            return [], ImportOutcome.EXTERNAL
        self.loaded.add(key)
        self.loaded.add(real)
        if not imports_mod.is_text_file_name(path):
            self._skip(path, kind, SkipReason.NOT_TEXT, parent)
            return [], ImportOutcome.NOT_TEXT
        try:
            data = self.fs.read_file(real)
        except OSError as exc:
            self._skip(path, kind, SkipReason.UNREADABLE, parent, exc.strerror or str(exc))
            self.warnings.append(f"{path}: cannot be read ({exc.strerror or exc}); skipped")
            return [], ImportOutcome.UNREADABLE
        if data is None:
            if parent is not None:
                self._skip(path, kind, SkipReason.MISSING_IMPORT, parent)
            return [], ImportOutcome.MISSING
        try:
            processed = content_mod.process(data)
        except RecursionError:
            self._skip(path, kind, SkipReason.UNREADABLE, parent, "nested too deep to read")
            self.warnings.append(f"{path}: nested too deep to read (quotes or lists); skipped")
            return [], ImportOutcome.UNREADABLE
        if processed.had_decode_errors:
            self.warnings.append(f"{path}: not valid UTF-8; invalid bytes read as U+FFFD")
        if js_is_blank(processed.text):
            self._skip(path, kind, SkipReason.EMPTY, parent)
            return [], ImportOutcome.EMPTY
        entry = InstructionFile(
            path=path, kind=kind, content=processed.text, parent=parent, provenance=provenance, size=len(data)
        )
        out = [LoadedFile(file=entry, globs=_globs(processed.front_matter))]
        try:
            sites = imports_mod.import_sites(processed.body)
        except RecursionError:
            sites = ()
            self.warnings.append(f"{path}: nested too deep to find its @imports (quotes or lists); none followed")
        if sites:
            self._chain.append(real)
            spellings = {key, real} - self._on_chain
            self._on_chain |= spellings
            try:
                out += self._imports(entry, real, processed, sites, external_ok=external_ok, depth=depth)
            finally:
                self._chain.pop()
                self._on_chain -= spellings
        return out, ImportOutcome.LOADED

    def admits_folder(self, path: str, kind: Kind) -> bool:
        """Whether the files of the folder ``path`` may load (step 3, for a linked rules folder)."""
        return self._admits(path, os.path.normpath(path), self.fs.realpath(path), kind, None)

    def _admits(self, path: str, key: str, real: str, kind: Kind, parent: str | None) -> bool:
        """Step 3: a link inside the repository whose target leaves it is said, and refused if asked."""
        if real == key or self.find_repo is None:
            return True
        repo = self.find_repo()  # only for a link: a pass that meets none does not depend on it
        if not is_inside(key, repo) or is_inside(real, repo):
            return True
        if self.refuse_outside:
            self._skip(path, kind, SkipReason.OUTSIDE_LINK, parent, f"resolves to {real}")
            self.warnings.append(f"{path}: links outside the repository, to {real}; refused (outside_links)")
            return False
        self.warnings.append(f"{path}: links outside the repository, to {real}; read as the engine does")
        return True

    def _imports(
        self,
        entry: InstructionFile,
        real: str,
        processed: content_mod.Processed,
        sites: tuple[imports_mod.ImportSite, ...],
        *,
        external_ok: bool | None,
        depth: int,
    ) -> list[LoadedFile]:
        """Step 5: each import of ``entry`` (at ``real``), in order, each target once."""
        out: list[LoadedFile] = []
        allow_external = self._external_ok(entry.kind, external_ok)
        targets: set[str] = set()
        for site in sites:
            target = imports_mod.resolve(site.path, real, self.home)
            if target in targets:
                continue
            targets.add(target)
            if not allow_external and not self.inside(target):
                if os.path.normpath(target) in self.loaded:
                    outcome = ImportOutcome.ALREADY
                else:
                    outcome = ImportOutcome.EXTERNAL
                    self._skip(target, entry.kind, SkipReason.EXTERNAL_IMPORT, entry.path)
            else:
                loaded, outcome = self._load(
                    target,
                    entry.kind,
                    Provenance(reason=Reason.IMPORT, via=entry.path),
                    external_ok=external_ok,
                    depth=depth + 1,
                    parent=entry.path,
                )
                out += loaded
            chain: tuple[str, ...] = ()
            if outcome is ImportOutcome.CYCLE:
                real_target = self.fs.realpath(target)
                start = self._chain.index(real_target) if real_target in self._chain else 0
                chain = tuple(self._chain[start:])
            self.edges.append(
                ImportEdge(
                    importer=entry.path,
                    written=site.path,
                    target=target,
                    outcome=outcome,
                    line=site.line + processed.body_line,
                    column=site.column,
                    chain=chain,
                )
            )
        return out
