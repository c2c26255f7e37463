"""How plugins are found and seated: entry points, plugin folders, turning the built-in off."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agents_md import Session

Tree = Callable[..., Path]


def make(root: Path, home: Path, **kwargs: object) -> Session:
    return Session(cwd=str(root), home=str(home), managed_dir=str(root.parent / "managed"), **kwargs)  # type: ignore[arg-type]


def paths(session: Session) -> list[str]:
    return [Path(f.path).name for f in session.files]


def test_the_builtin_is_found_through_the_entry_point_group(tree: Tree) -> None:
    root, home = tree({"AGENTS.md": "a\n"}), tree({}, "home")
    session = make(root, home)
    assert [(s.name, s.builtin) for s in session.plugins] == [("agents-md", True)]
    assert paths(session) == ["AGENTS.md"]


def test_turning_the_plugin_off_in_settings_or_by_flag_leaves_claude_md_alone(tree: Tree) -> None:
    root = tree({"AGENTS.md": "a\n"})
    off = tree({".claude/settings.json": {"json": {"enabledPlugins": {"agents-md@builtin": False}}}}, "home")
    assert paths(make(root, off)) == []
    assert paths(make(root, tree({}, "home2"), disabled_plugins=["agents-md"])) == []


@pytest.mark.parametrize("setting", [{"disableAllHooks": True}, {"allowManagedHooksOnly": True}])
def test_hook_switches_do_not_turn_a_builtin_off(tree: Tree, setting: dict[str, bool]) -> None:
    root = tree({"AGENTS.md": "a\n"})
    home = tree({".claude/settings.json": {"json": setting}}, "home")
    assert paths(make(root, home)) == ["AGENTS.md"]


def test_a_plugin_folder_seats_the_plugin_under_its_bare_key(tree: Tree) -> None:
    root = tree({"AGENTS.md": "a\n", "CLAUDE.md": "c\n"})
    folder = tree({".claude-plugin/plugin.json": {"json": {"name": "agents-md"}}}, "mods/agents-md")
    home = tree(
        {
            ".claude/settings.json": {
                "json": {
                    "pluginConfigs": {
                        "agents-md": {"options": {"instructionFiles": "claude-md-and-agents-md"}},
                        "agents-md@builtin": {"options": {"instructionFiles": "claude-md"}},
                    }
                }
            }
        },
        "home",
    )
    from_folder = make(root, home, args=["--plugin-dir", str(folder)])
    assert [(s.name, s.builtin) for s in from_folder.plugins] == [("agents-md", False)]
    assert paths(from_folder) == ["CLAUDE.md", "AGENTS.md"]
    assert paths(make(root, home)) == ["CLAUDE.md"]  # the built-in reads its own key


@pytest.fixture
def third_party(tmp_path: Path) -> Iterator[Path]:
    """A distribution on sys.path that ships an organization's prepended plugin."""
    site = tmp_path / "site"
    (site / "orgplug-1.0.dist-info").mkdir(parents=True)
    (site / "orgplug-1.0.dist-info" / "entry_points.txt").write_text("[agents_md.plugins]\norg-policy = orgplug:make\n")
    (site / "orgplug.py").write_text(
        "from agents_md.plugin_api import hookimpl\n"
        "class Org:\n"
        "    prepend = True\n"
        "    @hookimpl\n"
        "    def prompt_context(self, session, files):\n"
        "        return [f for f in files if not f.path.endswith('AGENTS.md')]\n"
        "def make():\n"
        "    return Org()\n"
    )
    sys.path.insert(0, str(site))
    try:
        yield site
    finally:
        sys.path.remove(str(site))
        sys.modules.pop("orgplug", None)


def test_a_third_party_prepended_plugin_has_the_last_word(tree: Tree, third_party: Path) -> None:
    root, home = tree({"AGENTS.md": "a\n", ".claude/rules/r.md": "rule\n"}), tree({}, "home")
    session = make(root, home)
    assert [(s.name, s.prepend) for s in session.plugins] == [("agents-md", False), ("org-policy", True)]
    assert paths(session) == ["r.md"]  # the built-in added AGENTS.md; the organization removed it
    assert json.dumps([n.text for n in session.notices if n.level == "info"]) == "[]"
