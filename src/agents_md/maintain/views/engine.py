"""What Claude Code loads, asked of the engine itself: sessions over the repository as checked in.

Every question goes to ``agents_md.Session`` — there is no second discovery here:

- "what loads when Claude Code starts in D": ``Session(cwd=D, ...).files`` and ``.claude_md``;
- "what a Read of a file in D attaches": a session at the root, ``.read(path)``.

Many sessions are computed in a forked worker process while the other rules run
(``prefetch``); what it sends is what ``start`` would have computed here.

The sessions see the repository as a fresh clone shows it (``RepoFS``): nothing outside the
root (no parent folder's ``CLAUDE.md``, an empty home, no managed policy), no untracked
instruction file (a personal ``CLAUDE.local.md`` does not count), and — since nothing
changes while a check runs — each directory listed and each file read once for all sessions.
They seat the built-in ``agents-md`` plugin only: the repository is checked as Claude Code
ships, not as this machine's other plugins would change it.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from typing import Any

from agents_md._model import ImportEdge, InstructionFile, SkipReason
from agents_md._util.jstext import js_trim
from agents_md._value import Value
from agents_md.host.plugins import PluginSpec
from agents_md.host.session import Session
from agents_md.maintain.repo.fs import RepoFS
from agents_md.plugins.agents_md import AND_AGENTS_MD, BUILTIN_KEY, NAME, OPTION_KEY, StoodDown, plugin_factory

AND_MODE = AND_AGENTS_MD
# The home is empty, so the auto memory never holds anything: not looking for it changes nothing.
SESSION_ENV = {"CLAUDE_CODE_DISABLE_AUTO_MEMORY": "1"}
PARALLEL_MIN = 64  # directories: below this, a worker process costs more than it saves
PARALLEL_CPUS = 4  # git log takes one CPU and the rules another: a worker needs a third (and a fourth)


class Start(Value):
    """What Claude Code starts with in a directory."""

    directory: str  # absolute
    files: tuple[InstructionFile, ...]
    claude_md: str | None
    paths: frozenset[str]  # every file's path and the path its link points at
    texts: frozenset[str]  # every file's text, trimmed
    external: dict[str, str]  # an import left out for leaving the working directory -> its importer
    imports: tuple[ImportEdge, ...]  # every import the engine met
    stood_down: StoodDown | None  # the plugin's record, when the default mode left the start to the engine

    def loads(self, path: str, text: str | None = None) -> bool:
        """Whether ``path`` loads: by path, by the file a link points at, or (given ``text``) by its text."""
        if path in self.paths or os.path.realpath(path) in self.paths:
            return True
        trimmed = js_trim(text) if text is not None else ""
        return bool(trimmed) and trimmed in self.texts

    @property
    def block_bytes(self) -> int:
        return len((self.claude_md or "").encode())


class EngineView:
    """Sessions of the engine over one repository, each computed once."""

    def __init__(self, root: str, hidden: Callable[[str], bool], watch: frozenset[str] | None = None) -> None:
        self.root = root
        self._tmp = tempfile.gettempdir()
        self.home = os.path.join(self._tmp, "agents-md-check-empty-home")
        self.managed_dir = os.path.join(self._tmp, "agents-md-check-no-managed-policy")
        self.fs = RepoFS(root, hidden, watch)  # the home and the policy folder are outside the root: absent
        self._starts: dict[tuple[str, str | None, bool], Start] = {}
        self._root_session: Session | None = None
        self._attached: set[str] = set()
        self._pending: tuple[Any, Any] | None = None  # a worker computing starts: (process, connection)

    def prefetch(self, directories: Sequence[str], *, force: bool = False) -> bool:
        """Have a forked worker compute the default-mode starts of ``directories`` while the caller goes on.

        Only where it helps and is safe: many directories (or ``force``), more than one CPU, the
        ``fork`` start method, and no other thread running. ``False`` when not started; ``start``
        then computes each one here, as it does anyway for any start the worker did not send.
        """
        if self._pending is not None or not directories:
            return False
        if not force and (len(directories) < PARALLEL_MIN or (os.cpu_count() or 1) < PARALLEL_CPUS):
            return False
        if threading.active_count() > 1:
            return False
        import multiprocessing

        try:
            context = multiprocessing.get_context("fork")
        except ValueError:
            return False
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_compute_starts, args=(self, list(directories), send), daemon=True)
        process.start()
        send.close()
        self._pending = (process, receive)
        return True

    def _collect(self) -> None:
        assert self._pending is not None
        process, receive = self._pending
        self._pending = None
        try:
            starts = receive.recv()
        except (EOFError, OSError):
            starts = []  # the worker is gone: every start is computed here instead
        finally:
            receive.close()
            process.join()
        for start in starts if isinstance(starts, list) else ():
            self._starts.setdefault((start.directory, None, False), start)

    def _session(self, cwd: str, mode: str | None = None, *, approve: bool = False) -> Session:
        args: list[str] = []
        if mode is not None:
            settings = {"pluginConfigs": {BUILTIN_KEY: {"options": {OPTION_KEY: mode}}}}
            args = ["--settings", json.dumps(settings)]
        return Session(
            cwd=cwd,
            home=self.home,
            managed_dir=self.managed_dir,
            env=SESSION_ENV,
            args=args,
            fs=self.fs,
            approve_external_imports=approve,
            plugins=[PluginSpec(name=NAME, plugin=plugin_factory(), builtin=True)],
        )

    def start(self, directory: str, mode: str | None = None, *, approve: bool = False) -> Start:
        """What Claude Code starts with in ``directory`` (absolute), in the default mode or ``mode``; with
        ``approve``, as after the person approved imports from outside the working directory."""
        key = (directory, mode, approve)
        found = self._starts.get(key)
        if found is None and self._pending is not None:
            self._collect()
            found = self._starts.get(key)
        if found is None:
            context = self._session(directory, mode, approve=approve).start()
            files = context.files
            paths = {f.path for f in files} | {self.fs.realpath(f.path) for f in files}
            found = self._starts[key] = Start(
                directory=directory,
                files=files,
                claude_md=context.claude_md,
                paths=frozenset(paths),
                texts=frozenset(js_trim(f.content) for f in files),
                external={s.path: s.via or "" for s in context.skipped if s.reason is SkipReason.EXTERNAL_IMPORT},
                imports=context.imports,
                stood_down=next(
                    (r.value for r in context.records if r.source == NAME and isinstance(r.value, StoodDown)), None
                ),
            )
        return found

    def attached_on_read(self, path: str) -> frozenset[str]:
        """Every file attached by Reads so far in a session at the root, after a Read of ``path``."""
        if self._root_session is None:
            self._root_session = self._session(self.root)
        result = self._root_session.read(path)
        self._attached.update(f.path for f in result.files)
        self._attached.update(os.path.realpath(f.path) for f in result.files)
        return frozenset(self._attached)


def _compute_starts(view: EngineView, directories: list[str], conn: Any) -> None:
    """In the forked worker: every start, sent back at once (nothing, if one fails: the parent redoes them)."""
    try:
        starts = [view.start(d) for d in directories]
    except Exception:
        starts = []
    try:
        conn.send(starts)
    finally:
        conn.close()
