"""Gemini CLI's private project memory: files it keeps for a project in its own folder.

1. The project is the working directory (its real path). Its folder is
   ``~/.gemini/tmp/<id>/memory``, the id found as Gemini CLI finds it (without writing anything):
   - ``~/.gemini/projects.json`` (``{"projects": {"<path>": "<id>"}}``, ids of ``a-z``, ``0-9``
     and ``-``; a file of another shape counts as empty) names it, unless the ``.project_root``
     file of ``~/.gemini/tmp/<id>`` or ``~/.gemini/history/<id>`` names another folder (or
     cannot be read);
   - else a folder of ``tmp``, then of ``history``, whose ``.project_root`` names the project;
   - else a new id: the folder's name in lower case, each run of other characters than ``a-z``
     and ``0-9`` one ``-``, none at either end (nothing left: ``project``), then ``-1``, ``-2``…
     past ids the registry gives other folders and ids whose ``.project_root`` names another.
2. ``MEMORY.md`` in that folder; without one, each configured context file name there (joined
   as ``gemini`` joins them).
3. They are sent with the global files, in the system instruction (``gemini``).
"""

from __future__ import annotations

import json
import os
import re

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engines.gemini_imports import name_path

INDEX = "MEMORY.md"
OWNER_FILE = ".project_root"
_ID = re.compile(r"[a-z0-9-]+")
_OTHER = re.compile(r"[^a-z0-9]+")


def _registry(runtime: str, fs: FileSystem) -> dict[str, str]:
    try:
        data = fs.read_file(os.path.join(runtime, "projects.json"))
        table = None if data is None else json.loads(data.decode("utf-8", "replace"))
    except (OSError, ValueError):
        return {}
    projects = table.get("projects") if isinstance(table, dict) else None
    if not isinstance(projects, dict):
        return {}
    if not all(isinstance(v, str) and _ID.fullmatch(v) for v in projects.values()):
        return {}
    return {str(k): str(v) for k, v in projects.items()}


def _owner(base: str, ident: str, fs: FileSystem) -> str | None:
    """The folder an id's ``.project_root`` names; ``""`` when it is there but cannot be read."""
    path = os.path.join(base, ident, OWNER_FILE)
    try:
        data = fs.read_file(path)
    except OSError:
        return ""
    if data is None:
        return "" if fs.exists(path) else None
    return data.decode("utf-8", "replace").strip()


def slug(name: str) -> str:
    return _OTHER.sub("-", name.lower()).strip("-") or "project"


def project_id(home: str, project: str, fs: FileSystem = DEFAULT_FS) -> str:
    """Step 1."""
    runtime = os.path.join(home, ".gemini")
    bases = [os.path.join(runtime, "tmp"), os.path.join(runtime, "history")]
    project = os.path.normpath(project)
    projects = _registry(runtime, fs)
    given = projects.pop(project, None)
    if given is not None and all(_owner(b, given, fs) in (None, project) for b in bases):
        return given
    for base in bases:
        for entry in fs.list_dir(base) or []:
            if fs.exists(os.path.join(base, entry, OWNER_FILE)) and _owner(base, entry, fs) == project:
                return entry
    taken = set(projects.values())
    stem = slug(os.path.basename(project))
    counter = 0
    while True:
        candidate = f"{stem}-{counter}" if counter else stem
        counter += 1
        if candidate not in taken and all(_owner(b, candidate, fs) in (None, project) for b in bases):
            return candidate


def memory_files(home: str, project: str, names: tuple[str, ...], fs: FileSystem = DEFAULT_FS) -> list[str]:
    """Step 2: the paths to load, in order."""
    folder = os.path.join(home, ".gemini", "tmp", project_id(home, project, fs), "memory")
    index = os.path.join(folder, INDEX)
    if fs.exists(index):
        return [index]
    return [p for n in names if fs.exists(p := name_path(folder, n))]
