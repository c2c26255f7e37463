"""Settings layers, as the engine reads them, and where the managed policy folder is.

Layers, lowest precedence first:

1. ``user``: ~/.claude/settings.json (``$CLAUDE_CONFIG_DIR/settings.json``: ``_util.env``).
2. ``project``: <cwd>/.claude/settings.json (never the repository root's).
3. ``local``: <cwd>/.claude/settings.local.json, then the repository's own: the same file at
   the root of the checkout the cwd is in (of its main checkout, for a linked worktree), when
   that is another folder. The repository's file is the later of the two, so it wins.
4. ``flag``: ``--settings FILE|JSON``.
5. ``policy``: managed-settings.json, then its managed-settings.d/*.json drop-ins in name order.

``--setting-sources`` picks among user, project and local (both local files); flag and policy
settings are always read. A file the engine's schema check refuses (``claudeMdExcludes`` not a
list of strings, ``"model": null``: ``engine.settings_schema``) is ignored whole, ``--settings``
too; of a managed file only the refused keys are. Lists such as
``claudeMdExcludes`` are merged across layers; for
single values the highest layer wins. The layers' ``env`` is laid over the process's
environment for everything after the settings (``Settings.env``, ``SessionInputs.with_env``).
"""

from __future__ import annotations

import os

from agents_md._util import json_codec
from agents_md._util.std import Mapping, Sequence
from agents_md._value import Value, field
from agents_md.engine.checkout import checkout_root, main_checkout
from agents_md.engine.fs import FileSystem
from agents_md.errors import SettingsError

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any


USER, PROJECT, LOCAL, FLAG, POLICY = "user", "project", "local", "flag", "policy"
LAYER_ORDER = (USER, PROJECT, LOCAL, FLAG, POLICY)
# Switches the engine reads before the project's and local settings' env applies
# (``g_settings_env_*``): those layers cannot set them.
EARLY_ENV = frozenset({"CLAUDE_CODE_SIMPLE", "CLAUDE_CODE_DISABLE_ATTACHMENTS"})
# The names --setting-sources takes, and the layer each selects.
SOURCE_NAMES = {"user": USER, "project": PROJECT, "local": LOCAL}


class SettingsLayer(Value):
    """One settings file (or ``--settings`` JSON), its values read-only all the way down
    (objects as mappings, arrays as tuples: ``json_codec.freeze``)."""

    name: str
    path: str | None  # None for --settings JSON given inline
    values: Mapping[str, Any]

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", json_codec.freeze(self.values))


class Settings(Value):
    layers: tuple[SettingsLayer, ...]
    enabled_sources: frozenset[str]
    problems: tuple[str, ...] = field(default=())

    def layer(self, name: str) -> tuple[SettingsLayer, ...]:
        return tuple(layer for layer in self.layers if layer.name == name)

    def merged_list(self, key: str) -> tuple[Any, ...]:
        """The layers' lists joined, each value once (first place kept), in time linear in them."""
        out: list[Any] = []
        seen: set[Any] = set()
        for layer in self.layers:
            value = layer.values.get(key)
            if not isinstance(value, tuple):
                continue
            for v in value:
                try:
                    if v in seen:
                        continue
                    seen.add(v)
                except TypeError:  # an unhashable value (an object in a list): compared one by one
                    if v in out:
                        continue
                out.append(v)
        return tuple(out)

    def last(self, key: str) -> Any:
        """The value of ``key`` in the highest layer that sets it, or ``None``."""
        value: Any = None
        for layer in self.layers:
            if key in layer.values:
                value = layer.values[key]
        return value

    def env(self) -> dict[str, str]:
        """The ``env`` the layers set, a later layer's value winning, each value as the engine
        puts it in its own environment (``String(value)``; objects and lists are left out). The
        switches it reads before a repository's settings apply (``EARLY_ENV``) are taken from
        the user's, ``--settings`` and the managed layers alone."""
        out: dict[str, str] = {}
        for layer in self.layers:
            values = layer.values.get("env")
            if not isinstance(values, Mapping):
                continue
            for key, value in values.items():
                if key in EARLY_ENV and layer.name in (PROJECT, LOCAL):
                    continue
                if isinstance(value, str):
                    out[str(key)] = value
                elif not isinstance(value, (Mapping, tuple)):
                    from agents_md._util.js import js_string  # a number or a boolean: rare

                    out[str(key)] = js_string(value)
        return out

    def source_enabled(self, name: str) -> bool:
        return name in self.enabled_sources


