"""The hook bus: how plugins are seated, validated and called, and what a call comes to.

Seating validates a plugin once (by pluggy, against ``hookspecs``) and blames it by name, with
the event and the signature it expected; a plugin this package defines is read from its marks
alone (its tests validate it with pluggy), so a session of built-in plugins never imports pluggy.
Calling is one pure function, ``call_hooks``, over the seated plugins in order.

Ordering, in one rule: plugins run in the order they were seated, except that *prepended*
plugins (an organization's) run after all others, the last one prepended running last — so a
prepended plugin always has the last word on ``prompt.context``.

A hook that raises, or answers something that is not a list of ``InstructionFile``, leaves
the value exactly as it was before it, and the failure is told (``BusResult.failures``),
naming the plugin. The bus keeps no state between calls but who is seated.
"""

from __future__ import annotations

from agents_md._model import InstructionFile, Notice
from agents_md._util.std import Callable, Iterable, Mapping, ModuleType, Sequence
from agents_md._value import Value
from agents_md.engine.events import EVENT_HOOKS, Telemetry, TelemetryMark, TelemetryRow
from agents_md.engine.markers import PROJECT_NAME, marked_hooks
from agents_md.errors import PluginError

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any

    import pluggy

Answer = tuple[str, tuple[InstructionFile, ...]]  # (plugin name, the files it answered)
TOOL_CALL_HOOK = EVENT_HOOKS["tool.call"]
# A plugin's optional method: a value that stays the same while its answers to a Read would
# (``HookBus.read_key``; the plugin API's module says what it promises).
READ_STATE = "read_state"


class BusResult(Value):
    """What one call of the bus came to."""

    files: tuple[InstructionFile, ...] = ()  # chained (prompt.context): the list after the last hook
    answers: tuple[Answer, ...] = ()  # collected (tool.call): each plugin's own non-empty answer
    failures: tuple[Notice, ...] = ()  # hooks that raised or answered something else, in order


class SeatedPlugin(Value):
    name: str
    plugin: object
    prepend: bool
    hooks: Mapping[str, tuple[str, ...]]  # event hook -> the arguments the plugin's hook takes


# Plugin classes pluggy has validated, with the hooks each implements: validating walks every
# attribute of a plugin, which would dominate the cost of a short session if done each time.
_VALIDATED: dict[type, dict[str, tuple[str, ...]]] = {}


def _explain(exc: pluggy.PluginValidationError) -> str:
    """One line: what is wrong, and the signature the event expected."""
    import inspect

    from agents_md.engine.hookspecs import HookSpecs

    reason = str(exc).strip().splitlines()[-1]
    for event, hook in EVENT_HOOKS.items():
        if f"'{hook}'" in str(exc):
            params = [p for p in inspect.signature(getattr(HookSpecs, hook)).parameters if p != "self"]
            return f"{reason} (event {event} expects {hook}({', '.join(params)}))"
    return reason


def validate(plugin: object, name: str) -> dict[str, tuple[str, ...]]:
    """The events ``plugin`` implements, each with the arguments its hook takes (pluggy lets a
    hook take fewer than the event offers; it is called with just those)."""
    cacheable = not isinstance(plugin, ModuleType)
    if cacheable and type(plugin) in _VALIDATED:
        return _VALIDATED[type(plugin)]
    import pluggy

    from agents_md.engine.hookspecs import HookSpecs

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


def is_own(plugin: object) -> bool:
    """Whether this package defines ``plugin`` (the built-in ``agents-md``): seated without pluggy."""
    return type(plugin).__module__.startswith("agents_md.")


_OWN_HOOKS: dict[type, dict[str, tuple[str, ...]]] = {}


def _own_hooks(plugin: object) -> dict[str, tuple[str, ...]]:
    # A session seats a new instance of the same class on every start: its marks are the class's.
    cls = type(plugin)
    hooks = _OWN_HOOKS.get(cls)
    if hooks is None:
        hooks = _OWN_HOOKS[cls] = marked_hooks(plugin, EVENT_HOOKS.values())
    return hooks


def _failure(name: str, event: str, exc: BaseException) -> Notice:
    return Notice(
        source=name, text=f"plugin {name} failed in {event}: {type(exc).__name__}: {exc}; its change was ignored"
    )


def _as_files(answer: object) -> tuple[InstructionFile, ...] | None:
    """An answer read as files (a generator is read once, here), or ``None`` when it is anything else."""
    if isinstance(answer, str | bytes) or not isinstance(answer, Iterable):
        return None
    try:
        files = tuple(answer)
    except Exception:
        return None
    return files if all(isinstance(f, InstructionFile) for f in files) else None


