"""Paths as the engine compares them: by spelling, normalised, ``/`` between parts.

``path_chain`` is the walk's ladder (every directory from just below the filesystem root down
to the cwd); ``dirs_between`` the ladder of a Read (strictly below a root, down to a folder);
``is_inside`` the one containment test (``within`` when both paths are normalised);
``resolved_by_folder`` a path's links resolved a folder at a time, ``led_to`` where a link's
target leads from its resolved folder.
"""

from __future__ import annotations

import os

from agents_md._util.std import Callable, lru_cache


def path_chain(cwd: str) -> list[str]:
    """Directories from just below the filesystem root down to ``cwd``, shallowest first."""
    return list(_chain(cwd))


@lru_cache(maxsize=1024)
def _chain(cwd: str) -> tuple[str, ...]:
    # Built once for a cwd: a start walks it, finds the checkout on it, and hands it to the plugins.
    chain: list[str] = []
    current = os.path.normpath(cwd)
    while True:
        parent = os.path.dirname(current)
        if parent == current:
            break
        chain.append(current)
        current = parent
    chain.reverse()
    return tuple(chain)


@lru_cache(maxsize=1024)
def dirs_between(root: str, directory: str) -> tuple[str, ...]:
    """Directories strictly below ``root`` down to ``directory`` (both normalised), shallowest first;
    empty when ``directory`` is not below ``root``."""
    # A Read climbs the same ladder for the engine's files and for each plugin's lookups: built
    # from the parts below the root, shallowest first.
    base = root.rstrip(os.sep)
    if directory == root or not directory.startswith(base + os.sep):
        return ()
    out: list[str] = []
    current = base
    for part in directory[len(base) + 1 :].split(os.sep):
        current = current + os.sep + part
        out.append(current)
    return tuple(out)


@lru_cache(maxsize=4096)
def normal(path: str) -> str:
    """``os.path.normpath``, remembered: every Read asks it of the same few paths several times."""
    return os.path.normpath(path)


def is_inside(path: str, directory: str) -> bool:
    """Whether ``path`` is ``directory`` or below it (by spelling)."""
    return within(normal(path), normal(directory))


def within(path: str, directory: str) -> bool:
    """``is_inside`` for paths normalised already (a Read's, asked on every Read)."""
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def resolved_by_folder(
    path: str, known: dict[str, str], linked: Callable[[str, str, str], bool], through: Callable[[str], str]
) -> str:
    """``path`` (normalised) with its links resolved a folder at a time: each folder's resolved
    path is kept in ``known`` for every path under it, and only the last part is asked whether
    it is a link (``linked(real_parent, name, candidate)``); one that is goes to ``through``
    (the system's resolution, links before a ``..`` included)."""
    parent, name = os.path.split(path)
    if not name:
        return path
    real_parent = known.get(parent)
    if real_parent is None:
        real_parent = known[parent] = _resolved_folder(parent, known, linked, through)
    return _resolved_name(real_parent, name, linked, through)


def _resolved_folder(
    folder: str, known: dict[str, str], linked: Callable[[str, str, str], bool], through: Callable[[str], str]
) -> str:
    """``resolved_by_folder`` of a folder, without a frame per part (a path may have thousands):
    up to the nearest folder resolved already, or the root, then down a part at a time."""
    below: list[tuple[str, str]] = []  # (folder, its last part), deepest first
    current = folder
    while True:
        parent, name = os.path.split(current)
        if not name:
            real = known[current] = current  # the root (or nothing, for a relative path)
            break
        below.append((current, name))
        found = known.get(parent)
        if found is not None:
            real = found
            break
        current = parent
    for spelled, name in reversed(below):
        real = known[spelled] = _resolved_name(real, name, linked, through)
    return real


def _resolved_name(
    real_parent: str, name: str, linked: Callable[[str, str, str], bool], through: Callable[[str], str]
) -> str:
    # ``os.path.join`` of a parent and a single name, without its checks (asked per folder of a path)
    joint = "" if not real_parent or real_parent.endswith(os.sep) else os.sep
    candidate = real_parent + joint + name
    return through(candidate) if linked(real_parent, name, candidate) else candidate


def led_to(real_folder: str, target: str) -> str | None:
    """Where a link in ``real_folder`` (a resolved folder) leads when it reads ``target``,
    normalised; ``None`` when a ``..`` follows a name (that name may be a link, which the ``..``
    climbs out of, not the name's folder)."""
    out = os.sep if target.startswith(os.sep) else real_folder
    named = False
    for part in target.split(os.sep):
        if not part or part == ".":
            continue
        if part == "..":
            if named:
                return None
            out = os.path.dirname(out)  # the folder above a resolved one: its real parent
            continue
        named = True
        out = out + part if out.endswith(os.sep) else out + os.sep + part
    return out
