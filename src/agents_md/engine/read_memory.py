"""What a Read decided, kept while everything it depended on is as it was.

A Read's decision (``Loop.read``) depends on these, and on nothing else:

1. the path as given, the tool, and the home it is put after (the key);
2. the read file itself: its version (whether it is a file, its size, its kind) and whether its
   folder's listing holds it;
3. the disk as the Read's pass consulted it: every folder listed and file read by the engine's
   walk and by the plugins' lookups (one watched pass; a lookup answered from memory counts with
   what it consulted, ``ListingFS.recalled``);
4. what the loop was given, as far as the walk asked it (``NestedFinder.walked``);
5. the start the Read's hook session belongs to, who is seated, and the state of each plugin
   with a ``tool.call`` hook, as it says it (``HookBus.read_key``: one that does not say it has
   no Read kept).

A Read that attached nothing, told of no failure, and changed no plugin's state is kept (in a
session that remembers its lookups, on the real disk), unless a file it read was modified within
the disk clock's racy window (two seconds: a change later in that tick could keep its version, as
it keeps a folder's stamp, ``shared_listings``). The same Read asked again is given its
result again while 2 to 5 hold, 5 and 4 asked first (no system call), then 2 and 3 (one ``lstat``
a folder and one ``stat`` a file, ``engine.marks``, as the round's other lookups would; a link
followed, the folders on its way too; none for a folder its parent's listing shows absent, nor
for one asked only for folders it held, no link, stamped here themselves, as the cwd above the
Read's folders is: each of them, there as the same folder and no link, answers it): the loop
does what the Read did to it (the read file given and used, a request sent) and tells again
what the plugins told. Anything
else runs the Read again, which keeps its new result. What is kept is bounded (``most``, the
least recently used dropped first).
"""

from __future__ import annotations

import os
import time

from agents_md.engine.marks import Marks, linked_folders
from agents_md.engine.shared_listings import RACY_NS

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable

    from agents_md.engine.consulted import Consulted, Way
    from agents_md.engine.fs import SessionFS, Stamps, Versions


class KeptRead:
    """One Read's result, with what it depended on (steps 2 to 5)."""

    __slots__ = (
        "asked",
        "consulted",
        "folders",
        "marks",
        "present",
        "read",
        "real",
        "result",
        "state",
        "versions",
    )

    def __init__(
        self,
        *,
        result: object,
        real: str,
        read: bool,
        version: tuple[int, ...] | None,
        present: bool,
        consulted: Consulted,
        asked: dict[str, bool],
        state: tuple[object, ...],
        fs: SessionFS,
        shared: dict[object, object],
    ) -> None:
        self.result = result  # the loop's ``ReadResult``
        self.real = real  # the read file as the loop knows it (given, used)
        self.read = read  # whether the Read succeeded (the file is then used)
        self.present = present  # whether its folder's listing holds it
        self.consulted = consulted
        self.asked = tuple(asked.items())  # (path, given then)
        self.state = state
        versions = {real: version}
        folders: dict[str, None] = {}
        for part in consulted.all_parts():
            versions.update(part.versions)
            folders.update(dict.fromkeys(part.listings))
        folders[os.path.dirname(real)] = None  # its listing says whether it holds the file
        self.versions: Versions = tuple(versions.items())
        self.folders = tuple(folders)
        self.marks = self._marks(fs, shared)

    def _marks(self, fs: SessionFS, shared: dict[object, object]) -> Marks | None:
        """The stamps of this round's folders that decide the Read, with the versions of its files,
        when they alone can vouch for it: every question it asked of the disk was asked of a
        listing. A link followed is, through the folders on its way (``Consulted.resolved_through``),
        stamped with the rest; one the system resolved, or a question asked through a link (what
        it leads to is in no listing), is asked again as a lookup is."""
        ways: list[Way] = []
        parts = self.consulted.all_parts()
        for part in parts:
            if part.through or len(part.resolved_through) != len(part.resolved):
                return None
            ways += part.resolved_through.values()
        stamps = fs.stamps(self.folders, ways)
        linked = None if stamps is None else linked_folders(stamps)
        if stamps is None or linked is None:
            return None
        if not fs.folds_case:  # there, a name held in another case: its folder's listing spells it
            stamps = _by_children(stamps, parts, os.path.dirname(self.real), linked)
        return Marks(stamps, self.versions, shared, linked)


