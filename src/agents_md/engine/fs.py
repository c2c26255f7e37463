"""The one filesystem seam: everything the engine reads goes through ``FileSystem``.

Tests inject faults (permission denied, a directory vanishing mid-walk, a link loop) by
handing the engine a subclass, without patching ``os``. "Absent" (a missing file, a dangling
link, a directory where a file was expected) is never an error: it reads as ``None``.
"""

from __future__ import annotations

import errno
import os
import stat as stat_mod
import sys
from collections import OrderedDict

from agents_md._util.regular import read_regular
from agents_md._value import frozen

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import ClassVar

# Disks that ignore case by default: a name missing from a listing may still open there.
_CASE_INSENSITIVE = sys.platform in ("darwin", "win32")


@frozen
class Listing:
    """A directory's entries as one look at it saw them."""

    names: tuple[str, ...]  # in the order the directory yields them
    held: frozenset[str]


class FileSystem:
    """Reads the real disk. Each method is one system call's worth of work."""

    folds_case = _CASE_INSENSITIVE  # whether the disk ignores case (a name may open in another case)
    reads_disk: ClassVar[bool] = True  # whether ``version`` may vouch for what ``read_file`` gives

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.reads_disk = cls.read_file is FileSystem.read_file

    def read_file(self, path: str) -> bytes | None:
        """The bytes of a regular file (links followed); ``None`` when there is none (or a directory).
        Anything else is refused with ``NotRegularFile`` (``_util.regular``)."""
        return read_regular(path)

    # A path holding a NUL byte names nothing: the system calls refuse it with ValueError.
    def is_file(self, path: str) -> bool:
        try:
            return stat_mod.S_ISREG(os.stat(path).st_mode)
        except (OSError, ValueError):
            return False

    def is_dir(self, path: str) -> bool:
        try:
            return stat_mod.S_ISDIR(os.stat(path).st_mode)
        except (OSError, ValueError):
            return False

    def exists(self, path: str) -> bool:
        try:
            os.stat(path)
        except (OSError, ValueError):
            return False
        return True

    def is_symlink(self, path: str) -> bool:
        return "\0" not in path and os.path.islink(path)

    def is_link_loop(self, path: str) -> bool:
        """Whether following ``path``'s links never ends (absent for most readers; Codex gives up on it)."""
        try:
            os.stat(path)
        except OSError as exc:
            return exc.errno == errno.ELOOP
        return False

    def might_exist(self, path: str) -> bool:
        """A cheap first answer: ``False`` only when ``path`` surely does not exist."""
        return True

    def might_hold(self, directory: str, name: str) -> bool:
        """Whether ``directory`` may hold ``name`` (a relative path; its first part is looked up)."""
        return True

    def might_hold_any(self, directory: str, names: frozenset[str]) -> bool:
        """Whether ``directory`` may hold any of ``names`` (single names): one look for them all."""
        return True

    def list_dir(self, path: str) -> list[str] | None:
        """Entry names in the order the directory yields them (not sorted, like the engine)."""
        try:
            return os.listdir(path)
        except (FileNotFoundError, NotADirectoryError, ValueError):
            return None

    def realpath(self, path: str) -> str:
        return path if "\0" in path else os.path.realpath(path)

    def size(self, path: str) -> int:
        try:
            return os.stat(path).st_size
        except (OSError, ValueError):
            return 0

    def stamp(self, path: str) -> tuple[int, int] | None:
        """What changes when a directory's entries change: its modification time and inode."""
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            return None
        return (st.st_mtime_ns, st.st_ino)

    def version(self, path: str) -> tuple[int, ...] | None:
        """What changes when the bytes ``read_file`` gives for ``path`` change: ``disk_version``.
        ``None`` when this filesystem cannot say: one that reads files its own way (and does not
        say its own versions) has each read go to it."""
        return disk_version(path) if self.reads_disk else None


