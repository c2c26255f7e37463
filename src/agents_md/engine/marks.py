"""Folders' stamps and files' versions, asked again at once: what a kept Read checks each time.

A folder's stamp is asked by ``os.lstat``, a file's version by ``os.stat`` (``fs.disk_stamp``,
``fs.disk_version``): a folder that is no link then fails when a link takes its place, even one
to the same folder moved. A folder that is a link (a Read through a linked folder) is asked by
``os.stat``, as what it leads to was stamped (``linked_folders``). Asked on every Read given
again, so the work per path is done in C (``map``, ``attrgetter``) on paths encoded once.
"""

from __future__ import annotations

import os
from operator import attrgetter

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md.engine.fs import Stamps, Versions


def linked_folders(stamps: Stamps) -> frozenset[str] | None:
    """The folders of ``stamps`` that are links to the folder stamped (their own ``lstat``
    differs, what they lead to has the stamp): ``Marks`` asks those by ``stat``, every other one
    by ``lstat``. ``None`` when one is neither (changed since), or one absent has an entry."""
    linked = []
    for path, stamp in stamps:
        try:
            st = os.lstat(path)
        except (OSError, ValueError):
            if stamp is not None:
                return None
            continue
        if stamp is None:
            return None
        if (st.st_mtime_ns, st.st_ino) != stamp:
            try:
                st = os.stat(path)
            except (OSError, ValueError):
                return None
            if (st.st_mtime_ns, st.st_ino) != stamp:
                return None
            linked.append(path)
    return frozenset(linked)


# A folder's stamp and a file's version as ``os.lstat`` and ``os.stat`` say them, read in C.
_STAMP_OF = attrgetter("st_mtime_ns", "st_ino")
_VERSION_OF = attrgetter("st_dev", "st_ino", "st_mode", "st_size", "st_mtime_ns", "st_ctime_ns")


class Marks:
    """Folders' stamps and files' versions, to be asked again at once (``same``). Each path, stamp
    and version is kept once in ``shared`` for every ``Marks`` made with it (the Reads of a folder
    ask the same ones: fewer objects to fetch). One absent then is asked alone."""

    __slots__ = ("absent", "expected", "files", "folders", "linked")

    def __init__(
        self, stamps: Stamps, versions: Versions, shared: dict[object, object], linked: frozenset[str] = frozenset()
    ) -> None:
        def encoded(path: str) -> bytes:
            name = shared.get(path)
            if name is None:
                name = shared[path] = os.fsencode(path)
            return name  # type: ignore[return-value]  # only paths map to their bytes

        plain = [(path, stamp) for path, stamp in stamps if stamp is not None and path not in linked]
        through = [(path, stamp) for path, stamp in stamps if stamp is not None and path in linked]
        self.folders = tuple(encoded(path) for path, _ in plain)
        self.linked = tuple(encoded(path) for path, _ in through)  # links to folders: asked by ``stat``
        self.files = tuple(encoded(path) for path, version in versions if version is not None)
        # The folders' stamps, the linked folders', then the files' versions: one tuple, compared at once.
        marks = (*plain, *through, *versions)
        self.expected = tuple(shared.setdefault(mark, mark) for _, mark in marks if mark is not None)
        # What was not there: ``True`` for a folder (asked without following a link).
        absent = [(path, True) for path, stamp in stamps if stamp is None]
        self.absent = tuple(absent + [(path, False) for path, version in versions if version is None])

    def same(self) -> bool:
        """Whether each folder has its stamp and each file its version, and nothing absent is there."""
        try:
            if (
                *map(_STAMP_OF, map(os.lstat, self.folders)),
                *map(_STAMP_OF, map(os.stat, self.linked)),
                *map(_VERSION_OF, map(os.stat, self.files)),
            ) != self.expected:
                return False
        except (OSError, ValueError):  # one is gone
            return False
        for path, folder in self.absent:
            try:
                os.lstat(path) if folder else os.stat(path)
            except (OSError, ValueError):
                continue
            return False
        return True
