"""Rule 4: lines per file, and bytes per directory — Claude Code's start block (asked of the engine)
and Codex's root-to-directory concatenation (``maintain.codex``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from conftest import GitRepo

from agents_md import Session
from agents_md.maintain.views import codex

Repo = Callable[..., GitRepo]


def test_line_budget_flags_the_first_line_over_200(repo: Repo) -> None:
    r = repo({"AGENTS.md": "- rule\n" * 201, "a/AGENTS.md": "- rule\n" * 200})
    found = r.findings("line-budget")
    assert [(f.file, f.line, f.message) for f in found] == [
        (
            "AGENTS.md",
            201,
            "201 lines, over the budget of 200: every line is paid for in every session that loads it",
        )
    ]


def test_line_budget_is_configurable_in_pyproject(repo: Repo) -> None:
    r = repo({"AGENTS.md": "- rule\n" * 11, "pyproject.toml": "[tool.agents-md]\nmax-lines = 10\n"})
    assert [f.line for f in r.findings("line-budget")] == [11]


def test_claude_budget_is_the_engines_start_block_and_reported_where_it_first_goes_over(repo: Repo) -> None:
    big = "# Root\n\n" + "root rule line\n" * 1800
    r = repo(
        {
            "AGENTS.md": big,
            "a/AGENTS.md": "# A\n\n" + "a rule line for a\n" * 800,
            "a/b/AGENTS.md": "# B\n\nmore\n",
            "c/AGENTS.md": "# C\n",
        }
    )
    found = r.findings("byte-budget-claude")
    assert [f.file for f in found] == ["a/AGENTS.md"]
    session = Session(
        cwd=str(r.path / "a"), home=str(r.path.parent / "empty-home"), managed_dir=str(r.path.parent / "none")
    )
    size = len((session.claude_md or "").encode())
    assert size > 40000
    assert found[0].message.startswith(
        f"Claude Code started in a loads {size:,} bytes of instructions, over the budget"
    )
    assert "AGENTS.md 27,008 B, a/AGENTS.md 14,405 B" in found[0].message


def test_claude_budget_is_configurable(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n\nsome text\n", ".agents-md.toml": "claude-max-bytes = 100\n"})
    found = r.findings("byte-budget-claude")
    assert [f.file for f in found] == ["AGENTS.md"]
    assert "Claude Code started in the root loads" in found[0].message


def test_claude_budget_ignores_instruction_files_above_the_repository(tmp_path: Path, repo: Repo) -> None:
    (tmp_path / "CLAUDE.md").write_text("outside " * 10000)
    r = repo({"AGENTS.md": "# Root\n"})
    assert r.findings("byte-budget-claude") == []
    assert r.findings("invisible-doc") == []


def test_codex_budget_cuts_the_nearest_file_as_codex_does(repo: Repo) -> None:
    r = repo({"AGENTS.md": "r" * 30001, "a/AGENTS.md": "x" * 5001, "a/b/AGENTS.md": "# b\n"})
    found = r.findings("byte-budget-codex")
    assert [(f.file, f.line, f.message) for f in found] == [
        (
            "a/AGENTS.md",
            1,
            "Codex started in a cuts this file after 2,767 of 5,001 bytes "
            "(project_doc_max_bytes 32,768; before it: AGENTS.md 30,001 B)",
        ),
        (
            "a/b/AGENTS.md",
            None,
            "Codex started in a/b drops this file: the files above it use the whole project_doc_max_bytes 32,768 "
            "(AGENTS.md 30,001 B, a/AGENTS.md 2,767 B)",
        ),
    ]


def test_codex_budget_says_when_the_cut_splits_a_character(repo: Repo) -> None:
    r = repo({"AGENTS.md": "line\n" * 4 + "é" * 20, ".agents-md.toml": "codex-max-bytes = 21\n"})
    found = r.findings("byte-budget-codex")
    assert len(found) == 1
    assert found[0].line == 5
    assert "after 21 of 60 bytes, in the middle of a UTF-8 character" in found[0].message


def test_codex_budget_within_budget_is_quiet(repo: Repo) -> None:
    r = repo({"AGENTS.md": "r" * 20000, "a/AGENTS.md": "x" * 12000})
    assert r.findings("byte-budget-codex") == []


# ------------------------------------------------------------------------------------ Codex's own loading


def _tree(tmp_path: Path, spec: dict[str, str | bytes]) -> Path:
    for rel, content in spec.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
    return tmp_path


def test_codex_root_is_the_nearest_git_marker_a_file_counts(tmp_path: Path) -> None:
    root = _tree(
        tmp_path, {"AGENTS.md": "outer\n", "sub/.git": "gitdir: x\n", "sub/AGENTS.md": "inner\n", "sub/d/x": ""}
    )
    assert codex.project_root(str(root / "sub" / "d")) == str(root / "sub")
    files = codex.project_docs(str(root / "sub" / "d"))
    assert [os.path.relpath(f.path, root) for f in files] == ["sub/AGENTS.md"]


def test_codex_without_a_root_reads_only_the_working_directory(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"AGENTS.md": "outer\n", "d/AGENTS.md": "inner\n"})
    files = codex.project_docs(str(root / "d"), markers=(".no-such-marker",))
    assert [os.path.relpath(f.path, root) for f in files] == ["d/AGENTS.md"]


def test_codex_override_then_agents_then_fallbacks_one_file_a_directory(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            ".git/HEAD": "x",
            "AGENTS.override.md": "o\n",
            "AGENTS.md": "a\n",
            "d/TEAM.md": "t\n",
            "e/AGENTS.md": "e\n",
            "e/TEAM.md": "t\n",
        },
    )
    assert [os.path.relpath(f.path, root) for f in codex.project_docs(str(root / "d"), fallback_names=["TEAM.md"])] == [
        "AGENTS.override.md",
        "d/TEAM.md",
    ]
    assert [os.path.relpath(f.path, root) for f in codex.project_docs(str(root / "e"), fallback_names=["TEAM.md"])] == [
        "AGENTS.override.md",
        "e/AGENTS.md",
    ]


def test_codex_blank_files_cost_nothing_and_a_zero_budget_loads_nothing(tmp_path: Path) -> None:
    root = _tree(tmp_path, {".git/HEAD": "x", "AGENTS.md": "  \n\n", "d/AGENTS.md": "12345"})
    files = codex.project_docs(str(root / "d"), max_bytes=5)
    assert [(f.status, f.loaded) for f in files] == [("blank", 0), ("whole", 5)]
    assert [f.status for f in codex.project_docs(str(root / "d"), max_bytes=0)] == ["dropped", "dropped"]