_BOM = b"\xef\xbb\xbf"


def _utf8_text(data: bytes) -> str:
    # What ``data.decode("utf-8-sig")`` gives, errors and their positions included, without
    # loading that codec's module on every start: a leading byte-order mark dropped, the rest UTF-8.
    return (data[len(_BOM) :] if data.startswith(_BOM) else data).decode("utf-8")


def _read_json(fs: FileSystem, path: str, problems: list[str], *, policy: bool = False) -> Mapping[str, Any] | None:
    try:
        data = fs.read_file(path)
    except OSError as exc:
        problems.append(f"{path}: cannot be read ({exc.strerror or exc}); the file is ignored")
        return None
    if data is None:
        return None
    try:
        value = json_codec.loads(_utf8_text(data))
    except RecursionError:
        problems.append(f"{path}: nested too deep to read; the file is ignored")
        return None
    except (UnicodeDecodeError, ValueError) as exc:  # ValueError: a number past Python's digit limit too
        line = getattr(exc, "lineno", None)
        where = f"{path}:{line}" if line else path
        problems.append(f"{where}: not valid JSON ({exc}); the file is ignored")
        return None
    if not isinstance(value, dict):
        problems.append(f"{path}: expected a JSON object; the file is ignored")
        return None
    return _checked(value, path, problems, policy=policy)


def _checked(value: dict[str, Any], where: str, problems: list[str], *, policy: bool = False) -> dict[str, Any] | None:
    """``value`` as the engine's schema check leaves it: a managed file without the keys it
    refuses, any other file not at all when it refuses one (``engine.settings_schema``)."""
    from agents_md.engine import settings_schema  # only a session with a settings file checks one

    refused = settings_schema.refused_keys(value)
    if not refused:
        return value
    if policy:
        problems.append(f"{where}: {', '.join(refused)}: a value the engine refuses; ignored")
        return {k: v for k, v in value.items() if k not in refused}
    problems.append(f"{where}: {refused[0]} has a value the engine refuses; the file is ignored")
    return None


def _flag_layer(fs: FileSystem, value: str, cwd: str, home: str, problems: list[str]) -> SettingsLayer:
    """``--settings``; values the engine's schema check refuses leave the layer empty."""
    path, parsed = _flag_values(fs, value, cwd, home)
    checked = _checked(parsed, path or "--settings", problems)
    return SettingsLayer(name=FLAG, path=path, values=checked if checked is not None else {})


def _flag_values(fs: FileSystem, value: str, cwd: str, home: str) -> tuple[str | None, dict[str, Any]]:
    """Where ``--settings`` came from (``None``: given inline) and what it holds."""
    text = value.strip()
    if text.startswith("{"):
        try:
            parsed = json_codec.loads(text)
        except (ValueError, RecursionError) as exc:
            where: Any = exc  # json's JSONDecodeError says where; a number too long does not
            if hasattr(where, "lineno"):
                raise SettingsError(
                    f"--settings: not valid JSON at line {where.lineno}, column {where.colno}: {where.msg}"
                ) from exc
            raise SettingsError(f"--settings: cannot be read ({_why(exc)})") from exc
        if not isinstance(parsed, dict):
            raise SettingsError("--settings: expected a JSON object")
        return None, parsed
    if value == "~" or value.startswith("~/"):
        value = os.path.join(home, value[2:])  # the session's home, never the process's
    path = value if os.path.isabs(value) else os.path.join(cwd, value)
    try:
        data = fs.read_file(path)
    except OSError as exc:
        raise SettingsError(f"--settings: {path}: cannot be read ({exc.strerror or exc})") from exc
    if data is None:
        raise SettingsError(f"--settings: {path}: no such file")
    try:
        parsed = json_codec.loads(_utf8_text(data))
    except RecursionError as exc:
        raise SettingsError(f"--settings: {path}: {_why(exc)}") from exc
    except (UnicodeDecodeError, ValueError) as exc:
        line = getattr(exc, "lineno", "?")
        raise SettingsError(f"--settings: {path}:{line}: not valid JSON ({exc})") from exc
    if not isinstance(parsed, dict):
        raise SettingsError(f"--settings: {path}: expected a JSON object")
    return path, parsed


