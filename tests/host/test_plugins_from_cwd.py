"""Code from the repository never runs under ``python -m agents_md``: the current folder's
distributions are not scanned for plugins unless asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from agents_md.host.plugins import CWD_PLUGINS_ENV, installed_path


def _hostile(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "evil-1.0.dist-info").mkdir(parents=True)
    (repo / "evil-1.0.dist-info/entry_points.txt").write_text("[agents_md.plugins]\nevil = evil_plugin:make\n")
    (repo / "evil_plugin.py").write_text(f"open({str(tmp_path / 'PWNED')!r}, 'w').close()\nmake = object\n")
    (repo / "CLAUDE.md").write_text("# Root\n")
    return repo


@pytest.mark.parametrize("asked", [False, True])
def test_code_from_the_repository_runs_under_python_m_only_when_asked(tmp_path: Path, asked: bool) -> None:
    repo = _hostile(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != CWD_PLUGINS_ENV}
    if asked:
        env[CWD_PLUGINS_ENV] = "1"
    args = [sys.executable, "-m", "agents_md", "context", ".", "--home", str(tmp_path / "h"), "--managed-dir", "m"]
    done = subprocess.run(args, cwd=repo, env=env, capture_output=True, text=True)
    assert (tmp_path / "PWNED").exists() is asked
    if not asked:
        assert done.returncode == 0 and "CLAUDE.md" in done.stdout, done.stderr


def test_installed_path_leaves_out_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(CWD_PLUGINS_ENV, raising=False)
    assert installed_path(["", ".", str(tmp_path), "/usr/lib/python3/site-packages"]) == (
        "/usr/lib/python3/site-packages",
    )


def test_installed_path_leaves_out_every_spelling_of_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    (tmp_path / "link").symlink_to(here)
    (tmp_path / "link-elsewhere").symlink_to(elsewhere)
    monkeypatch.chdir(here)
    monkeypatch.delenv(CWD_PLUGINS_ENV, raising=False)
    given = [
        str(tmp_path / "link"),
        str(tmp_path / "link" / ".." / "here"),
        "../here",
        str(tmp_path / "link-elsewhere"),
    ]
    given += [str(tmp_path / "missing"), str(elsewhere)]
    assert installed_path(given) == (str(tmp_path / "link-elsewhere"), str(tmp_path / "missing"), str(elsewhere))
