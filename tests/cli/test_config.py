"""``agents-md config``: the effective mode and where it came from; ``config set`` writes safely."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md._util.json_edit import JsonEditError, set_value
from agents_md.cli.main import main

Tree = Callable[..., Path]
PATH = ["pluginConfigs", "agents-md@builtin", "options", "instructionFiles"]


def test_set_keeps_every_other_byte(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    original = '{\n    "model": "opus",\n    "pluginConfigs": {"other": {"x": [1, 2]}},\n    "env": {}\n}\n'
    home = tree({".claude/settings.json": original}, "home")
    assert main(["config", "set", "instructionFiles", "managed-only", "--home", str(home)]) == 0
    text = (home / ".claude/settings.json").read_text()
    assert text.startswith('{\n    "model": "opus",\n    "pluginConfigs": {"other": {"x": [1, 2]},')
    assert text.endswith('\n    "env": {}\n}\n')
    assert json.loads(text)["pluginConfigs"]["agents-md@builtin"]["options"]["instructionFiles"] == "managed-only"
    assert json.loads(text)["pluginConfigs"]["other"] == {"x": [1, 2]}


def test_set_replaces_an_existing_value_in_place(tree: Tree) -> None:
    original = '{"pluginConfigs":{"agents-md@builtin":{"options":{"instructionFiles":"claude-md","keep":1}}}}'
    home = tree({".claude/settings.json": original}, "home")
    assert main(["config", "set", "instructionFiles", "claude-md-and-agents-md", "--home", str(home)]) == 0
    assert (home / ".claude/settings.json").read_text() == original.replace('"claude-md"', '"claude-md-and-agents-md"')


def test_set_refuses_a_file_that_is_not_json_and_leaves_it(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    broken = '{\n  "model": "opus",\n}\n'
    home = tree({".claude/settings.json": broken}, "home")
    assert main(["config", "set", "instructionFiles", "claude-md", "--home", str(home)]) == 1
    assert (home / ".claude/settings.json").read_text() == broken
    err = capsys.readouterr().err
    assert "settings.json: not valid JSON: line 3, column 1" in err
    assert "left as it is" in err


def test_set_writes_through_a_link_to_its_target(tree: Tree, tmp_path: Path) -> None:
    dotfiles = tree({"settings.json": '{"model": "opus"}\n'}, "dotfiles")
    home = tree({".claude/settings.json": {"symlink": str(dotfiles / "settings.json")}}, "home")
    assert main(["config", "set", "instructionFiles", "claude-md", "--home", str(home)]) == 0
    assert os.path.islink(home / ".claude/settings.json")
    assert "claude-md" in (dotfiles / "settings.json").read_text()


def test_set_creates_user_settings_when_absent(tree: Tree) -> None:
    home = tree({}, "home")
    assert main(["config", "set", "instructionFiles", "claude-md", "--home", str(home)]) == 0
    assert json.loads((home / ".claude/settings.json").read_text()) == {
        "pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md"}}}
    }


def test_set_refuses_an_unknown_mode_as_a_usage_error(tree: Tree) -> None:
    home = tree({}, "home")
    assert main(["config", "set", "instructionFiles", "banana", "--home", str(home)]) == 2
    assert not (home / ".claude/settings.json").exists()


def test_show_names_the_mode_and_where_it_came_from(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({})
    home = tree(
        {
            ".claude/settings.json": {
                "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"projectInstructions": "both"}}}}
            }
        },
        "home",
    )
    assert (
        main(["config", "--dir", str(root), "--home", str(home), "--managed-dir", str(root / "m"), "--format", "json"])
        == 0
    )
    shown = json.loads(capsys.readouterr().out)
    assert shown["mode"] == "claude-md-and-agents-md"
    assert shown["source"] == f"projectInstructions in user settings ({home / '.claude/settings.json'})"
    assert shown["notices"] == [
        "option projectInstructions in settings is honoured for now, read as "
        "instructionFiles claude-md-and-agents-md; set instructionFiles to "
        "claude-md-and-agents-md and remove projectInstructions"
    ]
    assert list(shown["values"]) == ["claude-md", "claude-md-or-agents-md", "claude-md-and-agents-md", "managed-only"]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("[1]", "line 1, column 1: expected a JSON object"),
        ('{"a": 1,}', "line 1, column 9"),
        ('{"pluginConfigs": 3}', "expected an object at pluginConfigs"),
    ],
)
def test_json_edit_names_the_fault(text: str, where: str) -> None:
    with pytest.raises(JsonEditError, match=where):
        set_value(text, PATH, "x")


MANAGED_ONLY = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "managed-only"}}}}
TURNED_OFF = {"enabledPlugins": {"agents-md@builtin": False}}


@pytest.mark.parametrize("settings_file", [".claude/settings.json", ".claude/settings.local.json"])
def test_a_managed_only_repository_that_turns_the_plugin_off_keeps_managed_only(
    tree: Tree, capsys: pytest.CaptureFixture[str], settings_file: str
) -> None:
    root = tree({"CLAUDE.md": "# project\n", settings_file: {"json": TURNED_OFF}})
    home = tree({".claude/CLAUDE.md": "# user\n"}, "home")
    managed = tree({"CLAUDE.md": "# managed\n", "managed-settings.json": {"json": MANAGED_ONLY}}, "managed")
    common = ["--home", str(home), "--managed-dir", str(managed)]
    assert main(["config", "--dir", str(root), *common, "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["mode"], shown["effective"], shown["plugin_enabled"]) == ("managed-only", "managed-only", True)
    assert main(["context", str(root), *common, "--format", "claude-md"]) == 0
    out, err = capsys.readouterr()
    assert "# managed" in out and "# project" not in out and "# user" not in out
    assert f"{root / settings_file}: enabledPlugins turns off agents-md@builtin" in err


def test_config_says_what_applies_while_the_plugin_is_off(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({})
    home = tree({".claude/settings.json": {"json": {**MANAGED_ONLY, **TURNED_OFF}}}, "home")
    common = ["--dir", str(root), "--home", str(home), "--managed-dir", str(root / "m")]
    assert main(["config", *common, "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["mode"], shown["effective"], shown["plugin_enabled"]) == ("managed-only", "claude-md", False)
    assert main(["config", *common]) == 0
    text = capsys.readouterr().out
    assert "effective: claude-md  (the agents-md plugin is off: the engine reads CLAUDE.md alone)" in text
    assert "the option reads managed-only (from user settings (" in text and "which does not apply" in text


def test_the_plugin_bare_name_does_not_turn_off_the_built_in(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    """``enabledPlugins`` keys the built-in ``agents-md@builtin``: ``agents-md`` is another plugin's
    key (g7_enabled_plugins_bare_name), so managed-only holds and nothing is told."""
    root = tree(
        {"CLAUDE.md": "# project\n", ".claude/settings.local.json": {"json": {"enabledPlugins": {"agents-md": False}}}}
    )
    managed = tree({"CLAUDE.md": "# managed\n", "managed-settings.json": {"json": MANAGED_ONLY}}, "managed")
    home = tree({}, "home")
    assert (
        main(["context", str(root), "--home", str(home), "--managed-dir", str(managed), "--format", "claude-md"]) == 0
    )
    out, err = capsys.readouterr()
    assert "# managed" in out and "# project" not in out
    assert "enabledPlugins" not in err
