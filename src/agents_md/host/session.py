"""The session factory: the engine with its plugins seated — the library's front door.

This is the composition point: the engine never imports a plugin; here the built-in
``agents-md`` plugin and any third-party plugins (entry-point group ``agents_md.plugins``)
are found and seated (``host.plugins``), unless turned off (``enabledPlugins:
{"agents-md@builtin": false}`` in settings, or ``disabled_plugins=``).

A ``Session`` is driven turn by turn: its start block, ``read()`` after each Read tool call
(``touch()`` after any tool call that touches paths, ``engine.touch``), ``compact()`` and
``clear()``, ``cd()`` to move the root, ``spawn()`` for subagents (whose definitions
``agents()`` lists). It keeps what it did as steps (``host.steps``): ``snapshot()`` writes
them down with its inputs, ``Session.restore`` does them again on a new session. Touches from
several threads at once are taken one at a time; sessions are cheap and independent.
"""

from __future__ import annotations

# threading.RLock makes this very lock; importing threading for it would load that module on every start.
from _thread import RLock

from agents_md._model import InstructionFile, Kind, Notice
from agents_md._util.std import Callable, Mapping, Sequence
from agents_md._value import Value
from agents_md.engine.bus import HookBus
from agents_md.engine.fs import DEFAULT_FS, ListingFS, SessionFS
from agents_md.engine.hook_session import HookSession, Journal, attachments_on
from agents_md.engine.settings import Settings
from agents_md.engine.start import (
    FORK,
    NO_INSTRUCTIONS_AGENTS,
    SessionInputs,
    StartContext,
    compute_start,
    hook_session,
    offers_agents,
    remembering,
    session_settings,
)
from agents_md.host.plugins import PluginSpec, held_on, seat
from agents_md.host.steps import FORK as FORK_STEP
from agents_md.host.steps import Step, keeps_given

# A session's touch: (loop, key, Claude Code's tool name, path) -> what it attached.
Toucher = Callable[["Loop", str, str, str], "ReadResult"]

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Hashable
    from typing import Any, Protocol, TypeGuard

    from typing_extensions import Unpack

    from agents_md.agents import Access, AgentCatalog, AgentDefinition
    from agents_md.engine.consulted import Consulted
    from agents_md.engine.fs import FileSystem
    from agents_md.engine.loop import Loop, ReadResult
    from agents_md.engine.options import SessionOptions
    from agents_md.engine.start_memory import KeptStart
    from agents_md.engine.tools import MainTools
    from agents_md.engine.touch import Touch

    class KeepsMemory(Protocol):
        """A plugin that keeps its memory as data (the built-in does: what it gave each loop)."""

        def memory(self) -> object: ...
        def remember(self, memory: Any) -> None: ...


REFERENCE, COMPLETE = "reference", "complete"
GENERAL_PURPOSE = "general-purpose"


def _keeps_memory(plugin: object) -> TypeGuard[KeepsMemory]:
    """Whether ``plugin`` keeps its memory as data: ``memory()`` and ``remember(memory)``."""
    return callable(getattr(plugin, "memory", None)) and callable(getattr(plugin, "remember", None))


class AgentStart(Value):
    """What a subagent starts with."""

    agent_type: str
    fork: bool
    claude_md: str | None


class CdResult(Value):
    """After ``/cd``: the new start, and the instruction files the ``/cd`` notice carries."""

    start: StartContext
    notice_files: tuple[InstructionFile, ...]


