"""``instructionFiles``: where it is read, its legacy key, and values outside the four."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.settings import load_settings
from agents_md.plugins.agents_md.option import read_mode

Tree = Callable[..., Path]
KEY = "agents-md@builtin"


def opts(**options: str) -> dict[str, Any]:
    return {"json": {"pluginConfigs": {KEY: {"options": options}}}}


def reading(
    root: Path, home: Path, managed: Path, flag: str | None = None, sources: list[str] | None = None, key: str = KEY
) -> Any:
    settings = load_settings(
        fs=DEFAULT_FS,
        cwd=str(root),
        home=str(home),
        managed_dir=str(managed),
        flag_settings=flag,
        setting_sources=sources,
    )
    return read_mode(settings, key)


@pytest.mark.parametrize(
    ("legacy", "mode"),
    [
        ("none", "managed-only"),
        ("claude", "claude-md"),
        ("agents-fallback", "claude-md-or-agents-md"),
        ("both", "claude-md-and-agents-md"),
        ("xyz", "claude-md"),
    ],
)
def test_the_legacy_key_is_honoured_while_the_option_reads_as_its_default(tree: Tree, legacy: str, mode: str) -> None:
    root, home = tree({}), tree({".claude/settings.json": opts(projectInstructions=legacy)}, "home")
    r = reading(root, home, root / "m")
    assert r.mode == mode
    assert r.notices == (
        f"option projectInstructions in settings is honoured for now, read as instructionFiles "
        f"{mode}; set instructionFiles to {mode} and remove projectInstructions",
    )


def test_the_legacy_key_is_honoured_with_the_default_set_explicitly(tree: Tree) -> None:
    root = tree({})
    home = tree(
        {".claude/settings.json": opts(instructionFiles="claude-md-or-agents-md", projectInstructions="claude")}, "home"
    )
    assert reading(root, home, root / "m").mode == "claude-md"


def test_the_legacy_key_is_not_read_once_the_option_is_set(tree: Tree) -> None:
    root = tree({})
    home = tree(
        {".claude/settings.json": opts(instructionFiles="claude-md-and-agents-md", projectInstructions="none")}, "home"
    )
    r = reading(root, home, root / "m")
    assert r.mode == "claude-md-and-agents-md"
    assert r.notices == (
        "option projectInstructions in settings is not read: instructionFiles "
        "claude-md-and-agents-md is set; remove projectInstructions",
    )


def test_a_value_outside_the_four_reads_as_the_default_and_is_told_once(tree: Tree) -> None:
    root, home = tree({}), tree({".claude/settings.json": opts(instructionFiles="banana")}, "home")
    r = reading(root, home, root / "m")
    assert r.mode == "claude-md-or-agents-md"
    assert len(r.notices) == 1 and "'banana'" in r.notices[0]


def test_settings_flag_wins_over_user_and_managed_over_both(tree: Tree) -> None:
    root = tree({})
    home = tree({".claude/settings.json": opts(instructionFiles="claude-md")}, "home")
    flag = json.dumps({"pluginConfigs": {KEY: {"options": {"instructionFiles": "managed-only"}}}})
    assert reading(root, home, root / "m", flag).mode == "managed-only"
    managed = tree({"managed-settings.d/10-agents.json": opts(instructionFiles="claude-md-and-agents-md")}, "managed")
    assert reading(root, home, managed, flag).mode == "claude-md-and-agents-md"


def test_project_settings_are_never_read_for_the_option(tree: Tree) -> None:
    root = tree(
        {
            ".claude/settings.json": opts(instructionFiles="claude-md"),
            ".claude/settings.local.json": opts(instructionFiles="managed-only"),
        }
    )
    assert reading(root, tree({}, "home"), root / "m").mode == "claude-md-or-agents-md"


def test_setting_sources_without_user_skip_user_settings_but_never_managed(tree: Tree) -> None:
    root = tree({})
    home = tree({".claude/settings.json": opts(instructionFiles="claude-md")}, "home")
    managed = tree({"managed-settings.json": opts(instructionFiles="managed-only")}, "managed")
    assert reading(root, home, root / "m", sources=["project", "local"]).mode == "claude-md-or-agents-md"
    assert reading(root, home, managed, sources=["project"]).mode == "managed-only"


def test_the_folder_plugin_reads_its_own_key(tree: Tree) -> None:
    root = tree({})
    home = tree(
        {
            ".claude/settings.json": {
                "json": {"pluginConfigs": {"agents-md": {"options": {"instructionFiles": "claude-md"}}}}
            }
        },
        "home",
    )
    assert reading(root, home, root / "m").mode == "claude-md-or-agents-md"
    assert reading(root, home, root / "m", key="agents-md").mode == "claude-md"
