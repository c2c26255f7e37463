"""The one filesystem seam: everything the engine reads goes through ``FileSystem``.

Tests inject faults (permission denied, a directory vanishing mid-walk, a link loop) by
handing the engine a subclass, without patching ``os``. "Absent" (a missing file, a dangling
link, a directory where a file was expected) is never an error: it reads as ``None``.
"""

from __future__ import annotations

import os
import stat as stat_mod
import sys
import time

from agents_md._util.regular import read_regular
from agents_md._util.std import Iterable, Mapping, OrderedDict
from agents_md.engine.paths import led_to, resolved_by_folder
from agents_md.engine.shared_listings import RACY_NS, SHARED, Listing

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import ClassVar

    from agents_md.engine.consulted import Consulted, Way

# Files and their versions (``FileSystem.version``); folders and their stamps (``FileSystem.stamp``).
Versions = tuple[tuple[str, tuple[int, ...] | None], ...]
Stamps = tuple[tuple[str, tuple[int, int] | None], ...]

# Disks that ignore case by default: a name missing from a listing may still open there.
_CASE_INSENSITIVE = sys.platform in ("darwin", "win32")


class FileSystem:
    """Reads the real disk. Each method is one system call's worth of work."""

    folds_case = _CASE_INSENSITIVE  # whether the disk ignores case (a name may open in another case)
    reads_disk: ClassVar[bool] = True  # whether ``version`` may vouch for what ``read_file`` gives
    # Whether a link is an entry ``is_symlink`` tells (the listings follow it); else links are
    # only what ``realpath`` says, and each path is resolved by it (``SourceFS``).
    links_are_entries: bool = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.reads_disk = cls.read_file is FileSystem.read_file

    def read_file(self, path: str) -> bytes | None:
        """The bytes of a regular file (links followed); ``None`` when there is none (or a directory).
        Anything else is refused with ``NotRegularFile`` (``_util.regular``)."""
        return read_regular(path)

    def read_head(self, path: str, most: int) -> bytes | None:
        """The first ``most`` bytes ``read_file`` gives (all of them when fewer): what a file's
        kind is told by (an image's header, a PDF's). A filesystem that reads its own way has its
        ``read_file`` asked, and the bytes cut."""
        if self.reads_disk:
            return read_regular(path, head=most)
        data = self.read_file(path)
        return None if data is None else data[:most]

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
            import errno  # here alone: a start meets no error, and the module is one more to load

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
        return disk_stamp(path)

    def version(self, path: str) -> tuple[int, ...] | None:
        """What changes when the bytes ``read_file`` gives for ``path`` change: ``disk_version``.
        ``None`` when this filesystem cannot say: one that reads files its own way (and does not
        say its own versions) has each read go to it."""
        return disk_version(path) if self.reads_disk else None


def disk_stamp(path: str) -> tuple[int, int] | None:
    """``FileSystem.stamp`` of the real disk (asked per folder per Read, without a method call)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_mtime_ns, st.st_ino)


def disk_version(path: str) -> tuple[int, ...] | None:
    """A file's device, inode, type, size, modification and change times (links followed): what
    changes when its bytes change or another file takes its place; ``None`` when there is none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


DEFAULT_FS = FileSystem()

_UNREAD = object()  # a target never read (a link not followed then): never the same as one read now

# Links followed one after another before the base takes over (the system's limit); each is a
# few frames (a target's folders are resolved without one per part, ``paths.resolved_by_folder``).
MOST_LINKS = 40


class _LinksGoOn(Exception):
    """A link the listings do not follow: more than ``MOST_LINKS`` in a row (maybe a loop, whose
    path the system's resolution gives part unresolved), a ``..`` after a name in its target, or a
    target that cannot be read. The whole path is handed to the system's resolution."""