def _why(exc: BaseException) -> str:
    return "nested too deep to read" if isinstance(exc, RecursionError) else str(exc).split(";")[0]


def load_settings(
    *,
    fs: FileSystem,
    cwd: str,
    home: str,
    managed_dir: str,
    flag_settings: str | None,
    setting_sources: Sequence[str] | None,
    config: str | None = None,
) -> Settings:
    """The layers; ``config``: the folder of the user's settings (default ``home/.claude``)."""
    problems: list[str] = []
    if setting_sources is None:
        enabled = frozenset((USER, PROJECT, LOCAL))
    else:
        unknown = [s for s in setting_sources if s not in SOURCE_NAMES]
        if unknown:
            # the engine's words (g7_setting_sources_unknown)
            raise SettingsError(
                f"Error processing --setting-sources: Invalid setting source: {unknown[0]}. "
                "Valid options are: user, project, local"
            )
        enabled = frozenset(SOURCE_NAMES[s] for s in setting_sources)
    layers: list[SettingsLayer] = []
    files = [
        (USER, os.path.join(config or os.path.join(home, ".claude"), "settings.json")),
        (PROJECT, os.path.join(cwd, ".claude", "settings.json")),
        (LOCAL, os.path.join(cwd, ".claude", "settings.local.json")),
    ]
    if LOCAL in enabled:
        repo = _repository_root(fs, cwd, problems)
        if repo is not None and repo != cwd:  # step 3: the repository's own local file
            files.append((LOCAL, os.path.join(repo, ".claude", "settings.local.json")))
    for name, path in files:
        if name not in enabled:
            continue
        values = _read_json(fs, path, problems)
        if values is not None:
            layers.append(SettingsLayer(name=name, path=path, values=values))
    if flag_settings is not None:
        layers.append(_flag_layer(fs, flag_settings, cwd, home, problems))
    layers.extend(_policy_layers(fs, managed_dir, problems))
    return Settings(layers=tuple(layers), enabled_sources=enabled, problems=tuple(problems))


def _repository_root(fs: FileSystem, cwd: str, problems: list[str]) -> str | None:
    """Step 3: the root of the checkout the cwd is in, or of its main checkout when that
    checkout is a linked worktree (a worktree shares its main repository's local file). A disk
    that fails the lookup leaves that file out, as a file that cannot be read is."""
    try:
        root = checkout_root(fs, cwd)
        if root is None:
            return None
        return main_checkout(fs, root) or root
    except OSError as exc:
        where = exc.filename if isinstance(exc.filename, str) and exc.filename else cwd
        problems.append(
            f"{where}: cannot be examined ({exc.strerror or exc}); the repository's settings.local.json is ignored"
        )
        return None


def _policy_layers(fs: FileSystem, managed_dir: str, problems: list[str]) -> list[SettingsLayer]:
    out: list[SettingsLayer] = []
    main = os.path.join(managed_dir, "managed-settings.json")
    values = _read_json(fs, main, problems, policy=True)
    if values is not None:
        out.append(SettingsLayer(name=POLICY, path=main, values=values))
    drop_in_dir = os.path.join(managed_dir, "managed-settings.d")
    try:
        names = fs.list_dir(drop_in_dir) or ()
    except OSError as exc:
        problems.append(f"{drop_in_dir}: cannot be listed ({exc.strerror or exc}); its files are ignored")
        names = ()
    for name in sorted(names):
        if not name.endswith(".json") or name.startswith("."):
            continue
        path = os.path.join(drop_in_dir, name)
        values = _read_json(fs, path, problems, policy=True)
        if values is not None:
            out.append(SettingsLayer(name=POLICY, path=path, values=values))
    return out
