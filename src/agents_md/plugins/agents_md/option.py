"""The option ``instructionFiles``, its legacy key ``projectInstructions``, and where both are read.

Read from ``pluginConfigs[KEY].options`` in user settings (when the user source is on),
``--settings`` and managed settings, the later winning; never from a project's
``.claude/settings.json`` or ``.claude/settings.local.json``.

1. ``instructionFiles`` outside the four values reads as the default, and is told once.
2. While it reads as the default, a ``projectInstructions`` value is honoured (mapped below,
   anything unknown as ``claude-md``) and the transcript says how it was read.
3. Once it is set to anything else, ``projectInstructions`` is not read, and the transcript
   says to remove it.
"""

from __future__ import annotations

from _collections_abc import Mapping  # collections.abc's, without importing collections

from agents_md.plugin_api import FLAG, POLICY, USER, Settings, frozen

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any


CLAUDE_MD = "claude-md"
OR_AGENTS_MD = "claude-md-or-agents-md"
AND_AGENTS_MD = "claude-md-and-agents-md"
MANAGED_ONLY = "managed-only"
DEFAULT = OR_AGENTS_MD

MODES: dict[str, str] = {
    CLAUDE_MD: "Only CLAUDE.md files are loaded, as the engine does on its own.",
    OR_AGENTS_MD: "AGENTS.md files are loaded where the project has no CLAUDE.md of its own (default).",
    AND_AGENTS_MD: "AGENTS.md files are loaded beside CLAUDE.md files, each file once.",
    MANAGED_ONLY: "Only the organization's managed instructions (and memory) are loaded.",
}

LEGACY_KEY = "projectInstructions"
OPTION_KEY = "instructionFiles"
LEGACY_MAP = {
    "none": MANAGED_ONLY,
    "claude": CLAUDE_MD,
    "agents-fallback": OR_AGENTS_MD,
    "both": AND_AGENTS_MD,
}

# Layers the option is read from, lowest precedence first.
OPTION_LAYERS = (USER, FLAG, POLICY)


@frozen
class ModeReading:
    """The mode the plugin runs in and where it was read (recorded on the session at its start)."""

    mode: str
    source: str  # "default", or the layer and file the deciding value came from
    notices: tuple[str, ...]
    legacy_value: str | None = None
    invalid_value: str | None = None


def _options(layer_values: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    configs = layer_values.get("pluginConfigs")
    if not isinstance(configs, Mapping):
        return None
    entry = configs.get(key)
    if not isinstance(entry, Mapping):
        return None
    options = entry.get("options")
    return options if isinstance(options, Mapping) else None


def _describe(layer_name: str, path: str | None) -> str:
    names = {USER: "user settings", FLAG: "--settings", POLICY: "managed settings"}
    return f"{names[layer_name]} ({path})" if path else names[layer_name]


def read_mode(settings: Settings, key: str) -> ModeReading:
    option: tuple[Any, str] | None = None
    legacy: tuple[Any, str] | None = None
    for layer in settings.layers:
        if layer.name not in OPTION_LAYERS:
            continue
        options = _options(layer.values, key)
        if options is None:
            continue
        where = _describe(layer.name, layer.path)
        if OPTION_KEY in options:
            option = (options[OPTION_KEY], where)
        if LEGACY_KEY in options:
            legacy = (options[LEGACY_KEY], where)
    notices: list[str] = []
    mode, source, invalid = DEFAULT, "default", None
    if option is not None:
        value, where = option
        if isinstance(value, str) and value in MODES:
            mode, source = value, where
        else:
            invalid = value if isinstance(value, str) else repr(value)
            notices.append(
                f"option {OPTION_KEY} in settings has an unknown value {invalid!r}, read as {DEFAULT}; "
                f"expected one of {', '.join(MODES)}"
            )
    if legacy is None:
        return ModeReading(mode=mode, source=source, notices=tuple(notices), invalid_value=invalid)
    legacy_value, legacy_where = legacy
    shown = legacy_value if isinstance(legacy_value, str) else repr(legacy_value)
    if mode != DEFAULT:
        notices.append(f"option {LEGACY_KEY} in settings is not read: {OPTION_KEY} {mode} is set; remove {LEGACY_KEY}")
        return ModeReading(mode=mode, source=source, notices=tuple(notices), legacy_value=shown, invalid_value=invalid)
    mapped = LEGACY_MAP.get(legacy_value, CLAUDE_MD) if isinstance(legacy_value, str) else CLAUDE_MD
    notices.append(
        f"option {LEGACY_KEY} in settings is honoured for now, read as {OPTION_KEY} {mapped}; "
        f"set {OPTION_KEY} to {mapped} and remove {LEGACY_KEY}"
    )
    return ModeReading(
        mode=mapped,
        source=f"{LEGACY_KEY} in {legacy_where}",
        notices=tuple(notices),
        legacy_value=shown,
        invalid_value=invalid,
    )
