"""Codex CLI's configuration, read the way Codex reads it for project docs.

1. ``$CODEX_HOME`` (default ``~/.codex``; set elsewhere, ``~/.codex`` is not read; a relative one is
   taken from the working directory; a ``CODEX_HOME`` that is not a folder stops Codex) holds
   ``config.toml``: ``project_doc_max_bytes`` (default 32768), ``project_doc_fallback_filenames``
   (default none), ``project_root_markers`` (default ``[".git"]``; ``[]`` means none).
2. A folder's ``.codex/config.toml`` (from the project root down to the working directory)
   counts only when ``$CODEX_HOME/config.toml`` trusts that folder (``[projects."<dir>"]
   trust_level = "trusted"``, the key spelled exactly: ``"<dir>/"`` trusts nothing), or it has
   no key and its repository is trusted (``codex_trust``: a key on a folder between them does
   not count); deeper ones apply over shallower ones, for the budget and the fallback names;
   a project never moves its own root (its ``project_root_markers`` are not read). A working
   directory whose level (looked up the same way) is ``untrusted`` gets no project doc at all.
3. A missing file (or a dangling link) is no configuration; a folder by its name, a file that
   is not TOML 1.1 (a BOM is read past; multi-line inline tables with trailing commas and ``\\x``
   escapes are TOML), an integer past 64 bits, or a value of the wrong type (``projects`` too:
   tables, ``trust_level`` one of the two), is a problem named with its file (and key) — Codex
   refuses to start on it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace

from agents_md._value import Value
from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engines.codex_trust import TRUSTED, UNTRUSTED, trust_level
from agents_md.errors import AgentsMdError

DEFAULT_MAX_BYTES = 32768
I64_MAX = 2**63 - 1
DEFAULT_MARKERS = (".git",)
CONFIG_NAME = "config.toml"
PROJECT_CONFIG = os.path.join(".codex", CONFIG_NAME)


class CodexConfigError(AgentsMdError):
    """A Codex ``config.toml`` Codex itself would refuse."""


class CodexConfig(Value):
    codex_home: str
    max_bytes: int = DEFAULT_MAX_BYTES
    fallback_names: tuple[str, ...] = ()
    markers: tuple[str, ...] = DEFAULT_MARKERS
    trusted: frozenset[str] = frozenset()  # keys marked trusted: their own .codex/config.toml counts
    untrusted: frozenset[str] = frozenset()  # keys marked untrusted: no project doc at all
    trust_all: bool = False  # a check's stand-in: every folder of the project trusted
    sources: tuple[str, ...] = ()  # the files read, shallowest first


def codex_home(home: str, env: Mapping[str, str], cwd: str = "") -> str:
    # A relative CODEX_HOME is taken from the folder Codex runs in, as any relative path is.
    return os.path.join(cwd, env.get("CODEX_HOME") or os.path.join(home, ".codex"))


def _load(path: str, fs: FileSystem) -> dict[str, object] | None:
    try:
        data = fs.read_file(path)
    except OSError as exc:
        raise CodexConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if data is None:
        if fs.is_dir(path):  # Codex refuses a folder by the config's name (a dangling link is no config)
            raise CodexConfigError(f"{path}: a folder, not a config file")
        return None
    import tomli  # lazy: only a config file asks; TOML 1.1 (multi-line inline tables, \x escapes) as Codex

    try:
        return tomli.loads(data.decode("utf-8").removeprefix("\ufeff"))  # Codex reads past a BOM
    except UnicodeDecodeError as exc:
        raise CodexConfigError(f"{path}: not UTF-8 text (byte {exc.start})") from exc
    except tomli.TOMLDecodeError as exc:
        raise CodexConfigError(f"{path}: not valid TOML ({exc})") from exc


def _int(table: Mapping[str, object], key: str, path: str) -> int | None:
    value = table.get(key)
    if value is None:
        return None
    # TOML's integers are 64-bit: Codex refuses a larger one as not TOML.
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= I64_MAX:
        raise CodexConfigError(f"{path}: {key} must be a whole number of bytes, 0 or more (found {value!r})")
    return value


def _names(table: Mapping[str, object], key: str, path: str) -> tuple[str, ...] | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CodexConfigError(f"{path}: {key} must be a list of file names (found {value!r})")
    return tuple(value)


def _projects(table: Mapping[str, object], path: str) -> dict[str, dict[str, object]]:
    """``[projects."<dir>"]`` tables; Codex refuses a ``projects`` or a project that is no table,
    and a ``trust_level`` other than ``trusted`` or ``untrusted``."""
    projects = table.get("projects", {})
    if not isinstance(projects, dict):
        raise CodexConfigError(f"{path}: projects must be a table of folders (found {projects!r})")
    for key, value in projects.items():
        if not isinstance(value, dict):
            raise CodexConfigError(f"{path}: projects.{key!r} must be a table (found {value!r})")
        level = value.get("trust_level", TRUSTED)
        if level not in (TRUSTED, UNTRUSTED):
            raise CodexConfigError(f"{path}: projects.{key!r}.trust_level must be {TRUSTED!r} or {UNTRUSTED!r}")
    return projects


def _trust(projects: Mapping[str, Mapping[str, object]], level: str) -> frozenset[str]:
    # Keys match as written: one spelled otherwise (a trailing ``/``) names no folder Codex meets.
    return frozenset(k for k, v in projects.items() if v.get("trust_level") == level and k == os.path.normpath(k))


def read_home_config(home: str, env: Mapping[str, str], fs: FileSystem = DEFAULT_FS, cwd: str = "") -> CodexConfig:
    """Step 1: ``$CODEX_HOME/config.toml``, or the defaults when there is none; ``cwd`` is the
    real folder Codex runs in."""
    where = codex_home(home, env, cwd)
    if env.get("CODEX_HOME"):
        # Codex refuses to start on a CODEX_HOME that names no folder (the default may be missing).
        if not fs.exists(where):
            raise CodexConfigError(f'CODEX_HOME points to "{where}", but that path does not exist')
        if not fs.is_dir(where):
            raise CodexConfigError(f'CODEX_HOME points to "{where}", but that path is not a directory')
    config = CodexConfig(codex_home=where)
    path = os.path.join(where, CONFIG_NAME)
    table = _load(path, fs)
    if table is None:
        return config
    if "profile" in table:
        # Codex no longer reads a profile named in config.toml and refuses to start on one.
        raise CodexConfigError(f'{path}: legacy `profile = "…"` config is no longer supported')
    max_bytes = _int(table, "project_doc_max_bytes", path)
    names = _names(table, "project_doc_fallback_filenames", path)
    markers = _names(table, "project_root_markers", path)
    projects = _projects(table, path)
    return replace(
        config,
        max_bytes=config.max_bytes if max_bytes is None else max_bytes,
        fallback_names=config.fallback_names if names is None else names,
        markers=config.markers if markers is None else markers,
        trusted=_trust(projects, TRUSTED),
        untrusted=_trust(projects, UNTRUSTED),
        sources=(path,),
    )


def level(config: CodexConfig, folder: str, fs: FileSystem = DEFAULT_FS) -> str | None:
    """The trust level Codex finds for ``folder`` (a real path): its own key, else its repository's."""
    if config.trust_all:
        return TRUSTED
    levels = dict.fromkeys(config.trusted, TRUSTED) | dict.fromkeys(config.untrusted, UNTRUSTED)
    return trust_level(levels, folder, fs)


def marked_untrusted(config: CodexConfig, cwd: str, fs: FileSystem = DEFAULT_FS) -> bool:
    """Whether the working directory's level is ``untrusted`` (step 2): no project doc at all."""
    return level(config, cwd, fs) == UNTRUSTED


def with_project(config: CodexConfig, root: str, chain: Sequence[str], fs: FileSystem = DEFAULT_FS) -> CodexConfig:
    """Step 2: a trusted project's ``.codex/config.toml`` files (``chain``: root to cwd) over ``config``."""
    for directory in chain:
        if level(config, directory, fs) != TRUSTED:
            continue
        path = os.path.join(directory, PROJECT_CONFIG)
        table = _load(path, fs)
        if table is None:
            continue
        max_bytes = _int(table, "project_doc_max_bytes", path)
        names = _names(table, "project_doc_fallback_filenames", path)
        config = replace(
            config,
            max_bytes=config.max_bytes if max_bytes is None else max_bytes,
            fallback_names=config.fallback_names if names is None else names,
            sources=(*config.sources, path),
        )
    return config
