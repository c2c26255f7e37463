"""What a watched pass consulted of the disk, and whether the disk would answer it the same now.

A lookup is given again from memory (``lookup_memory``) while the disk would answer it as it
did. Its pass notes, folder by folder, what it asked (``ListingFS.watch``):

1. each folder's listing as it saw it (``listings``): the very same listing now (the folder's
   stamp unchanged, ``shared_listings``) answers everything as before;
2. a folder that changed since is asked its questions again, of its listing now: each name
   asked for, held or not (``names``); each held name asked whether it is a link, and the
   answer (``links``); each question put to the disk about a held name, with its answer
   (``asked``: a file? a folder? there at all?); and, for a folder whose every name was used
   (a rules folder), the same names in the same order (``whole``);
3. what a link leads to is not in the listings of the folders it is in: each link followed is
   resolved again (``resolved``) unless every folder its resolution went through still has the
   very listing it had, or holds, links and points the names on its way as it did
   (``resolved_through``, ``ListingFS.still_listed``; one resolved again to the same place is
   vouched for by the listings of now), and each question
   asked through one is asked again (``through``), whatever its folder's listing;
4. each file read must have the same version (device, inode, type, size, times: ``versions``);
5. a pass run inside this one (a lookup inside a Read), or a lookup given again from memory in
   it, is kept as it is (``parts``): this pass holds while each of them holds too.

So a folder above a project that changes all the time (a home folder, ``/tmp``) still vouches
for a lookup that only asked it for names it does not hold, or for the folder below it. A pass
that listed a folder that failed, or read a file whose version cannot be said, is not vouched
for at all (``complete`` false). ``newest_ns`` is the latest modification or change time of the
files read: a memory that outlives a session keeps nothing read in the same tick of the disk's
clock as its last change (``lookup_memory``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Protocol

    from agents_md.engine.shared_listings import Listing

    # The folders a link's resolution went through (``ListingFS._went_through``): each with its
    # listing then and the names below it on the way.
    Way = tuple[tuple[str, Listing | None, frozenset[str]], ...]

    class Disk(Protocol):
        """What ``holds`` asks again, of the listings of the round it is asked in."""

        def round_listing(self, directory: str) -> Listing | None: ...
        def changed(self, seen: Mapping[str, Listing | None]) -> list[str]: ...
        def held(self, directory: str, name: str) -> bool: ...
        def is_link(self, directory: str, name: str) -> bool: ...
        def ask(self, question: str, path: str) -> bool: ...
        def resolve(self, path: str) -> str: ...
        def still_listed(self, seen: Way) -> bool: ...
        def went_through(self, link: str, real: str) -> Way | None: ...
        def file_version(self, path: str) -> tuple[int, ...] | None: ...


class Consulted:
    """What one watched pass consulted (the steps above)."""

    __slots__ = (
        "asked",
        "complete",
        "links",
        "listings",
        "names",
        "newest_ns",
        "parts",
        "resolved",
        "resolved_through",
        "through",
        "versions",
        "whole",
    )

    def __init__(self) -> None:
        self.listings: dict[str, Listing | None] = {}
        self.names: dict[str, dict[str, bool]] = {}
        self.links: dict[str, dict[str, bool]] = {}
        self.asked: dict[str, dict[tuple[str, str], bool]] = {}
        self.whole: set[str] = set()
        self.resolved: dict[str, str] = {}
        self.resolved_through: dict[str, Way] = {}
        self.through: dict[tuple[str, str], bool] = {}
        self.versions: dict[str, tuple[int, ...]] = {}
        self.complete = True
        self.newest_ns = 0
        self.parts: list[Consulted] = []  # the passes run inside this one (step 5)

    def saw_names(self, directory: str, listing: Listing | None, answers: Iterable[tuple[str, bool]]) -> None:
        """``directory`` was asked whether it holds these names, and answered."""
        self.listings.setdefault(directory, listing)
        names = self.names.get(directory)
        if names is None:
            names = self.names[directory] = {}
        for name, held in answers:
            names.setdefault(name, held)

    def saw_link(self, directory: str, name: str, linked: bool) -> None:
        """The held ``name`` of ``directory`` was asked whether it is a link."""
        links = self.links.get(directory)
        if links is None:
            links = self.links[directory] = {}
        links.setdefault(name, linked)

    def saw_answer(self, directory: str, question: str, path: str, answer: bool, *, linked: bool = False) -> None:
        """The disk was asked ``question`` (``is_file``, ``is_dir``, ``exists``…) about ``path`` in
        ``directory`` (``linked``: a link, asked through)."""
        if linked:
            self.through.setdefault((question, path), answer)
            return
        asked = self.asked.get(directory)
        if asked is None:
            asked = self.asked[directory] = {}
        asked.setdefault((question, path), answer)

    def saw_resolved(self, path: str, real: str, through: Way | None = None) -> None:
        """``path``, through a link (or a ``..``), resolved to ``real``; ``through``: the folders
        (with their listings) that decide it, when the listings alone resolved it."""
        if path not in self.resolved:
            self.resolved[path] = real
            if through is not None:
                self.resolved_through[path] = through

    def saw_whole(self, directory: str, listing: Listing | None) -> None:
        """Every name of ``directory`` was used, in order."""
        self.listings.setdefault(directory, listing)
        self.whole.add(directory)

    def saw_version(self, path: str, version: tuple[int, ...] | None) -> None:
        if version is None:
            self.complete = False
            return
        self.versions.setdefault(path, version)
        self.newest_ns = max(self.newest_ns, version[-2], version[-1])

    def include(self, other: Consulted) -> None:
        """``other``, a pass run inside this one (or one given again from memory in it, vouched for
        in this round), counts as consulted by this one too (step 5)."""
        if any(part is other for part in self.parts):
            return
        self.parts.append(other)
        self.complete = self.complete and other.complete
        self.newest_ns = max(self.newest_ns, other.newest_ns)

    def all_parts(self) -> list[Consulted]:
        """This pass and every pass it includes, at any depth."""
        out = [self]
        for consulted in out:  # grows as it goes: each part's own parts follow it
            out += (part for part in consulted.parts if not any(part is seen for seen in out))
        return out

    def holds(self, disk: Disk, *, listed: bool = False) -> bool:
        """Whether ``disk`` answers every question of the pass as it did (steps 1 to 5).
        ``listed``: the caller found every folder this pass and its parts listed to have, in this
        round, the very listing it saw (``folders``): step 2 has nothing to ask again."""
        if not listed:
            listings = self.listings
            for directory in disk.changed(listings):
                if not self._same_answers(disk, directory, listings[directory], disk.round_listing(directory)):
                    return False
        if self.resolved and not self._same_resolutions(disk):
            return False
        through = self.through
        if through and any(disk.ask(question, path) != answer for (question, path), answer in through.items()):
            return False
        for path, version in self.versions.items():  # asked on every Read: no generator
            if disk.file_version(path) != version:
                return False
        for part in self.parts:  # noqa: SIM110  (as above)
            if not part.holds(disk, listed=listed):
                return False
        return True

    def same_where_changed(self, disk: Disk, changed: Iterable[str]) -> bool:
        """Step 2 for this pass and its parts at once, ``changed`` being every folder of ``folders``
        whose listing in this round is not the one they saw: then ``holds(disk, listed=True)`` says
        the rest."""
        parts = self.all_parts()
        for directory in changed:
            now = disk.round_listing(directory)
            for part in parts:
                listings = part.listings
                if directory in listings and not part._same_answers(disk, directory, listings[directory], now):
                    return False
        return True

    def folders(self) -> dict[str, Listing | None] | None:
        """Every folder this pass and its parts listed, with the listing it saw; ``None`` when two
        of them saw one folder's listing differently (a part given again from an earlier round)."""
        out: dict[str, Listing | None] = {}
        for part in self.all_parts():
            for directory, listing in part.listings.items():
                if out.setdefault(directory, listing) is not listing:
                    return None
        return out

    def _same_resolutions(self, disk: Disk) -> bool:
        """Step 3, for the links followed: each vouched for by its folders' listings, else resolved again."""
        through = self.resolved_through
        for path, real in self.resolved.items():
            folders = through.get(path)
            if folders is not None and disk.still_listed(folders):
                continue
            if disk.resolve(path) != real:
                return False
            if folders is not None:  # the same, through folders listed since: their listings vouch from now on
                again = disk.went_through(path, real)
                if again is None:
                    through.pop(path, None)  # not through the listings alone now: resolved again each time
                else:
                    through[path] = again
        return True

    def _same_answers(self, disk: Disk, directory: str, then: Listing | None, now: Listing | None) -> bool:
        """Step 2, for a folder whose listing is not the one the pass saw."""
        if directory in self.whole and (then is None or now is None or then.names != now.names):
            return then is None and now is None
        for name, held in self.names.get(directory, {}).items():
            if disk.held(directory, name) != held:
                return False
        for name, linked in self.links.get(directory, {}).items():
            if disk.is_link(directory, name) != linked:
                return False
        return all(
            disk.ask(question, path) == answer for (question, path), answer in self.asked.get(directory, {}).items()
        )