def _target(listing: Listing, name: str, link: str) -> str | None:
    """What the link ``name`` of ``listing``'s folder reads as, read once per listing."""
    targets = listing.targets
    if name not in targets:
        try:
            targets[name] = os.readlink(link)
        except (OSError, ValueError):
            targets[name] = None
    return targets[name]


class ListingFS(FileSystem):
    """A view of another ``FileSystem`` that lists each directory once and answers from it.

    Discovery asks about a handful of names in every directory on a path; most are absent.
    Listing the directory once turns those misses into set look-ups instead of failed system
    calls; it also answers the ``.git`` lookup and resolves paths: a name it does not hold is
    no link, and one it holds is asked about once (the answer kept with the listing). A name
    missing from a listing is absent, except on the platforms whose disks ignore case by
    default, where a listing that holds it in another case counts. Made per start (one round of
    questions: ``SessionFS`` has one per Read), so it never outlives what it saw.

    A pass can be watched (``watch``): what it asked is noted (``engine.consulted``), and
    ``Consulted.holds(view)`` later says whether the disk would answer it the same this round
    (``engine.lookup_memory``).
    """

    def __init__(self, base: FileSystem) -> None:
        self.base = base
        self.folds_case = base.folds_case
        self._listings: dict[str, Listing | None] = {}
        self._folded: dict[str, frozenset[str]] = {}
        self._present: dict[str, dict[str, bool]] = {}  # directory -> name -> present
        self.errors: list[str] = []  # directories that could not be listed, and why
        self._real_dirs: dict[str, str] = {}
        self._versions: dict[str, tuple[int, ...] | None] = {}  # files' versions asked in this round
        self._watched: Consulted | None = None
        self._outer: list[Consulted | None] = []  # the passes a watched pass runs inside (a Read's lookups)
        # Following a link's target (``_followed``): its folders are listed only to follow links,
        # where the system needs no listing (a folder one may pass through but not list).
        self._following = False
        self._trail: list[str] | None = None  # the paths a resolution went through, when noted (``_went_through``)
        self._unlisted: set[str] = set()  # folders whose listing failed (said once, in ``errors``)
        # The real disk's listings outlive a start, checked by their stamps (``shared_listings``).
        self._shared = SHARED if base is DEFAULT_FS else None

    @property
    def shares_listings(self) -> bool:
        """Whether this view reads the real disk through the listings a process keeps."""
        return self._shared is not None

    # ------------------------------------------------------------------ watching a pass

    def watch(self) -> Consulted:
        """Note what is asked from now until ``unwatch`` (``engine.lookup_memory``). A pass watched
        inside another (a lookup inside a Read, ``engine.read_memory``) is noted apart, and what it
        consulted counts for the pass around it too."""
        from agents_md.engine.consulted import Consulted  # a process that starts once watches nothing

        self._outer.append(self._watched)
        self._watched = Consulted()
        return self._watched

    def unwatch(self) -> None:
        done = self._watched
        self._watched = self._outer.pop() if self._outer else None
        if self._watched is not None and done is not None:
            self._watched.include(done)

    def recalled(self, consulted: Consulted) -> None:
        """A lookup answered from memory, ``consulted`` vouched for in this round: it counts for the
        pass being watched, as though that pass had asked it all again."""
        if self._watched is not None:
            self._watched.include(consulted)

    def vouches(self, consulted: Consulted) -> bool:
        """``consulted.holds(self)``, each folder listed as a link's way is: one that cannot be
        listed now answers no and is said by no one (the lookup run again lists it as a fresh
        pass would: a warning from the walk, none from a link's way)."""
        following, self._following = self._following, True
        try:
            return consulted.holds(self)
        except _LinksGoOn:
            return False
        finally:
            self._following = following

    def vouches_all(self, consulted: Consulted, folders: Mapping[str, Listing | None] | None) -> bool:
        """``vouches(consulted)``, each folder it and its parts listed asked once: ``folders``, all of
        them with the one listing each saw (``Consulted.folders``; ``None``: the parts saw one folder
        differently, and each is asked its own)."""
        if folders is None:
            return self.vouches(consulted)
        following, self._following = self._following, True
        try:
            changed = self.changed(folders)
            return (not changed or consulted.same_where_changed(self, changed)) and consulted.holds(self, listed=True)
        except _LinksGoOn:
            return False
        finally:
            self._following = following

    def changed(self, seen: Mapping[str, Listing | None]) -> list[str]:
        """The folders of ``seen`` whose listing in this round is not the one seen (asked once a round)."""
        listings = self._listings
        out = []
        for directory, then in seen.items():
            if directory in listings:
                now = listings[directory]
            elif then is None and self._absent_by_parent(directory):
                now = listings[directory] = None
            else:
                now = listings[directory] = self._scan(directory)
            if now is not then:
                out.append(directory)
        return out

    def _absent_by_parent(self, directory: str) -> bool:
        """Whether this round's listing of ``directory``'s parent holds no entry of its name (or the
        parent is not there): then nothing is there (no folder, file or link), as its own ``stat``
        would say. A lookup asked of folders that were not there (the ``.claude`` folders a walk
        looks for, the folder an ``@scope/name`` import would be in) after listing their parents:
        those listings vouch for them again, where a ``stat`` each would double a warm start's
        system calls."""
        parent, name = os.path.split(directory)
        listings = self._round_listings()
        if name in ("", ".", "..") or parent not in listings:
            return False  # not asked in this round: ask the disk
        listing = listings[parent]
        if listing is None:  # no folder there (nor anything in it), unless one that cannot be listed
            return parent not in self._unlisted
        held = listing.held
        return name not in held and not (self.folds_case and name.lower() in self._folded_names(parent, held))

    # What ``Consulted.holds`` asks again, of this round's listings.

    def round_listing(self, directory: str) -> Listing | None:
        """``directory``'s listing in this round (a start lists a folder once)."""
        listings = self._listings
        if directory not in listings:
            listings[directory] = self._scan(directory)
        return listings[directory]

    def held(self, directory: str, name: str) -> bool:
        return self._held(directory, name)

    def is_link(self, directory: str, name: str) -> bool:
        return self._link_at(directory, name, os.path.join(directory, name))

    def ask(self, question: str, path: str) -> bool:
        answer: bool = getattr(self.base, question)(path)
        return answer

    def resolve(self, path: str) -> str:
        # Its folders are not kept as resolved in the round: a pass run next (the lookup found to
        # no longer hold) would take them as given, and note nothing of the links they went through.
        known = self._real_dirs
        self._real_dirs = dict(known)
        try:
            return self.realpath(path)
        finally:
            self._real_dirs = known

    def file_version(self, path: str) -> tuple[int, ...] | None:
        """A file's version, asked once a round."""
        versions = self._versions
        if path not in versions:
            versions[path] = self.base.version(path)
        return versions[path]

    def _note_version(self, path: str) -> tuple[int, ...] | None:
        """A file read: in a watched pass, its version noted."""
        version = self.file_version(path)
        if self._watched is not None:
            self._watched.saw_version(path, version)
        return version

    def _answer(self, question: str, path: str, answer: bool) -> bool:
        """``answer``, the disk's to ``question`` about a name the listing holds: in a watched pass,
        noted (asked again later through a link, whose target is not in the listings)."""
        watched = self._watched
        if watched is not None:
            directory, name = os.path.split(path)
            watched.saw_answer(directory, question, path, answer, linked=self._link_at(directory, name, path))
        return answer

    # ------------------------------------------------------------------ listings

    def _scan(self, directory: str) -> Listing | None:
        shared = self._shared
        if shared is None:
            return self._list(directory)
        try:
            st = os.stat(directory)
        except (FileNotFoundError, NotADirectoryError):
            return None  # the real disk says it is not there: nothing to list (as ``list_dir`` would find)
        except (OSError, ValueError):
            return self._list(directory)  # listed, to say why it cannot be (or to find it absent)
        stamp = (st.st_mtime_ns, st.st_ino)
        kept = shared.kept(directory, stamp)
        return kept if kept is not None else shared.listing(directory, stamp, lambda: self._list(directory))

    def _scan_under(self, directory: str, stamp: tuple[int, int] | None) -> Listing | None:
        """``directory``'s listing, its stamp asked already."""
        if self._shared is None:
            return self._list(directory)
        return self._shared.listing(directory, stamp, lambda: self._list(directory))

    def _list(self, directory: str) -> Listing | None:
        try:
            names = self.base.list_dir(directory)
        except OSError as exc:
            if self._following:
                raise _LinksGoOn from None  # the walk does not list it: nothing to say, nothing kept
            self._unlisted.add(directory)
            # Not absent, but nothing in it can load: say so and go on.
            self.errors.append(f"{directory}: cannot be listed ({exc.strerror or exc}); skipped")
            if self._watched is not None:
                self._watched.complete = False  # the warning is said by the pass that lists it
            return None
        return None if names is None else Listing(names=tuple(names), held=frozenset(names))

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
        if self._watched is not None:
            self._watched.saw_names(directory, self.round_listing(directory), ((name, known),))
        return known

    def _link_at(self, directory: str, name: str, path: str) -> bool:
        """Whether ``path`` (``name`` in ``directory``) is a link: absent from the listing is no
        link; one it holds is asked once for as long as the listing lasts."""
        if not self._held(directory, name):
            return False
        listing = self.round_listing(directory)
        if listing is None:
            return False
        links = listing.links
        known = links.get(name)
        if known is None:
            known = links[name] = self.base.is_symlink(path)
        if self._watched is not None:
            self._watched.saw_link(directory, name, known)
        return known

    def _forget(self, directory: str) -> None:
        for cache in (self._listings, self._folded, self._present):
            cache.pop(directory, None)
        self._unlisted.discard(directory)

    def _look(self, directory: str, name: str) -> bool:
        listing = self.round_listing(directory)
        if listing is None:
            return False
        names = listing.held
        if name in names:
            return True
        return self.folds_case and name.lower() in self._folded_names(directory, names)

    def might_exist(self, path: str) -> bool:
        return self._maybe_present(path)

    def might_hold(self, directory: str, name: str) -> bool:
        return self._held(directory, name.split(os.sep, 1)[0])

    def might_hold_any(self, directory: str, names: frozenset[str]) -> bool:
        listing = self.round_listing(directory)
        if listing is None:
            found = False
        else:
            held = listing.held
            found = not held.isdisjoint(names) or (
                self.folds_case and not self._folded_names(directory, held).isdisjoint(n.lower() for n in names)
            )
        watched = self._watched
        if watched is not None:
            answers = [(n, self._look(directory, n)) for n in names] if found else [(n, False) for n in names]
            watched.saw_names(directory, listing, answers)
        return found

    def _folded_names(self, directory: str, names: frozenset[str]) -> frozenset[str]:
        if directory not in self._folded:
            self._folded[directory] = frozenset(n.lower() for n in names)
        return self._folded[directory]

    # ------------------------------------------------------------------ the questions

    def read_file(self, path: str) -> bytes | None:
        if not self._maybe_present(path):
            return None
        if self._watched is not None:
            self._note_version(path)
        return self.base.read_file(path)

    def read_head(self, path: str, most: int) -> bytes | None:
        if not self._maybe_present(path):
            return None
        if self._watched is not None:
            self._note_version(path)
        return self.base.read_head(path, most)

    def is_file(self, path: str) -> bool:
        return self._maybe_present(path) and self._answer("is_file", path, self.base.is_file(path))

    def is_dir(self, path: str) -> bool:
        return self._maybe_present(path) and self._answer("is_dir", path, self.base.is_dir(path))

    def exists(self, path: str) -> bool:
        return self._maybe_present(path) and self._answer("exists", path, self.base.exists(path))

    def is_symlink(self, path: str) -> bool:
        directory, name = os.path.split(path)
        return self._link_at(directory, name, path)

    def is_link_loop(self, path: str) -> bool:
        return self._maybe_present(path) and self._answer("is_link_loop", path, self.base.is_link_loop(path))

    def list_dir(self, path: str) -> list[str] | None:
        listing = self.round_listing(path) if self._maybe_present(path) else None
        if self._watched is not None and listing is not None:
            self._watched.saw_whole(path, listing)
        return None if listing is None else list(listing.names)

    def realpath(self, path: str) -> str:
        """Resolved a folder at a time, each folder once, through the listings: a link is looked
        for only in the last part (the folders above are already resolved), and followed through
        the listings too (``_followed``). A ``..`` goes to the base, which resolves the links
        before it as the system does."""
        if ".." in path.split(os.sep) or not self.base.links_are_entries:
            return self._by_base(path)
        try:
            return resolved_by_folder(os.path.normpath(path), self._real_dirs, self._link_at, self._followed)
        except _LinksGoOn:
            return self._by_base(path)  # a link the listings do not follow: the system resolves the whole path

    def _by_base(self, path: str) -> str:
        """``path`` resolved by the base, past the listings: in a watched pass, noted with where it led."""
        real = self.base.realpath(path)
        if self._watched is not None:
            self._watched.saw_resolved(path, real)
        return real

    def _followed(self, link: str) -> str:
        """``link`` (a link in a resolved folder) resolved. On the real disk its target is read
        once per listing and resolved like any path (``_follow``): no ``lstat`` of every folder
        from the root, as the system's resolution does each time."""
        if self._shared is None:
            raise _LinksGoOn  # a filesystem of one's own resolves its links itself
        following, self._following = self._following, True
        try:
            real = self._follow(link, MOST_LINKS)
            watched = self._watched
            if watched is not None:
                watched.saw_resolved(link, real, self._went_through(link, real))
        finally:
            self._following = following
        return real

    def went_through(self, link: str, real: str) -> Way | None:
        """``_went_through`` of a link resolved again in this round (``Consulted.holds``)."""
        if self._shared is None:
            return None
        following, self._following = self._following, True
        try:
            return self._went_through(link, real)
        finally:
            self._following = following

    def _went_through(self, link: str, real: str) -> Way | None:
        """The folders whose listings decide that ``link`` resolves to ``real``, with those listings
        and the names below each on the way: while each folder has the very same listing, or holds,
        links and points those names as it did, so do the link and every folder on its way (an
        entry cannot become a link, nor a link lead elsewhere, without its folder's entries changing).

        Found by resolving ``link`` again with no folder taken as resolved already (a folder resolved
        earlier in the round went through folders of its own): each decision is made in a folder
        above the link, above a path a link led to, or above ``real``. ``None`` when that second
        resolution does not go through the listings alone, or ends elsewhere (a folder taken as it
        was at the session's start, ``SessionFS.begin``)."""
        watched, known, trail = self._watched, self._real_dirs, [link, real]
        self._watched, self._real_dirs, self._trail = None, {}, trail  # nothing of it noted twice
        try:
            again = self._follow(link, MOST_LINKS)
        except _LinksGoOn:
            return None
        finally:
            self._watched, self._real_dirs, self._trail = watched, known, None
        if again != real:
            return None
        seen = self._round_listings()
        asked: dict[str, set[str]] = {}  # folder -> the names below it on the way
        for path in trail:
            folder, name = os.path.split(path)
            while name:
                asked.setdefault(folder, set()).add(name)
                folder, name = os.path.split(folder)
        # A folder no decision was made in was never listed (a link's spelled way).
        return tuple((folder, seen[folder], frozenset(names)) for folder, names in asked.items() if folder in seen)

    def _round_listings(self) -> Mapping[str, Listing | None]:
        """The listings of this round, by folder."""
        return self._listings

    def still_listed(self, seen: Way) -> bool:
        """Whether the way ``seen`` (``_went_through``) is as it was in this round: each folder with
        the very listing it had, or one whose names on the way are held, linked and lead as they did
        (a busy folder above, a home or ``/tmp``, changes for names of its own)."""
        for folder, listing, names in seen:
            if self._toward_settled(folder, listing, names):
                continue
            now = self.round_listing(folder)
            if now is not listing and not self._same_way(folder, listing, now, names):
                return False
        return True

    def _toward_settled(self, folder: str, listing: Listing | None, names: frozenset[str]) -> bool:
        """Whether a way's one step in ``folder`` leads toward the folder this round takes as it
        was, with the folders above it (``SessionFS.begin``): none here."""
        return False

    def _same_way(self, folder: str, then: Listing | None, now: Listing | None, names: frozenset[str]) -> bool:
        if then is None or now is None:
            return then is now
        for name in names:
            held = name in then.held
            if held != (name in now.held):
                return False
            if not held:
                continue
            linked = then.links.get(name)
            path = os.path.join(folder, name)
            if linked is None or self._link_at(folder, name, path) != linked:
                return False  # never asked then (nothing to compare), or a link now that was none
            if linked and _target(now, name, path) != then.targets.get(name, _UNREAD):
                return False
        return True

    def _follow(self, link: str, hops: int) -> str:
        directory, name = os.path.split(link)
        listing = self.round_listing(directory)
        target = None if listing is None else _target(listing, name, link)
        onward = None if target is None or hops == 0 else led_to(directory, target)
        if onward is None:
            raise _LinksGoOn
        if self._trail is not None:
            self._trail += (link, onward)
        return resolved_by_folder(
            onward, self._real_dirs, self._link_on_the_way, lambda then: self._follow(then, hops - 1)
        )

    def _link_on_the_way(self, directory: str, name: str, path: str) -> bool:
        """``_link_at`` for a folder on a link's target; one that could not be listed (by the walk,
        earlier in the round) may hold links all the same: the system resolves the whole path."""
        if directory in self._unlisted:
            raise _LinksGoOn
        return self._link_at(directory, name, path)

    def resolved_folder(self, real: str) -> None:
        """``real``, a folder's path with its links resolved (in this round): each folder above it
        is its own resolved path too, and need not be resolved again this round."""
        known = self._real_dirs
        end = len(real)
        while end > 0 and real[:end] not in known:
            folder = real[:end]
            known[folder] = folder
            end = real.rfind(os.sep, 0, end)

    def size(self, path: str) -> int:
        if self._watched is not None:
            self._watched.complete = False  # a size changes with no listing changing
        return self.base.size(path)

    def stamp(self, path: str) -> tuple[int, int] | None:
        if self._watched is not None:
            self._watched.complete = False
        return self.base.stamp(path)


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
        self._stamps: dict[str, tuple[int, int] | None] = {}
        self._texts: OrderedDict[str, tuple[tuple[int, ...], bytes]] = OrderedDict()
        self._kept = 0  # bytes in _texts
        self._settled: tuple[str | None, dict[str, str]] = (None, {})  # ``begin``'s folder, resolved
        # The folders above the one the session settled, each with the name below it toward it.
        self._settled_steps: dict[str, str] = {}
        self._round_steps: dict[str, str] = {}  # those of this round (none if it settled nothing)
        self._racy: set[str] = set()  # folders listed in the tick of their last change (``_checked``)

    def read_file(self, path: str) -> bytes | None:
        if not self._maybe_present(path):
            return None
        version = self._note_version(path)
        kept = self._texts.get(path)
        if kept is not None and version is not None and kept[0] == version:
            self._texts.move_to_end(path)
            return kept[1]
        data = self.base.read_file(path)
        if data is not None and version is not None:
            self._keep(path, version, data)
        return data

    # A Read asks of the file it read whether it is one, and its size: on the real disk both come
    # from its version in the round (one ``stat``, which a later read of it in the round reuses).
    def is_file(self, path: str) -> bool:
        if self._shared is None or self._watched is not None:
            return super().is_file(path)
        if not self._maybe_present(path):
            return False
        version = self.file_version(path)
        return version is not None and stat_mod.S_ISREG(version[2])

    def size(self, path: str) -> int:
        if self._shared is None or self._watched is not None:
            return super().size(path)
        version = self.file_version(path)
        return 0 if version is None else version[3]

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

    def begin(self, settled: str | None = None) -> None:
        """A new round. ``settled``: a folder already resolved for the session (its cwd, resolved
        at its start): it and the folders above it are taken as they were; below it, a link may
        lead elsewhere now, so paths are resolved again each round."""
        self._fresh = {}
        self._versions = {}
        if settled is None:
            self._real_dirs = {}
            self._round_steps = {}
            return
        if self._settled[0] != settled:
            self._real_dirs = {}
            self.resolved_folder(settled)
            self._settled = (settled, dict(self._real_dirs))
            parts = settled.split(os.sep)
            self._settled_steps = {os.sep.join(parts[:i]) or os.sep: parts[i] for i in range(1, len(parts)) if parts[i]}
        self._real_dirs = dict(self._settled[1])
        self._round_steps = self._settled_steps

    def _round_listings(self) -> Mapping[str, Listing | None]:
        return self._fresh

    def _toward_settled(self, folder: str, listing: Listing | None, names: frozenset[str]) -> bool:
        """A link's way above the session's cwd through folders that lead to it and nowhere else (a
        link in the checkout resolved from the root), each step a folder and no link when the way
        was taken: those the session took as they were at its start, and a step that became a
        link since is its own folder's change, which the pass's answers about it catch. A step
        that was a link (a cwd moved and linked in its place) is checked as any: where it leads
        is in the way's listing alone."""
        step = self._round_steps.get(folder)
        return (
            step is not None
            and len(names) == 1
            and step in names
            and listing is not None
            and listing.links.get(step) is False
        )

    def changed(self, seen: Mapping[str, Listing | None]) -> list[str]:
        fresh = self._fresh
        out = []
        for directory, then in seen.items():
            if directory in fresh:
                now = fresh[directory]
            elif then is None and self._absent_by_parent(directory):
                self._absent(directory)
                now = None
            else:
                now = self._checked(directory)
            if now is not then:
                out.append(directory)
        return out

    def _absent(self, directory: str) -> None:
        """``directory`` known absent in this round (``_absent_by_parent``), as ``_checked`` would
        find it: no stamp, no listing (one it had when it was there forgotten)."""
        if self._stamps.get(directory) is not None:
            self._forget(directory)
        self._stamps[directory] = None
        self._racy.discard(directory)
        self._listings[directory] = self._fresh[directory] = None

    def round_listing(self, directory: str) -> Listing | None:
        fresh = self._fresh
        return fresh[directory] if directory in fresh else self._checked(directory)

    def stamps(self, directories: Iterable[str], ways: Iterable[Way] = ()) -> Stamps | None:
        """The real disk's stamps of ``directories`` and of the folders on the links' ``ways``
        (``ListingFS._went_through``; not those this round takes as they were, ``still_listed``),
        each checked in this round: while each folder keeps its stamp, it keeps the listing it has
        now, and a link on the way leads where it did. A folder not there, whose parent's listing
        shows none (``_absent_by_parent``), is vouched for by its parent's stamp. ``None`` when one
        was not checked in this round, or was listed in the tick of its last change (a change in
        that tick keeps the stamp)."""
        if self._shared is None:
            return None
        wanted = dict.fromkeys(directories)
        for way in ways:
            for folder, listing, names in way:
                if not self._toward_settled(folder, listing, names):
                    wanted[folder] = None
        fresh, stamps, racy = self._fresh, self._stamps, self._racy
        out = []
        for directory in wanted:
            if directory not in fresh or directory in racy or directory not in stamps:
                return None
            stamp = stamps[directory]
            if stamp is None and os.path.dirname(directory) in wanted and self._absent_by_parent(directory):
                continue
            out.append((directory, stamp))
        return tuple(out)

    def _checked(self, directory: str) -> Listing | None:
        """``directory``'s listing for this round: its stamp asked, listed again if it changed."""
        stamp = self.base.stamp(directory) if self._shared is None else disk_stamp(directory)
        stamps = self._stamps
        racy = self._racy
        if directory in stamps and (stamps[directory] != stamp or directory in racy):
            self._forget(directory)
        stamps[directory] = stamp
        listings = self._listings
        if directory not in listings:
            listing = listings[directory] = self._scan_under(directory, stamp)
            # Listed in the tick of the folder's last change (so kept by no one else): a change later
            # in that tick (a name added, a link pointed elsewhere) leaves the stamp as it was, so it is
            # listed again each round until a listing made past that tick.
            if listing is not None and stamp is not None and time.time_ns() - stamp[0] < RACY_NS:
                racy.add(directory)
            else:
                racy.discard(directory)
        listing = self._fresh[directory] = listings[directory]
        return listing

    def _held(self, directory: str, name: str) -> bool:
        self.round_listing(directory)  # validates the directory for this round
        return super()._held(directory, name)

    def list_dir(self, path: str) -> list[str] | None:
        self.round_listing(path)  # validates the listed directory itself for this round
        return super().list_dir(path)


