"""``agents-md hook install|uninstall|plugin``: dry runs by default, byte-preserving, idempotent."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md._util.json_edit import JsonEditError, append_item, remove_item, remove_member
from agents_md.claude_code.install import is_ours
from agents_md.cli.main import main

Tree = Callable[..., Path]
ORIGINAL = (
    '{\n    "model": "opus",\n    "hooks": {\n        "Stop": [\n'
    '            {"hooks": [{"type": "command", "command": "echo done"}]}\n        ]\n    }\n}\n'
)
RUN = {"type": "command", "command": "agents-md hook run"}


def install(home: Path, *extra: str) -> int:
    return main(["hook", "install", "--scope", "user", "--home", str(home), "--command", "agents-md", *extra])


def uninstall(home: Path, *extra: str) -> int:
    return main(["hook", "uninstall", "--scope", "user", "--home", str(home), *extra])


def test_install_is_a_dry_run_printing_the_change(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    home = tree({".claude/settings.json": ORIGINAL}, "home")
    assert install(home) == 0
    out = capsys.readouterr().out
    assert '+        "SessionStart": [{"hooks": [{"type": "command", "command": "agents-md hook run"}]}],' in out
    assert out.endswith("settings.json: dry run; --write writes it\n")
    assert (home / ".claude/settings.json").read_text() == ORIGINAL


def test_install_writes_keeping_every_other_byte_and_uninstall_takes_exactly_that_out(tree: Tree) -> None:
    home = tree({".claude/settings.json": ORIGINAL}, "home")
    assert install(home, "--write") == 0
    text = (home / ".claude/settings.json").read_text()
    assert text.startswith(ORIGINAL.split("        ]\n")[0] + "        ],\n")
    hooks = json.loads(text)["hooks"]
    assert hooks["SessionStart"] == [{"hooks": [RUN]}]
    assert hooks["PostToolUse"] == [{"matcher": "Read", "hooks": [RUN]}]
    assert hooks["SubagentStart"] == [{"hooks": [RUN]}]
    assert hooks["Stop"] == [{"hooks": [{"type": "command", "command": "echo done"}]}]
    assert uninstall(home, "--write") == 0
    assert (home / ".claude/settings.json").read_text() == ORIGINAL


def test_install_twice_changes_nothing(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    home = tree({".claude/settings.json": ORIGINAL}, "home")
    install(home, "--write")
    once = (home / ".claude/settings.json").read_text()
    capsys.readouterr()
    assert install(home, "--write") == 0
    assert (home / ".claude/settings.json").read_text() == once
    assert "the hooks are there already; nothing to do" in capsys.readouterr().out


def test_the_complete_profile_replaces_the_reference_hooks(tree: Tree) -> None:
    home = tree({".claude/settings.json": ORIGINAL}, "home")
    install(home, "--write")
    install(home, "--write", "--profile", "complete")
    hooks = json.loads((home / ".claude/settings.json").read_text())["hooks"]
    run = {"type": "command", "command": "agents-md hook run --profile complete"}
    assert hooks["PostToolUse"] == [{"matcher": "Read|Edit|Write|MultiEdit|NotebookEdit", "hooks": [run]}]
    assert hooks["UserPromptSubmit"] == [{"hooks": [run]}]
    assert len(hooks["SessionStart"]) == 1
    uninstall(home, "--write")
    assert (home / ".claude/settings.json").read_text() == ORIGINAL


def test_uninstall_leaves_a_hook_of_someone_else_in_the_same_event(tree: Tree) -> None:
    home = tree({".claude/settings.json": ORIGINAL}, "home")
    install(home, "--write")
    path = home / ".claude/settings.json"
    theirs = {"matcher": "Read", "hooks": [{"type": "command", "command": "my-script"}]}
    path.write_text(append_item(path.read_text(), ["hooks", "PostToolUse"], theirs))
    uninstall(home, "--write")
    assert json.loads(path.read_text())["hooks"] == {
        "Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}],
        "PostToolUse": [theirs],
    }


@pytest.mark.parametrize(
    ("scope", "where"), [("project", ".claude/settings.json"), ("local", ".claude/settings.local.json")]
)
def test_project_and_local_scopes_write_in_the_project(tree: Tree, scope: str, where: str) -> None:
    project = tree({"README.md": "x\n"})
    cmd = ["hook", "install", "--scope", scope, "--dir", str(project), "--command", "agents-md", "--write"]
    assert main(cmd) == 0
    text = (project / where).read_text()
    assert text.endswith("\n") and json.loads(text)["hooks"]["SessionStart"] == [{"hooks": [RUN]}]


def test_the_projects_shared_settings_run_agents_md_from_path_and_a_users_its_own_script(tree: Tree) -> None:
    project = tree({"README.md": "x\n"})
    assert main(["hook", "install", "--scope", "project", "--dir", str(project), "--write"]) == 0
    shared = json.loads((project / ".claude/settings.json").read_text())
    assert shared["hooks"]["SessionStart"] == [{"hooks": [RUN]}]
    home = tree({}, "home")
    assert main(["hook", "install", "--scope", "user", "--home", str(home), "--write"]) == 0
    (group,) = json.loads((home / ".claude/settings.json").read_text())["hooks"]["SessionStart"]
    command = group["hooks"][0]["command"]
    assert command.endswith("agents-md hook run") and command.startswith("/")


def test_a_settings_file_that_is_not_json_is_refused_and_left(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    home = tree({".claude/settings.json": '{\n  "model": "opus",\n}\n'}, "home")
    assert install(home, "--write") == 1
    assert "settings.json: not valid JSON: line 3, column 1" in capsys.readouterr().err
    assert (home / ".claude/settings.json").read_text() == '{\n  "model": "opus",\n}\n'


def test_a_linked_settings_file_is_never_written_through(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    home = tree({"real.json": "{}\n", ".claude/settings.json": {"symlink": "../real.json"}}, "home")
    assert install(home, "--write") == 1
    assert "a link; edit the file it points to" in capsys.readouterr().err
    assert (home / "real.json").read_text() == "{}\n"


@pytest.mark.parametrize(
    ("command", "ours"),
    [
        ("agents-md hook run", True),
        ("/opt/venv/bin/agents-md hook run --profile complete", True),
        ("'/path with space/agents-md' hook run", True),
        ("agents-md hook run && rm -rf /", False),
        ("agents-md check", False),
        ("my-agents-md hook run", False),
    ],
)
def test_only_groups_that_run_the_hook_are_ours(command: str, ours: bool) -> None:
    assert is_ours({"hooks": [{"type": "command", "command": command}]}) is ours


def test_plugin_writes_a_folder_and_refuses_other_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plugin"
    assert main(["hook", "plugin", "--out", str(out), "--command", "agents-md"]) == 0
    manifest = json.loads((out / ".claude-plugin/plugin.json").read_text())
    assert manifest["name"] == "agents-md-hooks"
    hooks = json.loads((out / "hooks/hooks.json").read_text())["hooks"]
    assert hooks["PostToolUse"] == [{"matcher": "Read", "hooks": [RUN]}]
    assert main(["hook", "plugin", "--out", str(out), "--command", "agents-md"]) == 0  # the same again: fine
    (out / "hooks/hooks.json").write_text("{}\n")
    capsys.readouterr()
    assert main(["hook", "plugin", "--out", str(out), "--command", "agents-md"]) == 1
    assert "hooks.json: exists with other content" in capsys.readouterr().err
    assert (out / "hooks/hooks.json").read_text() == "{}\n"


def test_json_edit_appends_and_removes_keeping_other_bytes() -> None:
    text = '{"a": [1,\n      2], "b": {}}'
    assert append_item(text, ["a"], 3) == '{"a": [1,\n      2,\n      3], "b": {}}'
    assert append_item('{"a": []}', ["a"], 1) == '{"a": [1]}'
    assert remove_item(text, ["a"], 0) == '{"a": [2], "b": {}}'
    assert remove_item(text, ["a"], 1) == '{"a": [1], "b": {}}'
    assert remove_member(text, ["a"]) == '{"b": {}}'
    assert remove_member(text, ["b"]) == '{"a": [1,\n      2]}'
    with pytest.raises(JsonEditError, match="expected an array at b"):
        append_item(text, ["b"], 1)


def test_a_settings_file_with_a_byte_order_mark_keeps_it(tree: Tree) -> None:
    home = tree({".claude/settings.json": "\ufeff" + ORIGINAL}, "home")
    assert install(home, "--write") == 0
    text = (home / ".claude/settings.json").read_text(encoding="utf-8")
    assert text.startswith("\ufeff{") and json.loads(text[1:])["model"] == "opus"
    assert uninstall(home, "--write") == 0
    assert (home / ".claude/settings.json").read_text(encoding="utf-8") == "\ufeff" + ORIGINAL


def test_a_pipe_named_settings_json_is_refused_without_waiting(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    home = tree({".claude/keep": ""}, "home")
    os.mkfifo(home / ".claude/settings.json")
    assert install(home, "--write") == 1
    assert "settings.json: cannot be read" in capsys.readouterr().err


def test_hooks_of_the_wrong_shape_are_an_error_naming_the_file(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    home = tree({".claude/settings.json": '{"hooks": {"PostToolUse": "x"}}\n'}, "home")
    assert install(home, "--write") == 1
    err = capsys.readouterr().err
    assert "settings.json: " in err and "the file was left as it is" in err
    assert (home / ".claude/settings.json").read_text() == '{"hooks": {"PostToolUse": "x"}}\n'


def test_install_says_the_hooks_wait_for_the_built_in_plugin_to_be_off(
    tree: Tree, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tree({"README.md": "x\n"})
    monkeypatch.setenv("PATH", str(tree({}, "empty-bin")))
    assert main(["hook", "install", "--scope", "project", "--dir", str(project)]) == 0
    err = capsys.readouterr().err
    assert '"enabledPlugins": {"agents-md@builtin": false}' in err
    assert "run agents-md from PATH, where it is not found here" in err
