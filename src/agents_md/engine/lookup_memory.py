"""What a lookup found, kept across a session's Reads while the disk says it holds.

1. A lookup (a Read's walk, ``engine.nested``; a plugin's files called some names in some
   folders, each with its imports, ``HookSession.files_in``) runs with the session's
   filesystem noting what it consulted: each folder's listing and each file's version
   (``SessionFS.watch``).
2. The same lookup asked again is answered from memory when every folder still has the
   listing it had (its stamp is checked once per Read) and every file still has its version
   (``SessionFS.holds``); otherwise it runs again and its new answer is kept.
3. A lookup that resolved a link, or read a file whose version cannot be said, is not kept.
   What is kept is bounded (``most`` lookups, the oldest dropped first).
"""

from __future__ import annotations

from agents_md.engine.fs import Consulted, SessionFS

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from typing import TypeVar

    T = TypeVar("T")


class LookupMemory:
    """A session's lookups and what they found, each with what it consulted."""

    __slots__ = ("_kept", "fs", "most")

    def __init__(self, fs: SessionFS, *, most: int = 4096) -> None:
        self.fs = fs
        self.most = most
        self._kept: dict[Hashable, tuple[Consulted, object]] = {}

    def answer(self, key: Hashable, look: Callable[[], T]) -> T:
        """What the lookup ``key`` finds: from memory while it holds, else ``look()`` (then kept)."""
        recalled = self.recall(key)
        if recalled is not None:
            return recalled  # type: ignore[return-value]  # kept by ``look`` under this key
        consulted = self.fs.watch()
        try:
            found = look()
        finally:
            self.fs.unwatch()
        self.keep(key, consulted, found)
        return found

    def recall(self, key: Hashable) -> object | None:
        """What the lookup ``key`` found, if everything it consulted is as it was; else ``None``."""
        kept = self._kept.get(key)
        if kept is None:
            return None
        if not self.fs.holds(kept[0]):
            del self._kept[key]
            return None
        return kept[1]

    def keep(self, key: Hashable, consulted: Consulted, found: object) -> None:
        if not consulted.complete:
            return
        self._kept.pop(key, None)
        self._kept[key] = (consulted, found)
        if len(self._kept) > self.most:
            del self._kept[next(iter(self._kept))]
