"""A hostile ``.git/config`` runs nothing, and configuration never becomes a git option."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md.cli.main import main

Repo = Callable[..., GitRepo]
TREE = {"AGENTS.md": "# Root\n\n<!-- agents-md:map:start -->\n<!-- agents-md:map:end -->\n", "pkg/AGENTS.md": "# P\n"}


def _pwned(tmp_path: Path, name: str) -> tuple[Path, str]:
    marker = tmp_path / f"PWNED-{name}"
    return marker, f"touch {marker}; false"


# Each setting git would run a program for, on the commands check, map and link run.
HOSTILE = {
    "fsmonitor": lambda cmd: {"core.fsmonitor": cmd},
    "external-diff": lambda cmd: {"diff.external": cmd},
    "textconv": lambda cmd: {"diff.evil.textconv": cmd.replace("; false", "; cat")},
}


@pytest.mark.parametrize("setting", sorted(HOSTILE))
def test_a_hostile_git_config_runs_nothing(repo: Repo, tmp_path: Path, setting: str) -> None:
    r = repo({**TREE, ".gitattributes": "*.json diff=evil\n*.ts diff=evil\n", "package.json": '{"version": "1"}\n'})
    r.git("checkout", "-q", "-b", "topic")
    r.commit({"package.json": '{"version": "2"}\n', "pkg/a.ts": "x\n"}, date="2024-02-01T12:00:00Z")
    r.write({"pkg/b.ts": "y\n"})
    r.git("add", "pkg/b.ts")
    marker, command = _pwned(tmp_path, setting)
    for key, value in HOSTILE[setting](command).items():
        r.git("config", key, value)  # last: the test's own git commands would run it
    for args in (
        ["check", "--dir", str(r.path), "--base", "main"],
        ["check", "--dir", str(r.path), "--staged"],
        ["check", "--dir", str(r.path)],
        ["map", str(r.path), "--check"],
        ["link", "--dir", str(r.path)],
    ):
        main(args)
        assert not marker.exists(), (setting, args)


@pytest.mark.parametrize(
    "how",
    [
        lambda r, out: (["check", "--dir", str(r.path), f"--base=--output={out}"], None),
        lambda r, out: (["check", "--dir", str(r.path)], f'base = "--output={out}"\n'),
    ],
    ids=["flag", "configuration"],
)
def test_configuration_becomes_no_git_option(
    repo: Repo, tmp_path: Path, how: Callable[..., tuple[list[str], str | None]], capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    r = repo(TREE)
    args, config = how(r, victim)
    if config is not None:
        r.commit({".agents-md.toml": config})
    assert main(args) == 1
    assert victim.read_text() == "keep me\n"
    assert f"'--output={victim}': not a commit of this repository" in capsys.readouterr().err
