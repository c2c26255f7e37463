"""The local layer is read twice: the cwd's ``settings.local.json``, then the repository root's
(the ``g_local_settings_*`` recordings), the latter winning; a project file is the cwd's only."""

from __future__ import annotations

import json
from pathlib import Path

from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.settings import LOCAL, PROJECT, load_settings


def layers(tmp_path: Path, cwd: Path, sources: list[str] | None = None) -> list[tuple[str, str | None]]:
    settings = load_settings(
        fs=DEFAULT_FS,
        cwd=str(cwd),
        home=str(tmp_path / "home"),
        managed_dir=str(tmp_path / "managed"),
        flag_settings=None,
        setting_sources=sources,
    )
    return [(layer.name, layer.path) for layer in settings.layers]


def write(path: Path, value: object) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value))
    return str(path)


def test_the_repository_root_local_file_follows_the_cwd_s(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    cwd = repo / "apps" / "docs"
    write(repo / ".claude" / "settings.json", {})  # the root's project file: never read
    root_local = write(repo / ".claude" / "settings.local.json", {})
    cwd_local = write(cwd / ".claude" / "settings.local.json", {})
    assert layers(tmp_path, cwd) == [(LOCAL, cwd_local), (LOCAL, root_local)]
    assert layers(tmp_path, cwd, ["user", "project"]) == []


def test_no_checkout_no_second_local_file(tmp_path: Path) -> None:
    write(tmp_path / "repo" / ".claude" / "settings.local.json", {})
    cwd = tmp_path / "repo" / "a"
    cwd.mkdir(parents=True)
    assert layers(tmp_path, cwd) == []


def test_at_the_root_the_file_is_read_once(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    local = write(repo / ".claude" / "settings.local.json", {})
    project = write(repo / ".claude" / "settings.json", {})
    assert layers(tmp_path, repo) == [(PROJECT, project), (LOCAL, local)]
