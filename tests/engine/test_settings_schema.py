"""A settings file the engine's schema check refuses is ignored whole (``engine.settings_schema``,
the ``g5_settings_*`` recordings); a file with odd values where the engine does not look applies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.settings import FLAG, POLICY, USER, load_settings

HOOK = {"type": "command", "command": "true"}
# (id, the file's values, whether the file is read)
CASES = [
    ("model-text", {"model": "sonnet"}, True),
    ("model-null", {"model": None}, False),
    ("model-number", {"model": 5}, False),
    ("flag-text", {"includeCoAuthoredBy": "false"}, False),
    ("flag-bool", {"includeCoAuthoredBy": False}, True),
    ("env-list", {"env": ["A=1"]}, False),
    ("env-odd-values", {"env": {"A": None, "B": {"c": 1}, "D": 1}}, True),
    ("deny-text", {"permissions": {"deny": "Read"}}, False),
    ("deny-number-item", {"permissions": {"deny": [5]}}, True),
    ("permissions-null", {"permissions": None}, False),
    ("default-mode-unknown", {"permissions": {"defaultMode": "banana"}}, False),
    ("default-mode-plan", {"permissions": {"defaultMode": "plan"}}, True),
    ("cleanup-zero", {"cleanupPeriodDays": 0}, False),
    ("cleanup-one", {"cleanupPeriodDays": 1}, True),
    ("cleanup-whole-float", {"cleanupPeriodDays": 30.0}, True),  # one kind of number in the engine
    ("cleanup-fraction", {"cleanupPeriodDays": 1.5}, False),
    ("cleanup-true", {"cleanupPeriodDays": True}, False),
    ("hooks-text", {"hooks": "x"}, True),
    ("hooks-stop-text", {"hooks": {"Stop": "x"}}, True),
    ("hooks-pre-text", {"hooks": {"PreToolUse": "x"}}, False),
    ("hooks-pre-no-command", {"hooks": {"PreToolUse": [{"hooks": [{"type": "command"}]}]}}, False),
    ("hooks-pre-ok", {"hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [HOOK]}]}}, True),
    ("plugin-configs-number", {"pluginConfigs": {"x@y": 5}}, False),
    ("plugin-configs-empty-entry", {"pluginConfigs": {"x@y": {}}}, True),
    ("option-null", {"pluginConfigs": {"x@y": {"options": {"k": None}}}}, False),
    ("option-object", {"pluginConfigs": {"x@y": {"options": {"k": {"a": 1}}}}}, False),
    ("option-numbers-list", {"pluginConfigs": {"x@y": {"options": {"k": [1]}}}}, False),
    ("option-scalars", {"pluginConfigs": {"x@y": {"options": {"a": 5, "b": True, "c": "x", "d": ["x"]}}}}, True),
    ("enabled-plugins-list", {"enabledPlugins": ["x@y"]}, False),
    ("enabled-plugins-text-value", {"enabledPlugins": {"x@y": "yes"}}, False),
    ("status-line-no-command", {"statusLine": {"type": "command"}}, False),
    ("excludes-number-item", {"claudeMdExcludes": [1, "**/a/CLAUDE.md"]}, False),
    ("unknown-key", {"totallyUnknownKey": [1]}, True),
    ("unchecked-key", {"forceLoginMethod": 5}, True),
]


@pytest.mark.parametrize(("values", "read"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_refused_file_is_ignored_whole(tmp_path: Path, values: dict[str, object], read: bool) -> None:
    path = tmp_path / "home" / ".claude" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(values))
    settings = load_settings(
        fs=DEFAULT_FS,
        cwd=str(tmp_path / "proj"),
        home=str(tmp_path / "home"),
        managed_dir=str(tmp_path / "managed"),
        flag_settings=None,
        setting_sources=None,
    )
    assert [layer.name for layer in settings.layers] == ([USER] if read else [])
    assert bool(settings.problems) is not read


def load(tmp_path: Path, flag: str | None = None) -> list[tuple[str, dict[str, object]]]:
    settings = load_settings(
        fs=DEFAULT_FS,
        cwd=str(tmp_path / "proj"),
        home=str(tmp_path / "home"),
        managed_dir=str(tmp_path / "managed"),
        flag_settings=flag,
        setting_sources=None,
    )
    return [(layer.name, dict(layer.values)) for layer in settings.layers]


def test_a_managed_file_loses_only_the_refused_keys(tmp_path: Path) -> None:
    managed = tmp_path / "managed" / "managed-settings.d" / "10-x.json"
    managed.parent.mkdir(parents=True)
    managed.write_text(json.dumps({"model": None, "claudeMdExcludes": ["**/a/CLAUDE.md"], "env": []}))
    assert load(tmp_path) == [(POLICY, {"claudeMdExcludes": ("**/a/CLAUDE.md",)})]


def test_settings_given_on_the_command_line_are_ignored_whole_when_refused(tmp_path: Path) -> None:
    bad = json.dumps({"model": None, "claudeMdExcludes": ["**/a/CLAUDE.md"]})
    assert load(tmp_path, bad) == [(FLAG, {})]
    good = {"model": "sonnet", "claudeMdExcludes": ["**/a/CLAUDE.md"]}
    assert load(tmp_path, json.dumps(good)) == [(FLAG, {"model": "sonnet", "claudeMdExcludes": ("**/a/CLAUDE.md",)})]
