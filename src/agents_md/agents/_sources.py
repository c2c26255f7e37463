"""The folders the engine reads agent files from, and the files in them.

1. Managed: ``MANAGED/.claude/agents/`` (``/etc/claude-code`` on Linux). Always read.
2. ``--agents`` (see ``_json``). Always read.
3. Project (``project`` in the setting sources): ``.claude/agents/`` of the cwd and of each
   ancestor up to the git root (the nearest folder holding ``.git``, a folder or a file), or
   up to the filesystem root without one; the nearer folder wins on a shared name. When the
   git root is a linked worktree without a ``.claude/agents`` folder of its own, its main
   checkout's comes last (a ``.claude`` that is not checked in is shared that way).
4. User (``user`` in the setting sources): ``HOME/.claude/agents/`` (``$CLAUDE_CONFIG_DIR/agents/``
   when that is set).
5. Plugins: ``agents/`` of each ``--plugin-dir``; the plugin's name is ``name`` from
   ``.claude-plugin/plugin.json`` or else the folder's name. A manifest that cannot be read
   or has no valid name keeps the plugin from loading. A manifest's ``agents`` (a path, or a
   list of them, relative to the plugin) names the plugin's agent files instead of ``agents/``:
   each must end with ``.md`` or the plugin does not load; one that is missing is skipped (the
   engine logs an error); the files named are read under the plugin's name alone, without
   the folders between (h40_plugin_manifest_agents_list, h40_plugin_manifest_agents_forms).
In each folder every ``*.md`` at any depth counts, dot-files and dot-folders too; symlinks
are followed, dangling ones ignored. ``.MD``, ``.txt`` and others are not read.

A folder given to ``agents check`` is searched for those folders alone (``definition_folders``):
itself when it is one (named ``agents``, or inside a ``.claude/agents``); else its own
``.claude/agents`` and, as a plugin folder, its ``agents``; and below it, every ``.claude/agents``
and the ``agents`` of every plugin (a folder holding ``.claude-plugin/plugin.json``); a plugin
whose manifest names its agent files is given as the plugin's own folder (``manifest_agents``
says which files). A plugin's ``commands/``, ``skills/`` or other folders hold no agent definitions.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from agents_md._util.git_pointer import main_checkout
from agents_md._util.tree_walk import walk
from agents_md.agents._model import Source
from agents_md.errors import AgentsMdError

AGENTS_DIR = (".claude", "agents")
MANIFEST = (".claude-plugin", "plugin.json")
_PLUGIN_NAME = re.compile(r"[A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True, kw_only=True)
class Folder:
    """One folder of agent files; ``rank`` orders folders of one source (higher wins)."""

    path: Path
    source: Source
    rank: int = 0
    plugin: str | None = None
    files: tuple[Path, ...] | None = None  # the files a plugin's manifest names, instead of path's


def git_root(start: Path) -> Path | None:
    for d in (start, *start.parents):
        if (d / ".git").exists():
            return d
    return None


def project_folders(cwd: Path, home: Path, user_dir: Path | None = None) -> list[Folder]:
    """``user_dir``: the user's agents folder (default ``home/.claude/agents``), never a project's."""
    top = git_root(cwd)
    user_dir = user_dir or home.joinpath(*AGENTS_DIR)
    out: list[Folder] = []
    chain = (cwd, *cwd.parents)
    for depth, d in enumerate(chain):
        folder = d.joinpath(*AGENTS_DIR)
        if folder != user_dir:
            out.append(Folder(path=folder, source=Source.PROJECT, rank=len(chain) - depth))
        if top is not None and d == top:
            break
    main = _main_checkout(top) if top is not None and not top.joinpath(*AGENTS_DIR).is_dir() else None
    if main is not None and main.joinpath(*AGENTS_DIR) != user_dir:
        out.append(Folder(path=main.joinpath(*AGENTS_DIR), source=Source.PROJECT, rank=0))
    return out


def _text(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except (OSError, ValueError):
        return None


def _main_checkout(root: Path) -> Path | None:
    main = main_checkout(str(root), _text)
    return Path(main) if main is not None else None


@dataclass(frozen=True, slots=True, kw_only=True)
class Manifest:
    """What a plugin's manifest says of its agents: ``name`` is ``None`` when the plugin does not
    load; ``agents`` the paths its ``agents`` key names (``None``: it names none, ``agents/`` is read)."""

    name: str | None
    agents: tuple[str, ...] | None = None
    error: str = ""  # why the plugin does not load
    sets_agents: bool = False  # the manifest has an "agents" key, valid or not


def read_manifest(plugin_dir: Path) -> Manifest:
    manifest = plugin_dir.joinpath(*MANIFEST)
    if not manifest.exists():
        return Manifest(name=plugin_dir.name)
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return Manifest(name=None, error=f"it cannot be read as JSON: {exc}")
    if not isinstance(data, dict):
        return Manifest(name=None, error="it is not a JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not _PLUGIN_NAME.fullmatch(name):
        return Manifest(name=None, error='it has no valid "name" (letters, digits, ".", "_" and "-")')
    if "agents" not in data:
        return Manifest(name=name)
    value = data["agents"]
    entries = (value,) if isinstance(value, str) else value
    if not isinstance(entries, list | tuple) or not all(isinstance(e, str) for e in entries):
        return Manifest(name=None, error='its "agents" is not a path or a list of paths', sets_agents=True)
    bad = [e for e in entries if not e.endswith(".md")]
    if bad:
        # The engine's words: "Validation errors: agents.0: Invalid string: must end with ".md"".
        return Manifest(
            name=None, error=f'its "agents" names {bad[0]!r}: each path must end with ".md"', sets_agents=True
        )
    return Manifest(name=name, agents=tuple(entries), sets_agents=True)


def plugin_name(plugin_dir: Path) -> str | None:
    return read_manifest(plugin_dir).name


def manifest_agents(plugin_dir: Path) -> tuple[Path, ...] | None:
    """The agent files a plugin's valid manifest names (``None``: it names none, or does not load)."""
    manifest = read_manifest(plugin_dir)
    if manifest.name is None or manifest.agents is None:
        return None
    return tuple(plugin_dir / entry for entry in manifest.agents)