class Subagent:
    """A subagent's loop: its start block (the parent's, frozen at the parent's start) and Reads.

    ``tools`` are the tools it has (``None``: every tool; ``()``: none at all); one without the
    Read tool never reads, so nothing is attached for it; one the engine refused to start
    (``started`` false: its tools list names nothing it recognizes) has no start either.
    """

    def __init__(
        self,
        start: AgentStart,
        loop: Loop | None,
        home: str,
        access: Access | None = None,
        *,
        key: str = "",
        toucher: Toucher | None = None,
        bash: bool = True,
    ) -> None:
        self.start = start
        self.bash = bash  # it has the Bash tool (``engine.reminders``: what follows its start block)
        self._loop = loop
        self._home = home
        self.key = key  # how the session's steps name this subagent
        self._toucher = toucher
        self.tools = access.tools if access is not None else None
        self.can_read = loop is not None and (access is None or access.can_read)

    @property
    def started(self) -> bool:
        return self._loop is not None

    @property
    def claude_md(self) -> str | None:
        return self.start.claude_md if self.started else None

    @property
    def delivered(self) -> frozenset[str]:
        """The files this subagent's loop was given."""
        return frozenset(self._loop.delivered) if self._loop is not None else frozenset()

    def read(self, path: str) -> ReadResult:
        if self._loop is None or not self.can_read:
            from agents_md.engine.loop import ReadResult

            return ReadResult(path=path, engine_files=(), hook_files=())  # no Read tool: the call fails
        if self._toucher is not None:
            return self._toucher(self._loop, self.key, "Read", path)
        return self._loop.read(path, home=self._home)

    def touch(self, tool: str, paths: str | Sequence[str]) -> Touch:
        """What this subagent's call of ``tool`` on ``paths`` attaches (``Session.touch``)."""
        from agents_md.engine.touch import Touch, attaches, tool_name

        name = tool_name(tool)
        items = [paths] if isinstance(paths, str) else list(paths)
        if name is None or self._loop is None or not attaches(name, self._loop.profile) or self.tools == ():
            return Touch(tool=name or tool)
        if name == "Read":
            return Touch(tool=name, results=tuple(self.read(p) for p in items))
        loop = self._loop
        touch = self._toucher or (lambda lp, key, tl, p: lp.read(p, home=self._home, tool=tl))
        return Touch(tool=name, results=tuple(touch(loop, self.key, name, p) for p in items))

    def spawn(self, *, fork: bool = False) -> Loop:
        """A subagent's own subagent loop (its Reads; what it starts with is the caller's to say)."""
        if self._loop is None:
            raise ValueError(f"the {self.start.agent_type} subagent never started")
        return self._loop.spawn(fork=fork)


