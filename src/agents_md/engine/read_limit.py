"""Whether the engine's Read of a file succeeds, as far as its size decides.

1. A Read without an offset or limit fails on a file of more than ``MOST_BYTES`` bytes
   (262,144 reads, 262,145 does not): its ``tool.call`` hooks are not called, while the
   engine's nested files still arrive.
2. Images, notebooks and PDFs are read their own way and are not held to it.
"""

from __future__ import annotations

import os

from agents_md.engine.fs import FileSystem

MOST_BYTES = 256 * 1024
OWN_WAY = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".ipynb", ".pdf"})


def too_large(fs: FileSystem, path: str) -> bool:
    if os.path.splitext(path)[1].lower() in OWN_WAY:
        return False
    return fs.size(path) > MOST_BYTES
