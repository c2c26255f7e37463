"""The session factory: the engine with its plugins seated — the library's front door.

This is the composition point: the engine never imports a plugin; here the built-in
``agents-md`` plugin and any third-party plugins (entry-point group ``agents_md.plugins``)
are found and seated, unless turned off (``enabledPlugins: {"agents-md@builtin": false}`` in
settings, or ``disabled_plugins=``).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from agents_md._model import InstructionFile, Notice
from agents_md.engine.args import EngineArgs
from agents_md.engine.context import HookSession
from agents_md.engine.fs import FileSystem
from agents_md.engine.hooks import HookBus
from agents_md.engine.loop import Loop, ReadResult
from agents_md.engine.nested import NestedFinder
from agents_md.engine.session import FORK, SessionInputs, StartContext, compute_start
from agents_md.engine.settings import load_settings
from agents_md.plugins_loader import PluginSpec, entry_point_plugins, folder_plugins

REFERENCE, COMPLETE = "reference", "complete"


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentStart:
    """What a subagent starts with."""

    agent_type: str
    fork: bool
    claude_md: str | None


def _disabled_in_settings(inputs: SessionInputs) -> set[str]:
    try:
        settings = load_settings(
            fs=inputs.fs,
            cwd=inputs.cwd,
            home=inputs.home,
            managed_dir=inputs.managed_dir,
            flag_settings=inputs.args.settings,
            setting_sources=inputs.args.setting_sources,
        )
    except Exception:
        return set()
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


class Session:
    """One agent session: the start context, and (turn by turn) what each event adds.

    ``Session(cwd=..., home=...)`` never reads the real home unless it is passed as ``home``.
    """

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
            fs=fs,
        )
        self.profile = profile
        self._lock = threading.Lock()
        self.bus = HookBus()
        off = set(disabled_plugins) | _disabled_in_settings(self.inputs)
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
        self._start: StartContext | None = None
        self._main: Loop | None = None
        self._has_messages = False

    # ------------------------------------------------------------------ start

    def start(self) -> StartContext:
        """The start context (computed once; ``clear()``/``compact()`` compute it again)."""
        with self._lock:
            if self._start is None:
                self._start = compute_start(self.inputs, self.bus, builtin_names=self._builtin_names)
            return self._start

    @property
    def claude_md(self) -> str | None:
        return self.start().claude_md

    @property
    def files(self) -> tuple[InstructionFile, ...]:
        return self.start().files

    @property
    def notices(self) -> tuple[Notice, ...]:
        return self.start().notices

    # ------------------------------------------------------------------ turns

    def _hook_session(self) -> HookSession:
        start = self.start()
        return HookSession(
            fs=self.inputs.fs,
            cwd=self.inputs.cwd,
            root=self.inputs.cwd,
            home=self.inputs.home,
            env=self.inputs.env,
            settings=start.settings,
            instruction_files_enabled=start.instruction_files_enabled,
            approve_external_imports=self.inputs.approve_external_imports,
            interactive=self.inputs.interactive,
            bus=self.bus,
            notices=[],
            plugin_key=lambda name: f"{name}@builtin" if name in self._builtin_names else name,
        )

    def _attachments_enabled(self) -> bool:
        from agents_md.engine.walk import env_truthy

        env = self.inputs.env
        return self.start().instruction_files_enabled and not (
            env_truthy(env, "CLAUDE_CODE_DISABLE_ATTACHMENTS") or env_truthy(env, "CLAUDE_CODE_SIMPLE")
        )

    def loop(self) -> Loop:
        """The main loop (created on first use)."""
        start = self.start()
        with self._lock:
            if self._main is None:
                finder = NestedFinder(
                    fs=self.inputs.fs,
                    cwd=self.inputs.cwd,
                    home=self.inputs.home,
                    settings=start.settings,
                    add_dirs=self.inputs.args.add_dirs,
                    approve_external=self.inputs.approve_external_imports,
                )
                self._main = Loop(
                    finder=finder,
                    bus=self.bus,
                    session_factory=self._hook_session,
                    start_paths=frozenset(f.path for f in start.engine_files),
                    attachments_enabled=self._attachments_enabled,
                )
            return self._main

    def read(self, path: str) -> ReadResult:
        """What the engine appends after the main loop's Read of ``path``."""
        self._has_messages = True
        return self.loop().read(path, home=self.inputs.home)

    def turn(self) -> StartContext:
        """A user turn begins: the context its first request carries."""
        self._has_messages = True
        return self.start()

    def _recompute(self) -> StartContext:
        # Re-read from disk, and hand prompt.context the new list (a new context, not a new load).
        start = compute_start(self.inputs, self.bus, builtin_names=self._builtin_names, fire_session_start=False)
        with self._lock:
            self._start = start
        return start

    def compact(self) -> StartContext | None:
        """``/compact``: the next context is recomputed from disk; the plugins' nested files start over,
        while the engine keeps the nested files it restores as reads. ``None`` when there was
        nothing to compact yet."""
        if not self._has_messages:
            return None
        start = self._recompute()
        if self._main is not None:
            self._main.start_paths = frozenset(f.path for f in start.engine_files)
        return start

    def clear(self) -> StartContext:
        """``/clear``: a new conversation; every delivered set starts over."""
        start = self._recompute()
        with self._lock:
            self._main = None
            self._has_messages = False
        return start

    def agent_start(
        self, agent_type: str | None = None, *, fork: bool = False, omit_claude_md: bool = False
    ) -> AgentStart:
        """What a subagent of ``agent_type`` starts with (the parent's start, frozen)."""
        start = self.start()
        name = agent_type or "general-purpose"
        if fork or name == FORK:
            return AgentStart(agent_type=FORK, fork=True, claude_md=start.claude_md)
        return AgentStart(agent_type=name, fork=False, claude_md=start.for_agent(name, omit_claude_md=omit_claude_md))