class CaseFoldingFS(FileSystem):
    """Another ``FileSystem`` read as a disk that ignores case: a path missing as spelled opens
    the entry whose name differs only in case (the first such a listing yields), part by part,
    as macOS and Windows disks do as they come. Made for sessions of those platforms on a disk
    that keeps case; a path keeps the spelling it was asked in, as there."""

    folds_case = True

    def __init__(self, base: FileSystem) -> None:
        self.base = base
        self.links_are_entries = base.links_are_entries  # its links are its base's

    def _on_disk(self, path: str) -> str:
        """``path`` as the base spells it: each part missing as asked taken from its folder's
        listing in another case (the base's own, never this machine's disk)."""
        base = self.base
        if base.exists(path) or base.is_symlink(path):
            return path
        head, tail = os.path.split(path)
        if not tail or head == path:
            return path
        parent = self._on_disk(head)
        try:
            names = base.list_dir(parent)
        except OSError:
            names = None
        if names is None:
            return os.path.join(parent, tail)
        folded = tail.lower()
        return os.path.join(parent, next((n for n in names if n.lower() == folded), tail))

    def read_file(self, path: str) -> bytes | None:
        return self.base.read_file(self._on_disk(path))

    def read_head(self, path: str, most: int) -> bytes | None:
        return self.base.read_head(self._on_disk(path), most)

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
        base = self.base
        found = self._on_disk(path)
        if found == path:
            return base.realpath(found)
        folder = base.realpath(os.path.dirname(found))
        if base.links_are_entries:
            linked = base.is_symlink(found)
        else:  # a base whose links only its ``realpath`` knows (``SourceFS``)
            real = base.realpath(found)
            linked = real != os.path.join(folder, os.path.basename(found))
        if linked:
            return base.realpath(found)
        # The spelling asked for, under its real folder: the engine there names it so.
        return os.path.join(folder, os.path.basename(path))

    def size(self, path: str) -> int:
        return self.base.size(self._on_disk(path))

    def stamp(self, path: str) -> tuple[int, int] | None:
        return self.base.stamp(self._on_disk(path))
