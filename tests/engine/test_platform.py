"""The session's platform (``engine.platform``): the managed folder, disks that ignore case
(simulated here with ``CaseFoldingFS``), and the home a ``~/`` path resolves under."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents_md import Session
from agents_md.cli.main import main
from agents_md.engine import platform as platforms
from agents_md.engine.fs import DEFAULT_FS, CaseFoldingFS


def _tree(base: Path, spec: dict[str, str]) -> Path:
    for rel, text in spec.items():
        path = base / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (base / "home").mkdir(exist_ok=True)
    return base


def _loaded(base: Path, cwd: str, platform: str) -> list[str]:
    session = Session(cwd=str(base / cwd), home=str(base / "home"), platform=platform)
    return [os.path.relpath(f.path, base) for f in session.start().files]


@pytest.mark.parametrize(
    ("platform", "folder"),
    [
        ("linux", "/etc/claude-code"),
        ("macos", "/Library/Application Support/ClaudeCode"),
        ("windows", "C:\\Program Files\\ClaudeCode"),
    ],
)
def test_each_platform_has_its_managed_folder(tmp_path: Path, platform: str, folder: str) -> None:
    session = Session(cwd=str(tmp_path), home=str(tmp_path), platform=platform)
    assert session.inputs.managed_dir == folder
    assert session.inputs.platform == platform


def test_the_platform_defaults_to_the_running_one(tmp_path: Path) -> None:
    assert Session(cwd=str(tmp_path), home=str(tmp_path)).inputs.platform == platforms.running()


def test_an_unknown_platform_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="platform must be one of linux, macos, windows, not 'beos'"):
        Session(cwd=str(tmp_path), home=str(tmp_path), platform="beos")


@pytest.mark.parametrize(
    ("spec", "cwd", "linux", "folding"),
    [
        ({"p/claude.md": "# root\n"}, "p", [], ["p/CLAUDE.md"]),
        ({"p/web/Agents.md": "# web\n"}, "p/web", [], ["p/web/AGENTS.md"]),
        ({"p/.Claude/rules/Style.md": "# style\n"}, "p", [], ["p/.claude/rules/Style.md"]),
        ({"p/CLAUDE.md": "# root\n"}, "p", ["p/CLAUDE.md"], ["p/CLAUDE.md"]),
    ],
    ids=["claude.md", "Agents.md", "a .Claude folder", "the right case"],
)
def test_a_disk_that_ignores_case_loads_names_in_another_case(
    tmp_path: Path, spec: dict[str, str], cwd: str, linux: list[str], folding: list[str]
) -> None:
    base = _tree(tmp_path, {"p/.git/HEAD": "ref: refs/heads/main\n", **spec})
    assert _loaded(base, cwd, "linux") == linux
    assert _loaded(base, cwd, "macos") == folding
    assert _loaded(base, cwd, "windows") == folding


def test_the_case_folding_view_opens_the_entry_whatever_its_case(tmp_path: Path) -> None:
    _tree(tmp_path, {"Docs/Guide.MD": "x\n"})
    fs = CaseFoldingFS(DEFAULT_FS)
    asked = str(tmp_path / "docs" / "guide.md")
    assert fs.read_file(asked) == b"x\n"
    assert fs.is_file(asked) and not DEFAULT_FS.is_file(asked)
    assert fs.realpath(asked) == os.path.join(os.path.realpath(tmp_path / "Docs"), "guide.md")
    assert fs.read_file(str(tmp_path / "docs" / "other.md")) is None


@pytest.mark.parametrize(
    ("env", "cwd", "home"),
    [
        ({"HOME": "/home/me", "USERPROFILE": "C:\\Users\\me"}, "/work/p", "/home/me"),
        ({"HOME": "/home/me", "USERPROFILE": "C:\\Users\\me"}, "C:\\work\\p", "C:\\Users\\me"),
        ({"HOME": "/home/me", "USERPROFILE": "C:\\Users\\me"}, "c:/work/p", "C:\\Users\\me"),
        ({"HOME": "/home/me", "USERPROFILE": "C:\\Users\\me"}, "\\\\server\\share\\p", "C:\\Users\\me"),
        ({"USERPROFILE": "C:\\Users\\me"}, "/work/p", "C:\\Users\\me"),
        ({"HOME": "/home/me"}, "C:\\work", "/home/me"),
        ({}, "/work/p", "/fallback"),
    ],
)
def test_the_home_is_the_profile_first_on_a_windows_spelling(env: dict[str, str], cwd: str, home: str) -> None:
    assert platforms.home_for(env, cwd, fallback="/fallback") == home


def test_context_takes_a_platform(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = _tree(tmp_path, {"p/.git/HEAD": "ref: refs/heads/main\n", "p/claude.md": "# root\n"})
    home = str(base / "home")
    assert main(["context", str(base / "p"), "--home", home, "--platform", "linux"]) == 0
    assert "No instruction files load." in capsys.readouterr().out
    assert main(["context", str(base / "p"), "--home", home, "--platform", "macos"]) == 0
    assert "CLAUDE.md" in capsys.readouterr().out
