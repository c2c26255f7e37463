"""``os.walk`` without a frame per level.

Python 3.11's ``os.walk`` recurses once per folder level, so a tree deeper than the interpreter's
frame limit (about a thousand folders, a path of a few kilobytes) stops it with ``RecursionError``.
``walk`` gives what ``os.walk(top)`` gives, in the same order, from a stack:

1. A folder is listed (one that cannot be listed is skipped, as ``os.walk`` does without
   ``onerror``); its entries are split into folders (a link to a folder counts as one) and the
   rest, in the order the folder yields them.
2. The caller sees ``(folder, dirs, files)`` first and may prune ``dirs`` in place.
3. The folders left in ``dirs`` are entered in that order, depth first; a link is not entered.
"""

from __future__ import annotations

import os

from agents_md._util.std import Iterator


def walk(top: str) -> Iterator[tuple[str, list[str], list[str]]]:
    pending = [top]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as entries:
                listed = list(entries)
        except OSError:
            continue
        dirs: list[str] = []
        files: list[str] = []
        for entry in listed:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            (dirs if is_dir else files).append(entry.name)
        yield folder, dirs, files
        pending.extend(
            path for path in (os.path.join(folder, name) for name in reversed(dirs)) if not os.path.islink(path)
        )
