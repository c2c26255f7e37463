"""Writing one plugin option into a settings file without harming the rest of it.

The file is edited in place at the value's span (``json_edit``), written to a temporary file
beside it and moved over it atomically, keeping its mode. A link is followed to the file it
points at, so the link stays a link. A file that is not valid JSON is refused, never
overwritten.
"""

from __future__ import annotations

import json
import os

from agents_md._util.atomic import atomic_write
from agents_md._util.json_edit import JsonEditError, set_value
from agents_md.errors import AgentsMdError


def write_option(path: str, plugin_key: str, option: str, value: str, *, legacy_key: str) -> tuple[bool, bool]:
    """Set ``pluginConfigs[plugin_key].options[option] = value``; (changed, ``legacy_key`` present there)."""
    target = os.path.realpath(path)
    try:
        with open(target, encoding="utf-8", newline="") as handle:
            text = handle.read()
    except FileNotFoundError:
        text = ""
    except UnicodeDecodeError as exc:
        raise AgentsMdError(f"{path}: not UTF-8 text ({exc.reason}); left as it is") from exc
    try:
        updated = set_value(text, ["pluginConfigs", plugin_key, "options", option], value)
    except JsonEditError as exc:
        raise AgentsMdError(f"{path}: not valid JSON: {exc}; the file was left as it is") from exc
    options = json.loads(updated).get("pluginConfigs", {}).get(plugin_key, {}).get("options", {})
    legacy = legacy_key in options
    if updated == text:
        return False, legacy
    if not text.endswith("\n") and not text:
        updated += "\n"
    atomic_write(target, updated)
    return True, legacy
