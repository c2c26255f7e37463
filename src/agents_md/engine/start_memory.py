"""A session's start asked again in the same process, given again while what it depended on holds.

A program that builds a session per agent turn builds the same session again and again. Each
lookup of its start is remembered already (``engine.shared_lookups``); here the start as a whole
is, so a session built again checks each folder once instead of once per lookup, and its hooks
are not called again when their answers could not differ:

1. A session (``host.session``) is kept only when built on the real disk from a process's second start on (as the
   lookups are), its plugins the installed ones (none given, none extra, no ``--plugin-dir``), each
   with a hook at the start able to say the state a start leaves it in (``start_state()``) and to
   take it back (``resume_start(state)``; the built-in plugin can). Its key is every input it was
   built with: the cwd as spelled, the home, the environment, the arguments, the managed folder,
   the platform, the switches and the plugins turned off.
2. Its construction and its start run as one watched pass (``ListingFS.watch``): what it consulted
   is what its lookups consulted (the cwd resolved, the settings, the walk, the plugins' files:
   each run, or given from memory, a part of it, ``engine.consulted``) and what the hooks asked
   of the session's filesystem besides. Kept with it: the start (the provenance every view reads,
   ``StartContext``), the cwd resolved, the plugins seated (name, class, place) and the state the
   start left each in.
3. The same session built again is given that start while the disk would answer the pass the same:
   every folder it listed is stat'ed once (``ListingFS.vouches_all``); one whose listing changed is
   asked again what each part asked it, and then the files' versions and the links followed
   (``Consulted.holds``). The same plugins must be seated: each is handed its state back and its
   ``session.start`` and ``prompt.context`` hooks are not called (what they told is in the start).
4. Not kept: a start whose hooks failed, a pass that could not list a folder or say a file's
   version, one that read a file changed within the disk clock's racy window (``lookup_memory``)
   of when the pass began (the session built: a start made later read its settings then).
   What is kept is bounded (``most`` starts, the least recently used dropped first).
"""

from __future__ import annotations

import os
import time
from _thread import allocate_lock

from agents_md.engine import platform as platforms
from agents_md.engine import shared_lookups
from agents_md.engine.events import EVENT_HOOKS
from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.shared_listings import RACY_NS

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Hashable, Mapping, Sequence

    from agents_md._model import Notice
    from agents_md.engine.bus import HookBus, SeatedPlugin
    from agents_md.engine.consulted import Consulted
    from agents_md.engine.fs import ListingFS
    from agents_md.engine.shared_listings import Listing
    from agents_md.engine.start import StartContext

START_STATE, RESUME_START = "start_state", "resume_start"
_READ_HOOK = EVENT_HOOKS["tool.call"]  # the one hook a start does not call
Seats = tuple[tuple[str, type, bool], ...]


class KeptStart:
    """One session's start, with what it depended on (step 2)."""

    __slots__ = ("consulted", "cwd", "folders", "seats", "start", "states")

    def __init__(
        self, *, consulted: Consulted, cwd: str, start: StartContext, seats: Seats, states: tuple[object, ...]
    ) -> None:
        self.consulted = consulted
        self.cwd = cwd  # the cwd with its links resolved
        self.start = start
        self.seats = seats
        self.states = states  # each seated plugin's state after the start (``None``: no start hook)
        self.folders: Mapping[str, Listing | None] | None = consulted.folders()

    def resume(self, bus: HookBus) -> bool:
        """Hand each plugin seated on ``bus`` the state the kept start left it in; ``False`` when
        they are not the plugins that start was made with (nothing handed), or one refuses it."""
        seated = bus.ordered()
        if _seats(seated) != self.seats:
            return False
        try:
            for plugin, state in zip(seated, self.states, strict=True):
                if _has_start_hooks(plugin):
                    getattr(plugin.plugin, RESUME_START)(state)
        except Exception:  # the start is made anew: its hooks set each plugin's state as they do
            return False
        return True


def _seats(seated: Sequence[SeatedPlugin]) -> Seats:
    return tuple((s.name, type(s.plugin), s.prepend) for s in seated)


def _has_start_hooks(seated: SeatedPlugin) -> bool:
    hooks = seated.hooks
    return len(hooks) > (_READ_HOOK in hooks)


def _says_its_state(seated: SeatedPlugin) -> bool:
    plugin = seated.plugin
    return callable(getattr(plugin, START_STATE, None)) and callable(getattr(plugin, RESUME_START, None))


