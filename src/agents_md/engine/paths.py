"""Paths as the engine compares them: by spelling, normalised, ``/`` between parts.

``path_chain`` is the walk's ladder (every directory from just below the filesystem root down
to the cwd); ``dirs_between`` the ladder of a Read (strictly below a root, down to a folder);
``is_inside`` the one containment test.
"""

from __future__ import annotations

import os


def path_chain(cwd: str) -> list[str]:
    """Directories from just below the filesystem root down to ``cwd``, shallowest first."""
    chain: list[str] = []
    current = os.path.normpath(cwd)
    while True:
        parent = os.path.dirname(current)
        if parent == current:
            break
        chain.append(current)
        current = parent
    chain.reverse()
    return chain


def dirs_between(root: str, directory: str) -> list[str]:
    """Directories strictly below ``root`` down to ``directory`` (both normalised), shallowest first;
    empty when ``directory`` is not below ``root``."""
    out: list[str] = []
    prefix = root.rstrip(os.sep) + os.sep
    current = directory
    while current != root and current.startswith(prefix):
        out.append(current)
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    if current != root:
        return []
    out.reverse()
    return out


def is_inside(path: str, directory: str) -> bool:
    """Whether ``path`` is ``directory`` or below it (by spelling)."""
    path = os.path.normpath(path)
    directory = os.path.normpath(directory)
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)