def file_context(file: Path) -> tuple[tuple[str, ...], str | None]:
    """How a file named alone is read: its namespace and its plugin's name (``None``: a project
    file, as one in ``.claude/agents``). A file in a plugin's ``agents/`` is a plugin agent named
    after the folders between; one its manifest names, under the plugin's name alone."""
    absolute = Path(os.path.abspath(file))
    for up in absolute.parents:
        if up.name == AGENTS_DIR[0]:
            return (), None  # in a .claude folder: the project's rules
        if up.joinpath(*MANIFEST).is_file():
            manifest = read_manifest(up)
            name = manifest.name or up.name
            if manifest.agents is not None:
                listed = {os.path.realpath(up / entry) for entry in manifest.agents}
                return ((), name) if os.path.realpath(absolute) in listed else ((), None)
            if absolute.is_relative_to(up / "agents"):
                return absolute.relative_to(up / "agents").parts[:-1], name
            return (), None
    return (), None


def plugin_of(folder: Path) -> str | None:
    """The plugin name an agents folder is read under: ``None`` for a ``.claude/agents`` (its files
    follow the project rules), else its plugin's name (the folder's own name when the manifest is
    bad: the engine would not load it, but its files are still checked as plugin agents)."""
    if folder.parent.name == AGENTS_DIR[0]:
        return None
    return plugin_name(folder.parent) or folder.parent.name


