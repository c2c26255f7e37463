"""What a hook sees of the session: the engine's public nouns for plugins, read-only.

``cwd`` and ``root`` (session.cwd, session.root), ``env`` (env.get), ``settings`` (read-only
layers), ``ancestors`` (fs.ancestors: named files from the filesystem root to the cwd, or
below the cwd down to a read file, each with its imports apart), ``log`` (ui.log),
``record`` (a decision kept as data) and ``telemetry`` (telemetry.log / telemetry.mark,
dropped when no provider is seated).

A plugin changes outcomes only through its answers: the session is frozen, and what it
writes (lines for the person, records, what its lookups left out) goes to a ``Journal`` the
engine reads after the event.
"""

from __future__ import annotations

import os

from agents_md._model import ImportEdge, InstructionFile, Kind, Notice, Provenance, Reason, Record, SkippedFile
from agents_md._util.env import env_truthy
from agents_md._util.jstext import js_trim
from agents_md._util.std import Callable, Mapping, Sequence
from agents_md._value import Value
from agents_md.engine.events import Telemetry
from agents_md.engine.fs import SessionFS
from agents_md.engine.loader import LoadScope
from agents_md.engine.paths import dirs_between, is_inside, normal, path_chain
from agents_md.engine.settings import PROJECT, Settings

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md.engine.lookup_memory import LookupMemory


class FoundFile(Value):
    """A file ``ancestors`` found, apart from the files it imports."""

    directory: str
    file: InstructionFile
    imports: tuple[InstructionFile, ...]

    @property
    def all(self) -> tuple[InstructionFile, ...]:
        return (self.file, *self.imports)


# What a lookup found, left out, met and found wrong (``HookSession.files_in``).
Found = tuple[tuple[FoundFile, ...], tuple[SkippedFile, ...], tuple[ImportEdge, ...], tuple[str, ...]]

# Either switch stops every attachment after a Read (read on every Read, as the engine does).
ATTACHMENTS_OFF_ENVS = ("CLAUDE_CODE_DISABLE_ATTACHMENTS", "CLAUDE_CODE_SIMPLE")


def attachments_on(env: Mapping[str, str], instruction_files_enabled: bool) -> bool:
    """Whether a Read attaches anything now."""
    off_a, off_b = ATTACHMENTS_OFF_ENVS  # asked on every Read, where mostly neither is set
    if off_a not in env and off_b not in env:
        return instruction_files_enabled
    return instruction_files_enabled and not (env_truthy(env, off_a) or env_truthy(env, off_b))


class Journal:
    """What the plugins wrote, in order, until the engine takes it (after each event)."""

    __slots__ = ("failures", "imports", "notices", "records", "skipped", "warnings")

    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.failures: list[Notice] = []  # telemetry providers that failed
        self.records: list[Record] = []
        self.skipped: list[SkippedFile] = []  # what the plugins' lookups left out
        self.imports: list[ImportEdge] = []  # the imports their lookups met
        self.warnings: list[str] = []  # what their lookups found wrong (a link leaving the repository)

    def take(self) -> tuple[tuple[Notice, ...], tuple[Record, ...]]:
        """The lines told and the records kept since the last take (a Read's session is reused)."""
        told = (*self.notices, *self.failures)
        records = tuple(self.records)
        for entries in (self.notices, self.failures, self.records, self.skipped, self.imports, self.warnings):
            entries.clear()
        return told, records


class Lookups:
    """The engine's services behind a hook session (not for plugins: use the session's methods).

    ``memory``: where a start's lookups are remembered beyond it (``shared_lookups``), keyed by
    ``key`` and the lookup's own arguments; a session's Reads have a memory of their own.
    """

    __slots__ = ("journal", "key", "memory", "plugin_key", "scope")

    def __init__(
        self,
        *,
        scope: LoadScope,
        plugin_key: Callable[[str], str],
        journal: Journal,
        memory: LookupMemory | None = None,
        key: tuple[object, ...] = (),
        remember_reads: bool = True,
    ) -> None:
        self.scope = scope
        self.plugin_key = plugin_key
        self.journal = journal
        self.memory = memory
        self.key = key
        # A session's Reads ask the same lookups again: answered from memory while the disk holds
        # (``remember_reads`` false: a host whose session answers one Read, and there is no again).
        if memory is None and remember_reads and isinstance(scope.fs, SessionFS):
            from agents_md.engine.lookup_memory import LookupMemory  # a start's listing has no Reads to serve

            self.memory = LookupMemory(scope.fs)


