"""The git checkout the cwd is in, as the engine reads it from the files git leaves.

1. The checkout's root is the nearest folder at or above the cwd holding a ``.git`` (a folder,
   or a file); none: the cwd is in no checkout.
2. A ``.git`` file reading ``gitdir: DIR`` (relative to the root) whose ``DIR`` holds a
   ``commondir`` is a *linked worktree*: its main repository's git folder is ``commondir``
   resolved against ``DIR``, and the main checkout is the folder holding it when it is named
   ``.git`` (a submodule's ``.git`` file names no ``commondir``; a bare repository has no
   checkout).
3. When a linked worktree lies inside its main checkout, the engine does not load the project
   instruction files of the folders from the main checkout's root down to just above the
   worktree's root (``CLAUDE.local.md`` still loads there): those folders are *shadowed*.
"""

from __future__ import annotations

import os

from agents_md._value import Value
from agents_md.engine.fs import FileSystem
from agents_md.engine.paths import dirs_between, is_inside, path_chain

GIT = ".git"


def checkout_root(fs: FileSystem, cwd: str) -> str | None:
    """Step 1 (a folder's listing, when it has one, answers for its ``.git``)."""
    for current in [*reversed(path_chain(cwd)), os.sep]:
        if fs.might_hold(current, GIT) and fs.exists(os.path.join(current, GIT)):
            return current
    return None


def _text(fs: FileSystem, path: str) -> str | None:
    try:
        data = fs.read_file(path)
    except OSError:
        return None
    return None if data is None else data.decode("utf-8", "replace")


def main_checkout(fs: FileSystem, root: str) -> str | None:
    """Step 2: the main checkout of the linked worktree at ``root``, or ``None`` (``_util.git_pointer``,
    loaded only for a ``.git`` file: a ``.git`` folder is a main checkout's)."""
    git = os.path.join(root, GIT)
    pointer = _text(fs, git)
    if pointer is None:
        return None
    from agents_md._util import git_pointer

    return git_pointer.main_checkout(root, lambda path: pointer if path == git else _text(fs, path))


class Checkout(Value):
    root: str | None  # the checkout's root (step 1), or None
    shadowed: frozenset[str]  # step 3 (empty but for a linked worktree inside its main checkout)
    main: str | None = None  # step 2: the main checkout, for a linked worktree

    @property
    def project(self) -> str | None:
        """The repository a worktree shares with its main checkout: that checkout's root, else ``root``."""
        return self.main or self.root


def find_checkout(fs: FileSystem, cwd: str) -> Checkout:
    root = checkout_root(fs, cwd)
    main = main_checkout(fs, root) if root is not None else None
    if root is None or main is None or main == root or not is_inside(root, main):
        return Checkout(root=root, shadowed=frozenset(), main=main)
    return Checkout(root=root, shadowed=frozenset([main, *dirs_between(main, os.path.dirname(root))]), main=main)