def folders(
    *,
    cwd: Path,
    home: Path,
    managed_dir: Path | None,
    plugin_dirs: tuple[Path, ...],
    setting_sources: frozenset[str] | None,
    config: Path | None = None,
) -> list[Folder]:
    """``config``: the engine's config folder (default ``home/.claude``)."""
    user_dir = (config or home / ".claude") / "agents"
    out: list[Folder] = []
    if managed_dir is not None:
        out.append(Folder(path=managed_dir.joinpath(*AGENTS_DIR), source=Source.MANAGED))
    if setting_sources is None or "project" in setting_sources:
        out += project_folders(cwd, home, user_dir)
    if setting_sources is None or "user" in setting_sources:
        out.append(Folder(path=user_dir, source=Source.USER))
    for i, pdir in enumerate(plugin_dirs):
        manifest = read_manifest(pdir)
        if manifest.name is not None:
            files = None if manifest.agents is None else tuple(pdir / entry for entry in manifest.agents)
            out.append(
                Folder(
                    path=pdir / "agents",
                    source=Source.PLUGIN,
                    rank=len(plugin_dirs) - i,
                    plugin=manifest.name,
                    files=files,
                )
            )
    return out


_NOT_SEARCHED = frozenset({".git", "node_modules", ".venv", "venv", "__pycache__"})
MAX_SEARCHED = 20_000  # folders looked into below a given folder, at most


def definition_folders(path: Path) -> list[Path]:
    """The folders at or below ``path`` the engine reads agent files from (see the docstring)."""
    if path.name == AGENTS_DIR[1] or _under_agents_dir(path):
        return [path]
    found: list[Path] = []
    listing = path.joinpath(*MANIFEST).is_file() and read_manifest(path).sets_agents
    if listing:
        found.append(path)  # a plugin naming its agent files in its manifest: its agents/ is not read
    for candidate in (path.joinpath(*AGENTS_DIR), path / "agents"):
        if candidate.is_dir() and not (listing and candidate.name == "agents"):
            found.append(candidate)
    searched = 0
    for directory, dirs, _files in walk(str(path)):
        searched += 1
        if searched > MAX_SEARCHED:
            raise AgentsMdError(
                f"{path}: more than {MAX_SEARCHED:,} folders to search for agent folders; "
                "name the .claude/agents or plugin folders to check"
            )
        here = Path(directory)
        dirs[:] = sorted(d for d in dirs if d not in _NOT_SEARCHED)
        if here == path:
            if listing:
                dirs[:] = [d for d in dirs if d != AGENTS_DIR[1]]
            continue
        if here.joinpath(*MANIFEST).is_file() and read_manifest(here).sets_agents:
            found.append(here)  # its manifest names its agent files; its agents/ is not read
            dirs[:] = [d for d in dirs if d != AGENTS_DIR[1]]
        elif here.name == AGENTS_DIR[1] and (
            here.parent.name == AGENTS_DIR[0] or here.parent.joinpath(*MANIFEST).is_file()
        ):
            found.append(here)
            dirs[:] = []  # its files are read by ``agent_files``
    return sorted(set(found))


def _under_agents_dir(path: Path) -> bool:
    parts = path.parts
    return any(parts[i : i + 2] == AGENTS_DIR for i in range(len(parts) - 1))


def agent_files(folder: Path, *, any_case: bool = False) -> Iterator[Path]:
    """Every ``*.md`` below ``folder``, following links, each real folder once, in the order the
    engine reads them: directory-read order (the disk's, not sorted), a subfolder where it is met.
    ``any_case``: ``.MD`` and ``.Md`` count too, as in a plugin's ``agents/`` (a7_plugin_md_extension_case)."""
    seen: set[str] = set()

    def files_in(d: Path) -> Iterator[Path]:
        try:
            real = os.path.realpath(d)
            if real in seen:
                return
            seen.add(real)
            entries = list(os.scandir(d))
        except OSError:
            return
        for entry in entries:
            p = Path(entry.path)
            try:
                if entry.is_dir(follow_symlinks=True):
                    yield from files_in(p)
                elif (entry.name.lower() if any_case else entry.name).endswith(".md") and entry.is_file(
                    follow_symlinks=True
                ):
                    yield p
            except OSError:
                continue

    if folder.is_dir():
        yield from files_in(folder)
