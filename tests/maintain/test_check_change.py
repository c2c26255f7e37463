"""Judging a change: ``--staged``, ``--base`` and ``--pre-commit`` report what the change introduces
(findings on the lines and files it touches, paths it deleted, ``doc-not-updated``); ``--all``
reports everything."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from conftest import GitRepo

from agents_md.cli.main import main
from agents_md.maintain.checks.scope import touched_lines

Repo = Callable[..., GitRepo]

OLD = "# Pkg\nRun `src/old-gone.py`.\n\nSee `src/app.py`.\n"


def _found(r: GitRepo, **kwargs: object) -> list[tuple[str, str, int | None]]:
    return [(f.rule, f.file, f.line) for f in r.check(**kwargs).findings]


@pytest.fixture
def feature(repo: Repo) -> GitRepo:
    """An old finding on main (line 2); a branch adds a line with a new one (line 5)."""
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": OLD, "src/app.py": "x\n", "src/kept.py": "k\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"pkg/AGENTS.md": OLD + "And `src/new-gone.py`.\n"})
    return r


def test_the_whole_repository_has_both(feature: GitRepo) -> None:
    assert [f for f in _found(feature) if f[0] == "missing-path"] == [
        ("missing-path", "pkg/AGENTS.md", 2),
        ("missing-path", "pkg/AGENTS.md", 5),
    ]


def test_base_reports_only_the_line_the_change_added(feature: GitRepo) -> None:
    result = feature.check(base="main", change=True)
    assert [(f.rule, f.line) for f in result.findings if f.rule == "missing-path"] == [("missing-path", 5)]
    assert "1 finding on lines main...HEAD did not touch is not shown (--all shows every finding)" in result.notes


def test_a_file_the_change_added_is_reported_whole(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "src/app.py": "x\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"lib/AGENTS.md": "# Lib\nRun `src/a-gone.py`.\n"})
    assert ("missing-path", "lib/AGENTS.md", 2) in _found(r, base="main", change=True)


def test_a_deletion_brings_in_the_finding_it_made_on_an_untouched_line(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": "# Pkg\nRun `src/tool.py`.\n", "src/tool.py": "t\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.remove("src/tool.py")
    r.commit({"src/other.py": "o\n"})
    found = _found(r, base="main", change=True)
    assert ("missing-path", "pkg/AGENTS.md", 2) in found


def test_doc_not_updated_is_always_the_changes(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "a/AGENTS.md": "# A\n", "a/x.py": "x\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"a/x.py": "x2\n"})
    assert ("doc-not-updated", "a/AGENTS.md", None) in _found(r, base="main", change=True)


def test_staged_reports_what_the_staged_change_introduces(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": OLD, "src/app.py": "x\n"})
    r.write({"pkg/AGENTS.md": "# Pkg\nRun `src/old-gone.py`.\nAnd `src/staged-gone.py`.\n\nSee `src/app.py`.\n"})
    r.git("add", "-A")
    found = [f for f in _found(r, staged=True, change=True) if f[0] == "missing-path"]
    assert found == [("missing-path", "pkg/AGENTS.md", 3)]


def test_files_named_besides_count_as_touched_whole(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": OLD, "src/app.py": "x\n"})
    assert _found(r, staged=True, change=True) == []
    found = _found(r, staged=True, change=True, named=["pkg/AGENTS.md"])
    assert ("missing-path", "pkg/AGENTS.md", 2) in found


def test_touched_lines_reads_the_new_side_of_a_zero_context_diff() -> None:
    diff = (
        "diff --git a/d.md b/d.md\n--- a/d.md\n+++ b/d.md\n@@ -2 +2,2 @@\n-x\n+y\n+z\n"
        "@@ -9,3 +10,0 @@\n-a\n-b\n-c\n"
        "diff --git a/gone.md b/gone.md\n--- a/gone.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-q\n"
    )
    assert touched_lines(diff) == {"d.md": {2, 3, 10}}


def _cli(r: GitRepo, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[tuple[str, int | None]]]:
    code = main(["check", "--dir", str(r.path), "--format", "json", "--strict", *args])
    data = json.loads(capsys.readouterr().out)
    return code, [(d["rule"], d["line"]) for d in data["findings"] if d["rule"] == "missing-path"]


def test_the_cli_base_judges_the_change_and_all_reports_everything(
    feature: GitRepo, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli(feature, capsys, "--base", "main") == (1, [("missing-path", 5)])
    assert _cli(feature, capsys, "--base", "main", "--all") == (1, [("missing-path", 2), ("missing-path", 5)])
    assert _cli(feature, capsys) == (1, [("missing-path", 2), ("missing-path", 5)])


def test_pre_commit_with_every_tracked_file_checks_the_whole_repository(
    repo: Repo, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": OLD, "src/app.py": "x\n"})
    monkeypatch.chdir(r.path)
    monkeypatch.delenv("PRE_COMMIT_FROM_REF", raising=False)
    tracked = r.git("ls-files").split()
    assert _cli(r, capsys, "--pre-commit") == (0, [])
    assert _cli(r, capsys, "--pre-commit", "src/app.py") == (0, [])
    assert _cli(r, capsys, "--pre-commit", *tracked) == (1, [("missing-path", 2)])
    # What pre-commit hands the hook under --all-files: every instruction file, however many files there are.
    assert _cli(r, capsys, "--pre-commit", "AGENTS.md", "pkg/AGENTS.md") == (1, [("missing-path", 2)])
    assert _cli(r, capsys, "--pre-commit", "AGENTS.md") == (0, [])


def test_pre_commit_from_ref_judges_that_range(
    feature: GitRepo, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(feature.path)
    monkeypatch.setenv("PRE_COMMIT_FROM_REF", "main")
    assert _cli(feature, capsys, "--pre-commit") == (1, [("missing-path", 5)])


def test_pre_commit_to_ref_ends_the_range_a_push_names(
    feature: GitRepo, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feature.commit({"pkg/AGENTS.md": OLD + "And `src/new-gone.py`.\nThen `src/later-gone.py`.\n"})
    monkeypatch.chdir(feature.path)
    monkeypatch.setenv("PRE_COMMIT_FROM_REF", "main")
    monkeypatch.setenv("PRE_COMMIT_TO_REF", feature.git("rev-parse", "HEAD").strip())
    assert _cli(feature, capsys, "--pre-commit") == (1, [("missing-path", 5), ("missing-path", 6)])
    # pushing the commit before: its lines alone, and a note that the checkout is not that commit
    monkeypatch.setenv("PRE_COMMIT_TO_REF", "HEAD~1")
    code = main(["check", "--dir", str(feature.path), "--format", "json", "--pre-commit"])
    data = json.loads(capsys.readouterr().out)
    assert [(d["rule"], d["line"]) for d in data["findings"] if d["rule"] == "missing-path"] == [("missing-path", 5)]
    assert code == 0  # a warning does not fail without --strict
    assert any("main...HEAD~1, but HEAD~1 is not what is checked out" in n for n in data["notes"])
    monkeypatch.setenv("PRE_COMMIT_TO_REF", "--output=/tmp/x")
    assert main(["check", "--dir", str(feature.path), "--pre-commit"]) == 1
    assert "PRE_COMMIT_TO_REF '--output=/tmp/x': not a commit of this repository" in capsys.readouterr().err


@pytest.mark.parametrize("folder", ["déjà", "sp ace"])
def test_a_doc_in_a_folder_with_an_odd_name_has_its_touched_lines(repo: Repo, folder: str) -> None:
    r = repo({"AGENTS.md": "# Root\n", f"{folder}/AGENTS.md": "# Pkg\n", "src/app.py": "x\n"})
    r.write({f"{folder}/AGENTS.md": "# Pkg\nRun `src/gone.py`.\n"})
    r.git("add", "-A")
    assert ("missing-path", f"{folder}/AGENTS.md", 2) in _found(r, staged=True, change=True)


def test_the_count_of_older_findings_is_of_the_paths_asked_about(feature: GitRepo) -> None:
    feature.write({"other/AGENTS.md": "# Other\nRun `src/other-gone.py`.\n"})
    feature.git("add", "-A")
    feature.git("commit", "-q", "-m", "other")
    feature.git("checkout", "-q", "-b", "next")
    feature.commit({"pkg/AGENTS.md": OLD + "And `src/new-gone.py`.\nNow `src/third-gone.py`.\n"})
    older = "findings on lines feature...HEAD did not touch are not shown (--all shows every finding)"
    assert f"2 {older}" in feature.check("pkg", base="feature", change=True).notes
    assert f"3 {older}" in feature.check(base="feature", change=True).notes


def test_an_added_line_that_looks_like_a_diff_header_names_no_file() -> None:
    diff = "diff --git a/d.md b/d.md\n--- a/d.md\n+++ b/d.md\n@@ -1,0 +2,2 @@\n+++ b/other.md\n+@@ -1 +9 @@\n"
    assert touched_lines(diff) == {"d.md": {2, 3}}


def test_judging_a_change_reads_its_manifests_and_docs_lines_in_one_diff(repo: Repo) -> None:
    manifest = '{\n  "name": "root",\n  "version": "1.0.0"\n}\n'
    doc = "# Web\n\nRun `src/app.ts`.\n"
    r = repo({"AGENTS.md": "# Root\n", "package.json": manifest, "web/AGENTS.md": doc, "web/src/app.ts": "a\n"})
    r.git("checkout", "-q", "-b", "feature")
    # A version bump (no doc to update), and a doc whose added lines read like another file's header.
    added = '\nAnd `src/gone.ts`.\n++ b/package.json\n+  "scripts": {}\n'
    r.commit({"package.json": manifest.replace("1.0.0", "1.1.0"), "web/AGENTS.md": doc + added})
    result = r.check(base="main", change=True)
    diffs = [c for c in result.git_commands if "-U0" in c]
    assert len(diffs) == 1
    assert diffs[0][-3:] == ("--", "package.json", "web/AGENTS.md")
    assert [(f.rule, f.file, f.line) for f in result.findings] == [("missing-path", "web/AGENTS.md", 5)]
