"""The local layer is read twice: the cwd's ``settings.local.json``, then the repository root's
(the ``g_local_settings_*`` recordings), the latter winning; a project file is the cwd's only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


def test_the_layers_env_a_later_layer_winning_the_early_switches_not_from_a_repository() -> None:
    from agents_md.engine.settings import FLAG, USER, Settings, SettingsLayer

    def layer(name: str, env: object) -> SettingsLayer:
        return SettingsLayer(name=name, path=None, values={"env": env})

    settings = Settings(
        layers=(
            layer(USER, {"A": "1", "CLAUDE_CODE_DISABLE_ATTACHMENTS": "1", "N": 1, "B": True, "O": {"x": 1}}),
            layer(PROJECT, {"A": "0", "CLAUDE_CODE_DISABLE_ATTACHMENTS": "0", "CLAUDE_CODE_SIMPLE": "1"}),
            layer(LOCAL, "not a map"),
            layer(FLAG, {"N": 2.5}),
        ),
        enabled_sources=frozenset(),
    )
    assert settings.env() == {"A": "0", "CLAUDE_CODE_DISABLE_ATTACHMENTS": "1", "N": "2.5", "B": "true"}


def test_the_settings_env_over_a_live_environment() -> None:
    from agents_md._util.env import Overlaid

    live = {"A": "1", "B": "1"}
    env = Overlaid({"A": "0"}, live)
    live["C"] = "1"
    assert dict(env) == {"A": "0", "B": "1", "C": "1"}
    assert len(env) == 3


@pytest.mark.parametrize(
    ("excludes", "kept"),
    [
        (["**/a/CLAUDE.md"], True),
        ([], True),
        ([1, "**/a/CLAUDE.md"], False),
        ([None], False),
        ("**/a/CLAUDE.md", False),
        (None, False),
    ],
    ids=["strings", "empty", "a-number", "a-null", "a-string", "null"],
)
def test_a_file_whose_excludes_are_not_strings_is_ignored_whole(tmp_path: Path, excludes: object, kept: bool) -> None:
    cwd = tmp_path / "proj"
    project = write(cwd / ".claude" / "settings.json", {"claudeMdExcludes": excludes, "other": 1})
    local = write(cwd / ".claude" / "settings.local.json", {"claudeMdExcludes": ["**/b/CLAUDE.md"]})
    assert layers(tmp_path, cwd) == ([(PROJECT, project)] if kept else []) + [(LOCAL, local)]
