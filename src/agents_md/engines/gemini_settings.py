"""Gemini CLI's settings, read the way Gemini CLI reads them for its context files.

1. ``~/.gemini/settings.json`` (JSON; ``//`` and ``/* */`` comments allowed): ``context.fileName``
   (a name or a list of names, in that order; ``GEMINI.md`` is always read too, last),
   ``context.memoryBoundaryMarkers`` (default ``[".git"]``), ``context.importFormat``
   (``tree``, the default, or ``flat``), ``context.includeDirectories`` (more folders whose
   context files load at start; ``~/`` is the home), ``context.fileFiltering.respectGitIgnore`` and
   ``respectGeminiIgnore`` (default on), ``customIgnoreFilePaths`` (``gemini_ignore``) and
   ``security.folderTrust.enabled`` (default on). The working directory's own
   ``.gemini/settings.json`` (only there: not a parent's) applies over them when the folder
   is trusted; its ``includeDirectories`` and ``customIgnoreFilePaths`` are added to the user's.
2. A file that is not JSON (or a folder by its name), or a list of names holding something
   else, is an error naming the file and key: Gemini CLI refuses to start; so does an included
   folder that is missing (a dangling link too) or not a folder. Other values of the wrong type are taken as Gemini CLI
   takes them (it only warns): ``context.includeDirectories`` as a string is one folder,
   ``context.memoryBoundaryMarkers`` as a string is each of its characters (``"package.json"``
   holds ``.``: every folder is a root), and a switch (``security.folderTrust.enabled``,
   ``respectGitIgnore``, ``respectGeminiIgnore``) is off for ``false``, a string ``false`` in any
   case, ``""`` or ``0``, its default when ``null``, else on.
3. Trust: ``~/.gemini/trustedFolders.json`` (or the file ``GEMINI_CLI_TRUSTED_FOLDERS_PATH``
   names) maps folders to ``TRUST_FOLDER`` (that folder and
   below), ``TRUST_PARENT`` (the folder above it and below) or ``DO_NOT_TRUST`` (any other
   value, ``trust_folder`` too, stops Gemini CLI: exit 52, unless trust is off); the most
   specific rule that covers the working directory wins; a rule's folder is taken by its real
   path (a rule on a link covers where the link leads). With trust on and no rule trusting
   the working directory, a headless run exits 55 and sends nothing.
   ``GEMINI_CLI_TRUST_WORKSPACE=true`` (spelled so: not ``TRUE`` nor ``1``) trusts it whatever
   the rules say; ``GEMINI_RESTRICTED_MODE=true`` or ``GEMINI_CLI_TRUST_WORKSPACE=false`` (so
   spelled) distrusts it whatever the rules and the setting say. With trust off in the settings
   an untrusted folder does not stop the run: the global files, the extensions' and the
   private memory are sent, no project file, and a read attaches nothing.
4. ``GEMINI_CLI_HOME`` (when set and not empty; a relative one from the working directory)
   stands for the home everywhere: its ``.gemini`` holds the settings, the trust rules and the
   global files, and ``~`` names it.
5. In the settings' string values (not the trust rules), ``$NAME`` (``NAME`` letters, digits and
   ``_``) and ``${NAME}`` are replaced by that variable of the environment (``HOME``, ``PWD``
   and the run's own), an empty one too; a variable not set stays as written.
6. System files, taken only when ``secure`` (owned by root, with every folder above them, and
   writable by no group nor other; a run under ``/tmp`` never is): the system defaults
   (``$GEMINI_CLI_SYSTEM_DEFAULTS_PATH``, else ``system-defaults.json`` beside the system
   settings) under the user's settings, the system settings
   (``$GEMINI_CLI_SYSTEM_SETTINGS_PATH``, else ``/etc/gemini-cli/settings.json``) over the
   workspace's.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, replace

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import is_inside
from agents_md.errors import AgentsMdError

DEFAULT_NAMES = ("GEMINI.md",)
DEFAULT_MARKERS = (".git",)
SETTINGS = os.path.join(".gemini", "settings.json")
TRUSTED_FOLDERS = os.path.join(".gemini", "trustedFolders.json")
UNTRUSTED_EXIT = 55
TRUST_ENV = "GEMINI_CLI_TRUST_WORKSPACE"
RESTRICTED_ENV = "GEMINI_RESTRICTED_MODE"
TRUST_LEVELS = ("TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST")

_COMMENT = re.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*[\s\S]*?\*/')
_VARIABLE = re.compile(r"\$(?:(\w+)|\{([^}]+)\})")
HOME_ENV = "GEMINI_CLI_HOME"
SYSTEM_ENV = "GEMINI_CLI_SYSTEM_SETTINGS_PATH"
SYSTEM_DEFAULTS_ENV = "GEMINI_CLI_SYSTEM_DEFAULTS_PATH"
SYSTEM_SETTINGS = "/etc/gemini-cli/settings.json"
TRUST_FILE_ENV = "GEMINI_CLI_TRUSTED_FOLDERS_PATH"


@dataclass(frozen=True, slots=True, kw_only=True)
class GeminiSettings:
    names: tuple[str, ...] = DEFAULT_NAMES
    markers: tuple[str, ...] = DEFAULT_MARKERS
    import_format: str = "tree"
    include_dirs: tuple[str, ...] = ()  # context.includeDirectories, absolute
    respect_git_ignore: bool = True  # context.fileFiltering.respectGitIgnore
    respect_gemini_ignore: bool = True  # context.fileFiltering.respectGeminiIgnore
    custom_ignore_files: tuple[str, ...] = ()  # context.fileFiltering.customIgnoreFilePaths, as written
    allowed_extensions: tuple[str, ...] = ()  # security.allowedExtensions: patterns an extension's source must match
    block_git_extensions: bool = False  # security.blockGitExtensions
    folder_trust: bool = True  # the trust rules decide (trust on, and no variable decides instead)
    trust_setting: bool = True  # security.folderTrust.enabled: an untrusted folder stops a run (exit 55)
    restricted: bool = False  # GEMINI_RESTRICTED_MODE=true or GEMINI_CLI_TRUST_WORKSPACE=false
    trust_rules: tuple[tuple[str, str], ...] = ()  # (folder, rule)
    sources: tuple[str, ...] = ()


def _strip_comments(text: str) -> str:
    return _COMMENT.sub(lambda m: m.group(0) if m.group(0).startswith('"') else " ", text)


class GeminiSettingsError(AgentsMdError):
    """A settings file Gemini CLI itself refuses ("Invalid configuration in ...", exit 1)."""


def _load(path: str, fs: FileSystem, variables: Mapping[str, str] | None = None) -> dict[str, object] | None:
    try:
        data = fs.read_file(path)
    except OSError as exc:
        raise GeminiSettingsError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if data is None:
        if fs.is_dir(path):  # Gemini CLI refuses a folder by the file's name (EISDIR; exit 52)
            raise GeminiSettingsError(f"Error in {path}: EISDIR: illegal operation on a directory, read")
        return None
    try:
        table = json.loads(_strip_comments(data.decode("utf-8", "replace")))
    except json.JSONDecodeError as exc:
        raise GeminiSettingsError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg})") from exc
    if not isinstance(table, dict):
        raise GeminiSettingsError(f"{path}: expected a JSON object")
    if variables is not None:
        table = {k: _with_variables(v, variables) for k, v in table.items()}
    return table


def _get(table: Mapping[str, object], *keys: str) -> object:
    value: object = table
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _names(
    table: Mapping[str, object], path: str, key: str, *, one: bool, chars: bool = False
) -> tuple[str, ...] | None:
    """A list of names; a string is one name (``one``), or each of its characters (``chars``)."""
    value = _get(table, "context", key)
    if value is None:
        return None
    if isinstance(value, str) and (one or chars):
        return tuple(value) if chars else (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    expected = "a name or a list of names" if one else "a list of names"
    raise GeminiSettingsError(
        f"Invalid configuration in {path}: context.{key} must be {expected} (found {json.dumps(value)})"
    )


def gemini_home(home: str, env: Mapping[str, str], cwd: str) -> str:
    """Step 4: the home Gemini CLI reads (``GEMINI_CLI_HOME``, else ``home``)."""
    given = env.get(HOME_ENV)
    return os.path.normpath(os.path.join(cwd, given)) if given else home


def _with_variables(value: object, variables: Mapping[str, str]) -> object:
    """Step 5, through every string value of a settings table."""
    if isinstance(value, str):
        return _VARIABLE.sub(lambda m: variables.get(m.group(1) or m.group(2), m.group(0)), value)
    if isinstance(value, list):
        return [_with_variables(v, variables) for v in value]
    if isinstance(value, dict):
        return {k: _with_variables(v, variables) for k, v in value.items()}
    return value


def _flag(value: object, default: bool) -> bool:
    """A switch as Gemini CLI takes it: unset (or ``null``) is ``default``; a string ``false`` in
    any case is off; anything else by JavaScript's truth (``""`` and ``0`` off, ``[]`` on)."""
    if value is None:
        return default
    if isinstance(value, str):
        return value != "" and value.lower() != "false"
    if isinstance(value, bool | int | float):
        return bool(value)
    return True


