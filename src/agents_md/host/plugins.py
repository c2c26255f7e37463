"""Finding and seating plugins: the ``agents_md.plugins`` entry-point group, and plugin folders.

1. The plugins: those given, else every entry point of the group not turned off (by
   ``disabled``, its name or key, or by ``enabledPlugins: {KEY: false}`` in any settings layer,
   a later layer winning), the built-in first. A settings key is the plugin's name, the
   built-in's ``NAME@builtin`` alone: ``{"agents-md": false}`` names a ``--plugin-dir`` plugin
   and leaves the built-in on, as the engine does. A plugin the managed settings configure (``pluginConfigs``)
   is not turned off by a project's or a local settings file: a repository cannot undo the
   organisation's mode (the reference engine lets it; ``held_on`` says so as notices).
2. A ``--plugin-dir`` folder holding a built-in plugin seats it under its bare name, in place
   of the built-in.
3. The extra plugins last; each seated on the bus, prepended when it asks to be.

An entry point names a factory returning a plugin object (or a plugin object itself). A
factory may set ``prepend = True`` on what it returns to sit above the others, as an
organization's plugin does. The built-in ``agents-md`` is found here like any other.
"""

from __future__ import annotations

import os
import time

from agents_md._model import Notice
from agents_md._util import json_codec
from agents_md._util.std import Iterable, Mapping, Sequence, import_module, lru_cache
from agents_md._value import Value
from agents_md.engine.bus import HookBus
from agents_md.engine.events import ENTRY_POINT_GROUP
from agents_md.engine.settings import LOCAL, POLICY, PROJECT, Settings
from agents_md.errors import PluginError

BUILTIN_DISTRIBUTION = "agents-md"


class PluginSpec(Value):
    """A plugin ready to seat: its name on the bus, the object, and whether it is prepended."""

    name: str
    plugin: object
    prepend: bool = False
    builtin: bool = False


class _EntryPoint(Value):
    name: str
    value: str  # "module:attribute"
    distribution: str


def scan_entry_points(group: str, path: tuple[str, ...]) -> tuple[_EntryPoint, ...]:
    """The group's entry points of every installed distribution, first on ``sys.path`` first.

    Read again only when a folder of ``path`` has changed since: installing or removing a
    distribution adds or removes its ``*.dist-info`` folder, which changes the modification
    time of the folder holding it (one ``stat`` per folder, as ``importlib``'s own path cache
    checks), so a process that builds a session per turn sees a plugin installed meanwhile.
    """
    return _scan(group, path, _changes(path))


# sys.path's folders, when they were last stat'ed and what that said: a process that starts
# many sessions a second stats them once a second (a plugin installed meanwhile is seen then).
_LOOKED: list[tuple[tuple[str, ...], float, tuple[int | None, ...]]] = []
LOOK_AGAIN_AFTER = 1.0  # seconds


def _changes(path: tuple[str, ...]) -> tuple[int | None, ...]:
    now = time.monotonic()
    if _LOOKED:
        looked_path, at, changes = _LOOKED[0]
        if looked_path == path and now - at < LOOK_AGAIN_AFTER:
            return changes
    changes = tuple(_changed_at(entry) for entry in path)
    _LOOKED[:] = [(path, now, changes)]
    return changes


def _changed_at(folder: str) -> int | None:
    try:
        return os.stat(folder or ".").st_mtime_ns
    except OSError:
        return None


@lru_cache(maxsize=8)
def _scan(group: str, path: tuple[str, ...], changed_at: tuple[int | None, ...]) -> tuple[_EntryPoint, ...]:
    # A direct read of ``*.dist-info/entry_points.txt``: ``importlib.metadata`` does the same at
    # several times the start-up cost, and the command line pays that on every hook call.
    found: list[_EntryPoint] = []
    seen: set[str] = set()
    for entry in path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            dist = name.rsplit(".", 1)[0].split("-")[0].replace("_", "-").lower()
            if dist in seen:
                continue
            try:
                # Bytes, decoded at once: a text file object costs more than the read, once per distribution.
                with open(os.path.join(entry or ".", name, "entry_points.txt"), "rb") as handle:
                    data = handle.read()
            except OSError:
                continue
            text = data.decode("utf-8")
            seen.add(dist)
            found.extend(_EntryPoint(name=k, value=v, distribution=dist) for k, v in _section(text, group))
    return tuple(found)


