"""The pre-commit hooks of this repository, run by real ``pre-commit`` against a temporary repository.

The hook repository is a commit of this checkout's files (what a user's ``rev:`` would name);
pre-commit installs it into its own environment once per run of the suite, from the package
registry, as it does for a user.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
GIT = [
    "git",
    "-c",
    "user.name=x",
    "-c",
    "user.email=x@y",
    "-c",
    "commit.gpgsign=false",
    "-c",
    "init.defaultBranch=main",
]


def _git(cwd: Path, *args: str, env: dict[str, str]) -> str:
    done = subprocess.run([*GIT, *args], cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    home = tmp_path_factory.mktemp("pre-commit-home")
    out = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    out.update(HOME=str(home), GIT_CONFIG_NOSYSTEM="1", PRE_COMMIT_HOME=str(home / "cache"))
    return out


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> tuple[Path, str]:
    """This checkout's files (tracked and new, as git sees them), committed in a repository of their own."""
    path = tmp_path_factory.mktemp("hook-repo")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=PROJECT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for raw in listed:
        rel = os.fsdecode(raw)
        source = PROJECT / rel
        if not rel or not source.is_file() or rel.startswith("tests/conformance/results/"):
            continue
        (path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, path / rel, follow_symlinks=False)
    _git(path, "init", "-q", env=env)
    _git(path, "add", "-A", env=env)
    _git(path, "commit", "-q", "-m", "hooks", env=env)
    return path, _git(path, "rev-parse", "HEAD", env=env)


@pytest.fixture
def project(tmp_path: Path, hook_repo: tuple[Path, str], env: dict[str, str]) -> Path:
    """A repository using the hook, with an old finding committed (a missing path in pkg/AGENTS.md, line 2)."""
    repo, rev = hook_repo
    path = tmp_path / "project"
    (path / "pkg").mkdir(parents=True)
    (path / "src").mkdir()
    (path / "AGENTS.md").write_text("# Root\n")
    (path / "pkg/AGENTS.md").write_text("# Pkg\nRun `src/old-gone.py`.\n")
    (path / "src/app.py").write_text("x\n")
    (path / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {repo}\n    rev: {rev}\n    hooks:\n      - id: agents-md-check\n"
    )
    _git(path, "init", "-q", env=env)
    _git(path, "add", "-A", env=env)
    _git(path, "commit", "-q", "-m", "init", env=env)
    return path


def _pre_commit(path: Path, env: dict[str, str], *args: str) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", *args],
        cwd=path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def test_a_passing_commit_shows_the_warning_it_introduces_and_not_the_old_one(
    project: Path, env: dict[str, str]
) -> None:
    (project / "pkg/AGENTS.md").write_text("# Pkg\nRun `src/old-gone.py`.\nAnd `src/new-gone.py`.\n")
    _git(project, "add", "-A", env=env)
    code, out = _pre_commit(project, env)
    assert code == 0, out
    assert "agents-md check" in out and "Passed" in out
    assert "pkg/AGENTS.md" in out and "`src/new-gone.py` does not exist" in out
    assert "old-gone" not in out


def test_all_files_checks_the_whole_repository(project: Path, env: dict[str, str]) -> None:
    code, out = _pre_commit(project, env, "--all-files")
    assert code == 0, out
    assert "`src/old-gone.py` does not exist" in out


def test_an_error_the_change_introduces_fails_the_commit(project: Path, env: dict[str, str]) -> None:
    (project / "pkg/AGENTS.md").write_text("# Pkg\nRun `src/old-gone.py`.\n\n@gone.md\n")
    _git(project, "add", "-A", env=env)
    code, out = _pre_commit(project, env)
    assert code == 1, out
    assert "Failed" in out and "broken-import" in out