def _home_path(folder: str, home: str) -> str:
    """``~`` and ``~/…`` name the engine's home (its ``HOME``, not this process's)."""
    if folder == "~" or folder.startswith("~/"):
        return os.path.join(home, folder[2:])
    return folder


def read_settings(
    home: str, cwd: str, env: Mapping[str, str] | None = None, fs: FileSystem = DEFAULT_FS, *, pwd: str | None = None
) -> GeminiSettings:
    """Steps 1-5: the user's settings, and the working directory's own when it is trusted;
    ``home`` is ``HOME``, ``cwd`` the real working directory, ``pwd`` its name as given (``PWD``)."""
    env = env or {}
    variables = {"HOME": home, "PWD": pwd or cwd, **env}
    home = gemini_home(home, env, cwd)
    user_path = os.path.join(home, SETTINGS)
    user = _load(user_path, fs, variables) or {}
    system_path, defaults_path = system_files(env, cwd)
    system = (_load(system_path, fs, variables) or {}) if secure(system_path) else {}
    defaults = (_load(defaults_path, fs, variables) or {}) if secure(defaults_path) else {}
    enabled = next(
        (v for t in (system, user, defaults) if (v := _get(t, "security", "folderTrust", "enabled")) is not None), None
    )
    restricted = env.get(RESTRICTED_ENV) == "true" or env.get(TRUST_ENV) == "false"
    folder_trust = _flag(enabled, True) and env.get(TRUST_ENV) != "true" and not restricted
    # The rules are read (and a bad one refused) only when they decide.
    rules = _trust_rules(trust_file(home, env, cwd), fs) if folder_trust else ()
    settings = GeminiSettings(
        folder_trust=folder_trust, trust_setting=_flag(enabled, True), restricted=restricted, trust_rules=rules
    )
    layers = [(defaults_path, defaults), (user_path, user)]
    workspace = os.path.join(cwd, SETTINGS)
    if os.path.normpath(workspace) != os.path.normpath(user_path) and is_trusted(settings, cwd):
        layers.append((workspace, _load(workspace, fs, variables) or {}))
    layers.append((system_path, system))
    names: tuple[str, ...] = DEFAULT_NAMES
    markers: tuple[str, ...] = DEFAULT_MARKERS
    fmt: object = "tree"
    include: tuple[str, ...] = ()
    custom: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()
    block_git = False
    respect = {"respectGitIgnore": True, "respectGeminiIgnore": True}
    for path, table in layers:
        names = _names(table, path, "fileName", one=True) or names
        found = _names(table, path, "memoryBoundaryMarkers", one=False, chars=True)
        markers = markers if found is None else found
        value = _get(table, "context", "importFormat")
        fmt = value if value in ("tree", "flat") else fmt
        found = _names(table, path, "includeDirectories", one=True)
        # The workspace's folders are added to the user's (Gemini CLI concatenates the lists).
        include += () if found is None else tuple(os.path.join(cwd, _home_path(d, home)) for d in found)
        for key in respect:
            respect[key] = _flag(_get(table, "context", "fileFiltering", key), respect[key])
        value = _get(table, "context", "fileFiltering", "customIgnoreFilePaths")
        if isinstance(value, list):  # the workspace's join the user's (a union)
            custom = tuple(dict.fromkeys((*custom, *(v for v in value if isinstance(v, str)))))
        value = _get(table, "security", "allowedExtensions")
        allowed = tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else allowed
        value = _get(table, "security", "blockGitExtensions")
        block_git = block_git if value is None else _flag(value, False)
    return replace(
        settings,
        allowed_extensions=allowed,
        block_git_extensions=block_git,
        names=tuple(dict.fromkeys((*names, *DEFAULT_NAMES))),
        markers=markers,
        import_format=str(fmt),
        include_dirs=tuple(os.path.normpath(d) for d in include),
        respect_git_ignore=respect["respectGitIgnore"],
        respect_gemini_ignore=respect["respectGeminiIgnore"],
        custom_ignore_files=custom,
        sources=tuple(p for p, t in layers if t),
    )


