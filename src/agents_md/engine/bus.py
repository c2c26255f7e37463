"""The hook bus: the events plugins answer, how plugins are seated, and how calls chain.

Events (the engine's names, and the hook function a plugin implements):

- ``session.start`` -> ``session_start(session)``: once per load, before the first context.
- ``prompt.context`` -> ``prompt_context(session, files)``: the instruction files behind the
  start block, in load order; a hook answers a changed list (or ``None``: unchanged).
- ``tool.call`` -> ``tool_call(session, call, files)``: after a tool ran (``call.tool`` is
  ``"Read"`` for reads); a hook answers files to attach (or ``None``).
- ``telemetry.log`` / ``telemetry.mark`` -> ``telemetry_log(row)`` / ``telemetry_mark(mark)``:
  implemented by a telemetry provider; with none seated, rows are dropped without a trace.

Ordering, in one rule: plugins run in the order they were seated, except that *prepended*
plugins (an organization's) run after all others, the last one prepended running last — so a
prepended plugin always has the last word on ``prompt.context``.

A hook that raises, or answers something that is not a list of ``InstructionFile``, leaves
the value exactly as it was before it, and the failure is logged naming the plugin.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import pluggy

from agents_md._model import InstructionFile, Notice
from agents_md.errors import PluginError

if TYPE_CHECKING:
    from agents_md.engine.hook_session import HookSession

PROJECT_NAME = "agents_md"
ENTRY_POINT_GROUP = "agents_md.plugins"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)

EVENT_HOOKS = {
    "session.start": "session_start",
    "prompt.context": "prompt_context",
    "tool.call": "tool_call",
    "telemetry.log": "telemetry_log",
    "telemetry.mark": "telemetry_mark",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolCall:
    """A tool call as ``tool.call`` hooks see it (``path`` is the Read's ``file_path``)."""

    tool: str
    path: str | None = None
    agent_id: str | None = None  # None for the main loop
    forked_from: str | None = None  # for a fork's calls: the loop it was forked from ("" = main)


@dataclass(frozen=True, slots=True, kw_only=True)
class TelemetryRow:
    name: str
    fields: tuple[tuple[str, str | int | bool], ...]

    def as_dict(self) -> dict[str, str | int | bool]:
        return dict(self.fields)


@dataclass(frozen=True, slots=True, kw_only=True)
class TelemetryMark:
    name: str
    ok: bool
    reason: str | None = None


class HookSpecs:
    """The events, as pluggy specifications."""

    @hookspec
    def session_start(self, session: HookSession) -> None:
        """Once per load of the plugins, before the first context is built."""

    @hookspec
    def prompt_context(
        self, session: HookSession, files: tuple[InstructionFile, ...]
    ) -> Sequence[InstructionFile] | None:
        """Answer the instruction files changed, or ``None`` to leave them as they are."""

    @hookspec
    def tool_call(
        self, session: HookSession, call: ToolCall, files: tuple[InstructionFile, ...]
    ) -> Sequence[InstructionFile] | None:
        """Answer files to attach after the tool's result (``files`` are those attached so far)."""

    @hookspec
    def telemetry_log(self, row: TelemetryRow) -> None:
        """A telemetry provider receives a row: counts and closed choices only."""

    @hookspec
    def telemetry_mark(self, mark: TelemetryMark) -> None:
        """A telemetry provider receives an outcome mark."""


def _with_args(function: Callable[..., Any], argnames: tuple[str, ...]) -> Callable[..., Any]:
    def call(**kwargs: Any) -> Any:
        return function(**{k: v for k, v in kwargs.items() if k in argnames})

    return call


def _explain(exc: pluggy.PluginValidationError) -> str:
    """One line: what is wrong, and the signature the event expected."""
    import inspect

    reason = str(exc).strip().splitlines()[-1]
    for event, hook in EVENT_HOOKS.items():
        if f"'{hook}'" in str(exc):
            params = [p for p in inspect.signature(getattr(HookSpecs, hook)).parameters if p != "self"]
            return f"{reason} (event {event} expects {hook}({', '.join(params)}))"
    return reason


@dataclass(frozen=True, slots=True)
class SeatedPlugin:
    name: str
    plugin: object
    prepend: bool
    hooks: dict[str, tuple[str, ...]]  # event hook -> the arguments the plugin's hook takes


T = TypeVar("T")


# Plugin classes pluggy has validated, with the hooks each implements: validating walks every
# attribute of a plugin, which would dominate the cost of a short session if done each time.
_VALIDATED: dict[type, dict[str, tuple[str, ...]]] = {}


def _validate(plugin: object, name: str) -> dict[str, tuple[str, ...]]:
    """The events ``plugin`` implements, each with the arguments its hook takes (pluggy lets a
    hook take fewer than the event offers; it is called with just those)."""
    import types

    cacheable = not isinstance(plugin, types.ModuleType)
    if cacheable and type(plugin) in _VALIDATED:
        return _VALIDATED[type(plugin)]
    pm = pluggy.PluginManager(PROJECT_NAME)
    pm.add_hookspecs(HookSpecs)
    try:
        pm.register(plugin, name=name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {name!r}: {_explain(exc)}") from exc
    except ValueError as exc:
        raise PluginError(f"plugin {name!r}: {exc}") from exc
    hooks: dict[str, tuple[str, ...]] = {}
    for caller in pm.get_hookcallers(plugin) or ():
        for impl in caller.get_hookimpls():
            if impl.plugin is plugin:
                hooks[caller.name] = tuple(impl.argnames)
    if not hooks:
        raise PluginError(f"plugin {name!r}: implements none of the events ({', '.join(EVENT_HOOKS)})")
    if cacheable:
        _VALIDATED[type(plugin)] = hooks
    return hooks


class HookBus:
    """Seats plugins (validated by pluggy against the specs) and calls them in the documented order."""

    def __init__(self) -> None:
        self._seated: list[SeatedPlugin] = []
        self.notices: list[Notice] = []

    def register(self, plugin: object, name: str, *, prepend: bool = False) -> None:
        if any(s.name == name for s in self._seated):
            raise PluginError(f"plugin {name!r}: a plugin of that name is already registered")
        hooks = _validate(plugin, name)
        self._seated.append(SeatedPlugin(name=name, plugin=plugin, prepend=prepend, hooks=hooks))

    def unregister(self, name: str) -> None:
        self._seated = [s for s in self._seated if s.name != name]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self._ordered())

    def has(self, hook: str) -> bool:
        return any(hook in s.hooks for s in self._seated)

    def _ordered(self) -> list[SeatedPlugin]:
        normal = [s for s in self._seated if not s.prepend]
        prepended = [s for s in self._seated if s.prepend]
        return normal + prepended

    def _impls(self, hook: str) -> list[tuple[str, Callable[..., Any]]]:
        """``(plugin name, a call taking the event's arguments)`` for each plugin, in order."""
        out: list[tuple[str, Callable[..., Any]]] = []
        for seated in self._ordered():
            argnames = seated.hooks.get(hook)
            if argnames is not None:
                function = getattr(seated.plugin, hook)
                out.append((seated.name, _with_args(function, argnames)))
        return out

    def _failed(self, name: str, event: str, exc: BaseException) -> None:
        self.notices.append(
            Notice(
                source=name,
                text=f"plugin {name} failed in {event}: {type(exc).__name__}: {exc}; its change was ignored",
            )
        )

    def notify(self, event: str, **kwargs: Any) -> None:
        for name, function in self._impls(EVENT_HOOKS[event]):
            try:
                function(**kwargs)
            except Exception as exc:
                self._failed(name, event, exc)

    def _answers(
        self, event: str, files: Callable[[], tuple[InstructionFile, ...]], **kwargs: Any
    ) -> Iterator[tuple[str, tuple[InstructionFile, ...]]]:
        """Each hook's answer that is a list of files, in order; failures logged and passed by."""
        for name, function in self._impls(EVENT_HOOKS[event]):
            try:
                answer = function(files=files(), **kwargs)
            except Exception as exc:
                self._failed(name, event, exc)
                continue
            if answer is None:
                continue
            try:
                # A generator is read once, here; anything but files is refused whole.
                files_answered = tuple(answer) if not isinstance(answer, (str, bytes)) else None
            except Exception:
                files_answered = None
            if files_answered is None or not all(isinstance(f, InstructionFile) for f in files_answered):
                self._failed(name, event, TypeError("the answer is not a list of InstructionFile"))
                continue
            answer = files_answered
            yield name, answer

    def chain(self, event: str, files: tuple[InstructionFile, ...], **kwargs: Any) -> tuple[InstructionFile, ...]:
        """Hand ``files`` through every hook in order; each answer becomes the next input."""
        current = [files]
        for _, answer in self._answers(event, lambda: current[0], **kwargs):
            current[0] = answer
        return current[0]

    def collect(self, event: str, **kwargs: Any) -> list[tuple[str, tuple[InstructionFile, ...]]]:
        """Each hook's own answer (for ``tool.call``): ``[(plugin name, files)]``; a hook is handed
        what the hooks before it attached."""
        out: list[tuple[str, tuple[InstructionFile, ...]]] = []
        for name, answer in self._answers(event, lambda: tuple(f for _, got in out for f in got), **kwargs):
            if answer:
                out.append((name, answer))
        return out