class Session:
    """One agent session. ``Session(cwd=..., home=...)`` never reads the real home unless it is
    passed as ``home``; the other inputs are ``SessionOptions`` (``env``, ``args``,
    ``managed_dir``, ``approve_external_imports``, ``interactive``, ``profile``, ``fs``).

    ``engine_nested_files=False``: a Read does not look up the engine's own nested files
    (``ReadResult.engine_files`` stays empty), only the plugins answer; for a host whose engine
    attaches those itself, as Claude Code does for the hook (``claude_code.answer``).

    ``remember_lookups=False``: a Read's lookups, and the Read's decision, are not kept for the
    next Read (``engine.lookup_memory``, ``engine.read_memory``; the answers are
    the same, run again each time); for a host whose session answers one Read, as the hook's does
    in each of its processes, where the keeping costs and serves nothing."""

    def __init__(
        self,
        *,
        cwd: str,
        home: str,
        plugins: Sequence[PluginSpec] | None = None,
        extra_plugins: Sequence[PluginSpec] = (),
        disabled_plugins: Sequence[str] = (),
        engine_nested_files: bool = True,
        remember_lookups: bool = True,
        **options: Unpack[SessionOptions],
    ) -> None:
        # A session built again in this process: its start as a whole, while the disk holds
        # (``engine.start_memory``); else, when it may be kept, its construction and start watched.
        key: Hashable | None = None
        kept: KeptStart | None = None
        listings: ListingFS | None = None
        self._keeping: tuple[Hashable, Consulted, ListingFS, Mapping[str, str] | None, int] | None = None
        if plugins is None and not extra_plugins and remembering():  # a process that starts once keeps none
            from agents_md.engine import start_memory

            key = start_memory.key_of(cwd, home, options, disabled_plugins)
            if key is not None:
                listings = ListingFS(DEFAULT_FS)
                kept = start_memory.STARTS.recall(key, listings)
                if kept is None:
                    began = start_memory.now()  # before anything is read (step 4)
                    self._keeping = (key, listings.watch(), listings, options.get("env"), began)
        self.inputs, listings = SessionInputs.resolve(
            cwd=cwd, home=home, listings=listings, real_cwd=kept.cwd if kept is not None else None, **options
        )
        self._engine_nested = engine_nested_files
        self._remember_lookups = remember_lookups
        self._lock = RLock()
        self.bus = HookBus()
        settings = kept.start.settings if kept is not None else session_settings(self.inputs, listings)
        overlay = settings.env()
        if overlay:  # the settings' env switches what follows, as in the engine
            self.inputs = self.inputs.with_env(overlay)
        self.plugins = seat(
            self.bus,
            settings=settings,
            plugin_dirs=self.inputs.args.plugin_dirs,
            plugins=plugins,
            extra=extra_plugins,
            disabled=disabled_plugins,
        )
        self._builtin_names = frozenset(s.name for s in self.plugins if s.builtin)
        if self.inputs.args.plugin_dirs:  # a plugin folder's manifest is read past the session's filesystem
            if self._keeping is not None:
                self._keeping[2].unwatch()
            kept = self._keeping = None
        # The kept start, and the environment it was made with: the caller's, live, is read again at the start.
        self._kept_start: tuple[KeptStart, Mapping[str, str] | None, Hashable] | None = (
            None if kept is None else (kept, options.get("env"), key)
        )
        # What the construction read, handed to the first start (each folder on the path listed once).
        self._first_settings: Settings | None = settings
        self._first_listings: ListingFS | None = listings
        self._start: StartContext | None = None
        self._main: Loop | None = None
        self._has_messages = False
        # A repository's settings that tried to turn off a plugin the managed settings configure.
        self._notices: list[Notice] = list(held_on(settings, "agents-md"))
        # The Read's hook session and its journal, per start.
        self._reads: tuple[StartContext, tuple[HookSession, Journal]] | None = None
        self._origin = self.inputs  # the inputs before any /cd: where a snapshot starts from
        self._steps: list[Step] = []
        self._touched: set[tuple[str, str, str]] = set()  # (loop, tool, path) touched since the loop began
        self.subagents: dict[str, Subagent] = {}  # by key, in the order started
        # One listing cache for every Read of the session, checked against the disk each Read.
        self._read_fs = SessionFS(self.inputs.fs)
        # The engine's id of this conversation. When set, a plugin's context after a Read that is too
        # long for the conversation comes as the engine shows it: saved under this id's
        # tool-results folder, a preview in its place (``engine.spill``); None: kept whole.
        self.session_id: str | None = None

    @property
    def profile(self) -> str:
        return self.inputs.profile

    # ------------------------------------------------------------------ the start

    def start(self) -> StartContext:
        """The start context (computed once; ``compact()``, ``clear()`` and ``cd()`` compute it anew)."""
        start = self._start
        if start is not None:  # once made, only ever replaced whole (``_recompute``)
            return start
        with self._lock:
            if self._start is None:
                settings, self._first_settings = self._first_settings, None
                listings, self._first_listings = self._first_listings, None
                self._start = self._told(self._given_again() or self._computed(settings, listings))
            return self._start

    def _given_again(self) -> StartContext | None:
        """The start a session built the same way made, when it holds (``engine.start_memory``)."""
        given, self._kept_start = self._kept_start, None
        if given is None:
            return None
        from agents_md.engine import start_memory

        kept, env, key = given
        if start_memory.env_now(env or {}) != start_memory.env_of(key) or not kept.resume(self.bus):
            return None
        return kept.start

    def _computed(self, settings: Settings | None, listings: ListingFS | None) -> StartContext:
        keeping, self._keeping = self._keeping, None
        failed: list[Notice] = []
        start = compute_start(
            self.inputs,
            self.bus,
            builtin_names=self._builtin_names,
            settings=settings,
            listings=listings,
            failed=failed,
        )
        if keeping is not None:
            from agents_md.engine import start_memory

            key, consulted, watched, env, began = keeping
            watched.unwatch()
            if start_memory.env_now(env or {}) == start_memory.env_of(key):
                start_memory.STARTS.keep(
                    key, consulted, cwd=self.inputs.cwd, start=start, bus=self.bus, failed=failed, began_ns=began
                )
        return start

    @property
    def claude_md(self) -> str | None:
        return self.start().claude_md

    def main_tools(self) -> MainTools:
        """The built-in tools the main loop is left with (``engine.tools``)."""
        from agents_md.engine.tools import main_tools

        return main_tools(self.inputs.args, self.start().settings)

    def main_agent(self) -> str | None:
        """The agent type the main thread runs as: ``--agent``, else the settings' ``agent``."""
        named = self.inputs.args.agent or self.start().settings.last("agent")
        return named if isinstance(named, str) and named else None

    def main_agent_refusal(self) -> str | None:
        """The engine's error when ``--agent`` names no type it offers (matched exactly, case and
        all; ``fork`` is not offered there): it then stops before any request, exit code 1."""
        name = self.inputs.args.agent
        if not name:
            return None
        from agents_md.agents import listing_key

        offered = self.offered_types() - {FORK}
        if name in offered:
            return None
        return f"--agent '{name}' not found. Available agents: {', '.join(sorted(offered, key=listing_key))}"

    def _main_agent_access(self) -> Access | None:
        """The tools of the custom agent the main thread runs as, or ``None`` (no custom agent)."""
        name = self.main_agent()
        agent = self.find_agent(name) if name is not None else None
        if agent is None:
            return None
        from agents_md.agents import agent_access

        return agent_access(agent.tools, agent.disallowed_tools)

    def sent(self, block: str | None, *, agent: Subagent | None = None) -> str | None:
        """A start block as the engine sends it in the first message of the main loop, or of
        ``agent``: with a line break when no other context reminder follows it
        (``engine.reminders``). A fork's is its parent's."""
        if block is None:
            return None
        from agents_md.engine import reminders
        from agents_md.engine.tools import BASH

        settings, env = self.start().settings, self.inputs.env
        if agent is None or agent.start.fork:
            custom = self._main_agent_access()  # a custom main thread: its tools, no git context
            bash = self.main_tools().has(BASH) and (custom is None or custom.has(BASH))
            git = custom is None and reminders.git_context(self.inputs.fs, self.inputs.cwd, settings, env)
        else:
            bash = agent.bash
            git = reminders.git_context(self.inputs.fs, self.inputs.cwd, settings, env)
        noted = bash and reminders.attribution(settings, env)
        return block + reminders.start_block_end(git=git, attribution=noted)

    @property
    def files(self) -> tuple[InstructionFile, ...]:
        return self.start().files

    @property
    def notices(self) -> tuple[Notice, ...]:
        """Everything the plugins told the person (``ui.log``), in order."""
        self.start()
        return tuple(self._notices)

    # ------------------------------------------------------------------ turns

    def tell(self, notices: Sequence[Notice]) -> None:
        """Add lines for the person to the session's notices."""
        self._notices.extend(notices)

    def _told(self, start: StartContext) -> StartContext:
        self._notices.extend(start.notices)  # a session's notices, start after start, in order
        return start

    def _hook_session(self) -> HookSession:
        return self._read_session()[0]

    def _read_session(self) -> tuple[HookSession, Journal]:
        """The session as the hooks see it on a Read, and its journal: made once per start."""
        start = self._start or self.start()  # asked on every Read: the start made, without a call
        reads = self._reads
        if reads is not None and reads[0] is start:  # every Read after the first of a start
            return reads[1]
        with self._lock:
            if self._reads is None or self._reads[0] is not start:
                journal = Journal()
                session = hook_session(
                    self.inputs,
                    self._read_fs,
                    start.settings,
                    self.bus,
                    self._builtin_names,
                    enabled=start.instruction_files_enabled,
                    journal=journal,
                    shadowed=start.shadowed,
                    remember_reads=self._remember_lookups,
                )
                self._reads = (start, (session, journal))
            return self._reads[1]

    def _attachments_enabled(self) -> bool:
        # Consulted on every Read, as the engine does.
        start = self._start or self.start()
        return attachments_on(self.inputs.env, start.instruction_files_enabled)

    def loop(self) -> Loop:
        """The main loop (created on first use)."""
        main = self._main
        if main is not None:  # every Read after the first
            return main
        from agents_md.engine.loop import Loop, cwd_alias  # lazy: a start-only session never reads

        start = self.start()
        with self._lock:
            if self._main is None:
                finder = None
                if self._engine_nested:  # a host whose engine attaches them itself needs no finder
                    from agents_md.engine.nested import NestedFinder

                    finder = NestedFinder(
                        fs=self._read_fs,
                        cwd=self.inputs.cwd,
                        home=self.inputs.home,
                        settings=start.settings,
                        approve_external=self.inputs.approve_external_imports,
                        outside_links=self.inputs.outside_links,
                        conditional=start.conditional_rules,
                    )
                from agents_md.engine import permissions

                folders = permissions.working_folders(self.inputs.args, self.inputs.cwd)
                anywhere = permissions.read_allowed_anywhere(self.inputs.args, start.settings)
                bypass = self.inputs.args.permission_mode == "bypassPermissions"
                deny = permissions.read_denied(start.settings, self.inputs.cwd, self.inputs.home, bypass=bypass)
                self._main = Loop(
                    # Links resolved by the session's filesystem, where its files are.
                    may_read=lambda path: permissions.may_read(path, folders, anywhere, deny, self.inputs.fs.realpath),
                    fs=self._read_fs,
                    cwd=self.inputs.cwd,
                    finder=finder,
                    bus=self.bus,
                    session_factory=self._read_session,
                    start_paths=frozenset(f.path for f in start.files),
                    attachments_enabled=self._attachments_enabled,
                    tell=self._notices.extend,
                    profile=self.profile,
                    spill_folder=self._spill_folder,
                    folders=tuple(
                        f for f in (cwd_alias(self.inputs.env, self.inputs.cwd), *folders[1:]) if f is not None
                    ),
                    remember=self._remember_lookups,
                )
            return self._main

    def _spill_folder(self) -> str | None:
        """The session's tool-results folder, where the engine saves a context too long to show."""
        if self.session_id is None:
            return None
        from agents_md._util.env import config_dir
        from agents_md.engine.memory import project_key
        from agents_md.engine.spill import results_folder

        inputs = self._origin
        return results_folder(config_dir(inputs.home, inputs.env, inputs.cwd), project_key(inputs.cwd), self.session_id)

    def read(self, path: str) -> ReadResult:
        """What the engine appends after the main loop's Read of ``path``."""
        return self._touch(self._main or self.loop(), "", "Read", path, main=True)

    def mention(self, path: str) -> ReadResult:
        """A file ``@``-mentioned in the prompt: the engine attaches its nested CLAUDE.md and the
        plugin its AGENTS.md (``prompt.mention hook additional context: ...``)."""
        return self._touch(self.loop(), "", "Mention", path, main=True)

    def mention_all(self, paths: Sequence[str]) -> list[ReadResult]:
        """A prompt's ``@``-mentioned files, taken in the order the engine is done with them (the
        shallowest first, ``engine.touch`` step 5: it decides which of two takes a file both
        would attach); their answers in the prompt's order."""
        from agents_md.engine.touch import mention_order

        done = {i: self.mention(paths[i]) for i in mention_order(paths)}
        return [done[i] for i in range(len(paths))]

    def touch(self, tool: str, paths: str | Sequence[str]) -> Touch:
        """What the engine appends after the main loop's call of ``tool`` on ``paths`` (a search:
        its hits), by what the tool does (``engine.touch``); a tool that touches no path, or
        attaches nothing in this profile, gives an empty ``Touch``."""
        from agents_md.engine.touch import Touch, attaches, tool_name

        name = tool_name(tool)
        if name is None or not attaches(name, self.profile):
            return Touch(tool=name or tool)
        loop = self.loop()
        items = [paths] if isinstance(paths, str) else list(paths)
        return Touch(tool=name, results=tuple(self._touch(loop, "", name, p, main=True) for p in items))

    def _touch(self, loop: Loop, key: str, tool: str, path: str, *, main: bool = False) -> ReadResult:
        # One touch at a time: frameworks run tool calls (and so touches) in worker threads at once,
        # and a delivered set read and written by two of them would give a file twice.
        with self._lock:
            first = main and not self._has_messages
            if main:
                self._has_messages = True
            result = loop.read(path, home=self.inputs.home, tool=tool)
            # ``result.files``, without the call (asked on every Read)
            if result.engine_files or result.hook_files or keeps_given(result.path, (key, tool), self._touched):
                self._steps.append(Step(op="read", loop=key, path=path, tool=tool))
            elif first:
                self._steps.append(Step(op="turn"))  # a touch kept no step, yet there is a conversation now
            return result

    def turn(self) -> StartContext:
        """A user turn begins: the context its first request carries."""
        if not self._has_messages:
            self._steps.append(Step(op="turn"))
        self._has_messages = True
        if self._main is not None:
            self._main.request()  # the turn's first request (``engine.loop``)
        return self.start()

    # ------------------------------------------------------------------ snapshot and restore

    @property
    def steps(self) -> tuple[Step, ...]:
        """What the session did that its memory depends on, in order (``host.steps``)."""
        return tuple(self._steps)

    def replay(self, steps: Sequence[Step]) -> None:
        """Do ``steps`` (another session's, with the same inputs) again on this one; a touch in a
        loop this session does not know does nothing."""
        for step in steps:
            if step.op == "read":
                target = self.subagents.get(step.loop) if step.loop else self
                if target is not None:
                    target.touch(step.tool, step.path)
            elif step.op == "spawn":
                fork = step.agent_type == FORK_STEP
                self.spawn(None if fork else step.agent_type or None, fork=fork, key=step.loop)
            elif step.op == "turn":
                self.turn()
            elif step.op == "compact":
                self._compact(step.kept)
            elif step.op == "clear":
                self.clear()
            elif step.op == "cd":
                self.cd(step.path)

    def snapshot(self) -> dict[str, object]:
        """A small JSON-serialisable state: the inputs, the start files by path and digest, the
        steps, and what each loop was given (``host.snapshot``)."""
        from agents_md.host.snapshot import take

        state = take(self._origin, self.files, self.steps, self.loops_given(), self._memories())
        if not self._engine_nested:  # said only when off: a snapshot of another version restores as before
            state["inputs"]["engine_nested_files"] = False
        if self.session_id is not None:  # where contexts too long are saved (``engine.spill``)
            state["session_id"] = self.session_id
        if self._main is not None:
            # The files the main loop used since its last compaction, the most recent first: Reads
            # that gave nothing are no steps, yet the next /compact keeps the newest five of these.
            state["used"] = self._main.recent.ordered()
        return state

    def _memories(self) -> dict[str, object]:
        """The memory of each seated plugin that keeps it as data (``memory()``), by name."""
        return {spec.name: spec.plugin.memory() for spec in self.plugins if _keeps_memory(spec.plugin)}

    @classmethod
    def restore(
        cls,
        state: Mapping[str, object],
        *,
        fs: FileSystem | None = None,
        env: Mapping[str, str] | None = None,
        plugins: Sequence[PluginSpec] | None = None,
        extra_plugins: Sequence[PluginSpec] = (),
        disabled_plugins: Sequence[str] = (),
    ) -> Session:
        """The session ``state`` (from ``snapshot()``) describes, continuing where it stopped: its
        steps done again on a new session reading through ``fs``; a start file whose digest
        changed since, or a loop given other files, is told (``notices``)."""
        from agents_md.host import snapshot

        origin, steps = snapshot.parse(state)
        nested = snapshot.engine_nested_files(state)
        session = cls(
            cwd=origin.cwd,
            home=origin.home,
            plugins=plugins,
            extra_plugins=extra_plugins,
            disabled_plugins=disabled_plugins,
            engine_nested_files=nested,
            env=dict(env) if env is not None else dict(origin.env),
            args=origin.args,
            managed_dir=origin.managed_dir,
            platform=origin.platform,
            approve_external_imports=origin.approve_external_imports,
            outside_links=origin.outside_links,
            interactive=origin.interactive,
            profile=origin.profile,
            fs=fs,
        )
        memories, given = snapshot.memories(state), snapshot.loops(state)
        session.replay(steps)
        for key, paths in given.items():
            sub = session.subagents.get(key)
            loop = session._main if key == "" else sub._loop if sub is not None else None
            if loop is not None:
                loop.given_instructions(paths)
        session.session_id = snapshot.session_id(state)  # the id of now: a /clear replayed made none
        used = snapshot.used(state)
        if used is not None:
            from agents_md.engine.loop import UseOrder

            session.loop().recent = UseOrder(used)
        for spec in session.plugins:
            if spec.name in memories and _keeps_memory(spec.plugin):
                try:
                    spec.plugin.remember(memories[spec.name])
                except (TypeError, ValueError, AttributeError) as exc:
                    from agents_md.errors import UsageError

                    raise UsageError(f"not a session snapshot: plugins.{spec.name}: {exc}") from None
        session.tell(snapshot.differences(state, session.files, session.loops_given()))
        return session

    def loops_given(self) -> dict[str, list[str]]:
        """The instruction files each loop was given or touched (the main loop's key is ""): the
        Markdown ones, and those of another name the engine attached (an import), sorted: what
        its later attachments depend on (``host.steps``, step 2)."""
        loops = {"": sorted(p for p in self._main.delivered if self._main.instruction(p)) if self._main else []}
        for key, sub in self.subagents.items():
            loop = sub._loop
            loops[key] = sorted(p for p in loop.delivered if loop.instruction(p)) if loop is not None else []
        return loops

    def _recompute(self, reason: str) -> StartContext:
        # Re-read from disk and hand prompt.context the new list: a new context, not a new load
        # (unless nothing was loaded yet, when this is the load's first start).
        first = self._start is None
        self._kept_start = None
        if self._keeping is not None:  # a start made for another reason is not the one kept
            self._keeping[2].unwatch()
            self._keeping = None
        settings, self._first_settings = self._first_settings, None
        listings, self._first_listings = self._first_listings, None
        start = self._told(
            compute_start(
                self.inputs,
                self.bus,
                builtin_names=self._builtin_names,
                fire_session_start=first,
                settings=settings if reason != "cd" else None,
                reason=reason,
                listings=listings if reason != "cd" else None,
            )
        )
        with self._lock:
            self._start = start
        return start

    def compact(self) -> StartContext | None:
        """``/compact``: the next context is recomputed from disk; the engine keeps the nested
        files it restores as reads, the plugin's start over (reference profile). ``None`` when
        there was nothing to compact yet."""
        return self._compact(None)

    def _compact(self, kept: Sequence[str] | None) -> StartContext | None:
        """``compact``; ``kept``: what the main loop kept at a compaction replayed (``host.steps``)."""
        if not self._has_messages:
            return None
        self._touched.clear()
        start = self._recompute("compact")
        if self._main is not None:
            kept = self._main.compacted(kept=kept)
            self._main.start_paths = frozenset(f.path for f in start.files)
        self._steps.append(Step(op="compact", kept=None if kept is None else tuple(kept)))
        return start

    def clear(self) -> StartContext:
        """``/clear``: a new conversation; every delivered set starts over (and it has an id of its own)."""
        self._steps.append(Step(op="clear"))
        if self.session_id is not None:
            import uuid

            self.session_id = str(uuid.uuid4())
        start = self._recompute("clear")
        with self._lock:
            self._main = None
            self._has_messages = False
            self._touched.clear()
        return start

    def cd(self, new_dir: str) -> CdResult:
        """``/cd``: the root moves; the delivered sets and the plugin's stand-down decision
        start over. The notice carries the new tree's CLAUDE.md files (and, in the complete
        profile, its AGENTS.md files); in the reference profile those arrive with the next
        request's start block instead."""
        self._steps.append(Step(op="cd", path=new_dir))
        with self._lock:
            self.inputs = self.inputs.moved_to(new_dir)
            self._main = None
            self._touched.clear()
        start = self._recompute("cd")
        engine = set(start.engine_files)
        notice = start.files if self.profile == COMPLETE else tuple(f for f in start.files if f in engine)
        return CdResult(start=start, notice_files=notice)

    # ------------------------------------------------------------------ subagents

    def agents(self) -> AgentCatalog:
        """The subagent definitions this session offers, read with its own inputs."""
        from agents_md.agents import load_agents  # lazy: most sessions never start a custom agent

        inputs = self.inputs
        return load_agents(
            cwd=inputs.cwd,
            home=inputs.home,
            managed_dir=inputs.managed_dir,
            agents_json=inputs.args.agents_json,
            plugin_dirs=inputs.args.plugin_dirs,
            env=inputs.env,
            setting_sources=inputs.args.setting_sources,
        )

    def find_agent(self, name: str) -> AgentDefinition | None:
        """The accepted custom agent of that name (built-in types are not definitions)."""
        return next((agent for agent in self.agents().accepted if agent.name == name), None)

    def has_agent_tool(self) -> bool:
        """Whether the main thread has the Agent tool (``engine.tools``; its custom agent's tools)."""
        from agents_md.engine.tools import AGENT

        if not offers_agents(self.inputs) or self.main_agent() in NO_INSTRUCTIONS_AGENTS:
            return False
        custom = self._main_agent_access()
        return self.main_tools().has(AGENT) and (custom is None or custom.has(AGENT))

    def agent_lines(self) -> list[str] | None:
        """The engine's line for each custom agent type offered, or ``None`` when the session has no
        Agent tool."""
        if not self.has_agent_tool():
            return None
        from agents_md.agents import agent_line

        withheld = self.main_tools().withheld_agents
        return [agent_line(a) for a in self.agents().accepted if a.name not in withheld]

    def agent_start(
        self, agent_type: str | None = None, *, fork: bool = False, omit_claude_md: bool = False
    ) -> AgentStart:
        """What a subagent of ``agent_type`` starts with (the parent's start, frozen)."""
        start = self.start()
        name = agent_type or GENERAL_PURPOSE
        if fork or name == FORK:
            return AgentStart(agent_type=FORK, fork=True, claude_md=start.claude_md)
        return AgentStart(agent_type=name, fork=False, claude_md=start.for_agent(name, omit_claude_md=omit_claude_md))

    def spawn(self, agent_type: str | None = None, *, fork: bool = False, key: str | None = None) -> Subagent:
        """Start a subagent: a custom type's ``omitClaudeMd`` and tools are read from its definition
        (one whose tools list names nothing the engine recognizes is refused: it never starts).
        ``key`` names it in the session's steps and ``subagents`` (default ``agent-N``)."""
        if not key:  # the first agent-N no subagent holds: one started under a key of its own may
            n = len(self.subagents) + 1
            while f"agent-{n}" in self.subagents:
                n += 1
            key = f"agent-{n}"
        self._steps.append(Step(op="spawn", loop=key, agent_type=FORK_STEP if fork else agent_type or ""))
        sub = self._spawn(agent_type, fork=fork, key=key)
        self.subagents[key] = sub
        self._touched = {mark for mark in self._touched if mark[0] != key}  # a new loop under that key
        return sub

    def _spawn(self, agent_type: str | None, *, fork: bool, key: str) -> Subagent:
        from agents_md.engine.tools import BASH

        name = agent_type or GENERAL_PURPOSE
        if not fork:
            offered = self.offered_type(name)
            if offered is None:  # "Agent type 'X' not found", or "... is ambiguous": never started
                return Subagent(self.agent_start(name), None, self.inputs.home, None, key=key, bash=False)
            name = offered
        omit = False
        access: Access | None = None
        tools = self.main_tools()
        if not fork and name not in NO_INSTRUCTIONS_AGENTS and name not in (FORK, GENERAL_PURPOSE):
            from agents_md.agents import agent_access

            agent = self.find_agent(name)
            if agent is not None:
                omit = agent.omit_claude_md
                access = agent_access(agent.tools, agent.disallowed_tools)
        start = self.agent_start(name, fork=fork, omit_claude_md=omit)
        bash = tools.has(BASH) and (access is None or access.has(BASH))
        refused = access is not None and access.refused
        if refused or (not fork and name in tools.withheld_agents) or not self.has_agent_tool():
            return Subagent(start, None, self.inputs.home, access, key=key, bash=bash)
        # The plugins know the loop by the subagent's key: what they remember of it can be kept
        # beyond this process under that name (``claude_code.answer``).
        start_paths = self._start_paths_of(name, fork=start.fork, omit=omit)
        loop = self.loop().spawn(fork=start.fork, start_paths=start_paths, loop_id=key)
        return Subagent(start, loop, self.inputs.home, access, key=key, toucher=self._touch, bash=bash)

    def offered_types(self) -> frozenset[str]:
        """Every subagent type the session's Agent tool takes: the built-ins, ``fork``, and the
        custom types its definitions offer."""
        from agents_md.agents import BUILTIN_TYPES

        return frozenset({*BUILTIN_TYPES, FORK, *(agent.name for agent in self.agents().accepted)})

    def offered_type(self, name: str) -> str | None:
        """The type an ``Agent`` call's ``subagent_type`` names: the type of that very name, else the
        one type whose name differs only in case; ``None`` when there is none, or several."""
        offered = self.offered_types()
        if name in offered:
            return name
        alike = [n for n in offered if n.lower() == name.lower()]
        return alike[0] if len(alike) == 1 else None

    def _start_paths_of(self, name: str, *, fork: bool, omit: bool) -> frozenset[str] | None:
        """The files an agent's own start block holds, when not its parent's: none for Explore and
        Plan, the managed ones for an agent that omits the rest; the engine's nested walk can give
        it the others on a Read."""
        if fork or (name not in NO_INSTRUCTIONS_AGENTS and not omit):
            return None
        keeps_managed = omit and name not in NO_INSTRUCTIONS_AGENTS
        return frozenset(f.path for f in self.start().files if keeps_managed and f.kind is Kind.MANAGED)
