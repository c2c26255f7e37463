"""OpenCode's configuration, read the way OpenCode reads it for its instruction files.

1. The global config: ``$XDG_CONFIG_HOME/opencode`` (default ``~/.config/opencode``) holds
   ``config.json``, ``opencode.json`` and ``opencode.jsonc`` (comments allowed), merged in that
   order with a later ``instructions`` list replacing an earlier one, and the global ``AGENTS.md``.
2. ``OPENCODE_CONFIG`` names one more file (a relative name from the working directory, as
   ``OPENCODE_CONFIG_DIR``'s), read right after the global one; then the project
   configs: ``opencode.json``, then ``opencode.jsonc``, in each folder from the worktree root
   down to the working directory; then those in each ``.opencode`` folder from the working
   directory up to the worktree root (nearest first), then in ``~/.opencode``, then in
   ``$OPENCODE_CONFIG_DIR`` (whose ``AGENTS.md`` is the global one, before the config folder's);
   then ``$OPENCODE_CONFIG_CONTENT``, a config's JSON text; last the managed folder's
   ``opencode.json`` and ``opencode.jsonc`` (``/etc/opencode``, an administrator's; its
   ``AGENTS.md`` is no instruction file), read even when the project is left out.
3. ``instructions``: a list of paths and globs; every file's list is kept, in that order (the global
   folder's files count as one, step 1).
4. The environment's switches: ``OPENCODE_DISABLE_CLAUDE_CODE`` and
   ``OPENCODE_DISABLE_CLAUDE_CODE_PROMPT`` (``true``, ``yes``, ``on``, ``1`` or ``y``) turn every
   ``CLAUDE.md`` off; ``false``, ``no``, ``off``, ``0``, ``n`` leave it on; any other spelling
   (``TRUE``, ``Yes``, set but empty) OpenCode refuses to start on.
5. A config's text is rewritten before it is read: ``{env:NAME}`` becomes that variable as it
   is (empty when not set), then ``{file:PATH}`` the trimmed text of that file, escaped as in a
   JSON string (``~/`` is the home; a relative path is taken from the config file's folder, from
   the working directory for ``$OPENCODE_CONFIG_CONTENT``); one on a line that starts with
   ``//`` is left alone; a file that cannot be read stops OpenCode.
6. ``OPENCODE_DISABLE_PROJECT_CONFIG`` (``true`` in any case, or ``1``) leaves the project out:
   no config file of a project folder (nor of its ``.opencode`` folders) is read, no project
   file is sent at start and a relative ``instructions`` entry matches in the global config
   folder alone; the global
   files, ``~/.opencode``, ``$OPENCODE_CONFIG``, ``$OPENCODE_CONFIG_DIR`` and
   ``$OPENCODE_CONFIG_CONTENT`` still count, and a read still attaches the files above it.
7. A file that is not JSON (white space or comments alone included; an empty file is an empty
   config), a folder by a config file's name, ``instructions`` that is not a list of strings
   (``null`` too), or a switch spelled otherwise, is a problem named with its file or variable:
   OpenCode refuses to start on it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from agents_md._util.jstext import js_trim
from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engines.opencode_schema import adds_schema
from agents_md.errors import AgentsMdError

CONFIG_NAMES = ("opencode.jsonc", "opencode.json")
GLOBAL_NAMES = ("config.json", "opencode.json", "opencode.jsonc")  # the global folder's, in merge order
DOT_OPENCODE = ".opencode"
CONTENT_ENV = "OPENCODE_CONFIG_CONTENT"  # a config's JSON text itself
CONFIG_DIR_ENV = "OPENCODE_CONFIG_DIR"  # one more config folder: its opencode.json and its AGENTS.md
PROJECT_OFF_ENV = "OPENCODE_DISABLE_PROJECT_CONFIG"
MANAGED_ENV = "OPENCODE_TEST_MANAGED_CONFIG_DIR"
MANAGED_DIR = "/etc/opencode"  # an administrator's config, on Linux
DISABLE_SWITCHES = ("OPENCODE_DISABLE_CLAUDE_CODE", "OPENCODE_DISABLE_CLAUDE_CODE_PROMPT")
SWITCH_ON = ("true", "yes", "on", "1", "y")
SWITCH_OFF = ("false", "no", "off", "0", "n")

_COMMENT = re.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*[\s\S]*?\*/')
_TRAILING_COMMA = re.compile(r'"(?:[^"\\]|\\.)*"|,(\s*[}\]])')
_ENV_REF = re.compile(r"\{env:([^}]+)\}")
_FILE_REF = re.compile(r"\{file:([^}]+)\}")


class OpenCodeConfigError(AgentsMdError):
    """An OpenCode config file OpenCode itself would refuse."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenCodeConfig:
    config_dir: str  # the global folder
    extra_dir: str | None = None  # $OPENCODE_CONFIG_DIR
    instructions: tuple[tuple[str, str], ...] = ()  # (entry, the config file that names it)
    claude_off: bool = False
    sources: tuple[str, ...] = ()
    schema_added: frozenset[str] = frozenset()  # files OpenCode writes a $schema into (opencode_schema)
    project_off: bool = False  # OPENCODE_DISABLE_PROJECT_CONFIG: no project file, config or relative entry