def system_files(env: Mapping[str, str], cwd: str) -> tuple[str, str]:
    """Step 6's two files: the system settings and the system defaults."""
    given = env.get(SYSTEM_ENV)
    system = os.path.join(cwd, given) if given else SYSTEM_SETTINGS
    given = env.get(SYSTEM_DEFAULTS_ENV)
    defaults = os.path.join(cwd, given) if given else os.path.join(os.path.dirname(system), "system-defaults.json")
    return os.path.normpath(system), os.path.normpath(defaults)


def _secure_one(path: str, directory: bool) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    kind = stat.S_ISDIR(st.st_mode) if directory else stat.S_ISREG(st.st_mode)
    return kind and st.st_uid == 0 and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _ancestors(path: str) -> list[str]:
    out = [os.path.dirname(path)]
    while out[-1] != os.path.dirname(out[-1]):
        out.append(os.path.dirname(out[-1]))
    return out


def secure(path: str) -> bool:
    """Step 6: whether Gemini CLI takes a system file: it is there, and it and every folder above
    it (as named and once links are followed) are owned by root and writable by no group nor
    other; a link on the way must be root's too. Asked of the disk itself."""
    if not os.path.exists(path):
        return False
    real = os.path.realpath(path)
    named = _ancestors(path)
    for folder in named:
        try:
            if stat.S_ISLNK(os.lstat(folder).st_mode) and os.lstat(folder).st_uid != 0:
                return False
        except OSError:
            continue
    checks = [(f, True) for f in named] + [(path, False)]
    if real != path:
        checks += [(real, False)] + [(f, True) for f in _ancestors(real)]
    return all(_secure_one(p, d) for p, d in checks)


