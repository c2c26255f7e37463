"""The session factory: the engine with its plugins seated — the library's front door.

This is the composition point: the engine never imports a plugin; here the built-in
``agents-md`` plugin and any third-party plugins (entry-point group ``agents_md.plugins``)
are found and seated, unless turned off (``enabledPlugins: {"agents-md@builtin": false}`` in
settings, or ``disabled_plugins=``).

A ``Session`` is driven turn by turn: its start block, ``read()`` after each Read tool call,
``compact()`` and ``clear()``, ``cd()`` to move the root, ``spawn()`` for subagents. One
thread per session; sessions are cheap and independent.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agents_md._model import InstructionFile, Notice
from agents_md.engine.args import EngineArgs
from agents_md.engine.bus import HookBus
from agents_md.engine.fs import FileSystem, SessionFS
from agents_md.engine.hook_session import HookSession
from agents_md.engine.settings import Settings
from agents_md.engine.start import (
    FORK,
    NO_INSTRUCTIONS_AGENTS,
    SessionInputs,
    StartContext,
    compute_start,
    hook_session,
    session_settings,
)
from agents_md.engine.walk import env_truthy
from agents_md.host.plugins import PluginSpec, entry_point_plugins, folder_plugins

if TYPE_CHECKING:
    from agents_md.engine.loop import Loop, ReadResult

REFERENCE, COMPLETE = "reference", "complete"
ATTACHMENTS_OFF_ENVS = ("CLAUDE_CODE_DISABLE_ATTACHMENTS", "CLAUDE_CODE_SIMPLE")


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentStart:
    """What a subagent starts with."""

    agent_type: str
    fork: bool
    claude_md: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CdResult:
    """After ``/cd``: the new start, and the instruction files the ``/cd`` notice carries."""

    start: StartContext
    notice_files: tuple[InstructionFile, ...]


def _disabled_in_settings(settings: Settings) -> set[str]:
    off: set[str] = set()
    for layer in settings.layers:
        enabled = layer.values.get("enabledPlugins")
        if isinstance(enabled, dict):
            for key, value in enabled.items():
                if value is False:
                    off.add(str(key))
                elif value is True:
                    off.discard(str(key))
    return off


class Subagent:
    """A subagent's loop: its start block (the parent's, frozen at the parent's start) and Reads."""

    def __init__(self, start: AgentStart, loop: Loop, home: str) -> None:
        self.start = start
        self._loop = loop
        self._home = home

    @property
    def claude_md(self) -> str | None:
        return self.start.claude_md

    def read(self, path: str) -> ReadResult:
        return self._loop.read(path, home=self._home)

    def spawn(self, *, fork: bool = False) -> Loop:
        """A subagent's own subagent loop (its Reads; what it starts with is the caller's to say)."""
        return self._loop.spawn(fork=fork)