class StartMemory:
    """Sessions' starts by key (step 1)."""

    __slots__ = ("_kept", "_lock", "most", "racy_ns")

    def __init__(self, *, most: int = 1024, racy_ns: int = RACY_NS) -> None:
        self.most = most
        self.racy_ns = racy_ns
        self._kept: dict[Hashable, KeptStart] = {}
        self._lock = allocate_lock()  # sessions start in many threads

    def recall(self, key: Hashable, fs: ListingFS) -> KeptStart | None:
        """The start ``key`` kept, if the disk, as ``fs`` sees it this round, would answer it the
        same (step 3); else ``None`` (and it is dropped)."""
        memory = self._kept
        kept = memory.get(key)
        if kept is None:
            return None
        if not fs.vouches_all(kept.consulted, kept.folders):
            with self._lock:
                if memory.get(key) is kept:  # not one another thread kept since
                    del memory[key]
            return None
        if len(memory) > self.most // 2:  # used again: the last to be dropped, once any may be
            with self._lock:  # one at a time with ``keep``: the bound holds, no key is dropped twice
                now = memory.pop(key, None)  # this one, or one another thread kept since
                if now is not None:
                    memory[key] = now
        return kept

    def keep(
        self,
        key: Hashable,
        consulted: Consulted,
        *,
        cwd: str,
        start: StartContext,
        bus: HookBus,
        failed: Sequence[Notice],
        began_ns: int,
    ) -> None:
        """Keep ``start`` under ``key`` (step 4 says what is not kept); ``began_ns``: when its pass
        began (``now()`` then)."""
        if failed or not consulted.complete:
            return
        if began_ns - consulted.newest_ns < self.racy_ns:
            return
        seated = bus.ordered()
        states: list[object] = []
        for plugin in seated:
            if not _has_start_hooks(plugin):
                states.append(None)
                continue
            if not _says_its_state(plugin):
                return
            try:
                states.append(getattr(plugin.plugin, START_STATE)())
            except Exception:  # as said by none: its hooks are called on every start
                return
        kept = KeptStart(consulted=consulted, cwd=cwd, start=start, seats=_seats(seated), states=tuple(states))
        with self._lock:
            memory = self._kept
            memory.pop(key, None)
            memory[key] = kept
            while len(memory) > self.most:
                del memory[next(iter(memory))]

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


STARTS = StartMemory()
shared_lookups.MADE_OF_THEM.append(STARTS)  # forgotten with the lookups it is made of


def key_of(cwd: str, home: str, options: Mapping[str, object], disabled: Sequence[str]) -> Hashable | None:
    """What a session built with these inputs is kept under (step 1), or ``None`` when it is not
    kept: another filesystem, a platform whose disks fold case (a view of this disk of its own),
    an input that cannot be a key. Asked from a process's second start on (``start.remembering``)."""
    fs = options.get("fs")
    if fs is not None and fs is not DEFAULT_FS:
        return None
    platform = options.get("platform")
    env = options.get("env")
    args = options.get("args", ())
    try:
        if platforms.folds_case(platform) and not DEFAULT_FS.folds_case:  # type: ignore[arg-type]
            return None
        key = (
            cwd if os.path.isabs(cwd) else os.path.join(os.getcwd(), cwd),
            home if os.path.isabs(home) else os.path.abspath(home),
            frozenset(env.items()) if env else None,  # type: ignore[attr-defined]  # a Mapping
            args if not isinstance(args, list) else tuple(args),
            options.get("managed_dir"),
            platform,
            options.get("approve_external_imports", False),
            options.get("outside_links"),
            options.get("interactive", False),
            options.get("profile"),
            tuple(disabled),
        )
        hash(key)
    except (TypeError, ValueError, OSError):
        return None  # not to be kept; the session says what is wrong with its inputs, if anything
    return key


def now() -> int:
    """The time a watched pass begins at (``StartMemory.keep``)."""
    return time.time_ns()


def env_of(key: Hashable) -> object:
    """The environment ``key`` was made with (the caller's is live: a start made later reads it then)."""
    return key[2]  # type: ignore[index]  # a key of ``key_of``


def env_now(env: Mapping[str, str]) -> object:
    """``env`` as a key holds it."""
    return frozenset(env.items()) if env else None


def clear() -> None:
    """Forget every start kept."""
    STARTS.clear()
