"""A conversation loop: the main loop or a subagent's, and what each Read attaches in it.

A loop remembers which nested files it was given. A non-fork subagent starts with an empty
memory (it is handed nested files again); a fork starts with a copy of its parent's (it is
not handed what the parent already had, and what it gets is not the parent's).

``/compact`` keeps only what the engine restores as reads (``Loop.compacted``): of the files
read and given, the five most recently used, as the engine orders them:

1. Each file read (the Read succeeded) and each nested file given is used when it is, the most
   recent first: the read file, then (after the request that carries its result) the nested
   files given for it, in order.
2. Every request the loop sends turns that order round (newest last, oldest first): one at the
   start of each user turn, and one after each tool call.
3. At ``/compact`` the files are ranked by their modification time in whole milliseconds, the
   newest first, equal times in that order; the first five are kept (g7_compact_keeps_five*).
"""

from __future__ import annotations

import os

from agents_md._model import InstructionFile, Notice, Record
from agents_md._util.std import Callable, Mapping, Sequence
from agents_md._value import Value
from agents_md.engine.bus import HookBus
from agents_md.engine.events import ToolCall
from agents_md.engine.hook_session import HookSession, Journal
from agents_md.engine.paths import within
from agents_md.engine.read_limit import refused_name, too_large, unreadable

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any

    from agents_md.engine.fs import SessionFS
    from agents_md.engine.nested import NestedFinder
    from agents_md.engine.read_memory import KeptRead, ReadMemory

# The hook session for a call, and the journal its plugins write to (read after the call).
SessionFactory = Callable[[], tuple[HookSession, Journal]]


class ReadResult(Value):
    """What the engine appends after a Read's tool result, in order."""

    path: str
    engine_files: tuple[InstructionFile, ...]  # the engine's nested files, one block each
    hook_files: tuple[tuple[str, tuple[InstructionFile, ...]], ...]  # (plugin, files) per answer
    notices: tuple[Notice, ...] = ()  # what the plugins told the person during the call, failures included
    records: tuple[Record, ...] = ()  # what the plugins decided, as data
    # Where the engine saves a context too long for the conversation (``engine.spill``): the
    # session's tool-results folder and this call's seed for the file names; None: kept whole.
    spill: tuple[str, int] | None = None
    mention: bool = False  # a prompt's @-mention, not a Read: the plugins' texts say ``prompt.mention``

    @property
    def hook_prefix(self) -> str:
        from agents_md.engine import render

        return render.MENTION_PREFIX if self.mention else render.HOOK_PREFIX

    @property
    def engine_blocks(self) -> tuple[str, ...]:
        from agents_md.engine import render  # rendered when asked: the hook sends the files' own text

        return render.engine_nested_blocks(self.engine_files) if self.engine_files else ()

    @property
    def hook_texts(self) -> tuple[str, ...]:
        from agents_md.engine import render

        prefix = self.hook_prefix
        texts = tuple(t for _, files in self.hook_files if (t := render.hook_attachment(files, prefix)) is not None)
        if self.spill is None or not texts:
            return texts
        from agents_md.engine import spill

        # One context per file, all the call's in one dispatch (``engine.spill``); each plugin's
        # joined by a line break as before.
        groups = [[render.hook_entry(f) for f in files] for _, files in self.hook_files if files]
        shown = spill.dispatch([e for group in groups for e in group], *self.spill)
        out = []
        for group in groups:
            taken, shown = shown[: len(group)], shown[len(group) :]
            if taken:
                out.append(prefix + "\n".join(taken))
        return tuple(out)

    @property
    def hook_text(self) -> str | None:
        """The plugin attachment (the ``tool.call`` message; ``prompt.mention`` for a mention), or ``None``."""
        texts = self.hook_texts
        return "\n\n".join(texts) if texts else None

    @property
    def blocks(self) -> tuple[str, ...]:
        """Every block appended, in order: the engine's nested blocks, then the plugin attachment."""
        hook_text = self.hook_text
        return (*self.engine_blocks, hook_text) if hook_text is not None else self.engine_blocks

    @property
    def files(self) -> tuple[InstructionFile, ...]:
        if not self.hook_files:  # most Reads have none (asked after every Read)
            return self.engine_files
        return self.engine_files + tuple(f for _, files in self.hook_files for f in files)


