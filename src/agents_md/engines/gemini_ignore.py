"""Which files Gemini CLI's read tool refuses as ignored (then the read attaches nothing).

1. In a git repository (a ``.git`` at or above the working directory): ``<cwd>/.git/info/exclude``,
   then the ``.gitignore`` of the working directory and of each folder from there down to the file's folder, each
   pattern relative to its own folder (git's rules: a folder pattern covers what is below
   it, ``!`` takes a file back). A ``.gitignore`` above the working directory is not read,
   not even the repository root's. Off with ``context.fileFiltering.respectGitIgnore``.
2. ``<cwd>/.geminiignore``, a repository or not (not a ``.geminiignore`` of a subfolder);
   off with ``context.fileFiltering.respectGeminiIgnore``.
3. ``context.fileFiltering.customIgnoreFilePaths``: more files of patterns, each joined below
   the working directory (an absolute one too, as Node's ``path.join`` joins), read last, the
   first listed deciding over the later ones; with both switches on they go after
   ``.geminiignore`` (their ``!`` takes back what the others ignore), else what they ignore is
   ignored whatever the switches.
4. Files are read in that order; the last one with a pattern that decides the file wins.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from agents_md.engine.fs import FileSystem
from agents_md.engine.paths import is_inside, path_chain

GEMINI_IGNORE = ".geminiignore"
GIT_IGNORE = ".gitignore"


@lru_cache(maxsize=256)
def _spec(lines: tuple[str, ...]) -> Any:
    import pathspec  # lazy: only a read in a folder with an ignore file asks

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _lines(path: str, fs: FileSystem) -> tuple[str, ...] | None:
    try:
        data = fs.read_file(path)
    except OSError:
        return None
    return None if data is None else tuple(data.decode("utf-8", "replace").splitlines())


def in_repository(cwd: str, fs: FileSystem) -> bool:
    return any(fs.exists(os.path.join(d, ".git")) for d in path_chain(cwd))


def _decided(path: str, files: list[tuple[str, str]], fs: FileSystem) -> bool:
    decided = False
    for folder, ignore_file in files:
        lines = _lines(ignore_file, fs)
        if not lines:
            continue
        include = _spec(lines).check_file(os.path.relpath(path, folder)).include
        if include is not None:
            decided = include
    return decided


def ignored(
    path: str, cwd: str, fs: FileSystem, *, git: bool = True, gemini: bool = True, custom: tuple[str, ...] = ()
) -> bool:
    """Whether a read of ``path`` (a real path inside ``cwd``) is refused as ignored (steps 1-4;
    ``git`` and ``gemini``: the settings ``respectGitIgnore`` and ``respectGeminiIgnore``;
    ``custom``: ``customIgnoreFilePaths``)."""
    if not is_inside(path, cwd) or path == cwd:
        return False
    from agents_md.engines.gemini_imports import name_path

    customs = [(cwd, name_path(cwd, name)) for name in reversed(custom)]
    if customs and not (git and gemini) and _decided(path, customs, fs):
        return True
    files: list[tuple[str, str]] = []
    if git and in_repository(cwd, fs):
        files.append((cwd, os.path.join(cwd, ".git", "info", "exclude")))
        chain = path_chain(os.path.dirname(path))
        files += [(d, os.path.join(d, GIT_IGNORE)) for d in chain[chain.index(cwd) :]] if cwd in chain else []
    if gemini:
        files.append((cwd, os.path.join(cwd, GEMINI_IGNORE)))  # its ``!`` takes back what git ignores
    if git and gemini:
        files += customs  # one list with the others: theirs come last
    return _decided(path, files, fs)