class HookSession:
    """The session as a plugin sees it: read-only (setting an attribute raises ``AttributeError``)."""

    __slots__ = (
        "add_dirs",
        "context_reason",
        "cwd",
        "env",
        "home",
        "instruction_files_enabled",
        "interactive",
        "lookups",
        "profile",
        "root",
        "settings",
        "shadowed",
        "telemetry",
    )
    cwd: str
    root: str
    home: str
    env: Mapping[str, str]  # read-only
    settings: Settings  # read-only layers
    instruction_files_enabled: bool
    interactive: bool
    telemetry: Telemetry
    profile: str  # "reference" or "complete"
    context_reason: str  # why prompt.context runs: start, compact, clear or cd
    add_dirs: tuple[str, ...]  # added directories whose instruction files load
    shadowed: frozenset[str]  # folders on the path whose project files do not load (``engine.checkout``)
    lookups: Lookups  # the engine's, not the plugin's

    def __init__(
        self,
        *,
        cwd: str,
        root: str,
        home: str,
        env: Mapping[str, str],
        settings: Settings,
        instruction_files_enabled: bool,
        interactive: bool,
        telemetry: Telemetry,
        lookups: Lookups,
        profile: str = "reference",
        context_reason: str = "start",
        add_dirs: tuple[str, ...] = (),
        shadowed: frozenset[str] = frozenset(),
    ) -> None:
        values = dict(locals())
        for name in self.__slots__:
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the hook session is read-only: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the hook session is read-only: {name} cannot be deleted")

    @property
    def attachments_enabled(self) -> bool:
        """Whether Reads attach nested files now (neither attachments switch is on)."""
        return attachments_on(self.env, self.instruction_files_enabled)

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
        return self.lookups.scope.fs.realpath(path)

    def plugin_key(self, name: str) -> str:
        """The key a plugin's options are stored under (``name@builtin`` for built-ins)."""
        return self.lookups.plugin_key(name)

    def log(self, source: str, text: str, *, level: str = "info") -> None:
        """ui.log: a line for the person, kept in order and returned by the library."""
        self.lookups.journal.notices.append(Notice(source=source, text=text, level=level))

    def record(self, source: str, value: object) -> None:
        """Keep a decision as data (a frozen value): views read it instead of deciding again."""
        self.lookups.journal.records.append(Record(source=source, value=value))

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

        Without ``below``: every directory from the filesystem root down to the cwd, but the
        ``shadowed`` ones (a main checkout's folders above the linked worktree the cwd is in). With
        ``below`` (a read file): the directories strictly between ``base`` (the cwd unless
        given, e.g. an added directory) and that file. Excluded files are left out;
        ``skip(directory)`` lets the caller pass a directory by. Finds nothing while
        instruction files are off, nor (unless ``respect_sources`` is false) while the
        ``project`` setting source is off.
        """
        if below is None:
            chain = (
                [d for d in path_chain(self.cwd) if d not in self.shadowed] if self.shadowed else path_chain(self.cwd)
            )
            return self.files_in(chain, names, plugin=plugin, skip=skip, respect_sources=respect_sources)
        root = normal(base or self.cwd)
        directories = dirs_between(root, os.path.dirname(normal(below)))
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
        lookups = self.lookups
        kept = tuple(directories) if skip is None else tuple(d for d in directories if not skip(d))
        memory = lookups.memory

        def look() -> Found:
            return self._look(lookups, kept, names, plugin)

        if memory is None:
            found, skipped, edges, warnings = look()
        else:
            key = (*lookups.key, kept, tuple(names), plugin)
            found, skipped, edges, warnings = memory.answer(key, look, lookups.scope.fs)  # type: ignore[arg-type]
        lookups.journal.skipped.extend(skipped)
        lookups.journal.imports.extend(edges)
        lookups.journal.warnings.extend(warnings)
        return found

    @staticmethod
    def _look(lookups: Lookups, directories: Sequence[str], names: Sequence[str], plugin: str) -> Found:
        """The lookup itself: what it found, left out, met and found wrong."""
        loader = lookups.scope.loader()
        found: list[FoundFile] = []
        provenance = Provenance(reason=Reason.PLUGIN, via=plugin)
        approve = lookups.scope.approve_external
        fs = lookups.scope.fs
        firsts = frozenset(name.split(os.sep, 1)[0] for name in names)  # what a listing is asked for
        for directory in directories:
            if not fs.might_hold_any(directory, firsts):
                continue
            for name in names:
                if not fs.might_hold(directory, name):
                    continue
                loaded = loader.load(os.path.join(directory, name), Kind.PROJECT, provenance, external_ok=approve)
                if loaded:
                    found.append(
                        FoundFile(directory=directory, file=loaded[0].file, imports=tuple(lf.file for lf in loaded[1:]))
                    )
        return tuple(found), tuple(loader.skipped), tuple(loader.edges), tuple(loader.warnings)
