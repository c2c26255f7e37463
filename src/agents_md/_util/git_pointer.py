"""A linked worktree's main checkout, read from the files git leaves (shared by the engine's walk
and the agent folders: each reads the disk its own way).

A ``.git`` file reading ``gitdir: DIR`` (relative to the checkout's root) whose ``DIR`` holds a
``commondir`` is a linked worktree: its main repository's git folder is ``commondir`` resolved
against ``DIR``, and the main checkout is the folder holding it when it is named ``.git`` (a
submodule's ``.git`` file names no ``commondir``; a bare repository has no checkout).
"""

from __future__ import annotations

import os

from agents_md._util.std import Callable

GIT = ".git"


def main_checkout(root: str, read_text: Callable[[str], str | None]) -> str | None:
    """The main checkout of the linked worktree at ``root`` (``read_text``: a file's text, or
    ``None`` when it cannot be read as one), or ``None``."""
    pointer = read_text(os.path.join(root, GIT))  # None for a .git folder
    if pointer is None or not pointer.startswith("gitdir:"):
        return None
    written = (pointer[len("gitdir:") :].strip().splitlines() or [""])[0]
    if not written:
        return None  # "gitdir:" naming nothing: no worktree of anything
    git_dir = os.path.normpath(os.path.join(root, written))
    common = read_text(os.path.join(git_dir, "commondir"))
    if common is None or not common.strip():
        return None
    common_dir = os.path.normpath(os.path.join(git_dir, common.strip().splitlines()[0]))
    return os.path.dirname(common_dir) if os.path.basename(common_dir) == GIT else None
