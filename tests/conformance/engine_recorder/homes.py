"""What each engine needs in the fake home to run offline, merged with the scenario's home.

- Codex: the folder ``<HOME>/.codex`` (its default ``CODEX_HOME``).
- Gemini: ``.gemini/settings.json`` selects API-key auth and turns telemetry,
  usage statistics and updates off; ``.gemini/trustedFolders.json`` trusts the
  root unless the scenario writes that file itself.
- OpenCode: ``.config/opencode/opencode.json`` names the stand-in provider
  (its URL from ``AGENTS_MD_STANDIN_URL``), makes it the model, and turns
  sharing and updates off.

A scenario's own settings win: ours go under them (a deep merge of JSON
objects).  A settings file the scenario writes as raw text is left as it is.
"""

from __future__ import annotations

from typing import Any

from .scenario import Run

STANDIN_URL_VAR = "AGENTS_MD_STANDIN_URL"
STANDIN_MODEL = "standin/m1"

GEMINI_SETTINGS = ".gemini/settings.json"
GEMINI_TRUST = ".gemini/trustedFolders.json"
OPENCODE_CONFIG = ".config/opencode/opencode.json"


def gemini_settings() -> dict[str, Any]:
    return {
        "security": {"auth": {"selectedType": "gemini-api-key"}},
        "telemetry": {"enabled": False},
        "privacy": {"usageStatisticsEnabled": False},
        "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
    }


def opencode_config() -> dict[str, Any]:
    return {
        "$schema": "https://opencode.ai/config.json",
        "provider": {
            "standin": {
                "npm": "@ai-sdk/openai-compatible",
                "name": "standin",
                "options": {"baseURL": "{env:" + STANDIN_URL_VAR + "}", "apiKey": "dummy"},
                "models": {"m1": {"name": "m1"}},
            }
        },
        "model": STANDIN_MODEL,
        "small_model": STANDIN_MODEL,
        "share": "disabled",
        "autoupdate": False,
    }


def merged(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """`ours` with `theirs` laid over it; nested objects merge, anything else of theirs wins."""
    out = dict(ours)
    for key, value in theirs.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def _with_settings(home_tree: dict[str, Any], rel: str, ours: dict[str, Any]) -> None:
    given = home_tree.get(rel)
    if given is None:
        home_tree[rel] = {"json": ours}
    elif isinstance(given, dict) and isinstance(given.get("json"), dict):
        home_tree[rel] = {"json": merged(ours, given["json"])}


def completed_home(run: Run) -> dict[str, Any]:
    """The run's home tree with the engine's own files added."""
    home_tree = dict(run.home_tree)
    if run.engine == "codex":
        home_tree.setdefault(".codex/", {"dir": True})
    elif run.engine == "gemini":
        _with_settings(home_tree, GEMINI_SETTINGS, gemini_settings())
        home_tree.setdefault(GEMINI_TRUST, {"json": {str(run.root): "TRUST_FOLDER"}})
    elif run.engine == "opencode":
        _with_settings(home_tree, OPENCODE_CONFIG, opencode_config())
    return home_tree