class Loop:
    """One loop of a session; ``read`` is called after each Read tool call."""

    __slots__ = (
        "_given_now",
        "_last_state",
        "attached",
        "attachments_enabled",
        "bus",
        "children",
        "cwd",
        "delivered",
        "finder",
        "folders",
        "fork",
        "fs",
        "loop_id",
        "may_read",
        "parent_id",
        "profile",
        "reads",
        "recent",
        "session_factory",
        "spill_folder",
        "start_paths",
        "tell",
    )

    def __init__(
        self,
        *,
        fs: SessionFS,
        cwd: str,
        finder: NestedFinder | None,
        bus: HookBus,
        session_factory: SessionFactory,
        start_paths: frozenset[str],
        fork: bool = False,
        parent_id: str | None = None,
        loop_id: str = "",
        attachments_enabled: Callable[[], bool] = lambda: True,
        tell: Callable[[Sequence[Notice]], None] = lambda notices: None,
        profile: str = "reference",
        may_read: Callable[[str], bool] = lambda path: True,
        spill_folder: Callable[[], str | None] = lambda: None,
        folders: tuple[str, ...] = (),
        remember: bool = True,
    ) -> None:
        self.fs = fs  # what every Read asks of the disk, a round at a time
        self.cwd = os.path.normpath(cwd)
        # The engine's own nested files: ``None`` for a host whose engine attaches them itself
        # (Claude Code running the hook), which wants the plugins' answers alone.
        self.finder = finder
        # The Reads it decided, given again while what they depended on holds (``engine.read_memory``):
        # in a session that remembers its lookups, on the real disk.
        self.reads: ReadMemory | None = None
        if remember and fs.shares_listings:
            from agents_md.engine.read_memory import ReadMemory  # a host that answers one Read keeps none

            self.reads = ReadMemory()
        # The working folders besides the cwd, as spelled: the cwd as ``PWD`` names it through a
        # link (``cwd_alias``), the added folders.
        self.folders = folders
        # The session's tool-results folder (``engine.spill``), None: contexts are kept whole.
        self.spill_folder = spill_folder
        self.may_read = may_read  # the engine lets the Read through (``engine.permissions``)
        self.bus = bus
        self.session_factory = session_factory
        self.start_paths = start_paths
        self.fork = fork
        self.parent_id = parent_id
        self.loop_id = loop_id
        self.delivered: set[str] = set()
        self.attached: set[str] = set()  # of ``delivered``, what the engine attached (an import of any name)
        self.children = 0  # subagent loops started from this one (their default ids)
        self.recent = UseOrder()  # what was read and given, in the order of its use (steps 1 and 2)
        self.attachments_enabled = attachments_enabled
        self.tell = tell  # the session's notices
        self.profile = profile
        self._last_state: tuple[object, ...] | None = None
        self._given_now = self._given  # made once: asked of every Read given again

    def read(self, path: str, *, home: str | None = None, tool: str = "Read") -> ReadResult:
        """After a Read of ``path``: the engine's nested files, then the plugins' answers.

        The engine decides on the real path and counts the read file itself as given; the
        ``tool.call`` hooks get the path as spelled, and only for a Read that succeeded (not one
        of a file too large to read, ``engine.read_limit``). A Read asked again is given its result
        again while everything it depended on holds (``engine.read_memory``).
        """
        fs = self.fs
        cwd = self.cwd
        # A Read asked again is given its result again while what it depended on holds
        # (``engine.read_memory``), asked first: the path's reading below is the same for the same
        # key in a loop. Not while a plugin that answers Reads does not say its state.
        key = (tool, path, home)
        memory = self.reads
        state = self._state() if memory is not None else None
        if memory is None or state is None or state[1] is None:
            memory = None
        elif self.attachments_enabled():
            kept = memory.recall(key, self._given_now, state, fs, cwd)
            if kept is not None:
                return self._again(kept)
        spelled = _expand(path, home, cwd)
        if not self.attachments_enabled():
            self.request()
            return ReadResult(path=spelled, engine_files=(), hook_files=())
        # The engine takes the path as spelled when it lies in the cwd; one below another of its
        # working folders as they are spelled (the cwd as ``PWD`` names it, an added folder) is
        # resolved; any other stays as spelled, outside the cwd (g8_read_through_folder_alias).
        inside = within(spelled, cwd)
        aliased = not inside and any(within(spelled, folder) for folder in self.folders)
        real = fs.base.realpath(spelled) if aliased else spelled  # by the system: the session's
        if refused_name(spelled) or not self.may_read(real):
            self.request()
            return ReadResult(path=spelled, engine_files=(), hook_files=())  # refused: nothing read
        if aliased:
            memory = None  # resolved here, by the system: not kept
        fs.begin(cwd)
        try:
            # The read file itself is not attached (its text is in the tool result) and counts as
            # given from now on; its imports are still attached (a Read of a nested CLAUDE.md). A
            # Read that failed (a file too large) gave nothing: that file is attached like any other.
            read = fs.is_file(real) and not too_large(fs, real) and not unreadable(fs, real)
            # A prompt's mention of a missing file reads nothing, yet the plugins' mention hook
            # runs all the same (g10_mention_dirs_missing_outside).
            missing_mention = tool == "Mention" and not fs.exists(real)
        except OSError as exc:
            return self._failed(exc, spelled)
        if memory is None:
            return self._decide(spelled, path, home, tool, real, read, missing_mention)[0]
        consulted = fs.watch()  # the read file is decided by its version (``engine.read_memory``, step 2)
        try:
            result, noted = self._decide(spelled, path, home, tool, real, read, missing_mention, noting=True)
        finally:
            fs.unwatch()
        from agents_md.engine.read_memory import KeptRead, same_state

        if noted is not None and state is not None and same_state(self._state(), state):  # no plugin's state changed
            shared = memory.shared
            kept = KeptRead(result=result, real=real, consulted=consulted, state=state, fs=fs, shared=shared, **noted)
            memory.keep(key, kept)
        return result

    def _decide(
        self,
        spelled: str,
        path: str,
        home: str | None,
        tool: str,
        real: str,
        read: bool,
        missing_mention: bool,
        *,
        noting: bool = False,
    ) -> tuple[ReadResult, dict[str, Any] | None]:
        """The Read's result once its file is known read or not; ``noting``: with what else it
        depended on, when it may be given again (``engine.read_memory``: it attached nothing and no
        plugin failed), else ``None``."""
        fs = self.fs
        try:
            asked, found = self.finder.walked(real, self._given) if self.finder is not None else ({}, ())
        except OSError as exc:
            return self._failed(exc, spelled), None
        engine = tuple(f for f in found if f.path != spelled or not read)
        self.delivered.add(real)
        self.delivered.update(f.path for f in engine)
        self.attached.update(f.path for f in engine)
        if read:
            self._use(real)
        self.request()
        for f in engine:
            self._use(f.path)
        # Of the read file, what decided whether it was read (``engine.read_memory``, step 2).
        noted = (
            {"read": read, "version": fs.file_version(real), "present": fs.held(*os.path.split(real)), "asked": asked}
            if noting and not engine
            else None
        )
        if not read and not missing_mention:
            return ReadResult(path=spelled, engine_files=engine, hook_files=()), noted  # the Read failed
        given = _as_hooks_get(path, home, self.cwd)
        call = ToolCall(
            tool=tool, path=given, agent_id=self.loop_id or None, forked_from=self.parent_id if self.fork else None
        )
        answers, notices, records, failed = self._call(call)
        folder = self.spill_folder() if answers else None
        spill = None
        if folder is not None:
            from agents_md.engine.spill import new_seed  # a host that saves long contexts only

            spill = (folder, new_seed())
        result = ReadResult(
            path=spelled,
            engine_files=engine,
            hook_files=answers,
            notices=notices,
            records=records,
            spill=spill,
            mention=tool == "Mention",
        )
        return result, (noted if not answers and not failed else None)

    def _state(self) -> tuple[object, ...]:
        """What a Read's answer depends on besides the disk and the loop (``engine.read_memory``, step 5):
        the same object while it is the same (each kept Read then compares it by identity)."""
        session, key = self.session_factory()[0], self.bus.read_key()
        last = self._last_state
        if last is not None and last[0] is session:
            try:
                if last[1] == key:
                    return last
            except Exception:  # a plugin's state that cannot be compared: a new one (it vouches for nothing)
                pass
        state = self._last_state = (session, key)
        return state

    def _again(self, kept: KeptRead) -> ReadResult:
        """A kept Read given again: what it did to the loop done again, what was told told again."""
        self.delivered.add(kept.real)
        recent = self.recent  # steps 1 and 2, as ``_use`` and ``request`` (asked on every Read given again)
        if kept.read:
            recent.use(kept.real)
        recent.turn()
        result: ReadResult = kept.result  # type: ignore[assignment]  # kept by ``read``
        if result.notices:
            self.tell(result.notices)
        return result

    def _failed(self, exc: OSError, spelled: str) -> ReadResult:
        """A failing query: nothing attached, nothing given (``engine.faults``)."""
        from agents_md.engine.faults import ENGINE, NO_ATTACHMENT, failed_gather  # only when a disk fails

        told = (Notice(source=ENGINE, text=failed_gather(exc, NO_ATTACHMENT), level="warning"),)
        self.tell(told)
        self.request()
        return ReadResult(path=spelled, engine_files=(), hook_files=(), notices=told)

    def _call(
        self, call: ToolCall
    ) -> tuple[tuple[tuple[str, tuple[InstructionFile, ...]], ...], tuple[Notice, ...], tuple[Record, ...], bool]:
        """``tool.call`` on the bus: the answers, what the plugins told and recorded (told on), and
        whether a plugin failed."""
        session, journal = self.session_factory()
        result = self.bus.collect("tool.call", session=session, call=call)
        told, records = journal.take()
        notices = (*told, *result.failures)
        self.tell(notices)
        return result.answers, notices, records, bool(result.failures)

    def _use(self, path: str) -> None:
        """Step 1: ``path`` is now the most recently used."""
        self.recent.use(path)

    def request(self) -> None:
        """Step 2: the loop sends a request."""
        self.recent.turn()

    def compacted(self, keep: int = 5, kept: Sequence[str] | None = None) -> tuple[str, ...]:
        """Step 3: ``/compact``; only the files the engine restores stay given (``kept``: those of
        a compaction done before, the most recently used first). Returns them."""
        if kept is not None:
            self.recent = UseOrder(kept)
            self.delivered = set(kept)
            self.attached &= self.delivered
            return tuple(kept)
        fs = self.fs

        def millis(path: str) -> int:
            try:
                stamp = fs.stamp(path)
            except OSError:  # a failing disk: ranked by use alone (``engine.faults``)
                stamp = None
            return stamp[0] // 1_000_000 if stamp is not None else 0

        newest = sorted(self.recent.ordered(), key=lambda path: -millis(path))[:keep]
        self.recent = UseOrder(newest)
        self.delivered = set(newest)
        self.attached &= self.delivered
        return tuple(newest)

    def given_instructions(self, paths: Sequence[str]) -> None:
        """Of the Markdown files and the files the engine attached, ``paths`` and no other are
        given (a snapshot's word for this loop, ``host.snapshot``): one its steps gave again only
        because it was written since is not, and is no longer in use (step 1)."""
        wanted = set(paths)
        for path in [p for p in self.delivered if self.instruction(p) and p not in wanted]:
            self.delivered.discard(path)
            self.attached.discard(path)
            self.recent.forget(path)
        self.delivered |= wanted
        self.attached |= {p for p in wanted if not p.endswith(".md")}

    def instruction(self, path: str) -> bool:
        """Whether ``path``, given, is one a later attachment depends on: a Markdown file (read or
        attached), or a file of another name the engine attached (an import)."""
        return path.endswith(".md") or path in self.attached

    def _given(self, path: str) -> bool:
        return path in self.delivered or path in self.start_paths

    def spawn(
        self, *, fork: bool = False, start_paths: frozenset[str] | None = None, loop_id: str | None = None
    ) -> Loop:
        """A subagent's loop; ``start_paths``: the files its own start block holds, when they are
        not its parent's (an agent that omits them can be given them on a Read); ``loop_id``: how
        the plugins know it (``agent_id``; default this loop's id, ``/`` and its number among the
        loops started from this one: the same in every process that starts them in that order)."""
        self.children += 1
        child = Loop(
            fs=self.fs,
            cwd=self.cwd,
            finder=self.finder,
            bus=self.bus,
            session_factory=self.session_factory,
            start_paths=self.start_paths if start_paths is None else start_paths,
            fork=fork,
            parent_id=self.loop_id,
            loop_id=loop_id or f"{self.loop_id}/{self.children}",
            attachments_enabled=self.attachments_enabled,
            tell=self.tell,
            profile=self.profile,
            may_read=self.may_read,
            spill_folder=self.spill_folder,
            folders=self.folders,
            remember=self.reads is not None,
        )
        if fork:
            child.delivered = set(self.delivered)
            child.attached = set(self.attached)
        # Starting a subagent is itself a tool call (the Agent tool): plugins see it, so a fork
        # can start from what its parent was given at this moment, as the disk is now.
        self.fs.begin(self.cwd)
        self._call(ToolCall(tool="Agent", agent_id=child.loop_id, forked_from=(self.loop_id if fork else None)))
        return child


