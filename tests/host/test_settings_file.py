"""``config set`` against what a real settings file meets: other writers, odd bytes, links,
folders, owners and attributes, and failures; one test per case, the file never harmed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md.cli.main import main
from agents_md.errors import AgentsMdError
from agents_md.host.settings_file import write_option

Tree = Callable[..., Path]
KEY = "agents-md@builtin"


def _set(home: Path, *extra: str) -> int:
    return main(["config", "set", "instructionFiles", "claude-md", "--home", str(home), *extra])


def test_concurrent_config_set_loses_no_update(tree: Tree) -> None:
    home = tree({".claude/settings.json": '{"model": "opus"}\n'}, "home")
    command = [sys.executable, "-m", "agents_md", "config", "set", "instructionFiles", "claude-md", "--home", str(home)]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    running = [subprocess.Popen([*command, "--key", f"k{i}"], env=env, stdout=subprocess.PIPE) for i in range(12)]
    outputs = [p.communicate()[0].decode() for p in running]
    assert all(p.returncode == 0 for p in running) and all("set to claude-md" in out for out in outputs)
    data = json.loads((home / ".claude/settings.json").read_text())
    assert sorted(data["pluginConfigs"]) == sorted(f"k{i}" for i in range(12)) and data["model"] == "opus"


def test_config_set_corrupts_no_value_that_starts_with_whitespace(tree: Tree) -> None:
    text = '{"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": [ "x" ], "b": [  ]}}}}\n'
    home = tree({".claude/settings.json": text}, "home")
    assert _set(home) == 0
    assert (home / ".claude/settings.json").read_text() == text.replace('[ "x" ]', '"claude-md"')


def test_a_settings_file_with_a_byte_order_mark_is_edited_and_keeps_it(tree: Tree) -> None:
    home = tree({".claude/settings.json": '\ufeff{"model": "opus"}\n'}, "home")
    assert _set(home) == 0
    text = (home / ".claude/settings.json").read_text(encoding="utf-8")
    assert text.startswith('\ufeff{"model": "opus",')
    assert json.loads(text[1:])["pluginConfigs"][KEY]["options"]["instructionFiles"] == "claude-md"


def test_a_dangling_link_is_refused_and_creates_no_folder(tree: Tree, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "deep" / "settings.json"
    home = tree({".claude/settings.json": {"symlink": str(missing)}}, "home")
    with pytest.raises(AgentsMdError, match="a link to nothing"):
        write_option(str(home / ".claude/settings.json"), KEY, "instructionFiles", "claude-md", legacy_key="x")
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ({".claude/settings.json/": {"dir": True}}, "a folder, not a settings file"),
        ({".claude/settings.json": {"symlink": "loop"}, ".claude/loop": {"symlink": "settings.json"}}, "a link loop"),
    ],
    ids=["folder", "loop"],
)
def test_config_set_on_a_folder_or_a_loop_is_a_clear_error(
    tree: Tree, spec: dict[str, object], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tree(spec, "home")
    assert _set(home) == 1
    assert said in capsys.readouterr().err


def test_config_set_keeps_the_owner_the_mode_and_the_attributes(tree: Tree) -> None:
    home = tree({".claude/settings.json": '{"model": "opus"}\n'}, "home")
    path = home / ".claude/settings.json"
    os.chmod(path, 0o640)
    try:
        os.setxattr(path, "user.origin", b"dotfiles")
    except OSError:
        pytest.skip("this disk keeps no user attributes")
    owner = (os.getuid(), os.getgid())
    if os.geteuid() == 0:
        owner = (1234, 1234)
        os.chown(path, *owner)
    assert _set(home) == 0
    st = os.stat(path)
    assert ((st.st_uid, st.st_gid), st.st_mode & 0o777) == (owner, 0o640)
    assert os.getxattr(path, "user.origin") == b"dotfiles"


def test_a_failed_write_names_the_file_and_leaves_it(
    tree: Tree, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tree({".claude/settings.json": '{"model": "opus"}\n'}, "home")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert _set(home) == 1
    assert "settings.json: cannot be written (No space left on device); left as it was" in capsys.readouterr().err
    assert (home / ".claude/settings.json").read_text() == '{"model": "opus"}\n'
    assert os.listdir(home / ".claude") == ["settings.json"]
