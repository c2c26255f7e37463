"""Rules 1 and 2 on real histories: ``doc-not-updated`` (the diff) and ``stale-doc`` (one pass over the log)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from conftest import GitRepo

from agents_md.diagnostics import Diagnostic as Finding
from agents_md.diagnostics import Severity
from agents_md.maintain.checks.checker import check

Repo = Callable[..., GitRepo]

TREE = {
    "AGENTS.md": "# Repo\n",
    "apps/web/AGENTS.md": "# Web\n",
    "apps/web/src/a.ts": "a\n",
    "apps/web/src/b.ts": "b\n",
    "apps/web/legacy/AGENTS.md": "# Legacy\n",
    "apps/web/legacy/old.ts": "old\n",
    "services/worker/queue.py": "q\n",
    "README.md": "readme\n",
}


def _branch(repo: Repo) -> GitRepo:
    r = repo(TREE)
    r.git("checkout", "-q", "-b", "feature")
    return r


def test_doc_not_updated_names_each_changed_file_and_its_nearest_doc(repo: Repo) -> None:
    r = _branch(repo)
    r.commit({"apps/web/src/a.ts": "a2\n", "services/worker/queue.py": "q2\n", "apps/web/legacy/old.ts": "o2\n"})
    found = r.findings("doc-not-updated")
    assert [(f.file, f.message, f.severity) for f in found] == [
        ("AGENTS.md", "services/worker/queue.py changed but AGENTS.md was not updated", Severity.WARNING),
        ("apps/web/AGENTS.md", "apps/web/src/a.ts changed but apps/web/AGENTS.md was not updated", Severity.WARNING),
        (
            "apps/web/legacy/AGENTS.md",
            "apps/web/legacy/old.ts changed but apps/web/legacy/AGENTS.md was not updated",
            Severity.WARNING,
        ),
    ]
    assert found[0].fix == "check whether AGENTS.md still says what is true after the change (main...HEAD)"


def test_doc_not_updated_is_quiet_when_the_doc_changed_in_the_same_diff(repo: Repo) -> None:
    r = _branch(repo)
    r.commit({"apps/web/src/a.ts": "a2\n", "apps/web/AGENTS.md": "# Web\n\nnew\n"})
    assert r.findings("doc-not-updated") == []


def test_doc_not_updated_counts_a_claude_md_beside_the_doc_as_updating_it(repo: Repo) -> None:
    r = _branch(repo)
    r.commit({"apps/web/src/a.ts": "a2\n", "apps/web/CLAUDE.md": "@AGENTS.md\n"})
    assert r.findings("doc-not-updated") == []


def test_doc_not_updated_skips_docs_themselves_and_files_with_no_doc_above(repo: Repo) -> None:
    r = repo({"lib/AGENTS.md": "# Lib\n", "lib/x.py": "x\n", "top.py": "t\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"top.py": "t2\n", "lib/AGENTS.md": "# Lib 2\n"})
    assert r.findings("doc-not-updated") == []


def test_doc_not_updated_compares_with_the_given_base(repo: Repo) -> None:
    r = repo(TREE)
    r.commit({"apps/web/src/b.ts": "b2\n"}, date="2024-02-01T00:00:00Z")
    found = r.findings("doc-not-updated", base="HEAD~1")
    assert [f.message for f in found] == ["apps/web/src/b.ts changed but apps/web/AGENTS.md was not updated"]
    assert "HEAD~1...HEAD" in found[0].fix


def test_doc_not_updated_on_the_default_branch_itself_reports_nothing(repo: Repo) -> None:
    r = repo(TREE)
    r.commit({"apps/web/src/b.ts": "b2\n"})
    result = r.check()
    assert [f for f in result.findings if f.rule == "doc-not-updated"] == []
    assert result.notes == ()


def test_doc_not_updated_prefers_origin_head(repo: Repo) -> None:
    r = _branch(repo)
    r.git("update-ref", "refs/remotes/origin/trunk", "main")
    r.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk")
    r.git("branch", "-q", "-D", "main")
    r.commit({"apps/web/src/a.ts": "a2\n"})
    found = r.findings("doc-not-updated")
    assert [f.message for f in found] == ["apps/web/src/a.ts changed but apps/web/AGENTS.md was not updated"]
    assert "origin/trunk...HEAD" in found[0].fix


def test_doc_not_updated_without_a_default_branch_says_so(repo: Repo) -> None:
    r = repo(TREE)
    r.git("branch", "-q", "-m", "main", "work")
    result = r.check()
    assert [f.rule for f in result.findings if f.rule == "doc-not-updated"] == []
    assert result.notes == (
        "doc-not-updated: no default branch (origin/HEAD, origin/main, origin/master, main, master) "
        "to compare with; pass --base REF or --staged",
    )


def test_doc_not_updated_staged_reads_the_index(repo: Repo) -> None:
    r = repo(TREE)
    r.write({"apps/web/src/a.ts": "staged\n", "services/worker/queue.py": "not staged\n"})
    r.git("add", "apps/web/src/a.ts")
    found = r.findings("doc-not-updated", staged=True)
    assert [f.message for f in found] == ["apps/web/src/a.ts changed but apps/web/AGENTS.md was not updated"]
    assert "the staged changes" in found[0].fix


def test_doc_not_updated_counts_deleted_and_renamed_files(repo: Repo) -> None:
    r = _branch(repo)
    r.git("mv", "apps/web/src/b.ts", "services/worker/b.ts")
    r.commit()
    found = r.findings("doc-not-updated")
    assert sorted(f.message for f in found) == [
        "apps/web/src/b.ts changed but apps/web/AGENTS.md was not updated",
        "services/worker/b.ts changed but AGENTS.md was not updated",
    ]


# ---------------------------------------------------------------------------------------------- stale-doc


def _stale(found: list[Finding]) -> list[tuple[str, str]]:
    return [(f.file, f.message) for f in found]


def test_stale_doc_reports_the_lag_in_days_and_the_last_code_change(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    r.commit({"apps/web/src/a.ts": "a2\n"}, date="2024-06-01T12:00:00Z")
    assert _stale(r.findings("stale-doc")) == [
        (
            "apps/web/AGENTS.md",
            "last changed 2024-01-01, 152 days before the code it governs in apps/web "
            "(last: apps/web/src/a.ts, 2024-06-01; threshold 90 days)",
        )
    ]


def test_stale_doc_region_leaves_out_subdirectories_with_their_own_doc(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    r.commit({"apps/web/legacy/old.ts": "o2\n"}, date="2024-09-01T12:00:00Z")
    found = r.findings("stale-doc")
    assert [f.file for f in found] == ["apps/web/legacy/AGENTS.md"]


def test_stale_doc_does_not_count_instruction_files_as_code(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    r.commit({"apps/web/CLAUDE.md": "@AGENTS.md\n", "apps/web/.claude/rules/x.md": "x\n"}, date="2024-09-01T12:00:00Z")
    assert r.findings("stale-doc") == []


def test_stale_doc_root_governs_what_no_nested_doc_claims(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    r.commit({"services/worker/queue.py": "q2\n"}, date="2024-05-01T12:00:00Z")
    assert [f.file for f in r.findings("stale-doc")] == ["AGENTS.md"]


def test_stale_doc_within_the_threshold_is_quiet(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    r.commit({"apps/web/src/a.ts": "a2\n"}, date="2024-03-31T12:00:00Z")
    assert r.findings("stale-doc") == []


def test_stale_doc_threshold_is_configurable(repo: Repo) -> None:
    r = repo({**TREE, ".agents-md.toml": "stale-days = 10\n"}, date="2024-01-01T12:00:00Z")
    r.commit({"apps/web/src/a.ts": "a2\n"}, date="2024-01-20T12:00:00Z")
    assert [f.file for f in r.findings("stale-doc")] == ["apps/web/AGENTS.md"]
    assert "threshold 10 days" in r.findings("stale-doc")[0].message


def test_stale_doc_a_doc_updated_after_its_code_is_fresh(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    r.commit({"apps/web/src/a.ts": "a2\n"}, date="2024-06-01T12:00:00Z")
    r.commit({"apps/web/AGENTS.md": "# Web\n\nupdated\n"}, date="2024-06-02T12:00:00Z")
    assert r.findings("stale-doc") == []


def test_history_is_read_in_one_pass(repo: Repo) -> None:
    r = repo(TREE)
    for day in range(1, 6):
        r.commit({"apps/web/src/a.ts": f"{day}\n"}, date=f"2024-02-0{day}T00:00:00Z")
    result = r.check()
    logs = [c for c in result.git_commands if c[1] == "log"]
    assert len(logs) == 1
    assert "--name-only" in logs[0]


def test_an_empty_repository_has_no_history_and_no_error(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# x\n"}, commit=False)
    r.git("add", "-A")
    result = r.check()
    assert [f for f in result.findings if f.rule in ("stale-doc", "doc-not-updated")] == []


def test_a_shallow_clone_says_its_history_is_cut(repo: Repo, tmp_path: Path, git_env: dict[str, str]) -> None:
    r = repo(TREE)
    r.commit({"apps/web/src/a.ts": "a2\n"}, date="2024-06-01T12:00:00Z")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{r.path}", str(clone)], env=git_env, check=True)
    result = check(str(clone))
    assert "a shallow clone: stale-doc sees only the fetched history (fetch it whole: fetch-depth: 0)" in result.notes