def disk_version(path: str) -> tuple[int, ...] | None:
    """A file's device, inode, type, size, modification and change times (links followed): what
    changes when its bytes change or another file takes its place; ``None`` when there is none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


DEFAULT_FS = FileSystem()


class ListingFS(FileSystem):
    """A view of another ``FileSystem`` that lists each directory once and answers from it.

    Discovery asks about a handful of names in every directory on a path; most are absent.
    Listing the directory once turns those misses into set look-ups instead of failed system
    calls; it also answers the ``.git`` lookup and resolves paths: a name it does not hold is
    no link, and one it holds is asked about once. A name missing from a listing is absent,
    except on the platforms whose disks ignore case by default, where a listing that holds it
    in another case counts. Made per start or per Read, so it never outlives what it saw.
    """

    def __init__(self, base: FileSystem) -> None:
        self.base = base
        self.folds_case = base.folds_case
        self._listings: dict[str, Listing | None] = {}
        self._folded: dict[str, frozenset[str]] = {}
        self._present: dict[str, dict[str, bool]] = {}  # directory -> name -> present
        self._links: dict[str, dict[str, bool]] = {}  # directory -> name held -> is a link
        self.errors: list[str] = []  # directories that could not be listed, and why
        self._real_dirs: dict[str, str] = {}

    def _scan(self, directory: str) -> Listing | None:
        try:
            names = self.base.list_dir(directory)
        except OSError as exc:
            # Not absent, but nothing in it can load: say so and go on.
            self.errors.append(f"{directory}: cannot be listed ({exc.strerror or exc}); skipped")
            return None
        return None if names is None else Listing(names=tuple(names), held=frozenset(names))

    def _listing(self, directory: str) -> Listing | None:
        if directory not in self._listings:
            self._listings[directory] = self._scan(directory)
        return self._listings[directory]

    def _maybe_present(self, path: str) -> bool:
        return self._held(*os.path.split(path))

    def _held(self, directory: str, name: str) -> bool:
        """Whether ``directory``'s listing holds ``name`` (``_maybe_present`` of its path)."""
        seen = self._present.get(directory)
        if seen is None:
            seen = self._present[directory] = {}
        known = seen.get(name)
        if known is None:
            known = seen[name] = self._look(directory, name)
        return known

    def _link_at(self, directory: str, name: str, path: str) -> bool:
        """Whether ``path`` (``name`` in ``directory``) is a link: absent from the listing is no
        link; one it holds is asked once."""
        if not self._held(directory, name):
            return False
        seen = self._links.get(directory)
        if seen is None:
            seen = self._links[directory] = {}
        known = seen.get(name)
        if known is None:
            known = seen[name] = self.base.is_symlink(path)
        return known

    def _forget(self, directory: str) -> None:
        for cache in (self._listings, self._folded, self._present, self._links):
            cache.pop(directory, None)

    def _look(self, directory: str, name: str) -> bool:
        listing = self._listing(directory)
        if listing is None:
            return False
        names = listing.held
        if name in names:
            return True
        return self.folds_case and name.lower() in self._folded_names(directory, names)

    def might_exist(self, path: str) -> bool:
        return self._maybe_present(path)

    def might_hold(self, directory: str, name: str) -> bool:
        listing = self._listing(directory)
        if listing is None:
            return False
        names = listing.held
        first = name.split(os.sep, 1)[0]
        return first in names or (self.folds_case and first.lower() in self._folded_names(directory, names))

    def might_hold_any(self, directory: str, names: frozenset[str]) -> bool:
        listing = self._listing(directory)
        if listing is None:
            return False
        held = listing.held
        if not held.isdisjoint(names):
            return True
        return self.folds_case and not self._folded_names(directory, held).isdisjoint(n.lower() for n in names)

    def _folded_names(self, directory: str, names: frozenset[str]) -> frozenset[str]:
        if directory not in self._folded:
            self._folded[directory] = frozenset(n.lower() for n in names)
        return self._folded[directory]

    def read_file(self, path: str) -> bytes | None:
        return self.base.read_file(path) if self._maybe_present(path) else None

    def is_file(self, path: str) -> bool:
        return self._maybe_present(path) and self.base.is_file(path)

    def is_dir(self, path: str) -> bool:
        return self._maybe_present(path) and self.base.is_dir(path)

    def exists(self, path: str) -> bool:
        return self._maybe_present(path) and self.base.exists(path)

    def is_symlink(self, path: str) -> bool:
        directory, name = os.path.split(path)
        return self._link_at(directory, name, path)

    def is_link_loop(self, path: str) -> bool:
        return self._maybe_present(path) and self.base.is_link_loop(path)

    def list_dir(self, path: str) -> list[str] | None:
        listing = self._listing(path) if self._maybe_present(path) else None
        return None if listing is None else list(listing.names)

    def realpath(self, path: str) -> str:
        """Resolved a folder at a time, each folder once, through the listings: a link is looked
        for only in the last part (the folders above are already resolved). A ``..`` goes to the
        base, which resolves the links before it as the system does."""
        if ".." in path.split(os.sep):
            return self.base.realpath(path)
        return self._resolved(os.path.normpath(path))

    def _resolved(self, path: str) -> str:
        parent, name = os.path.split(path)
        if not name:
            return path
        real_parent = self._real_dirs.get(parent)
        if real_parent is None:
            real_parent = self._real_dirs[parent] = self._resolved(parent) if parent != path else parent
        # ``os.path.join`` of a parent and a single name, without its checks (asked per folder of a path)
        joint = "" if not real_parent or real_parent.endswith(os.sep) else os.sep
        candidate = real_parent + joint + name
        if self._link_at(real_parent, name, candidate):
            return self.base.realpath(candidate)
        return candidate

    def size(self, path: str) -> int:
        return self.base.size(path)

    def stamp(self, path: str) -> tuple[int, int] | None:
        return self.base.stamp(path)