def call_hooks(
    seated: Sequence[SeatedPlugin],
    event: str,
    kwargs: Mapping[str, Any],
    *,
    files: tuple[InstructionFile, ...] | None = None,
    chained: bool = False,
) -> BusResult:
    """Call ``event``'s hook of each plugin in ``seated`` (already in order), each with the
    arguments it takes.

    With ``files`` given, each hook is handed ``files``: when ``chained``, the answer of the
    hook before it (the result is the last answer); otherwise what the hooks before it
    attached (the result is each plugin's own answer). ``None`` answers change nothing.
    """
    hook = EVENT_HOOKS[event]
    current = files
    answers: list[Answer] = []
    failures: list[Notice] = []
    for plugin in seated:
        argnames = plugin.hooks.get(hook)
        if argnames is None:
            continue
        offered = {k: kwargs[k] for k in argnames if k in kwargs}  # what this hook takes of the event's
        if files is not None and "files" in argnames:
            offered["files"] = current if chained else tuple(f for _, got in answers for f in got)
        try:
            answer = getattr(plugin.plugin, hook)(**offered)
        except Exception as exc:
            failures.append(_failure(plugin.name, event, exc))
            continue
        if answer is None or files is None:
            continue
        got = _as_files(answer)
        if got is None:
            failures.append(_failure(plugin.name, event, TypeError("the answer is not a list of InstructionFile")))
            continue
        if chained:
            current = got
        elif got:
            answers.append((plugin.name, got))
    return BusResult(files=(current or ()) if chained else (), answers=tuple(answers), failures=tuple(failures))


class HookBus:
    """The seated plugins, in the documented order."""

    def __init__(self) -> None:
        self._seated: list[SeatedPlugin] = []
        self._ordered: tuple[SeatedPlugin, ...] = ()
        self._answering: tuple[object, ...] = ()  # of those, the plugins with a ``tool.call`` hook

    def register(self, plugin: object, name: str, *, prepend: bool = False) -> None:
        if any(s.name == name for s in self._seated):
            raise PluginError(f"plugin {name!r}: a plugin of that name is already registered")
        hooks = _own_hooks(plugin) if is_own(plugin) else validate(plugin, name)
        self._seated.append(SeatedPlugin(name=name, plugin=plugin, prepend=prepend, hooks=hooks))
        self._order()

    def unregister(self, name: str) -> None:
        self._seated = [s for s in self._seated if s.name != name]
        self._order()

    def _order(self) -> None:
        # Seating order, prepended plugins after all others (the last prepended runs last); kept,
        # as every Read calls the bus.
        seated = self._seated
        self._ordered = tuple(s for s in seated if not s.prepend) + tuple(s for s in seated if s.prepend)
        self._answering = tuple(s.plugin for s in self._ordered if TOOL_CALL_HOOK in s.hooks)

    def ordered(self) -> tuple[SeatedPlugin, ...]:
        return self._ordered

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.ordered())

    def read_key(self) -> tuple[object, ...] | None:
        """What the plugins' answers to a Read depend on besides the disk: who is seated, and the
        ``read_state()`` of each plugin with a ``tool.call`` hook (``engine.read_memory``). ``None``
        when one of them does not say it (or fails to): its Reads are asked of it every time."""
        key: tuple[object, ...] = (self._ordered,)
        for plugin in self._answering:  # mostly one (the built-in): a tuple grown, no list
            state = getattr(plugin, READ_STATE, None)
            if state is None:
                return None
            try:
                key += (state(),)
            except Exception:  # as said by none: asked every time, as a session that keeps no Read does
                return None
        return key

    def has(self, hook: str) -> bool:
        return any(hook in s.hooks for s in self._seated)

    def notify(self, event: str, **kwargs: Any) -> tuple[Notice, ...]:
        """Tell every plugin; what comes back is only who failed."""
        return call_hooks(self.ordered(), event, kwargs).failures

    def chain(self, event: str, files: tuple[InstructionFile, ...], **kwargs: Any) -> BusResult:
        """Hand ``files`` through every hook in order; each answer becomes the next input."""
        return call_hooks(self.ordered(), event, kwargs, files=files, chained=True)

    def collect(self, event: str, **kwargs: Any) -> BusResult:
        """Each hook's own answer (for ``tool.call``); a hook is handed what the hooks before it attached."""
        return call_hooks(self.ordered(), event, kwargs, files=())


class BusTelemetry(Telemetry):
    """``session.telemetry``: rows and marks go to the seated telemetry providers, or nowhere.

    A provider's failure is kept in ``failures`` for the engine to tell.
    """

    def __init__(self, bus: HookBus, failures: Callable[[Sequence[Notice]], None]) -> None:
        self._bus = bus
        self._failures = failures

    def log(self, name: str, **fields: str | int | bool) -> None:
        if self._bus.has("telemetry_log"):
            self._failures(self._bus.notify("telemetry.log", row=TelemetryRow(name=name, fields=tuple(fields.items()))))

    def mark(self, name: str, *, ok: bool, reason: str | None = None) -> None:
        if self._bus.has("telemetry_mark"):
            self._failures(self._bus.notify("telemetry.mark", mark=TelemetryMark(name=name, ok=ok, reason=reason)))
