"""What a lookup found, kept while the disk says it holds.

1. A lookup (a Read's walk, ``engine.nested``; a plugin's files called some names in some
   folders, each with its imports, ``HookSession.files_in``; a start's settings and walk,
   ``engine.shared_lookups``) runs with its filesystem noting what it consulted: each
   folder's listing and each file's version (``ListingFS.watch``).
2. The same lookup asked again is answered from memory when every folder still has the
   listing it had (its stamp is checked once per round: a Read, a start) and every file still
   has its version (``Consulted.holds``); otherwise it runs again and its new answer is kept.
3. A lookup that listed a folder that failed, or read a file whose version cannot be said, is
   not kept; a link it followed is resolved again on a recall, unless the listings it went
   through vouch for it (``Consulted.holds``). A memory that lasts longer than a session
   (``racy_ns``) also keeps no lookup that read a file changed less than ``racy_ns`` before: a
   change in the same tick of the disk's clock would leave the file's version as it was.
4. What is kept is bounded (``most`` lookups, the least recently used dropped first).
"""

from __future__ import annotations

import time
from _thread import allocate_lock

from agents_md.engine.consulted import Consulted
from agents_md.engine.fs import ListingFS

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from typing import TypeVar

    T = TypeVar("T")


class LookupMemory:
    """Lookups and what they found, each with what it consulted.

    ``fs``: the filesystem a session's lookups all run through; a memory shared by many
    sessions has none and is handed each round's filesystem instead.
    """

    __slots__ = ("_kept", "_lock", "fs", "most", "racy_ns")

    def __init__(self, fs: ListingFS | None = None, *, most: int = 4096, racy_ns: int | None = None) -> None:
        self.fs = fs
        self.most = most
        self.racy_ns = racy_ns
        self._kept: dict[Hashable, tuple[Consulted, object]] = {}
        self._lock = allocate_lock()  # a shared memory is asked from the threads sessions start in

    def answer(self, key: Hashable, look: Callable[[], T], fs: ListingFS | None = None) -> T:
        """What the lookup ``key`` finds: from memory while it holds, else ``look()`` (then kept)."""
        fs = fs or self.fs
        assert fs is not None, "a shared memory is handed the round's filesystem"
        recalled = self.recall(key, fs)
        if recalled is not None:
            return recalled  # type: ignore[return-value]  # kept by ``look`` under this key
        consulted = fs.watch()
        try:
            found = look()
        finally:
            fs.unwatch()
        self.keep(key, consulted, found)
        return found

    def recall(self, key: Hashable, fs: ListingFS | None = None) -> object | None:
        """What the lookup ``key`` found, if everything it consulted is as it was; else ``None``."""
        memory = self._kept
        kept = memory.get(key)
        if kept is None:
            return None
        disk = fs or self.fs
        assert disk is not None, "a shared memory is handed the round's filesystem"
        if not disk.vouches(kept[0]):
            with self._lock:
                if memory.get(key) is kept:  # not one another thread kept since
                    del memory[key]
            return None
        disk.recalled(kept[0])
        if len(memory) > self.most // 2:  # used again: the last to be dropped, once any may be
            with self._lock:  # one at a time with ``keep``: the bound holds, no key is dropped twice
                now = memory.pop(key, None)  # this one, or one another thread kept since
                if now is not None:
                    memory[key] = now
        return kept[1]

    def keep(self, key: Hashable, consulted: Consulted, found: object) -> None:
        if not consulted.complete:
            return
        if self.racy_ns is not None and time.time_ns() - consulted.newest_ns < self.racy_ns:
            return
        with self._lock:
            kept = self._kept
            kept.pop(key, None)
            kept[key] = (consulted, found)
            while len(kept) > self.most:
                del kept[next(iter(kept))]

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
