"""Git's follow-up questions about a diff (the manifests' changed lines, the files git marks
generated) are asked in a thread as soon as the diff is written, while the rules run: the
answers, and a failure, are what asking them when the rule needs them gave."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from conftest import GitRepo

from agents_md._util.background import Background
from agents_md.maintain.checks import answers
from agents_md.maintain.checks.context import Changes
from agents_md.maintain.repo import git as gitmod
from agents_md.maintain.repo.git import GitError

Repo = Callable[..., GitRepo]


def test_a_background_computation_gives_its_result_or_raises_what_it_raised() -> None:
    release = threading.Event()
    waiting = Background(lambda: release.wait(5) and "done", name="t")
    release.set()
    assert waiting.result() == "done"

    def failing() -> str:
        raise GitError("git said no")

    failed = Background(failing, name="t")
    failed.wait()  # ends without raising
    with pytest.raises(GitError, match="git said no"):
        failed.result()


def _change(repo: Repo) -> GitRepo:
    """A feature branch with a version bump, a change to a file git marks generated, and code its doc did not follow."""
    manifest = '{\n  "name": "web",\n  "version": "1.0.0"\n}\n'
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            ".gitattributes": "web/src/out.ts linguist-generated=true\n",
            "web/AGENTS.md": "# Web\n\nThe app is `src/app.ts`.\n",
            "web/package.json": manifest,
            "web/src/app.ts": "a\n",
            "web/src/out.ts": "o\n",
        }
    )
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"web/package.json": manifest.replace("1.0.0", "1.1.0"), "web/src/out.ts": "o2\n"}, message="bump")
    r.commit({"web/src/app.ts": "b\n"}, message="app")
    return r


def test_the_follow_up_questions_are_asked_in_the_thread_and_settle_the_same_files(
    repo: Repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = _change(repo)
    asked: dict[str, str] = {}
    run = gitmod.Git.run

    def recording(self: gitmod.Git, *args: str, **kwargs: Any) -> bytes:
        for question in ("-U0", "check-attr"):
            if question in args:
                asked[question] = threading.current_thread().name
        return run(self, *args, **kwargs)

    monkeypatch.setattr(gitmod.Git, "run", recording)
    settled: list[frozenset[str]] = []
    read = answers.read_changes

    def reading(*args: Any) -> Changes | None:
        changes = read(*args)
        assert changes is not None
        settled.append(changes.settled)
        return changes

    monkeypatch.setattr("agents_md.maintain.checks.checker.read_changes", reading)
    found = [(f.rule, f.file) for f in r.findings(base="main")]
    assert asked == {"-U0": "git-diff", "check-attr": "git-diff"}
    assert settled == [frozenset({"web/package.json", "web/src/out.ts"})]
    assert found == [("doc-not-updated", "web/AGENTS.md")]
    assert not [t for t in threading.enumerate() if t.name == "git-diff"]


def test_a_diff_git_cannot_make_fails_the_check_as_before(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    r = _change(repo)
    diff = gitmod.Git.start_diff

    def broken(self: gitmod.Git, *args: Any, **kwargs: Any) -> gitmod.Pending:
        return self.start("diff", "--no-such-option")

    monkeypatch.setattr(gitmod.Git, "start_diff", broken)
    with pytest.raises(GitError, match=r"^git diff \(main\.\.\.HEAD\): "):
        r.check(base="main")
    monkeypatch.setattr(gitmod.Git, "start_diff", diff)
    assert not [t for t in threading.enumerate() if t.name in ("git-diff", "git-output") and t.is_alive()]


def test_a_check_that_fails_early_leaves_no_thread_behind(repo: Repo) -> None:
    r = _change(repo)
    with pytest.raises(GitError):
        r.check(base="no-such-branch")
    assert not [t for t in threading.enumerate() if t.name in ("git-diff", "git-output") and t.is_alive()]
