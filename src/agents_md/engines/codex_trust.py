"""Whose trust level Codex CLI looks up for a folder in ``$CODEX_HOME/config.toml``.

1. The folder's own key, ``[projects."<dir>"]`` with its real path spelled exactly, decides.
2. Without one, the key of the repository the folder is in decides (a worktree's is its main
   repository's). From the folder upwards, the first ``.git``:
   - a folder holding ``HEAD``: the folder holding it is the repository (a ``.git`` folder
     without ``HEAD`` is passed over and the search goes on up);
   - a file: it ends the search. ``gitdir: <dir>`` naming a worktree's folder (one holding a
     ``gitdir`` and a ``commondir`` file, the latter naming an existing folder) gives the folder
     holding that common folder; any other ``.git`` file gives no repository.
3. Neither: no level (neither trusted nor untrusted).
"""

from __future__ import annotations

import os

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import path_chain

TRUSTED = "trusted"
UNTRUSTED = "untrusted"


def _text(path: str, fs: FileSystem) -> str | None:
    try:
        data = fs.read_file(path)
    except OSError:
        return None
    return None if data is None else data.decode("utf-8", "replace").strip()


def _worktree_main(folder: str, git_file: str, fs: FileSystem) -> str | None:
    """Step 2's ``.git`` file: the main repository of the worktree it names, if it names one."""
    text = _text(git_file, fs)
    if text is None or not text.startswith("gitdir:"):
        return None
    private = os.path.join(folder, text[len("gitdir:") :].strip())
    common = _text(os.path.join(private, "commondir"), fs)
    if common is None or not fs.is_file(os.path.join(private, "gitdir")):
        return None
    common_dir = os.path.normpath(os.path.join(private, common))
    return os.path.dirname(fs.realpath(common_dir)) if fs.is_dir(common_dir) else None


def repository(folder: str, fs: FileSystem = DEFAULT_FS) -> str | None:
    """Step 2: the repository whose key decides for ``folder`` (a real path), if any."""
    for directory in reversed(path_chain(folder)):
        git = os.path.join(directory, ".git")
        if fs.is_dir(git):
            if fs.is_file(os.path.join(git, "HEAD")):
                return directory
        elif fs.exists(git):
            return _worktree_main(directory, git, fs)
    return None


def trust_level(levels: dict[str, str], folder: str, fs: FileSystem = DEFAULT_FS) -> str | None:
    """Steps 1-3: ``levels`` maps keys (as written) to their ``trust_level``."""
    folder = os.path.normpath(folder)
    if folder in levels:
        return levels[folder]
    repo = repository(folder, fs)
    return levels.get(repo) if repo is not None else None
