"""Scenarios where ``agents-md hook run`` is installed as Claude Code settings hooks.

Scenario side: ``"agents_md_hook": {"profile": "reference", "builtin": false, "events": [...]}``
adds to the home's ``.claude/settings.json`` one command hook per event (``SessionStart``,
``PostToolUse:Read`` — an event and its matcher —, ``UserPromptSubmit``, ``SubagentStart``...)
running ``AGENTS_MD hook run --profile P``, and with ``builtin`` false turns the built-in
plugin off (``enabledPlugins: {"agents-md@builtin": false}``). ``"like": NAME`` takes every
key of the scenario NAME of the same folder that the scenario does not set itself, so a hook
scenario runs an existing tree unchanged.

With ``"as": "plugin"`` the hooks come instead in the plugin folder ``agents-md hook plugin``
writes into the run (given to the engine with ``--plugin-dir``).

The command is ``$AGENTS_MD_HOOK_COMMAND``, else the ``agents-md`` beside the Python running
the recorder, else the one on ``PATH``.

Result side: a settings hook's text reaches the model as ``EVENT[:MATCHER] hook additional
context: TEXT`` in a system message (merged with other system text); the engine's transcript
holds each such text (``hook_additional_context``), which is looked for whole in the wire.
"""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

DEFAULT_EVENTS = ("SessionStart", "PostToolUse:Read")
PLUGIN_DIR = "<RUN>/agents-md-plugin"
SETTINGS = ".claude/settings.json"


def command() -> str:
    given = os.environ.get("AGENTS_MD_HOOK_COMMAND")
    if given:
        return given
    beside = Path(sys.executable).parent / "agents-md"
    if beside.exists():
        return str(beside)
    found = shutil.which("agents-md")
    if found is None:
        raise RuntimeError("no agents-md command: set AGENTS_MD_HOOK_COMMAND or run the recorder with its venv")
    return found


def with_base(scn: dict[str, Any], others: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """``scn`` with the keys of the scenario it is ``like`` that it does not set."""
    base_name = scn.get("like")
    if not base_name:
        return scn
    if base_name not in others:
        raise ValueError(f"{scn.get('name')}: like {base_name!r}: no such scenario in the folder")
    merged = {k: copy.deepcopy(v) for k, v in others[base_name].items() if k not in ("name", "note")}
    merged.update(scn)
    return merged


def _home_settings(scn: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A copy of ``scn`` and the home settings in it, made when missing."""
    out = copy.deepcopy(scn)
    home_tree = out.setdefault("home_tree", {})
    entry = home_tree.setdefault(SETTINGS, {"json": {}})
    if not (isinstance(entry, dict) and isinstance(entry.get("json"), dict)):
        raise ValueError(f"{scn.get('name')}: agents_md_hook needs {SETTINGS} given as {{'json': ...}}")
    return out, entry["json"]


def turn_off_builtin(scn: dict[str, Any]) -> dict[str, Any]:
    """With ``agents_md_hook.builtin`` false (the default): the built-in plugin turned off in the
    home settings, as the scenario's own data (a replay sees it too)."""
    spec = scn.get("agents_md_hook")
    if not spec or spec.get("builtin", False) is not False:
        return scn
    out, settings = _home_settings(scn)
    settings.setdefault("enabledPlugins", {})["agents-md@builtin"] = False
    return out


def install(scn: dict[str, Any]) -> dict[str, Any]:
    """The scenario with its hooks written into its home settings (``agents_md_hook``), at
    record time only: the command's path is this machine's."""
    spec = scn.get("agents_md_hook")
    if not spec:
        return scn
    if spec.get("as") == "plugin":  # the hooks come in a plugin folder (agents-md hook plugin)
        return {**scn, "args": [*scn.get("args", []), "--plugin-dir", PLUGIN_DIR]}
    out, settings = _home_settings(scn)
    run = f"{command()} hook run --profile {spec.get('profile', 'reference')}"
    if spec.get("force"):
        run += " --force"
    hooks = settings.setdefault("hooks", {})
    for event in spec.get("events", DEFAULT_EVENTS):
        name, _, matcher = event.partition(":")
        group: dict[str, Any] = {"hooks": [{"type": "command", "command": run}]}
        if matcher:
            group = {"matcher": matcher, **group}
        hooks.setdefault(name, []).append(group)
    return out


def anchored(texts: list[str], expected: str) -> bool:
    """``expected`` stands in one of ``texts`` as a whole attachment (blank lines around)."""
    for text in texts:
        at = text.find(expected)
        while at >= 0:
            after = text[at + len(expected) :]
            if (at == 0 or text[:at].endswith("\n\n")) and (not after or after.startswith("\n\n")):
                return True
            at = text.find(expected, at + 1)
    return False


def found_in(texts: list[str], candidates: list[str]) -> list[str]:
    """The candidate texts that stand whole in ``texts``, in the order they were written, each once
    (two subagents started alike get the same text)."""
    return [c for i, c in enumerate(candidates) if c not in candidates[:i] and anchored(texts, c)]


def write_plugin(scn: dict[str, Any], run_dir: Path) -> None:
    """With ``"as": "plugin"``: the plugin folder ``agents-md hook plugin`` writes, in the run."""
    spec = scn.get("agents_md_hook") or {}
    if spec.get("as") != "plugin":
        return
    out = PLUGIN_DIR.replace("<RUN>", str(run_dir))
    profile = spec.get("profile", "reference")
    cmd = [command(), "hook", "plugin", "--out", out, "--profile", profile, "--command", command()]
    subprocess.run(cmd, check=True, capture_output=True)