def _section(text: str, group: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if f"[{group}]" not in text:
        return out  # most distributions' entry points are other groups' (console scripts)
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            inside = line == f"[{group}]"
        elif inside and "=" in line and not line.startswith(("#", ";")):
            key, value = line.split("=", 1)
            out.append((key.strip(), value.strip()))
    return out


def _load(value: str) -> object:
    module_name, _, attribute = value.partition(":")
    target: object = import_module(module_name.strip())
    for part in attribute.strip().split(".") if attribute.strip() else ():
        target = getattr(target, part)
    return target


CWD_PLUGINS_ENV = "AGENTS_MD_PLUGINS_FROM_CWD"  # set to 1 to seat plugins the current folder holds


def installed_path(path: Sequence[str]) -> tuple[str, ...]:
    """``sys.path`` without the current folder (``python -m`` puts it first): a checked-out repository
    may hold a ``*.dist-info`` whose entry point would import its own code. Kept when asked."""
    if os.environ.get(CWD_PLUGINS_ENV) == "1":
        return tuple(path)
    try:
        here = os.getcwd()  # already the resolved path
    except OSError:
        here = None
    return _without(tuple(path), here)


@lru_cache(maxsize=8)
def _without(path: tuple[str, ...], here: str | None) -> tuple[str, ...]:
    # Once per sys.path and folder: a process building a session per turn resolves them once.
    if here is None:
        return tuple(p for p in path if p not in ("", "."))
    try:
        cwd = os.stat(here)
    except OSError:
        cwd = None
    return tuple(p for p in path if p not in ("", ".") and not _is_folder(p, here, cwd))


def _is_folder(entry: str, here: str, cwd: os.stat_result | None) -> bool:
    """Whether ``entry`` resolves to the folder ``here``: only a folder that is the same file can, so
    one ``stat`` rules out most (``realpath`` takes an ``lstat`` for each part of the path)."""
    try:
        if cwd is not None and not os.path.samestat(os.stat(entry), cwd):
            return False
    except OSError:
        pass  # not there, or not to be looked at: its resolved path says
    return os.path.realpath(entry) == here


def entry_point_plugins(disabled: Iterable[str] = (), settings_off: Iterable[str] = ()) -> list[PluginSpec]:
    """Step 1: ``disabled`` by name or key; ``settings_off``, what ``enabledPlugins`` turns off, by key."""
    off, keys_off = set(disabled), set(settings_off)
    specs: list[PluginSpec] = []
    import sys

    for ep in scan_entry_points(ENTRY_POINT_GROUP, installed_path(sys.path)):
        builtin = ep.distribution == BUILTIN_DISTRIBUTION and ep.name == "agents-md"
        key = f"{ep.name}@builtin" if builtin else ep.name
        if ep.name in off or key in off or key in keys_off:
            continue
        try:
            target = _load(ep.value)
            plugin = target() if callable(target) else target
        except Exception as exc:
            raise PluginError(f"plugin {ep.name!r} (entry point {ep.value}): failed to load: {exc}") from exc
        specs.append(
            PluginSpec(name=ep.name, plugin=plugin, prepend=bool(getattr(plugin, "prepend", False)), builtin=builtin)
        )
    specs.sort(key=lambda s: (not s.builtin, s.name))
    return specs


# The layers a checked-out repository writes: they cannot turn off what the managed settings configure.
_REPOSITORY_LAYERS = (PROJECT, LOCAL)


def managed_configured(settings: Settings) -> dict[str, str]:
    """Each plugin key the managed settings configure (``pluginConfigs``), and the file that does."""
    out: dict[str, str] = {}
    for layer in settings.layer(POLICY):
        configs = layer.values.get("pluginConfigs")
        if isinstance(configs, Mapping):
            for key in configs:
                out.setdefault(str(key), layer.path or POLICY)
    return out


def _imposed_key(key: object, imposed: Mapping[str, str]) -> str | None:
    """``key`` when the managed settings configure the plugin it turns off (``pluginConfigs``)."""
    return str(key) if str(key) in imposed else None


def disabled_in(settings: Settings, *, hold_managed: bool = True) -> set[str]:
    """The plugins ``enabledPlugins`` turns off, across the layers (a later layer wins), except
    where a repository's layer would turn off a plugin the managed settings configure
    (``hold_managed=False``: as the engine itself reads them, which lets it)."""
    off: set[str] = set()
    imposed = managed_configured(settings) if hold_managed else {}
    for layer in settings.layers:
        enabled = layer.values.get("enabledPlugins")
        if isinstance(enabled, Mapping):
            for key, value in enabled.items():
                if value is False and not (layer.name in _REPOSITORY_LAYERS and _imposed_key(key, imposed)):
                    off.add(str(key))
                elif value is True:
                    off.discard(str(key))
    return off


def held_on(settings: Settings, source: str) -> tuple[Notice, ...]:
    """A notice for each repository settings file whose ``enabledPlugins`` was not followed."""
    imposed = managed_configured(settings)
    notices: list[Notice] = []
    for layer in settings.layers:
        enabled = layer.values.get("enabledPlugins")
        if layer.name not in _REPOSITORY_LAYERS or not isinstance(enabled, Mapping):
            continue
        for key, value in enabled.items():
            if value is False and (known := _imposed_key(key, imposed)):
                notices.append(
                    Notice(
                        source=source,
                        text=f"{layer.path}: enabledPlugins turns off {key}, which the managed settings "
                        f"configure ({imposed[known]}); it stays on",
                    )
                )
    return tuple(notices)


def seat(
    bus: HookBus,
    *,
    settings: Settings,
    plugin_dirs: Sequence[str],
    plugins: Sequence[PluginSpec] | None,
    extra: Sequence[PluginSpec],
    disabled: Iterable[str],
) -> tuple[PluginSpec, ...]:
    """Seat the session's plugins on ``bus`` (the steps above); the specs, in seating order."""
    specs = list(plugins) if plugins is not None else entry_point_plugins(disabled, disabled_in(settings))
    builtin = [s for s in specs if s.builtin]
    from_folders = folder_plugins(plugin_dirs, builtin)
    folder_names = {s.name for s in from_folders}
    specs = [s for s in specs if not (s.builtin and s.name in folder_names)] + from_folders + list(extra)
    for spec in specs:
        bus.register(spec.plugin, spec.name, prepend=spec.prepend)
    return tuple(specs)


def folder_plugin_name(folder: str) -> str | None:
    """The name of a ``--plugin-dir`` folder's plugin (its manifest's ``name``, else the folder name)."""
    manifest = os.path.join(folder, ".claude-plugin", "plugin.json")
    try:
        with open(manifest, encoding="utf-8") as handle:
            data = json_codec.load(handle)
        name = data.get("name") if isinstance(data, dict) else None
        if isinstance(name, str) and name:
            return name
    except (OSError, ValueError):
        pass
    return os.path.basename(os.path.normpath(folder)) or None


def folder_plugins(folders: Sequence[str], builtin_specs: Sequence[PluginSpec]) -> list[PluginSpec]:
    """A ``--plugin-dir`` folder holding a built-in plugin seats it under its bare name."""
    out: list[PluginSpec] = []
    by_name = {s.name: s for s in builtin_specs}
    for folder in folders:
        name = folder_plugin_name(folder)
        if name in by_name:
            plugin = type(by_name[name].plugin)()
            out.append(PluginSpec(name=name, plugin=plugin, builtin=False))
    return out