def _by_children(stamps: Stamps, parts: list[Consulted], keep: str, linked: frozenset[str]) -> Stamps:
    """``stamps`` without the folders their stamped children vouch for (step 3, as a folder that
    changed is asked again: ``Consulted``): one asked only whether it holds names it held, none
    of them a link, each a folder stamped here, no link, and kept (asked by ``lstat``, it is still
    there, the same folder, no link). The cwd above a Read's folders is mostly one. The read file's
    folder (whether it holds the file) is kept, and so is one whose listing vouches for a folder
    not there."""
    stamped = dict(stamps)
    names: dict[str, set[str]] = {}
    barred = {keep}
    for part in parts:
        barred.update(part.whole)
        barred.update(part.asked)
        # A folder not there, left out of ``stamps`` as its parent's listing shows none (``fs.stamps``):
        # that parent's stamp alone vouches for it, whatever it was asked.
        barred.update(os.path.dirname(folder) for folder in part.listings if folder not in stamped)
        for folder, answers in part.names.items():
            if all(answers.values()):
                names.setdefault(folder, set()).update(answers)
            else:
                barred.add(folder)
        barred.update(folder for folder, links in part.links.items() if any(links.values()))
        for way in part.resolved_through.values():  # a way's names, asked as held, linked and leading
            for folder, listing, on_way in way:
                if listing is None or any(listing.links.get(name) is not False for name in on_way):
                    barred.add(folder)  # a link on the way (or one not asked): its folder says where it leads
                else:
                    names.setdefault(folder, set()).update(on_way)
    dropped: set[str] = set()
    vouching: set[str] = set()
    for folder in sorted(stamped, key=len):  # the shallowest first: a folder that vouches is kept
        held = names.get(folder)
        if folder in barred or folder in vouching or stamped[folder] is None or not held:
            continue
        children = [os.path.join(folder, name) for name in held if os.sep not in name]
        if len(children) == len(held) and all(stamped.get(c) is not None and c not in linked for c in children):
            dropped.add(folder)
            vouching.update(children)
    return tuple(item for item in stamps if item[0] not in dropped) if dropped else stamps


class ReadMemory:
    """A loop's kept Reads, by key (step 1)."""

    __slots__ = ("_kept", "most", "shared")

    def __init__(self, most: int = 4096) -> None:
        self.most = most
        self._kept: dict[Hashable, KeptRead] = {}
        self.shared: dict[object, object] = {}  # the paths the kept Reads check, each encoded once (``Marks``)

    def recall(
        self, key: Hashable, given: Callable[[str], bool], state: tuple[object, ...], fs: SessionFS, settled: str
    ) -> KeptRead | None:
        """The Read ``key`` kept, if everything it depended on is as it was; else ``None`` (and it is
        dropped). Step 3 is asked of the folders' stamps and the files' versions first; when one
        changed (or a link was followed), of a new round of ``fs`` (``SessionFS.begin(settled)``)."""
        memory = self._kept
        kept = memory.get(key)
        if kept is None:
            return None
        # Steps 5 and 4, then 2 and 3 (asked on every Read: no call that can be spared).
        same = kept.state is state or same_state(kept.state, state)
        for path, answer in kept.asked if same else ():
            if given(path) != answer:
                same = False
                break
        marks = kept.marks
        if not (same and ((marks is not None and marks.same()) or self._same_disk(kept, fs, settled))):
            del memory[key]
            return None
        if len(memory) > self.most // 2:  # used again: the last to be dropped, once any may be
            del memory[key]
            memory[key] = kept
        return kept

    def _same_disk(self, kept: KeptRead, fs: SessionFS, settled: str) -> bool:
        """Steps 2 and 3, where a folder's stamp or a file's version changed (or a link was followed)."""
        fs.begin(settled)
        for path, version in kept.versions:
            if fs.file_version(path) != version:
                return False
        if fs.held(*os.path.split(kept.real)) != kept.present or not fs.vouches(kept.consulted):
            return False
        kept.marks = kept._marks(fs, self.shared)  # the folders vouch as they are now
        return True

    def keep(self, key: Hashable, kept: KeptRead) -> None:
        if not kept.consulted.complete or _racy(kept.versions):
            return
        memory = self._kept
        memory.pop(key, None)
        memory[key] = kept
        if len(memory) > self.most:
            del memory[next(iter(memory))]
            if len(self.shared) > 16 * self.most:  # most of them no longer checked: made again as needed
                self.shared.clear()


def _racy(versions: Versions) -> bool:
    """Whether a file was changed less than the disk clock's racy window ago: a change later in
    the same tick could leave its version as it is (its size too), so it vouches for nothing yet."""
    newest = max((version[-2] for _, version in versions if version is not None), default=0)  # modification times
    return time.time_ns() - newest < RACY_NS


def same_state(kept: tuple[object, ...], now: tuple[object, ...]) -> bool:
    """Whether the start and the plugins' states are as they were (step 5); a plugin's state that
    cannot be compared vouches for nothing."""
    try:
        return bool(kept == now)
    except Exception:
        return False
