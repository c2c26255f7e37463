"""Rule 4: lines per file, and bytes per directory — Claude Code's start block (asked of the engine)
and Codex's root-to-directory concatenation (``engines.codex``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import GitRepo

from agents_md import Session

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


def test_codex_budget_names_the_docs_one_cause_drops_once(repo: Repo) -> None:
    docs = {f"a/{n}/AGENTS.md": f"# {n}\n" for n in ("p", "q", "r", "s")}
    r = repo({"AGENTS.md": "r" * 30001, "a/AGENTS.md": "x" * 5001, **docs, "a/p/CLAUDE.md": {"symlink": "AGENTS.md"}})
    found = [f for f in r.findings("byte-budget-codex") if f.line is None]
    assert [(f.file, f.message, f.about) for f in found] == [
        (
            "a/AGENTS.md",
            "Codex drops the 4 docs below it (a/p/AGENTS.md, a/q/AGENTS.md, a/r/AGENTS.md and 1 more): started in "
            "their folders, the files above them use the whole project_doc_max_bytes 32,768 "
            "(AGENTS.md 30,001 B, a/AGENTS.md 2,767 B)",
            ("a/p/AGENTS.md", "a/p/CLAUDE.md", "a/q/AGENTS.md", "a/r/AGENTS.md", "a/s/AGENTS.md"),
        )
    ]
    # a change touching one of them reports it
    r.write({"a/s/AGENTS.md": "# s, edited\n"})
    r.git("add", "-A")
    assert [(f.file, f.line) for f in r.findings("byte-budget-codex", staged=True, change=True)] == [
        ("a/AGENTS.md", None)
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


# ------------------------------------------------------------------------------------ Codex's own config


def test_codex_budget_reads_the_repositorys_own_codex_config_per_folder(repo: Repo) -> None:
    r = repo({"AGENTS.md": "r" * 100, "a/.codex/config.toml": "project_doc_max_bytes = 150\n", "a/AGENTS.md": "x" * 80})
    found = r.findings("byte-budget-codex")
    assert [(f.file, f.message) for f in found] == [
        (
            "a/AGENTS.md",
            "Codex started in a cuts this file after 50 of 80 bytes "
            "(project_doc_max_bytes 150; before it: AGENTS.md 100 B)",
        )
    ]


def test_codex_budget_drops_a_file_the_cut_leaves_white_space_only(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# r\n", "a/AGENTS.md": "      \n# later\n", ".agents-md.toml": "codex-max-bytes = 8\n"})
    found = r.findings("byte-budget-codex")
    assert [(f.file, f.message) for f in found] == [
        (
            "a/AGENTS.md",
            "Codex started in a drops this file: the budget leaves only white space of it "
            "(project_doc_max_bytes 8; before it: AGENTS.md 4 B)",
        )
    ]


def test_codex_budget_with_no_root_markers_reads_each_folder_alone(repo: Repo) -> None:
    toml = "codex-root-markers = []\n"
    r = repo({"AGENTS.md": "r" * 30001, "a/AGENTS.md": "x" * 5001, ".agents-md.toml": toml})
    assert r.findings("byte-budget-codex") == []


def test_codex_budget_names_a_link_loop_that_drops_every_project_doc(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n", "a/AGENTS.override.md": {"symlink": "AGENTS.override.md"}})
    found = r.findings("byte-budget-codex")
    assert [(f.file, f.message) for f in found] == [
        ("a/AGENTS.override.md", "a link loop: Codex started in a or below sends no project doc at all")
    ]
