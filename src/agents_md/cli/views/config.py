"""``config``'s view: the "Project instructions" option, its effective mode, where it came from."""

from __future__ import annotations

from typing import Any

from agents_md.cli.style import Style
from agents_md.plugins.agents_md import MODES, OPTION_KEY, ModeReading

OFF_MODE = "claude-md"  # with the plugin off, the engine reads CLAUDE.md alone


def config_json(reading: ModeReading, *, key: str, plugin_on: bool) -> dict[str, Any]:
    return {
        "option": OPTION_KEY,
        "key": key,
        "mode": reading.mode,
        "effective": reading.mode if plugin_on else OFF_MODE,
        "source": reading.source,
        "plugin_enabled": plugin_on,
        "notices": list(reading.notices),
        "values": MODES,
    }


def config_text(reading: ModeReading, *, key: str, plugin_on: bool) -> str:
    s = Style()
    lines = [f"{s('Project instructions', 'bold')} (pluginConfigs[{key!r}].options.{OPTION_KEY})"]
    if plugin_on:
        lines.append(f"  effective: {s(reading.mode, 'cyan')}  (from {reading.source})")
    else:
        lines += [
            f"  effective: {s(OFF_MODE, 'cyan')}  "
            + s("(the agents-md plugin is off: the engine reads CLAUDE.md alone)", "yellow"),
            f"  the option reads {reading.mode} (from {reading.source}), which does not apply",
        ]
    lines.append("")
    effective = reading.mode if plugin_on else OFF_MODE
    for value, description in MODES.items():
        mark = "*" if value == effective else " "
        lines.append(f"  {mark} {value:<24} {description}")
    return "\n".join(lines)