class Consulted:
    """What a watched pass consulted: each directory's listing as it saw it, each file's version;
    ``complete`` is false when it also asked what these do not vouch for (a link's target)."""

    __slots__ = ("complete", "listings", "versions")

    def __init__(self) -> None:
        self.listings: dict[str, Listing | None] = {}
        self.versions: dict[str, tuple[int, ...]] = {}
        self.complete = True


class SessionFS(ListingFS):
    """A ``ListingFS`` that lives as long as a session and stays true to the disk.

    Each Read starts a new round (``begin``); in a round a directory seen before is checked
    once by its modification stamp and listed again only if it changed. So a session that
    answers thousands of Reads does O(depth) work for a new directory and one ``stat`` for a
    known one, and still sees a file created or removed mid-session. A file read before is
    given again from memory while its ``version`` is the same (one ``stat`` a round instead of a
    read); what is kept is bounded by its bytes (``KEEP_BYTES``, least recently used dropped first).
    """

    KEEP_BYTES = 4 * 1024 * 1024

    def __init__(self, base: FileSystem) -> None:
        super().__init__(base)
        self._fresh: dict[str, Listing | None] = {}  # directories checked in this round, their listings
        self._fresh_versions: dict[str, tuple[int, ...] | None] = {}  # files checked in this round
        self._stamps: dict[str, tuple[int, int] | None] = {}
        self._texts: OrderedDict[str, tuple[tuple[int, ...], bytes]] = OrderedDict()
        self._kept = 0  # bytes in _texts
        self._watched: Consulted | None = None

    def watch(self) -> Consulted:
        """Note what is consulted from now until ``unwatch`` (``engine.lookup_memory``)."""
        self._watched = Consulted()
        return self._watched

    def unwatch(self) -> None:
        self._watched = None

    def holds(self, consulted: Consulted) -> bool:
        """Whether what a pass consulted is as it was: each folder's listing the same (its stamp
        checked in this round) and each file's version."""
        fresh = self._fresh
        for directory, listing in consulted.listings.items():
            if (fresh[directory] if directory in fresh else self._checked(directory)) is not listing:
                return False
        versions = self._fresh_versions
        for path, version in consulted.versions.items():
            if (versions[path] if path in versions else self._version(path)) != version:
                return False
        return True

    def _version(self, path: str) -> tuple[int, ...] | None:
        """A file's version, asked once a round."""
        if path not in self._fresh_versions:
            self._fresh_versions[path] = self.base.version(path)
        return self._fresh_versions[path]

    def read_file(self, path: str) -> bytes | None:
        if not self._maybe_present(path):
            return None
        version = self._version(path)
        if self._watched is not None:
            if version is None:
                self._watched.complete = False
            else:
                self._watched.versions[path] = version
        kept = self._texts.get(path)
        if kept is not None and version is not None and kept[0] == version:
            self._texts.move_to_end(path)
            return kept[1]
        data = self.base.read_file(path)
        if data is not None and version is not None:
            self._keep(path, version, data)
        return data

    def _keep(self, path: str, version: tuple[int, ...], data: bytes) -> None:
        old = self._texts.pop(path, None)
        if old is not None:
            self._kept -= len(old[1])
        if len(data) > self.KEEP_BYTES // 4:
            return  # read again each time rather than crowd out the rest
        self._texts[path] = (version, data)
        self._kept += len(data)
        while self._kept > self.KEEP_BYTES:
            _, (_, dropped) = self._texts.popitem(last=False)
            self._kept -= len(dropped)

    def begin(self) -> None:
        self._fresh = {}
        self._fresh_versions = {}

    def _listing(self, directory: str) -> Listing | None:
        fresh = self._fresh
        listing = fresh[directory] if directory in fresh else self._checked(directory)
        if self._watched is not None:
            self._watched.listings.setdefault(directory, listing)
        return listing

    def _checked(self, directory: str) -> Listing | None:
        """``directory``'s listing for this round: its stamp asked, listed again if it changed."""
        stamp = self.base.stamp(directory)
        stamps = self._stamps
        if directory in stamps and stamps[directory] != stamp:
            self._forget(directory)
        stamps[directory] = stamp
        listings = self._listings
        if directory not in listings:
            listings[directory] = self._scan(directory)
        listing = self._fresh[directory] = listings[directory]
        return listing

    def _link_at(self, directory: str, name: str, path: str) -> bool:
        linked = super()._link_at(directory, name, path)
        if linked and self._watched is not None:
            self._watched.complete = False  # where it leads is not in the listings
        return linked

    def realpath(self, path: str) -> str:
        if self._watched is not None and ".." in path.split(os.sep):
            self._watched.complete = False  # resolved by the base, past the listings
        return super().realpath(path)

    def _held(self, directory: str, name: str) -> bool:
        self._listing(directory)  # validates the directory for this round
        return super()._held(directory, name)

    def list_dir(self, path: str) -> list[str] | None:
        self._listing(path)  # validates the listed directory itself for this round
        return super().list_dir(path)