def global_dir(home: str, env: Mapping[str, str]) -> str:
    return os.path.join(env.get("XDG_CONFIG_HOME") or os.path.join(home, ".config"), "opencode")


def _parse(text: str) -> object:
    text = _COMMENT.sub(lambda m: m.group(0) if m.group(0).startswith('"') else " ", text)
    text = _TRAILING_COMMA.sub(lambda m: m.group(0) if m.group(1) is None else m.group(1), text)
    return json.loads(text)


@dataclass(frozen=True, slots=True)
class _Substitution:
    """What step 5 needs: the environment (``HOME`` and ``PWD`` in it) and the file system."""

    env: Mapping[str, str]
    home: str
    fs: FileSystem

    def __call__(self, text: str, folder: str, where: str) -> str:
        text = _ENV_REF.sub(lambda m: self.env.get(m.group(1)) or "", text)
        out: list[str] = []
        last = 0
        for match in _FILE_REF.finditer(text):
            line_start = text.rfind("\n", 0, match.start()) + 1
            if text[line_start : match.start()].lstrip().startswith("//"):
                continue  # a commented-out line: left as it is, its file never read
            name = match.group(1)
            name = os.path.join(self.home, name[2:]) if name.startswith("~/") else name
            path = os.path.normpath(os.path.join(folder, name))
            try:
                data = self.fs.read_file(path)
            except OSError as exc:
                raise OpenCodeConfigError(f"{where}: bad file reference {match.group(0)!r} ({exc.strerror})") from exc
            if data is None:
                raise OpenCodeConfigError(f"{where}: bad file reference {match.group(0)!r}: {path} does not exist")
            value = js_trim(data.decode("utf-8", "replace"))
            out += [text[last : match.start()], json.dumps(value, ensure_ascii=False)[1:-1]]
            last = match.end()
        return "".join(out) + text[last:]


def _table(path: str, fs: FileSystem, substitute: _Substitution | None = None) -> dict[str, object] | None:
    try:
        data = fs.read_file(path)
    except OSError as exc:
        raise OpenCodeConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if data is None:
        if fs.is_dir(path):  # a folder by a config file's name stops OpenCode (a dangling link does not)
            raise OpenCodeConfigError(f"{path}: a folder, not a config file")
        return None
    text = data.decode("utf-8", "replace").removeprefix("\ufeff")  # OpenCode reads past a BOM
    if not data:
        return {}  # an empty file is an empty config (one of white space only is refused)
    return _object(substitute(text, os.path.dirname(path), path) if substitute else text, path)


def _object(text: str, where: str) -> dict[str, object]:
    try:
        table = _parse(text)
    except json.JSONDecodeError as exc:
        raise OpenCodeConfigError(f"{where}:{exc.lineno}: not valid JSON ({exc.msg})") from exc
    if not isinstance(table, dict):
        raise OpenCodeConfigError(f"{where}: expected a JSON object")
    return table


def _instructions(table: dict[str, object], path: str) -> tuple[str, ...]:
    if "instructions" not in table:
        return ()
    value = table["instructions"]  # null too is refused
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise OpenCodeConfigError(f"{path}: instructions must be a list of paths or globs (found {json.dumps(value)})")
    return tuple(value)


