"""What a hook sees of the session: the engine's public nouns for plugins.

``cwd`` and ``root`` (session.cwd, session.root), ``env`` (env.get), ``settings`` (read-only
layers), ``ancestors`` (fs.ancestors: named files from the filesystem root to the cwd, or
below the cwd down to a read file, each with its imports apart), ``log`` (ui.log) and
``telemetry`` (telemetry.log / telemetry.mark, dropped when no provider is seated).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from agents_md._model import InstructionFile, Kind, Notice, Provenance, Reason, SkippedFile
from agents_md._util.jstext import js_trim
from agents_md.engine.bus import HookBus, TelemetryMark, TelemetryRow
from agents_md.engine.excludes import Excluder
from agents_md.engine.fs import FileSystem
from agents_md.engine.loader import Loader
from agents_md.engine.settings import PROJECT, Settings
from agents_md.engine.walk import dirs_between, env_truthy, is_inside, path_chain


@dataclass(frozen=True, slots=True, kw_only=True)
class FoundFile:
    """A file ``ancestors`` found, apart from the files it imports."""

    directory: str
    file: InstructionFile
    imports: tuple[InstructionFile, ...]

    @property
    def all(self) -> tuple[InstructionFile, ...]:
        return (self.file, *self.imports)


class Telemetry:
    def __init__(self, bus: HookBus) -> None:
        self._bus = bus

    def log(self, name: str, **fields: str | int | bool) -> None:
        if self._bus.has("telemetry_log"):
            self._bus.notify("telemetry.log", row=TelemetryRow(name=name, fields=tuple(fields.items())))

    def mark(self, name: str, *, ok: bool, reason: str | None = None) -> None:
        if self._bus.has("telemetry_mark"):
            self._bus.notify("telemetry.mark", mark=TelemetryMark(name=name, ok=ok, reason=reason))


class HookSession:
    """The session as a plugin sees it. Plugins change outcomes only through their answers."""

    def __init__(
        self,
        *,
        fs: FileSystem,
        cwd: str,
        root: str,
        home: str,
        env: Mapping[str, str],
        settings: Settings,
        instruction_files_enabled: bool,
        approve_external_imports: bool,
        interactive: bool,
        bus: HookBus,
        notices: list[Notice],
        plugin_key: Callable[[str], str],
        profile: str = "reference",
        add_dirs: tuple[str, ...] = (),
    ) -> None:
        self._fs = fs
        self.cwd = cwd
        self.root = root
        self.home = home
        self.env: Mapping[str, str] = dict(env)
        self.settings = settings
        self.instruction_files_enabled = instruction_files_enabled
        self.interactive = interactive
        self._approve = approve_external_imports
        self._notices = notices
        self._excluder = Excluder.from_settings(settings)
        self.telemetry = Telemetry(bus)
        self._plugin_key = plugin_key
        self.profile = profile  # "reference" or "complete"
        self.context_reason = "start"  # why prompt.context runs: start, compact, clear or cd
        self.skipped: list[SkippedFile] = []  # what the plugins' lookups considered and left out
        self.add_dirs = add_dirs  # added directories whose instruction files load

    @property
    def chain(self) -> list[str]:
        """The directories from just below the filesystem root down to the cwd."""
        return path_chain(self.cwd)

    @staticmethod
    def inside(path: str, directory: str) -> bool:
        """Whether ``path`` is ``directory`` or below it (by spelling)."""
        return is_inside(path, directory)

    @staticmethod
    def text_key(text: str) -> str:
        """What two instruction files' texts are compared by: the text as the start block trims it."""
        return js_trim(text)

    def flag(self, name: str) -> bool:
        """An environment switch, read as the engine reads its own (1, true, yes, on)."""
        return env_truthy(self.env, name)

    def real(self, path: str) -> str:
        """``path`` with its links resolved, through the session's filesystem."""
        return self._fs.realpath(path)

    def plugin_key(self, name: str) -> str:
        """The key a plugin's options are stored under (``name@builtin`` for built-ins)."""
        return self._plugin_key(name)

    def log(self, source: str, text: str, *, level: str = "info") -> None:
        """ui.log: a line for the person, kept in order and returned by the library."""
        self._notices.append(Notice(source=source, text=text, level=level))

    def ancestors(
        self,
        names: Sequence[str],
        *,
        plugin: str,
        below: str | None = None,
        base: str | None = None,
        skip: Callable[[str], bool] | None = None,
        respect_sources: bool = True,
    ) -> tuple[FoundFile, ...]:
        """Files called ``names`` in each directory, each with its imports (kind ``project``).

        Without ``below``: every directory from the filesystem root down to the cwd. With
        ``below`` (a read file): the directories strictly between ``base`` (the cwd unless
        given, e.g. an added directory) and that file. Excluded files are left out;
        ``skip(directory)`` lets the caller pass a directory by. Finds nothing while
        instruction files are off, nor (unless ``respect_sources`` is false) while the
        ``project`` setting source is off.
        """
        if below is None:
            return self.files_in(path_chain(self.cwd), names, plugin=plugin, skip=skip, respect_sources=respect_sources)
        root = os.path.normpath(base or self.cwd)
        directories = dirs_between(root, os.path.dirname(os.path.normpath(below)))
        return self.files_in(directories, names, plugin=plugin, skip=skip, respect_sources=respect_sources)

    def files_in(
        self,
        directories: Sequence[str],
        names: Sequence[str],
        *,
        plugin: str,
        skip: Callable[[str], bool] | None = None,
        respect_sources: bool = True,
    ) -> tuple[FoundFile, ...]:
        """Files called ``names`` in exactly these directories, in order, each with its imports."""
        if not self.instruction_files_enabled:
            return ()
        if respect_sources and not self.settings.source_enabled(PROJECT):
            return ()
        loader = Loader(
            fs=self._fs,
            home=self.home,
            excluder=self._excluder,
            inside=lambda p: is_inside(p, self.cwd),
            approve_external=self._approve,
        )
        found: list[FoundFile] = []
        provenance = Provenance(reason=Reason.PLUGIN, via=plugin)
        for directory in directories:
            if skip is not None and skip(directory):
                continue
            for name in names:
                if not self._fs.might_hold(directory, name):
                    continue
                loaded = loader.load(os.path.join(directory, name), Kind.PROJECT, provenance, external_ok=self._approve)
                if loaded:
                    found.append(
                        FoundFile(directory=directory, file=loaded[0].file, imports=tuple(lf.file for lf in loaded[1:]))
                    )
        self.skipped += loader.skipped
        return tuple(found)