class CaseFoldingFS(FileSystem):
    """Another ``FileSystem`` read as a disk that ignores case: a path missing as spelled opens
    the entry whose name differs only in case (the first such a listing yields), part by part,
    as macOS and Windows disks do as they come. Made for sessions of those platforms on a disk
    that keeps case; a path keeps the spelling it was asked in, as there."""

    folds_case = True

    def __init__(self, base: FileSystem) -> None:
        self.base = base

    def _on_disk(self, path: str) -> str:
        if os.path.lexists(path):
            return path
        head, tail = os.path.split(path)
        if not tail or head == path:
            return path
        parent = self._on_disk(head)
        try:
            names = os.listdir(parent)
        except OSError:
            return os.path.join(parent, tail)
        folded = tail.lower()
        return os.path.join(parent, next((n for n in names if n.lower() == folded), tail))

    def read_file(self, path: str) -> bytes | None:
        return self.base.read_file(self._on_disk(path))

    def is_file(self, path: str) -> bool:
        return self.base.is_file(self._on_disk(path))

    def is_dir(self, path: str) -> bool:
        return self.base.is_dir(self._on_disk(path))

    def exists(self, path: str) -> bool:
        return self.base.exists(self._on_disk(path))

    def is_symlink(self, path: str) -> bool:
        return self.base.is_symlink(self._on_disk(path))

    def is_link_loop(self, path: str) -> bool:
        return self.base.is_link_loop(self._on_disk(path))

    def list_dir(self, path: str) -> list[str] | None:
        return self.base.list_dir(self._on_disk(path))

    def realpath(self, path: str) -> str:
        found = self._on_disk(path)
        if found == path or os.path.islink(found):
            return self.base.realpath(found)
        # The spelling asked for, under its real folder: the engine there names it so.
        return os.path.join(self.base.realpath(os.path.dirname(found)), os.path.basename(path))

    def size(self, path: str) -> int:
        return self.base.size(self._on_disk(path))

    def stamp(self, path: str) -> tuple[int, int] | None:
        return self.base.stamp(self._on_disk(path))
