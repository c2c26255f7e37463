"""One pass over the history: each doc's last commit, and the last commit of the code it governs.

``git log --name-only -z --format=%x1e%ct`` is read once, as a stream of records: a record
starting with ``\\x1e`` is a commit's committer time; the others are the paths it touched
(the first after a commit starts with a newline). For each path:

1. a doc (one of the governed directories' docs): its date, if later than the one kept;
2. else, unless it is an instruction file or ignored, the code of its governing directory:
   the date and the path, if later than the ones kept.

Only one entry per doc and one per governed directory is kept, so memory is bounded by the
number of docs, whatever the size of the history.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

FOLDER_CACHE = 65536
_UNSEEN = object()


@dataclass(frozen=True, slots=True, kw_only=True)
class Dated:
    when: int  # committer time, seconds since the epoch
    path: str  # the file whose commit it is


@dataclass(slots=True, kw_only=True)
class History:
    docs: dict[str, Dated] = field(default_factory=dict)  # doc -> its last commit
    code: dict[str, Dated] = field(default_factory=dict)  # governed directory -> its code's last commit
    commits: int = 0


def scan_log(
    records: Iterable[bytes],
    *,
    docs: frozenset[str],
    governor: Callable[[str], str | None],
    is_code: Callable[[str], bool],
) -> History:
    """Read the log's records (bytes, as git wrote them); paths are decoded once per folder and name."""
    history = History()
    docs_get = {os.fsencode(d): d for d in docs}.get
    folders: dict[bytes, str | None] = {}  # folder -> its governing directory (bounded: cleared when large)
    code = history.code
    when = 0
    for record in records:
        if not record:
            continue
        first = record[0]
        if first == 0x1E:  # a commit: its time
            when = int(record[1:] or b"0")
            history.commits += 1
            continue
        if first == 0x0A:
            record = record[1:]
        doc = docs_get(record)
        if doc is not None:
            kept = history.docs.get(doc)
            if kept is None or when > kept.when:
                history.docs[doc] = Dated(when=when, path=doc)
            continue
        folder = record.rpartition(b"/")[0]
        directory = folders.get(folder, _UNSEEN)
        if directory is _UNSEEN:
            if len(folders) > FOLDER_CACHE:
                folders.clear()
            directory = folders[folder] = governor(os.fsdecode(record))
        if directory is None:
            continue
        assert isinstance(directory, str)
        kept = code.get(directory)
        if kept is not None and when <= kept.when:
            continue
        path = os.fsdecode(record)
        if is_code(path):
            code[directory] = Dated(when=when, path=path)
    return history