def switched_on(env: Mapping[str, str], name: str) -> bool:
    """Step 4: a switch's value, as OpenCode reads it (exactly these spellings, lower case)."""
    value = env.get(name)
    if value is None:
        return False
    if value in SWITCH_ON:
        return True
    if value in SWITCH_OFF:
        return False
    expected = " | ".join(f'"{v}"' for v in (*SWITCH_ON, *SWITCH_OFF))
    raise OpenCodeConfigError(f"{name}={value!r}: OpenCode refuses it (expected {expected})")


def project_off(env: Mapping[str, str]) -> bool:
    """Step 6: ``OPENCODE_DISABLE_PROJECT_CONFIG`` is on for ``true`` (any case) or ``1``, off for
    anything else (``yes``, ``0``, empty)."""
    return env.get(PROJECT_OFF_ENV, "").lower() in ("true", "1")


def managed_files(env: Mapping[str, str], cwd: str = "") -> list[str]:
    """Step 2's last files: the managed folder's (``/etc/opencode``; ``OPENCODE_TEST_MANAGED_CONFIG_DIR``
    names another) ``opencode.json``, then ``opencode.jsonc``."""
    given = env.get(MANAGED_ENV)
    folder = os.path.join(cwd, given) if given else MANAGED_DIR
    return [os.path.join(folder, n) for n in CONFIG_NAMES[::-1]]


def read_config(
    home: str, env: Mapping[str, str], project_dirs: Sequence[str], fs: FileSystem = DEFAULT_FS, *, cwd: str = ""
) -> OpenCodeConfig:
    """Steps 1-6; ``project_dirs`` from the worktree root down to ``cwd``, the real working directory."""
    off = project_off(env)
    if off:
        project_dirs = []
    where = global_dir(home, env)
    global_files = [os.path.join(where, n) for n in GLOBAL_NAMES]
    files = list(global_files)
    if env.get("OPENCODE_CONFIG"):
        files.append(os.path.join(cwd, env["OPENCODE_CONFIG"]))
    files += [os.path.join(d, n) for d in project_dirs for n in CONFIG_NAMES[::-1]]
    dot_dirs = [os.path.join(d, DOT_OPENCODE) for d in reversed(project_dirs)] + [os.path.join(home, DOT_OPENCODE)]
    extra_dir = os.path.join(cwd, env[CONFIG_DIR_ENV]) if env.get(CONFIG_DIR_ENV) else None
    if extra_dir:
        dot_dirs.append(extra_dir)
    files += [os.path.join(d, n) for d in dict.fromkeys(dot_dirs) for n in CONFIG_NAMES[::-1]]
    entries: list[tuple[str, str]] = []
    sources: list[str] = []
    schema_added: list[str] = []
    substitute = _Substitution({"HOME": home, "PWD": cwd, **env}, home, fs)
    for path in files:
        table = _table(path, fs, substitute)
        if table is None:
            continue
        found = _instructions(table, path)
        sources.append(path)
        if adds_schema(path, table):
            schema_added.append(path)
        if path in global_files and "instructions" in table:
            # The global folder's files merge into one config first: a later list replaces an earlier one.
            entries = []
        entries += [(e, path) for e in found if e not in {x for x, _ in entries}]
    if env.get(CONTENT_ENV):
        # A config given inline: merged after every config file.
        text = substitute(env[CONTENT_ENV], cwd, "$" + CONTENT_ENV)  # its {file:} from the working directory
        found = _instructions(_object(text, "$" + CONTENT_ENV), "$" + CONTENT_ENV)
        entries += [(e, "$" + CONTENT_ENV) for e in found if e not in {x for x, _ in entries}]
    for path in managed_files(env, cwd):
        # The managed config (an administrator's): merged last of all, the project left out or not.
        table = _table(path, fs, substitute)
        if table is None:
            continue
        sources.append(path)
        entries += [(e, path) for e in _instructions(table, path) if e not in {x for x, _ in entries}]
    return OpenCodeConfig(
        config_dir=where,
        extra_dir=extra_dir,
        project_off=off,
        instructions=tuple(entries),
        claude_off=any([switched_on(env, s) for s in DISABLE_SWITCHES]),  # each read: a bad one refuses
        sources=tuple(sources),
        schema_added=frozenset(schema_added),
    )
