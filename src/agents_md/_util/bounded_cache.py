"""A cache of answers about texts, bounded by the size of the texts it keeps as well as by count.

The engine reads the same files again and again (each session, each Read, ``check``'s views), so
what it derives from a text is kept by the text. A long-running agent that meets many large
files must not keep them all: each cache holds at most ``max_bytes`` of keys (a key's size is
its length), drops the least recently used first, and never keeps a text larger than a quarter
of that (it is computed each time instead). Thread-safe: sessions may run in threads.
"""

from __future__ import annotations

# threading.Lock is this very lock; importing threading for it would load that module on every start.
from _thread import allocate_lock

from agents_md._util.std import Callable, Hashable, OrderedDict

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])

MAX_BYTES = 16 * 1024 * 1024  # per cache: the keys (texts) it holds, at most (instruction files are kilobytes)


class _Cache:
    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.held = 0
        self.lock = allocate_lock()

    def put(self, key: Hashable, value: Any, size: int) -> None:
        if size > self.max_bytes // 4:
            return
        with self.lock:
            if key in self.entries:
                return
            self.entries[key] = (value, size)
            self.held += size
            while self.entries and (len(self.entries) > self.max_entries or self.held > self.max_bytes):
                _, (_, dropped) = self.entries.popitem(last=False)
                self.held -= dropped

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.held = 0


def _size(args: tuple[Any, ...]) -> int:
    return sum(len(a) for a in args if isinstance(a, str | bytes))


def bounded_cache(
    max_entries: int, max_bytes: int = MAX_BYTES, *, size: Callable[[tuple[Any, ...]], int] = _size
) -> Callable[[F], F]:
    """``functools.lru_cache`` for functions of texts, bounded by the bytes of their arguments too
    (``size``: how many an argument tuple counts for, when its texts are inside other values)."""

    def wrap(function: F) -> F:
        cache = _Cache(max_entries, max_bytes)

        entries = cache.entries

        def cached(*args: Any) -> Any:
            # A hit takes no lock: each of these steps is one atomic operation on the dict.
            found = entries.get(args)
            if found is not None:
                try:  # noqa: SIM105 (suppress() costs a context manager on every hit)
                    entries.move_to_end(args)
                except KeyError:  # dropped by another thread meanwhile
                    pass
                return found[0]
            value = function(*args)
            cache.put(args, value, size(args))
            return value

        for name in ("__module__", "__name__", "__qualname__", "__doc__"):  # functools.wraps, without functools
            setattr(cached, name, getattr(function, name))
        cached.__wrapped__ = function  # type: ignore[attr-defined]
        cached.cache = cache  # type: ignore[attr-defined]
        cached.cache_clear = cache.clear  # type: ignore[attr-defined]
        return cached  # type: ignore[return-value]  # it is ``function``, cached

    return wrap


__all__ = ["MAX_BYTES", "bounded_cache"]
