"""Rules 1 and 2 on real histories: ``doc-not-updated`` (the diff) and ``stale-doc`` (one pass over the log)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md.diagnostics import Diagnostic as Finding
from agents_md.diagnostics import Severity
from agents_md.maintain.checks import answers
from agents_md.maintain.checks.checker import check
from agents_md.maintain.repo import code
from agents_md.maintain.repo.git import SAFE_CONFIG

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


def _messages(found: list[Finding]) -> list[tuple[str, str]]:
    return [(f.file, f.message) for f in found]


def test_doc_not_updated_says_once_per_doc_what_changed_under_it(repo: Repo) -> None:
    r = _branch(repo)
    r.commit({"apps/web/src/a.ts": "a2\n", "services/worker/queue.py": "q2\n", "apps/web/legacy/old.ts": "o2\n"})
    found = r.findings("doc-not-updated")
    assert [(f.file, f.message, f.severity) for f in found] == [
        (
            "AGENTS.md",
            "1 file changed in the root (services/worker/queue.py) but AGENTS.md was not updated",
            Severity.WARNING,
        ),
        (
            "apps/web/AGENTS.md",
            "1 file changed in apps/web (apps/web/src/a.ts) but apps/web/AGENTS.md was not updated",
            Severity.WARNING,
        ),
        (
            "apps/web/legacy/AGENTS.md",
            "1 file changed in apps/web/legacy (apps/web/legacy/old.ts) but apps/web/legacy/AGENTS.md was not updated",
            Severity.WARNING,
        ),
    ]
    assert found[0].fix == "read AGENTS.md against the change (main...HEAD): update what it says that no longer holds"


def test_doc_not_updated_lists_the_most_telling_files_first(repo: Repo) -> None:
    r = repo(
        {**TREE, "apps/web/AGENTS.md": "# Web\n\nThe client is `src/client.ts`.\n", "apps/web/src/client.ts": "c\n"}
    )
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "apps/web/src/a.ts": "a2\n" * 50,
            "apps/web/src/b.ts": "b2\n",
            "apps/web/src/new.ts": "n\n",
            "apps/web/src/client.ts": "c2\n",
            "apps/web/tests/a.test.ts": "t\n" * 90,
        }
    )
    assert _messages(r.findings("doc-not-updated")) == [
        (
            "apps/web/AGENTS.md",
            "5 files changed in apps/web (apps/web/src/client.ts, apps/web/src/new.ts (added), apps/web/src/a.ts "
            "and 2 more) but apps/web/AGENTS.md was not updated; it names 1 of them",
        )
    ]


def test_doc_not_updated_is_quiet_when_the_doc_changed_in_the_same_diff(repo: Repo) -> None:
    r = _branch(repo)
    r.commit({"apps/web/src/a.ts": "a2\n", "apps/web/AGENTS.md": "# Web\n\nnew\n"})
    assert r.findings("doc-not-updated") == []


def test_doc_not_updated_counts_a_claude_md_beside_the_doc_as_updating_it(repo: Repo) -> None:
    r = _branch(repo)
    r.commit({"apps/web/src/a.ts": "a2\n", "apps/web/CLAUDE.md": "@AGENTS.md\n"})
    assert r.findings("doc-not-updated") == []


def test_doc_not_updated_counts_a_links_target_and_what_the_doc_imports_or_links_to(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": {"symlink": ".agents/AGENTS.md"},
            ".agents/AGENTS.md": "# Repo\n",
            "src/x.py": "x\n",
            "apps/web/AGENTS.md": "# Web\n\n@docs/web.md\n",
            "apps/web/docs/web.md": "web\n",
            "apps/web/src/a.ts": "a\n",
            "apps/api/AGENTS.md": "# Api\n\nSee [the guide](../../docs/api.md) for the rest of it.\n",
            "docs/api.md": "api\n",
            "apps/api/main.go": "package main\n",
        }
    )
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "src/x.py": "x2\n",
            ".agents/AGENTS.md": "# Repo 2\n",
            "apps/web/src/a.ts": "a2\n",
            "apps/web/docs/web.md": "web2\n",
            "apps/api/main.go": "package main\n\n",
            "docs/api.md": "api2\n",
        }
    )
    assert r.findings("doc-not-updated") == []


def test_doc_not_updated_skips_docs_themselves_and_files_with_no_doc_above(repo: Repo) -> None:
    r = repo({"lib/AGENTS.md": "# Lib\n", "lib/x.py": "x\n", "top.py": "t\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"top.py": "t2\n", "lib/AGENTS.md": "# Lib 2\n"})
    assert r.findings("doc-not-updated") == []


def test_a_folder_with_only_a_claude_md_governs_its_code(repo: Repo) -> None:
    r = repo({**TREE, "apps/webapp/CLAUDE.md": "# Webapp\n\nRules.\n", "apps/webapp/app.ts": "x\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"apps/webapp/app.ts": "x2\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == ["apps/webapp/CLAUDE.md"]


def _manifest(version: str, dependency: str) -> str:
    return f'{{\n  "name": "web",\n  "version": "{version}",\n  "dependencies": {{{dependency}}}\n}}\n'


def test_changes_no_doc_describes_are_not_counted(repo: Repo) -> None:
    files = {
        **TREE,
        "apps/web/package.json": _manifest("1.0.0", '"react": "^18.2.0"'),
        "apps/web/pnpm-lock.yaml": "lock: 1\n",
        "apps/web/Cargo.lock": "x\n",
        "apps/web/src/generated/api.ts": "g\n",
        "apps/web/src/api.gen.go": "g\n",
        "apps/web/src/schema_pb2.py": "g\n",
        "apps/web/src/out.ts": "o\n",
        ".gitattributes": "apps/web/src/out.ts linguist-generated=true\n",
        "apps/web/testdata/case.json": "{}\n",
        "apps/web/__snapshots__/a.snap": "s\n",
        "apps/web/README.md": "readme\n",
        "apps/web/CHANGELOG.md": "log\n",
        ".changeset/brave-cats.md": "change\n",
        "apps/web/public/logo.png": b"\x89PNG",
        "apps/web/vendor/lib.js": "v\n",
        "apps/web/.agents/skills/x/SKILL.md": "---\nname: x\n---\n",
        "apps/web/.agents/skills/x/run.sh": "echo\n",
    }
    r = repo(files)
    r.git("checkout", "-q", "-b", "feature")
    changed = {k: (v + b"2" if isinstance(v, bytes) else v + "2\n") for k, v in files.items() if k not in TREE}
    changed.pop(".gitattributes")
    changed["apps/web/package.json"] = _manifest("1.1.0", '"react": "^18.3.1"')
    r.commit(changed)
    assert r.findings("doc-not-updated") == []
    r.commit(
        {
            "apps/web/package.json": _manifest("1.1.0", '"vue": "^3.0.0"'),
        }
    )
    assert _messages(r.findings("doc-not-updated")) == [
        (
            "apps/web/AGENTS.md",
            "1 file changed in apps/web (apps/web/package.json) but apps/web/AGENTS.md was not updated",
        )
    ]


@pytest.mark.parametrize(
    "header",
    [
        "/*\n * Code generated by Speakeasy (https://speakeasy.com). DO NOT EDIT.\n */\n",
        "// Code generated by protoc-gen-go. DO NOT EDIT.\n",
        "# @generated by the schema exporter\n",
        "// This file was automatically generated from openapi.json\n",
    ],
    ids=["speakeasy", "go-convention", "at-generated", "automatically-generated"],
)
def test_a_file_whose_header_says_a_generator_wrote_it_is_not_counted(repo: Repo, header: str) -> None:
    # the generator's own .gitattributes may even say its files are not generated (for code search)
    files = {
        **TREE,
        "apps/web/sdk/funcs/create.ts": header + "export const a = 1\n",
        "apps/web/sdk/.gitattributes": "*.ts linguist-generated=false\n",
    }
    r = repo(files)
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"apps/web/sdk/funcs/create.ts": header + "export const a = 2\n"})
    assert r.findings("doc-not-updated") == []
    # a hand-written file beside it still counts
    r.commit({"apps/web/sdk/funcs/helpers.ts": "// helpers for the generated client\nexport const b = 1\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == ["apps/web/AGENTS.md"]


def test_headers_are_read_only_for_the_files_of_a_doc_the_change_left_alone(
    repo: Repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    header = "// Code generated by protoc-gen-go. DO NOT EDIT.\n"
    r = repo({**TREE, "apps/web/src/gen.ts": header + "a\n", "services/worker/gen.py": header + "q\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "apps/web/src/gen.ts": header + "b\n",  # generated, under a doc the change left alone
            "apps/web/src/a.ts": "a2\n",
            "services/worker/gen.py": header + "q2\n",  # under the root's doc, which the change updates
            "services/worker/queue.py": "q2\n",
            "AGENTS.md": "# Repo\n\nThe worker.\n",
            "README.md": "readme 2\n",  # prose: no code, its header never read
        }
    )
    asked: list[str] = []
    read = code.generated_by_header

    def recording(root: str, paths: Iterable[str]) -> frozenset[str]:
        paths = list(paths)
        asked.extend(paths)
        return read(root, paths)

    monkeypatch.setattr(answers, "generated_by_header", recording)
    found = r.findings("doc-not-updated")
    assert sorted(asked) == ["apps/web/src/a.ts", "apps/web/src/gen.ts"]
    assert _messages(found) == [
        (
            "apps/web/AGENTS.md",
            "1 file changed in apps/web (apps/web/src/a.ts) but apps/web/AGENTS.md was not updated",
        )
    ]


def test_ci_plumbing_is_the_code_of_a_doc_in_its_folder_or_of_one_naming_it(repo: Repo) -> None:
    files = {
        **TREE,
        "AGENTS.md": "# Repo\n\nCI runs `conformance-matrix.yml` for every engine.\n",
        ".github/workflows/build.yml": "on: push\n",
        ".github/workflows/conformance-matrix.yml": "on: push\n",
        ".github/dependabot.yml": "version: 2\n",
        "renovate.json": "{}\n",
        "tools/.github/AGENTS.md": "# CI of the tools\n",
        "tools/.github/workflows/tools.yml": "on: push\n",
    }
    r = repo(files)
    r.git("checkout", "-q", "-b", "feature")
    r.commit({p: files[p] + "# 2\n" for p in (".github/workflows/build.yml", ".github/dependabot.yml")})
    r.commit({"renovate.json": '{"extends": []}\n'})
    assert r.findings("doc-not-updated") == []  # a CI-only change asks nothing of the root doc
    r.commit({".github/workflows/conformance-matrix.yml": "on: pull_request\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]  # the doc names that one


def test_a_dependency_pin_or_an_override_is_no_change_a_doc_describes(repo: Repo) -> None:
    overrides = '  "pnpm": {{\n    "overrides": {{\n{}\n    }}\n  }},\n'
    before = overrides.format('      "tar@>=7.0.0 <7.5.21": ">=7.5.21 <8.0.0"')
    after = overrides.format('      "tar@<7.5.21": ">=7.5.21 <8.0.0",\n      "sharp@<0.35.0": ">=0.35.0 <0.36.0"')
    r = repo({**TREE, "apps/web/package.json": '{\n  "name": "web",\n' + before + '  "private": true\n}\n'})
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "apps/web/package.json": '{\n  "name": "web",\n' + after + '  "private": true\n}\n',
            "apps/web/patches/tar@7.5.22.patch": "--- a\n+++ b\n",
        }
    )
    assert r.findings("doc-not-updated") == []


_WORKSPACE = '[workspace]\nmembers = ["crates/*"]\n\n[workspace.dependencies]\nserde = "1.0"\n{}tar = "0.4"\n{}'
_CLI = '[package]\nname = "cli"\n\n[dependencies]\nserde = {{ workspace = true }}\n{}'


def test_a_dependency_added_to_a_cargo_workspaces_catalog_is_no_change_a_doc_describes(repo: Repo) -> None:
    # A Rust workspace: a pull request adds semver to the root's catalog and uses it in one crate.
    tree = {
        "AGENTS.md": "# Repo\n",
        "Cargo.toml": _WORKSPACE.format("", ""),
        "crates/cli/AGENTS.md": "# CLI\n",
        "crates/cli/Cargo.toml": _CLI.format(""),
    }
    r = repo(tree)
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "Cargo.toml": _WORKSPACE.format('semver = "1.0"\n', 'toml = { version = "0.8", features = ["parse"] }\n'),
            "crates/cli/Cargo.toml": _CLI.format("semver = { workspace = true }\n"),
        }
    )
    # the crate that asks for it is changed; the catalog's doc is not asked about
    assert [f.file for f in r.findings("doc-not-updated")] == ["crates/cli/AGENTS.md"]


@pytest.mark.parametrize(
    "after",
    [
        _WORKSPACE.format("", "").replace('members = ["crates/*"]', 'members = ["crates/*", "xtask"]'),
        _WORKSPACE.format("", '\n[profile.release]\nlto = "fat"\n'),
        _WORKSPACE.format("", "").replace('serde = "1.0"\n', ""),  # a dependency dropped
    ],
    ids=["members", "profile", "dropped"],
)
def test_a_cargo_workspace_change_outside_its_catalog_is_still_a_change(repo: Repo, after: str) -> None:
    r = repo({"AGENTS.md": "# Repo\n", "Cargo.toml": _WORKSPACE.format("", "")})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"Cargo.toml": after})
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]


def test_a_pointer_doc_is_not_judged(repo: Repo) -> None:
    r = repo(
        {
            **TREE,
            "pkg/AGENTS.md": "# Pkg\n\nSee [the README](README.md).\n",
            "pkg/README.md": "readme\n",
            "pkg/x.go": "package x\n",
            "cli/AGENTS.md": "# Cli\n\nDocument the commands in `doc.go` instead of here.\n\n- Go.\n- Lint.\n",
            "cli/doc.go": "package cli\n",
            "cli/main.go": "package cli\n",
        }
    )
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"pkg/x.go": "package x\n\n", "cli/main.go": "package cli\n\n"})
    assert r.findings("doc-not-updated") == []


def test_a_doc_can_declare_what_it_governs(repo: Repo) -> None:
    config = '[governs]\n"apps/web/AGENTS.md" = ["apps/web/src/**", "!apps/web/src/b.ts"]\n"AGENTS.md" = []\n'
    r = repo({**TREE, ".agents-md.toml": config})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"apps/web/src/b.ts": "b2\n", "services/worker/queue.py": "q2\n"})
    assert r.findings("doc-not-updated") == []
    r.commit({"apps/web/src/a.ts": "a2\n"})
    assert _messages(r.findings("doc-not-updated")) == [
        (
            "apps/web/AGENTS.md",
            "1 file changed in what it governs (apps/web/src/a.ts) but apps/web/AGENTS.md was not updated",
        )
    ]


def test_doc_not_updated_compares_with_the_given_base(repo: Repo) -> None:
    r = repo(TREE)
    r.commit({"apps/web/src/b.ts": "b2\n"}, date="2024-02-01T00:00:00Z")
    found = r.findings("doc-not-updated", base="HEAD~1")
    assert [f.file for f in found] == ["apps/web/AGENTS.md"]
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
    assert [f.file for f in found] == ["apps/web/AGENTS.md"]
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
    assert [f.file for f in found] == ["apps/web/AGENTS.md"]
    assert "the staged changes" in found[0].fix


def test_doc_not_updated_counts_deleted_and_renamed_files(repo: Repo) -> None:
    r = _branch(repo)
    r.git("mv", "apps/web/src/b.ts", "services/worker/b.ts")
    r.commit()
    assert _messages(r.findings("doc-not-updated")) == [
        ("AGENTS.md", "1 file changed in the root (services/worker/b.ts (added)) but AGENTS.md was not updated"),
        (
            "apps/web/AGENTS.md",
            "1 file changed in apps/web (apps/web/src/b.ts (deleted)) but apps/web/AGENTS.md was not updated",
        ),
    ]


# ---------------------------------------------------------------------------------------------- stale-doc


def _stale(found: list[Finding]) -> list[tuple[str, str]]:
    return [(f.file, f.message) for f in found]


def _code_commits(r: GitRepo, path: str, dates: list[str], message: str = "work") -> None:
    for n, date in enumerate(dates):
        r.commit({path: f"{n}\n"}, date=f"{date}T12:00:00Z", message=message)


def test_stale_doc_does_not_count_ci_plumbing(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, ".github/workflows/ci.yml", ["2024-02-01", "2024-04-01", "2024-08-01", "2024-12-01"])
    assert r.findings("stale-doc") == []


def test_stale_doc_reports_the_lag_the_commits_and_the_last_code_change(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-02-01", "2024-04-01", "2024-08-01"])
    assert _stale(r.findings("stale-doc")) == [
        (
            "apps/web/AGENTS.md",
            "last changed 2024-01-01; since then 3 commits changed the code in apps/web, the last 213 days later "
            "(apps/web/src/a.ts, 2024-08-01; threshold 90 days)",
        )
    ]


def test_stale_doc_needs_several_commits_since(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-07-01", "2024-08-01"])
    assert r.findings("stale-doc") == []
    r.commit({".agents-md.toml": "stale-commits = 2\n"}, date="2024-08-02T12:00:00Z")
    assert [f.file for f in r.findings("stale-doc")] == ["apps/web/AGENTS.md"]


def test_stale_doc_region_leaves_out_subdirectories_with_their_own_doc(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/legacy/old.ts", ["2024-07-01", "2024-08-01", "2024-09-01"])
    assert [f.file for f in r.findings("stale-doc")] == ["apps/web/legacy/AGENTS.md"]


def test_stale_doc_does_not_count_instruction_files_or_what_no_doc_describes(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    r.commit({"apps/web/CLAUDE.md": "@AGENTS.md\n", "apps/web/.claude/rules/x.md": "x\n"}, date="2024-09-01T12:00:00Z")
    _code_commits(r, "apps/web/pnpm-lock.yaml", ["2024-09-02", "2024-09-03", "2024-09-04"])
    _code_commits(r, "apps/web/README.md", ["2024-09-05", "2024-09-06", "2024-09-07"])
    _code_commits(r, "apps/web/testdata/x.json", ["2024-09-08", "2024-09-09", "2024-09-10"])
    assert r.findings("stale-doc") == []


def test_stale_doc_passes_over_releases_bumps_and_sweeps(repo: Repo) -> None:
    tree = {
        **TREE,
        **{f"pkg{n}/AGENTS.md": f"# {n}\n" for n in range(12)},
        **{f"pkg{n}/x.py": "x\n" for n in range(12)},
    }
    r = repo(tree, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-06-01"], message="chore(release): 1.4.0")
    _code_commits(r, "apps/web/src/a.ts", ["2024-06-02"], message="Bump react from 18.2.0 to 18.3.1")
    _code_commits(r, "apps/web/src/a.ts", ["2024-06-03"], message="v1.5.0")
    for date in ("2024-07-01", "2024-07-02", "2024-07-03"):
        r.commit(
            {f"pkg{n}/x.py": f"{date}\n" for n in range(12)}, date=f"{date}T12:00:00Z", message="format everything"
        )
    assert r.findings("stale-doc") == []


def test_stale_doc_reads_a_links_history_as_its_targets(repo: Repo) -> None:
    tree = {"AGENTS.md": {"symlink": ".agents/AGENTS.md"}, ".agents/AGENTS.md": "# Repo\n", "src/x.py": "x\n"}
    r = repo(tree, date="2024-01-01T12:00:00Z")
    _code_commits(r, "src/x.py", ["2024-03-01", "2024-04-01", "2024-05-01"])
    r.commit({".agents/AGENTS.md": "# Repo, updated\n"}, date="2024-05-02T12:00:00Z")
    _code_commits(r, "src/x.py", ["2024-09-01"])
    assert r.findings("stale-doc") == []


def test_stale_doc_root_governs_what_no_nested_doc_claims(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "services/worker/queue.py", ["2024-03-01", "2024-04-01", "2024-08-01"])
    assert [f.file for f in r.findings("stale-doc")] == ["AGENTS.md"]


def test_stale_doc_within_the_threshold_is_quiet(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-02-01", "2024-03-01", "2024-03-31"])
    assert r.findings("stale-doc") == []


def test_stale_doc_threshold_is_configurable(repo: Repo) -> None:
    r = repo({**TREE, ".agents-md.toml": "stale-days = 10\n"}, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-01-05", "2024-01-10", "2024-01-25"])
    found = r.findings("stale-doc")
    assert [f.file for f in found] == ["apps/web/AGENTS.md"]
    assert "threshold 10 days" in found[0].message


def test_stale_doc_a_doc_updated_after_its_code_is_fresh(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-04-01", "2024-05-01", "2024-06-01"])
    r.commit({"apps/web/AGENTS.md": "# Web\n\nupdated\n"}, date="2024-06-02T12:00:00Z")
    assert r.findings("stale-doc") == []


def test_history_is_read_in_one_pass(repo: Repo) -> None:
    r = repo(TREE)
    for day in range(1, 6):
        r.commit({"apps/web/src/a.ts": f"{day}\n"}, date=f"2024-02-0{day}T00:00:00Z")
    result = r.check()
    logs = [c for c in result.git_commands if c[len(SAFE_CONFIG) + 1] == "log" and not any(".." in a for a in c)]
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


def test_stale_doc_is_information_unless_files_it_names_changed_since(repo: Repo) -> None:
    r = repo({**TREE, "apps/web/AGENTS.md": "# Web\n\nThe entry is `src/b.ts`.\n"}, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-04-01", "2024-05-01", "2024-08-01"])
    assert [(f.file, f.severity) for f in r.findings("stale-doc")] == [("apps/web/AGENTS.md", Severity.INFO)]
    r.commit({"apps/web/src/b.ts": "b2\n"}, date="2024-08-05T12:00:00Z")
    found = r.findings("stale-doc")
    assert [(f.file, f.severity) for f in found] == [("apps/web/AGENTS.md", Severity.WARNING)]
    assert found[0].message.endswith("; files it names changed since: apps/web/src/b.ts")


def test_doc_not_updated_passes_over_releases_and_sweeps_in_the_range(repo: Repo) -> None:
    tree = {
        **TREE,
        **{f"pkg{n}/AGENTS.md": f"# {n}\n" for n in range(12)},
        **{f"pkg{n}/x.py": "x\n" for n in range(12)},
    }
    r = repo(tree)
    r.git("checkout", "-q", "-b", "feature")
    r.commit({f"pkg{n}/_usage.py": "u\n" for n in range(12)}, message="Add feature usage to every package")
    r.commit({"apps/web/src/a.ts": "a2\n"}, message="chore(release): 2.0.0")
    assert r.findings("doc-not-updated") == []
    r.commit({"pkg3/x.py": "x2\n"}, message="Fix pkg3")
    assert [f.file for f in r.findings("doc-not-updated")] == ["pkg3/AGENTS.md"]


def test_doc_not_updated_passes_over_a_commit_that_skips_ci(repo: Repo) -> None:
    # mirascope: a workflow commits ``website/app/lib/github-stats.json`` as "chore: update GitHub
    # repository stats [skip ci]": data a bot keeps, not a change the doc over it describes.
    r = repo({**TREE, "apps/web/src/stats.json": '{"stars": 1}\n'})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"apps/web/src/stats.json": '{"stars": 2}\n'}, message="chore: update GitHub repository stats [skip ci]")
    assert r.findings("doc-not-updated") == []
    r.commit({"apps/web/src/a.ts": "a2\n"}, message="Fix the web app")
    assert [f.file for f in r.findings("doc-not-updated")] == ["apps/web/AGENTS.md"]


def test_doc_not_updated_passes_over_a_commit_that_only_formats_or_quiets_a_linter(repo: Repo) -> None:
    # A lint clean-up on a few docs' code ("Clean up existing Biome lint warnings (#608)" changed
    # one example's styles.css): too small for a sweep, and it changes nothing a doc says.
    r = repo({**TREE, "apps/web/src/styles.css": "a { color: red }\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {"apps/web/src/styles.css": "a {\n  color: red;\n}\n"}, message="Clean up existing Biome lint warnings (#608)"
    )
    r.commit({"apps/web/src/a.ts": "a2\n"}, message="style: auto-fix formatting")
    assert r.findings("doc-not-updated") == []
    # a formatter's own feature is a change of its code, not a tidy
    r.commit({"apps/web/src/a.ts": "a3\n"}, message="fix(formatter): fix template literal formatting (#24786)")
    assert [f.file for f in r.findings("doc-not-updated")] == ["apps/web/AGENTS.md"]


def test_doc_not_updated_passes_over_a_commit_that_drops_unused_lint_suppressions(repo: Repo) -> None:
    # pulumi's "disallow unused lint rules (#24418)": `//nolint:x` comments dropped in 180 files
    r = repo({**TREE, "apps/web/src/a.ts": "a() // eslint-disable-line no-console\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {"apps/web/src/a.ts": "a()\n", "services/worker/queue.py": "q\n"}, message="disallow unused lint rules (#7)"
    )
    assert r.findings("doc-not-updated") == []
    r.commit({"apps/web/src/a.ts": "a(1)\n"}, message="Remove unused code")  # what else is unused: a change
    assert [f.file for f in r.findings("doc-not-updated")] == ["apps/web/AGENTS.md"]


def test_doc_not_updated_passes_over_an_upgrade_from_one_version_to_another(repo: Repo) -> None:
    # evlog's bot: "chore(evi): upgrade eve from 0.39.0 to 0.40.0 (#626)", a dependency's patch renamed
    r = _branch(repo)
    r.commit({"apps/web/src/a.ts": "a2\n"}, message="chore(web): upgrade eve from 0.39.0 to 0.40.0 (#626)")
    assert r.findings("doc-not-updated") == []
    r.commit({"apps/web/src/b.ts": "b2\n"}, message="Upgrade the parser from regexes to a grammar")
    assert [f.message for f in r.findings("doc-not-updated")] == [
        "1 file changed in apps/web (apps/web/src/b.ts) but apps/web/AGENTS.md was not updated"
    ]


def test_doc_not_updated_passes_over_a_manifest_that_only_says_where_the_project_lives(repo: Repo) -> None:
    # dockview's "update mathuo/dockview references to dockview/dockview org": six package.json files
    manifest = (
        '{\n  "name": "web",\n  "type": "commonjs",\n  "homepage": "https://github.com/mathuo/web",\n'
        '  "repository": {\n    "type": "git",\n    "url": "git+https://github.com/mathuo/web.git"\n  }\n}\n'
    )
    r = repo({**TREE, "apps/web/package.json": manifest})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"apps/web/package.json": manifest.replace("mathuo", "dockview")})
    assert r.findings("doc-not-updated") == []
    r.commit({"apps/web/package.json": manifest.replace("mathuo", "dockview").replace("commonjs", "module")})
    assert [f.file for f in r.findings("doc-not-updated")] == ["apps/web/AGENTS.md"]  # how it loads: a change


def test_doc_not_updated_passes_over_a_submodule_moved_to_another_commit(repo: Repo) -> None:
    # mongo-java-driver's "Update the Git specifications submodule from 25bee54 to 4484038":
    # testing/AGENTS.md names `resources/specifications/`, another repository's files
    doc = "# Testing\n\n- `resources/specifications/`: the specifications' test data, a submodule.\n"
    r = repo({**TREE, "testing/AGENTS.md": doc, "testing/src/Fixture.java": "class Fixture {}\n"})
    (r.path / "testing/resources/specifications").mkdir(parents=True)

    def point(sha: str) -> None:
        r.git("update-index", "--add", "--cacheinfo", f"160000,{sha},testing/resources/specifications")
        r.git("commit", "-q", "-m", "Update the Git specifications submodule")

    point("1" * 40)
    r.git("checkout", "-q", "-b", "feature")
    point("2" * 40)
    assert r.findings("doc-not-updated") == []
    r.commit({"testing/src/Fixture.java": "final class Fixture {}\n"})  # the folder's own code: asked
    assert [f.message for f in r.findings("doc-not-updated")] == [
        "1 file changed in testing (testing/src/Fixture.java) but testing/AGENTS.md was not updated"
    ]


def test_doc_not_updated_passes_over_a_change_of_tests_alone(repo: Repo) -> None:
    # mongo-java-driver's "Improve readability of NettyStreamCloseFutureListenerTest": one test file
    files = {
        "driver/AGENTS.md": "# Driver\n\n- Build with `./gradlew :driver:build`.\n",
        "driver/src/main/Stream.java": "class Stream {}\n",
        "driver/src/test/unit/StreamTest.java": "class StreamTest {}\n",
        "driver/src/stream_test.go": "package x\n",
        "engine/AGENTS.md": "# Engine\n\n- The fixtures: `tests/fixtures.rs`.\n",
        "engine/tests/fixtures.rs": "fn f() {}\n",
        "engine/tests/AGENTS.md": "# Engine tests\n\n- One scenario a file.\n",
        "engine/tests/scenarios/join.rs": "fn join() {}\n",
        "engine-tests/AGENTS.md": "# Integration tests\n\n- One scenario a file.\n",
        "engine-tests/src/test/kotlin/MetricsTests.kt": "class MetricsTests\n",
        "testing/AGENTS.md": "# Testing\n\n- Shared test resources, one module each.\n",
    }
    r = repo({**TREE, **files})
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "driver/src/test/unit/StreamTest.java": "final class StreamTest {}\n",
            "driver/src/stream_test.go": "package y\n",
        }
    )
    assert r.findings("doc-not-updated") == []
    # tests the doc names, or a doc that is the tests' own: asked
    r.commit({"engine/tests/fixtures.rs": "fn f2() {}\n", "engine/tests/scenarios/join.rs": "fn join2() {}\n"})
    r.commit({"engine-tests/src/test/kotlin/MetricsTests.kt": "class MetricsTests {}\n"})
    # mongo-java-driver's testing/AGENTS.md, a test module added below it
    r.commit({"testing/osgi-test/src/test/java/OsgiTest.java": "class OsgiTest {}\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == [
        "engine-tests/AGENTS.md",
        "engine/tests/AGENTS.md",
        "testing/AGENTS.md",
    ]
    r.git("reset", "-q", "--hard", "HEAD~3")
    r.commit({"engine/tests/AGENTS.md": "# Engine tests\n\n- The fixtures: `fixtures.rs`.\n"})
    r.commit({"engine/tests/fixtures.rs": "fn f3() {}\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == []  # the tests' doc was updated
    # the code changed with its tests: asked, the code first
    r.commit({"driver/src/main/Stream.java": "class Stream { int x; }\n"})
    assert [f.message for f in r.findings("doc-not-updated")] == [
        "3 files changed in driver (driver/src/main/Stream.java, driver/src/stream_test.go, "
        "driver/src/test/unit/StreamTest.java) but driver/AGENTS.md was not updated"
    ]


def test_doc_not_updated_passes_over_tests_added_where_the_doc_says_tests_live(repo: Repo) -> None:
    # deer-flow's frontend/AGENTS.md: "Unit tests live under `tests/unit/`", and tests added there
    doc = (
        "# Frontend\n\nUnit tests live under `tests/unit/` and mirror `src/`. E2E tests live under `tests/e2e/`.\n"
        "The API mocks: `tests/e2e/utils/mock-api.ts`.\n"
    )
    files = {
        "frontend/AGENTS.md": doc,
        "frontend/tests/unit/core/api.test.ts": "x\n",
        "frontend/tests/e2e/chat.spec.ts": "x\n",
        "frontend/tests/e2e/utils/mock-api.ts": "x\n",
    }
    r = repo({**TREE, **files})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"frontend/tests/unit/core/api.test.ts": "y\n", "frontend/tests/unit/core/models.test.ts": "y\n"})
    r.commit({"frontend/tests/e2e/chat.spec.ts": "y\n"})
    assert r.findings("doc-not-updated") == []
    # valkey-glide's go/AGENTS.md: "`integTest/` - Integration tests", a flaky test fixed there;
    # Android's `androidTest/` source set alike (a camelCase tests folder)
    r.commit(
        {
            "go/AGENTS.md": "# Go\n\n- `integTest/` - Integration tests and test suites\n- `api/contests/`\n",
            "go/integTest/commands_test.go": "package x\n",
            "go/api/contests/contest.go": "package c\n",
            "app/AGENTS.md": "# App\n\n- Device tests: `src/androidTest/`\n",
            "app/src/androidTest/java/AppTest.kt": "class AppTest\n",
            "node/AGENTS.md": "# Node\n\n- `pm-and-types-tests/` - Package manager and TypeScript types testing\n",
            "node/pm-and-types-tests/depend-on-glide/.yarnrc.yml": "nodeLinker: node-modules\n",
        }
    )
    base = r.git("rev-parse", "HEAD").strip()
    r.commit({"go/integTest/commands_test.go": "package y\n", "app/src/androidTest/java/AppTest.kt": "class A\n"})
    # valkey-glide's "ci: fix semgrep blocking findings": the yarn settings of a tests folder
    yarnrc = "nodeLinker: node-modules\nnpmMinimalAgeGate: 7d\n"
    r.commit({"node/pm-and-types-tests/depend-on-glide/.yarnrc.yml": yarnrc})
    assert r.findings("doc-not-updated", base=base) == []
    r.commit({"go/api/contests/contest.go": "package d\n"})  # `contests/` is no tests folder
    assert [f.file for f in r.findings("doc-not-updated", base=base)] == ["go/AGENTS.md"]
    r.git("reset", "-q", "--hard", "HEAD~4")
    # a test file the doc names itself: asked
    r.commit({"frontend/tests/e2e/utils/mock-api.ts": "y\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == ["frontend/AGENTS.md"]


def test_a_doc_saying_which_file_to_update_is_updated_with_it(repo: Repo) -> None:
    doc = (
        "**BEFORE writing code**, you MUST read [README.md](./README.md).\n\n## Updating Documentation\n\n"
        "The developer should update [doc.go](./doc.go) with new, significant features.\n\n"
        "If these updates are not made, tell the developer.\n"
    )
    r = repo({**TREE, "tracer/AGENTS.md": doc, "tracer/doc.go": "package tracer\n", "tracer/span.go": "package t\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"tracer/span.go": "package t\n\n", "tracer/doc.go": "package tracer\n\n// more\n"})
    assert r.findings("doc-not-updated") == []
    r.commit({"tracer/span.go": "package t\n\n\n"})
    r2 = r.findings("doc-not-updated", base="HEAD~1")
    assert [f.file for f in r2] == ["tracer/AGENTS.md"]


def test_a_file_the_doc_calls_generated_is_no_code(repo: Repo) -> None:
    doc = "# Api\n\n- `src/api/prefect.ts` is auto-generated: do not edit it.\n"
    r = repo({**TREE, "ui/AGENTS.md": doc, "ui/src/api/prefect.ts": "x\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"ui/src/api/prefect.ts": "y\n"})
    assert r.findings("doc-not-updated") == []


def test_stale_doc_does_not_count_manifest_changes(repo: Repo) -> None:
    r = repo({**TREE, "apps/web/package.json": "{}\n"}, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/package.json", ["2024-05-01", "2024-06-01", "2024-07-01"])
    assert r.findings("stale-doc") == []


def test_a_name_every_folder_has_is_not_what_a_doc_names(repo: Repo) -> None:
    r = repo(
        {**TREE, "apps/web/AGENTS.md": "# Web\n\nEach folder has its `index.ts` files.\n", "apps/web/index.ts": "x\n"}
    )
    _code_commits(r, "apps/web/src/a.ts", ["2024-04-01", "2024-05-01", "2024-08-01"])
    _code_commits(r, "apps/web/index.ts", ["2024-08-02"])
    assert [(f.file, f.severity) for f in r.findings("stale-doc")] == [("apps/web/AGENTS.md", Severity.INFO)]


def test_over_a_long_range_only_docs_naming_changed_files_are_asked_about(repo: Repo) -> None:
    r = repo({**TREE, "apps/web/AGENTS.md": "# Web\n\nThe entry is `src/b.ts`.\n"})
    base = r.git("rev-parse", "HEAD").strip()
    for n in range(21):
        r.commit({"apps/web/src/a.ts": f"{n}\n", "services/worker/queue.py": f"{n}\n"}, message=f"work {n}")
    assert r.findings("doc-not-updated", base=base) == []
    r.commit({"apps/web/src/b.ts": "b2\n"}, message="change the entry")
    assert [(f.file, f.message) for f in r.findings("doc-not-updated", base=base)] == [
        (
            "apps/web/AGENTS.md",
            "2 files changed in apps/web (apps/web/src/b.ts, apps/web/src/a.ts) but apps/web/AGENTS.md "
            "was not updated; it names 1 of them",
        )
    ]


def test_doc_not_updated_says_when_it_names_the_files_by_their_folders(repo: Repo) -> None:
    # a doc naming `cookbook/` names each file below it: the count says so, not "it names 3 of them"
    doc = "# Root\n\n- `cookbook/` holds the examples.\n- The entry is `apps/api/main.py`.\n"
    r = repo({"AGENTS.md": doc, "cookbook/a.py": "a\n", "cookbook/b.py": "b\n", "apps/api/main.py": "m\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"apps/api/main.py": "m2\n"}, message="Fix the entry")
    assert [f.message.rpartition("; ")[2] for f in r.findings("doc-not-updated")] == ["it names 1 of them"]
    r.commit({"cookbook/a.py": "a2\n", "cookbook/b.py": "b2\n"}, message="Update the examples")
    assert [f.message.rpartition("; ")[2] for f in r.findings("doc-not-updated")] == [
        "it names 3 of them or their folders"
    ]


def test_stale_doc_without_a_named_file_changed_waits_for_twice_the_threshold(repo: Repo) -> None:
    r = repo(TREE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "apps/web/src/a.ts", ["2024-03-01", "2024-04-01", "2024-06-01"])
    assert r.findings("stale-doc") == []  # 152 days: over 90, not over 180
    _code_commits(r, "apps/web/src/a.ts", ["2024-07-15"])
    assert [(f.file, f.severity) for f in r.findings("stale-doc")] == [("apps/web/AGENTS.md", Severity.INFO)]


# A docs site whose doc says how pages are added: the table of contents changes with every page.
DOCS_SITE = {
    **TREE,
    "docs/AGENTS.md": "# Docs\n\n- `docs.json`: navigation, theme\n\nNew page: the MDX, then list it in `docs.json`.\n",
    "docs/docs.json": '{"navigation": []}\n',
    "docs/intro.mdx": "# Intro\n",
    "docs/style.css": "a {}\n",
}


def test_a_docs_sites_table_of_contents_is_no_code_a_doc_describes(repo: Repo) -> None:
    r = repo(DOCS_SITE)
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"docs/guide.mdx": "# Guide\n", "docs/docs.json": '{"navigation": ["intro", "guide"]}\n'})
    assert r.findings("doc-not-updated") == []
    r.commit({"docs/style.css": "a { color: red }\n"})  # the site's code still is
    assert [f.file for f in r.findings("doc-not-updated")] == ["docs/AGENTS.md"]


def test_stale_doc_does_not_count_a_docs_sites_table_of_contents(repo: Repo) -> None:
    r = repo(DOCS_SITE, date="2024-01-01T12:00:00Z")
    _code_commits(r, "docs/docs.json", ["2024-05-01", "2024-06-01", "2024-07-01", "2024-08-01"])
    assert r.findings("stale-doc") == []
    _code_commits(r, "docs/style.css", ["2024-08-02", "2024-08-03", "2024-08-04"])
    assert [f.file for f in r.findings("stale-doc")] == ["docs/AGENTS.md"]


# A Kotlin library built by Gradle: a version catalog, the wrapper's pin, API dumps, ``testData/``.
GRADLE = {
    "AGENTS.md": "# Lib\n\nPublic API changes need `./gradlew apiDump`.\n",
    "gradle/libs.versions.toml": '[versions]\nkotlin = "2.1.0"\nokio = "3.9.0"\n',
    "gradle/wrapper/gradle-wrapper.properties": "distributionUrl=https\\://services.gradle.org/distributions/gradle-9.7.0-bin.zip\n",
    "lib/api/lib.api": "public final class Lib\n",
    "lib/api/lib.klib.api": "final class Lib\n",
    "lib/src/Lib.kt": "class Lib\n",
    "plugin/testData/routes.kt": "fun routes() {}\n",
    "plugin/testData/routes.expected.json": "{}\n",
}


def test_a_version_catalogs_and_wrappers_version_bump_is_no_code(repo: Repo) -> None:
    r = repo(GRADLE)
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "gradle/libs.versions.toml": '[versions]\nkotlin = "2.1.0"\nokio = "3.10.2"\n',
            "gradle/wrapper/gradle-wrapper.properties": "distributionUrl=https\\://services.gradle.org/distributions/gradle-9.7.1-bin.zip\n",
        },
        message="Update okio to v3.10.2",
    )
    assert r.findings("doc-not-updated") == []
    r.commit({"gradle/libs.versions.toml": '[versions]\nkotlin = "2.1.0"\nokio = "3.10.2"\nktor = "3.2.0"\n'})
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]  # a library added is a change


CONTAINERFILE = (
    "FROM docker.io/library/rust:1.88@sha256:" + "a" * 64 + "\n"
    "ARG PREK_VERSION=0.4.3\nARG PREK_SHA256_AMD64=" + "8a8210d6" * 8 + "\n"
    "RUN uv tool install prek==${PREK_VERSION}\n"
)


def test_a_containers_tool_pins_moved_are_no_code(repo: Repo) -> None:
    # agentty's "Pins prek to 0.4.14": container/e2e.Containerfile's version and checksums only
    r = repo({**TREE, "container/e2e.Containerfile": CONTAINERFILE, "container/Dockerfile": CONTAINERFILE})
    r.git("checkout", "-q", "-b", "feature")
    moved = CONTAINERFILE.replace("0.4.3", "0.4.14").replace("8a8210d6" * 8, "d1eacb82" * 8).replace("a" * 64, "b" * 64)
    r.commit({"container/e2e.Containerfile": moved, "container/Dockerfile": moved.replace("1.88", "1.89")})
    assert r.findings("doc-not-updated") == []
    r.commit({"container/e2e.Containerfile": moved + "RUN cargo install cargo-nextest\n"})  # a tool added
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]


GO_MOD = (
    "module example.com/tool\n\ngo 1.26\n\nrequire (\n\tgithub.com/spf13/cobra v1.9.1\n"
    "\tgithub.com/cheggaaa/pb v1.0.29\n)\n\nrequire (\n\tgithub.com/fatih/color v1.16.0 // indirect\n)\n"
)
MISE = '[tools]\ngo = "1.26"\ngolangci-lint = "2.12.2"\n\n[tasks.lint]\nrun = "golangci-lint run"\n'


def test_go_mod_tidied_and_mise_pins_moved_are_no_code(repo: Repo) -> None:
    # pulumi's root AGENTS.md names `.mise.toml`; its go.mod files move as ``go mod tidy`` leaves them
    doc = "# Repo\n\n- Build with `go build ./...`.\n- Tools: `.mise.toml`.\n"
    r = repo({**TREE, "AGENTS.md": doc, "go.mod": GO_MOD, ".mise.toml": MISE})
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            ".mise.toml": MISE.replace('"1.26"', '"1.27"').replace("2.12.2", "2.13.0"),
            "go.mod": GO_MOD.replace("v1.9.1", "v1.9.2").replace("fatih/color v1.16.0", "mattn/go-isatty v0.0.20"),
        }
    )
    assert r.findings("doc-not-updated") == []
    r.commit({"go.mod": GO_MOD.replace("\tgithub.com/cheggaaa/pb v1.0.29\n", "")})  # a direct dependency dropped
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]
    r.commit({".mise.toml": MISE + '\n[tasks.test]\nrun = "go test ./..."\n'})  # a task added: a change too
    assert [f.message for f in r.findings("doc-not-updated")] == [
        "2 files changed in the root (.mise.toml, go.mod) but AGENTS.md was not updated; it names 1 of them"
    ]


def test_a_version_moved_in_gradle_properties_is_no_code(repo: Repo) -> None:
    # mongo-java-driver's "Version: bump 5.11.0-SNAPSHOT": gradle.properties' `version=` line alone
    props = "version=5.10.0-SNAPSHOT\n\norg.gradle.daemon=true\n"
    r = repo({**GRADLE, "gradle.properties": props})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"gradle.properties": props.replace("5.10.0", "5.11.0")}, message="next snapshot")
    assert r.findings("doc-not-updated") == []
    r.commit({"gradle.properties": props + "org.gradle.caching=true\n"})  # a setting added: a change
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]


def test_api_dumps_and_test_data_are_no_code(repo: Repo) -> None:
    r = repo(GRADLE)
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {
            "lib/api/lib.api": "public final class Lib\npublic final fun x ()V\n",
            "lib/api/lib.klib.api": "final class Lib\nfinal fun x()\n",
            "plugin/testData/routes.kt": "fun routes() { get() }\n",
            "plugin/testData/routes.expected.json": '{"get": 1}\n',
        }
    )
    assert r.findings("doc-not-updated") == []
    r.commit({"lib/src/Lib.kt": "class Lib { fun x() {} }\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]


def test_license_files_and_a_manual_are_prose(repo: Repo) -> None:
    r = repo({**TREE, "LICENSE": "MIT\n", "go/THIRD_PARTY_LICENSES_GO": "x: MIT\n", "manual/intro.typ": "= Intro\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        {"LICENSE": "Apache-2.0\n", "go/THIRD_PARTY_LICENSES_GO": "x: MIT\ny: BSD\n", "manual/intro.typ": "= Hi\n"}
    )
    assert r.findings("doc-not-updated") == []
    r.commit({"go/license.go": "package license\n"})  # code about licenses still is code
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]


def test_agents_own_folders_and_a_deleted_skill_are_no_code(repo: Repo) -> None:
    plugin = "plugins/acme"
    r = repo(
        {
            **TREE,
            f"{plugin}/.claude-plugin/plugin.json": '{"name": "acme"}\n',
            f"{plugin}/skills/acme/SKILL.md": "---\nname: acme\ndescription: x\n---\nUse it.\n",
            f"{plugin}/skills/acme/scripts/check.py": "print(1)\n",
            f"{plugin}/skills/acme/agents/openai.yaml": "name: acme\n",
            ".cursor/rules/style.mdc": "Be terse.\n",
            ".gemini/settings.json": "{}\n",
        }
    )
    r.git("checkout", "-q", "-b", "feature")
    r.git("rm", "-q", "-r", plugin)  # the plugin moved to a repository of its own
    r.commit({".cursor/rules/style.mdc": "Be terse. Cite files.\n", ".gemini/settings.json": '{"a": 1}\n'})
    assert r.findings("doc-not-updated") == []
    r.commit({"services/worker/queue.py": "q2\n"})
    assert [f.file for f in r.findings("doc-not-updated")] == ["AGENTS.md"]


def test_a_manifests_keys_in_another_order_are_no_change(repo: Repo) -> None:
    manifest = (
        '{\n  "name": "sdk",\n  "repository": {\n    "url": "x.git",\n    "type": "git"\n  },\n  "x": "~5.9.0"\n}\n'
    )
    r = repo({**TREE, "apps/web/package.json": manifest})
    r.git("checkout", "-q", "-b", "feature")
    regenerated = manifest.replace('"url": "x.git",\n    "type": "git"', '"type": "git",\n    "url": "x.git"')
    r.commit({"apps/web/package.json": regenerated.replace("~5.9.0", "~5.8.3")})  # a generator's rewrite
    assert r.findings("doc-not-updated") == []
    r.commit({"apps/web/package.json": regenerated.replace('"name": "sdk"', '"name": "client"')})
    assert [f.file for f in r.findings("doc-not-updated")] == ["apps/web/AGENTS.md"]


# An SDK folder whose doc says which of its folders a generator writes.
SDK = {
    **TREE,
    "sdk/AGENTS.md": "# SDK\n\n- `rust/` — the crate, generated by progenitor from `openapi.json`\n"
    "- `scripts/` — how it is made\n- `src/` by hand; `gen/` is generated\n",
    "sdk/openapi.json": "{}\n",
    "sdk/rust/src/lib.rs": "x\n",
    "sdk/scripts/make.sh": "x\n",
    "sdk/src/a.ts": "x\n",
}


def test_a_folder_the_doc_says_is_generated_is_no_code(repo: Repo) -> None:
    r = repo(SDK, date="2024-01-01T12:00:00Z")
    _code_commits(r, "sdk/rust/src/lib.rs", ["2024-05-01", "2024-06-01", "2024-07-01", "2024-08-01"])
    assert r.findings("stale-doc") == []
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"sdk/rust/src/lib.rs": "regenerated\n", "sdk/rust/openapi-3.0.json": "{}\n"})
    assert r.findings("doc-not-updated") == []
    r.commit({"sdk/src/a.ts": "y\n"})  # the line names another folder, generated: not this one's word
    assert [f.file for f in r.findings("doc-not-updated")] == ["sdk/AGENTS.md"]


def test_editors_settings_are_plumbing(repo: Repo) -> None:
    r = repo({**TREE, ".idea/copyright/Acme.xml": "<c/>\n", ".vscode/launch.json": "{}\n"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({".idea/copyright/Acme.xml": "<c year='2026'/>\n", ".vscode/launch.json": '{"v": 1}\n'})
    assert r.findings("doc-not-updated") == []
    r.commit({"AGENTS.md": "# Repo\n\nDebug with `.vscode/launch.json`.\n"})
    r.git("checkout", "-q", "-b", "second")
    r.commit({".vscode/launch.json": '{"v": 2}\n'})  # named by the doc over it: its code after all
    assert [f.file for f in r.findings("doc-not-updated", base="feature")] == ["AGENTS.md"]
