"""What a process remembers of folders' listings from one session to the next.

A program that builds a session per agent turn lists the same folders on every start. So the
listings of the real disk (``DEFAULT_FS``) are kept for the whole process:

1. A folder's listing is kept with its stamp (modification time and inode, ``FileSystem.stamp``).
2. A later start stats the folder once: the same stamp gives the kept listing; any other (or
   none: the folder is gone) lists it again.
3. A listing made less than ``RACY_NS`` after the folder last changed is not kept: a change in
   the same tick of the disk's clock would leave its stamp as it was (git's "racy" entries).
4. What is kept is bounded (``MOST_NAMES`` names in all; the folders used least recently go first).
5. A ``FileSystem`` of one's own (the ``fs=`` option) lists every time: only the real disk's
   stamps are known to change with its listings.
"""

from __future__ import annotations

import time
from _thread import allocate_lock

from agents_md._util.std import OrderedDict
from agents_md._value import Value, field

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Callable

RACY_NS = 2_000_000_000  # two seconds: coarser than any disk's clock tick but FAT's (two seconds)
MOST_NAMES = 200_000


class Listing(Value):
    """A directory's entries as one look at it saw them."""

    names: tuple[str, ...]  # in the order the directory yields them
    held: frozenset[str]
    # Which held names are links, filled as they are asked: an entry's type changes only with
    # the folder's entries, so the answer lasts as long as the listing.
    links: dict[str, bool] = field(default_factory=dict, compare=False)
    # What each link asked about reads as (``os.readlink``; ``None``: it could not be read). A
    # link cannot be pointed elsewhere in place: another target is another entry, so a change.
    targets: dict[str, str | None] = field(default_factory=dict, compare=False)


class SharedListings:
    """Folders' listings, each with the stamp it was made under."""

    def __init__(self, *, most_names: int = MOST_NAMES, racy_ns: int = RACY_NS) -> None:
        self.most_names = most_names
        self.racy_ns = racy_ns
        self._kept: OrderedDict[str, tuple[tuple[int, int], Listing]] = OrderedDict()
        self._names = 0
        self._lock = allocate_lock()  # sessions of one process may start in several threads

    def listing(
        self, directory: str, stamp: tuple[int, int] | None, scan: Callable[[], Listing | None]
    ) -> Listing | None:
        """``directory``'s listing under ``stamp`` (its stamp now): the kept one, or ``scan()``'s."""
        if stamp is None:
            return scan()  # absent (or not a folder): nothing to keep
        kept = self.kept(directory, stamp)
        if kept is not None:
            return kept
        listing = scan()
        if listing is not None and time.time_ns() - stamp[0] >= self.racy_ns:
            self._keep(directory, stamp, listing)
        return listing

    def kept(self, directory: str, stamp: tuple[int, int]) -> Listing | None:
        """The listing kept for ``directory`` under ``stamp``, if any (one look: asked per folder per start)."""
        kept = self._kept.get(directory)
        if kept is None or kept[0] != stamp:
            return None
        try:  # noqa: SIM105  (``contextlib`` is not loaded on a start)
            self._kept.move_to_end(directory)  # one step, under the interpreter's lock
        except KeyError:
            pass  # dropped meanwhile by another thread's keeping
        return kept[1]

    def _keep(self, directory: str, stamp: tuple[int, int], listing: Listing) -> None:
        with self._lock:
            old = self._kept.pop(directory, None)
            if old is not None:
                self._names -= len(old[1].names)
            if len(listing.names) > self.most_names // 8:
                return  # listed again each time rather than crowd out the rest
            self._kept[directory] = (stamp, listing)
            self._names += len(listing.names)
            while self._names > self.most_names:
                _, (_, dropped) = self._kept.popitem(last=False)
                self._names -= len(dropped.names)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._names = 0


SHARED = SharedListings()