def included_folders(settings: GeminiSettings, fs: FileSystem = DEFAULT_FS) -> tuple[str, ...]:
    """``context.includeDirectories`` by their real paths; step 2's error for one that is no folder."""
    for folder in settings.include_dirs:
        if not fs.exists(folder):
            raise GeminiSettingsError(f"Directory does not exist: {folder}")
        if not fs.is_dir(folder):
            raise GeminiSettingsError(f"Path is not a directory: {folder}")
    return tuple(fs.realpath(folder) for folder in settings.include_dirs)


def trust_file(home: str, env: Mapping[str, str], cwd: str) -> str:
    """Step 3's rules: ``$GEMINI_CLI_TRUSTED_FOLDERS_PATH`` (a relative one from the working
    directory), else the home's ``.gemini/trustedFolders.json``."""
    given = env.get(TRUST_FILE_ENV)
    return os.path.normpath(os.path.join(cwd, given)) if given else os.path.join(home, TRUSTED_FOLDERS)


def _trust_rules(path: str, fs: FileSystem) -> tuple[tuple[str, str], ...]:
    table = _load(path, fs) or {}
    for key, value in table.items():
        if value not in TRUST_LEVELS:
            raise GeminiSettingsError(
                f"Error in {path}: Invalid trust level {json.dumps(value)} for path {json.dumps(key)}."
                f" Possible values are: {', '.join(TRUST_LEVELS)}."
            )
    # A rule's folder is taken by its real path: a rule on a link trusts the folder it leads to.
    return tuple((_folder(k, fs), str(v)) for k, v in table.items())


def _folder(key: str, fs: FileSystem) -> str:
    return fs.realpath(os.path.normpath(key)) if os.path.isabs(key) else os.path.normpath(key)


def is_trusted(settings: GeminiSettings, cwd: str) -> bool:
    """Step 3."""
    if settings.restricted:
        return False
    if not settings.folder_trust:
        return True
    best: tuple[int, bool] | None = None
    for folder, rule in settings.trust_rules:
        covered = os.path.dirname(folder) if rule == "TRUST_PARENT" else folder
        if not is_inside(cwd, covered):
            continue
        specific = (len(covered), rule != "DO_NOT_TRUST")
        if best is None or specific[0] >= best[0]:
            best = (specific[0], rule != "DO_NOT_TRUST")
    return bool(best and best[1])