class UseOrder:
    """Paths in the order of their last use, the most recent first, turned round by each request
    (steps 1 and 2), each in constant time however long the session: a path holds a place, the
    order is by place (ascending, or descending once turned round), and a use takes a place
    beyond the current front."""

    __slots__ = ("_back", "_front", "_places", "_turned")

    def __init__(self, paths: Sequence[str] = ()) -> None:
        """``paths``: the most recently used first."""
        self._places: dict[str, int] = {}
        self._front = 0  # the smallest place given: the front while not turned round
        self._back = 0  # the largest: the front once turned round
        self._turned = False
        for path in reversed(paths):
            self.use(path)

    def use(self, path: str) -> None:
        if self._turned:
            self._back += 1
            self._places[path] = self._back
        else:
            self._front -= 1
            self._places[path] = self._front

    def turn(self) -> None:
        self._turned = not self._turned

    def forget(self, path: str) -> None:
        self._places.pop(path, None)

    def ordered(self) -> list[str]:
        """The paths, the most recently used first."""
        return sorted(self._places, key=self._places.__getitem__, reverse=self._turned)


def cwd_alias(env: Mapping[str, str], cwd: str) -> str | None:
    """The cwd as ``PWD`` spells it, when that is another spelling of it (through a link): the
    engine then knows a Read spelled below it lies in the cwd. Without ``PWD`` it knows only the
    resolved cwd (g8_read_through_folder_alias)."""
    pwd = env.get("PWD") or ""
    if not os.path.isabs(pwd):
        return None
    pwd = os.path.normpath(pwd)
    if pwd == cwd:
        return None
    try:
        return pwd if os.path.realpath(pwd) == cwd else None
    except (OSError, ValueError):
        return None


def _as_hooks_get(path: str, home: str | None, cwd: str) -> str:
    """A Read's path as its ``tool.call`` hooks get it: as the model wrote it, a ``~`` or relative
    path put after the home or the cwd, nothing made normal (``<cwd>/./a/AGENTS.md`` is not the
    file ``<cwd>/a/AGENTS.md``; g8_read_spelled_path)."""
    if os.path.isabs(path):
        return path
    if home is not None and (path == "~" or path.startswith("~/")):
        return home + path[1:]
    return cwd.rstrip(os.sep) + os.sep + path


def _expand(path: str, home: str | None, cwd: str) -> str:
    """A Read's path as the engine takes it: ``~`` under the home, relative ones under the cwd."""
    if home is not None and (path == "~" or path.startswith("~/")):
        path = os.path.join(home, path[2:]) if path != "~" else home
    return os.path.normpath(os.path.join(cwd, path))