class Session:
    """One agent session. ``Session(cwd=..., home=...)`` never reads the real home unless it is
    passed as ``home``."""

    def __init__(
        self,
        *,
        cwd: str,
        home: str,
        env: Mapping[str, str] | None = None,
        args: Sequence[str] | EngineArgs = (),
        managed_dir: str | None = None,
        approve_external_imports: bool = False,
        plugins: Sequence[PluginSpec] | None = None,
        extra_plugins: Sequence[PluginSpec] = (),
        disabled_plugins: Sequence[str] = (),
        interactive: bool = False,
        profile: str = REFERENCE,
        fs: FileSystem | None = None,
    ) -> None:
        if profile not in (REFERENCE, COMPLETE):
            raise ValueError(f"profile must be {REFERENCE!r} or {COMPLETE!r}, not {profile!r}")
        self.inputs = SessionInputs.build(
            cwd=cwd,
            home=home,
            env=env,
            args=args,
            managed_dir=managed_dir,
            approve_external_imports=approve_external_imports,
            interactive=interactive,
            profile=profile,
            fs=fs,
        )
        self.profile = profile
        self._lock = threading.RLock()
        self.bus = HookBus()
        settings = session_settings(self.inputs)
        off = set(disabled_plugins) | _disabled_in_settings(settings)
        specs = list(plugins) if plugins is not None else entry_point_plugins(off)
        builtin = [s for s in specs if s.builtin]
        from_folders = folder_plugins(self.inputs.args.plugin_dirs, builtin)
        folder_names = {s.name for s in from_folders}
        specs = [s for s in specs if not (s.builtin and s.name in folder_names)] + from_folders
        specs += list(extra_plugins)
        self.plugins = tuple(specs)
        self._builtin_names = frozenset(s.name for s in specs if s.builtin)
        for spec in specs:
            self.bus.register(spec.plugin, spec.name, prepend=spec.prepend)
        self._first_settings: Settings | None = settings
        self._start: StartContext | None = None
        self._main: Loop | None = None
        self._has_messages = False
        self._notices: list[Notice] = []
        self._bus_seen = 0
        # One listing cache for every Read of the session, checked against the disk each Read.
        self._read_fs = SessionFS(self.inputs.fs)

    # ------------------------------------------------------------------ the start

    def start(self) -> StartContext:
        """The start context (computed once; ``compact()``, ``clear()`` and ``cd()`` compute it anew)."""
        with self._lock:
            if self._start is None:
                settings, self._first_settings = self._first_settings, None
                self._start = self._logged(
                    compute_start(self.inputs, self.bus, builtin_names=self._builtin_names, settings=settings)
                )
            return self._start

    @property
    def claude_md(self) -> str | None:
        return self.start().claude_md

    @property
    def files(self) -> tuple[InstructionFile, ...]:
        return self.start().files

    @property
    def notices(self) -> tuple[Notice, ...]:
        """Everything the plugins told the person (``ui.log``), in order."""
        self.start()
        return tuple(self._notices)

    # ------------------------------------------------------------------ turns

    def _logged(self, start: StartContext) -> StartContext:
        self._notices.extend(start.notices)  # a session's notices, start after start, in order
        self._bus_seen = len(self.bus.notices)
        return start

    def _drained(self, result: ReadResult) -> ReadResult:
        # A hook that failed on a Read is told like one that failed at the start.
        self._notices.extend(self.bus.notices[self._bus_seen :])
        self._bus_seen = len(self.bus.notices)
        return result

    def _hook_session(self) -> HookSession:
        start = self.start()
        return hook_session(
            self.inputs,
            self._read_fs,
            start.settings,
            self.bus,
            self._notices,
            self._builtin_names,
            enabled=start.instruction_files_enabled,
        )

    def _attachments_enabled(self) -> bool:
        # Consulted on every Read, as the engine does.
        return self.start().instruction_files_enabled and not any(
            env_truthy(self.inputs.env, name) for name in ATTACHMENTS_OFF_ENVS
        )

    def loop(self) -> Loop:
        """The main loop (created on first use)."""
        from agents_md.engine.loop import Loop  # lazy: a start-only session never reads
        from agents_md.engine.nested import NestedFinder

        start = self.start()
        with self._lock:
            if self._main is None:
                finder = NestedFinder(
                    fs=self._read_fs,
                    cwd=self.inputs.cwd,
                    home=self.inputs.home,
                    settings=start.settings,
                    add_dirs=self.inputs.args.add_dirs,
                    approve_external=self.inputs.approve_external_imports,
                    conditional=start.conditional_rules,
                )
                self._main = Loop(
                    finder=finder,
                    bus=self.bus,
                    session_factory=self._hook_session,
                    start_paths=frozenset(f.path for f in start.files),
                    attachments_enabled=self._attachments_enabled,
                )
            return self._main

    def read(self, path: str) -> ReadResult:
        """What the engine appends after the main loop's Read of ``path``."""
        self._has_messages = True
        return self._drained(self.loop().read(path, home=self.inputs.home))

    def mention(self, path: str) -> ReadResult:
        """A file ``@``-mentioned in the prompt (or the IDE's open file): the engine attaches its
        nested CLAUDE.md; the plugin attaches AGENTS.md too only in the complete profile."""
        self._has_messages = True
        return self._drained(self.loop().read(path, home=self.inputs.home, tool="Mention"))

    def turn(self) -> StartContext:
        """A user turn begins: the context its first request carries."""
        self._has_messages = True
        return self.start()

    def _recompute(self, reason: str) -> StartContext:
        # Re-read from disk and hand prompt.context the new list: a new context, not a new load
        # (unless nothing was loaded yet, when this is the load's first start).
        first = self._start is None
        settings, self._first_settings = self._first_settings, None
        start = self._logged(
            compute_start(
                self.inputs,
                self.bus,
                builtin_names=self._builtin_names,
                fire_session_start=first,
                settings=settings if reason != "cd" else None,
                reason=reason,
            )
        )
        with self._lock:
            self._start = start
        return start

    def compact(self) -> StartContext | None:
        """``/compact``: the next context is recomputed from disk; the engine keeps the nested
        files it restores as reads, the plugin's start over (reference profile). ``None`` when
        there was nothing to compact yet."""
        if not self._has_messages:
            return None
        start = self._recompute("compact")
        if self._main is not None:
            self._main.start_paths = frozenset(f.path for f in start.files)
        return start

    def clear(self) -> StartContext:
        """``/clear``: a new conversation; every delivered set starts over."""
        start = self._recompute("clear")
        with self._lock:
            self._main = None
            self._has_messages = False
        return start

    def cd(self, new_dir: str) -> CdResult:
        """``/cd``: the root moves; the delivered sets and the plugin's stand-down decision
        start over. The notice carries the new tree's CLAUDE.md files (and, in the complete
        profile, its AGENTS.md files); in the reference profile those arrive with the next
        request's start block instead."""
        with self._lock:
            self.inputs.cwd = os.path.realpath(os.path.join(self.inputs.cwd, new_dir))
            self._main = None
        start = self._recompute("cd")
        engine = set(start.engine_files)
        notice = start.files if self.profile == COMPLETE else tuple(f for f in start.files if f in engine)
        return CdResult(start=start, notice_files=notice)

    # ------------------------------------------------------------------ subagents

    def agent_start(
        self, agent_type: str | None = None, *, fork: bool = False, omit_claude_md: bool = False
    ) -> AgentStart:
        """What a subagent of ``agent_type`` starts with (the parent's start, frozen)."""
        start = self.start()
        name = agent_type or "general-purpose"
        if fork or name == FORK:
            return AgentStart(agent_type=FORK, fork=True, claude_md=start.claude_md)
        return AgentStart(agent_type=name, fork=False, claude_md=start.for_agent(name, omit_claude_md=omit_claude_md))

    def spawn(self, agent_type: str | None = None, *, fork: bool = False) -> Subagent:
        """Start a subagent: a custom type's ``omitClaudeMd`` is read from its definition."""
        name = agent_type or "general-purpose"
        omit = False
        if not fork and name not in NO_INSTRUCTIONS_AGENTS and name not in (FORK, "general-purpose"):
            from agents_md.host.session_agents import find_agent

            agent = find_agent(self, name)
            omit = bool(agent is not None and agent.omit_claude_md)
        start = self.agent_start(name, fork=fork, omit_claude_md=omit)
        return Subagent(start, self.loop().spawn(fork=start.fork), self.inputs.home)
