"""Real git repositories in ``tmp_path``: files from the one tree builder, commits at set dates.

Every git command gets ``-c user.name=x -c user.email=x@y``, ``HOME`` is a folder under
``tmp_path`` and the system config is off, so neither the machine nor the real home leaks in.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from trees import build_tree

from agents_md.diagnostics import Diagnostic as Finding
from agents_md.maintain.checks.checker import CheckResult, check

IDENTITY = ["-c", "user.name=x", "-c", "user.email=x@y", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"]


class GitRepo:
    def __init__(self, path: Path, env: dict[str, str]) -> None:
        self.path = path
        self.env = env

    def git(self, *args: str, date: str | None = None) -> str:
        env = dict(self.env)
        if date is not None:
            env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
        done = subprocess.run(
            ["git", *IDENTITY, *args], cwd=self.path, env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def write(self, spec: dict[str, Any]) -> None:
        build_tree(self.path, spec)

    def remove(self, *rels: str) -> None:
        for rel in rels:
            os.unlink(self.path / rel)

    def commit(
        self, spec: dict[str, Any] | None = None, *, date: str = "2024-01-01T12:00:00Z", message: str = "c"
    ) -> None:
        if spec:
            self.write(spec)
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message, date=date)

    def check(self, *paths: str, **kwargs: Any) -> CheckResult:
        return check(str(self.path), paths=paths, **kwargs)

    def findings(self, rule: str | None = None, **kwargs: Any) -> list[Finding]:
        return [f for f in self.check(**kwargs).findings if rule is None or f.rule == rule]


@pytest.fixture
def git_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    home = tmp_path / "git-home"
    home.mkdir(exist_ok=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("GIT_DIR", raising=False)
    monkeypatch.delenv("GIT_INDEX_FILE", raising=False)
    env = dict(os.environ)
    return env


@pytest.fixture(scope="session")
def git_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One empty repository for the whole run; each test's repository starts as a copy of it."""
    path = tmp_path_factory.mktemp("git-template")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(path), "GIT_CONFIG_NOSYSTEM": "1"}
    done = subprocess.run(["git", *IDENTITY, "init", "-q", str(path)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return path / ".git"


@pytest.fixture
def repo(tmp_path: Path, git_env: dict[str, str], git_template: Path) -> Iterator[Callable[..., GitRepo]]:
    """``repo({"AGENTS.md": "..."})``: a repository with one commit of those files (``commit=False``: none)."""

    def make(spec: dict[str, Any] | None = None, *, commit: bool = True, date: str = "2024-01-01T12:00:00Z") -> GitRepo:
        path = tmp_path / "repo"
        path.mkdir()
        shutil.copytree(git_template, path / ".git", symlinks=True)
        r = GitRepo(path, git_env)
        if spec is not None:
            r.write(spec)
        if commit:
            r.commit(date=date, message="init")
        return r

    yield make
