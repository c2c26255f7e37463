"""``engine-divergence``, and the ``engines`` a team declares: what one engine loads that another
misses, cuts or replaces, asked of the engines themselves."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo

Repo = Callable[..., GitRepo]


def _engines(*names: str) -> str:
    return "engines = [" + ", ".join(f'"{n}"' for n in names) + "]\n"


def test_a_claude_md_opencode_passes_over_for_the_agents_md_beside_it(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# root\n",
            "w/CLAUDE.md": "# claude w\n",
            "w/AGENTS.md": "# agents w\n",
            ".agents-md.toml": _engines("claude-code", "opencode"),
        }
    )
    found = [(f.file, f.message, f.fix) for f in r.findings("engine-divergence")]
    link = "agents-md link --write --form import (a CLAUDE.md beside it that imports @AGENTS.md)"
    assert found == [
        ("AGENTS.md", "OpenCode started in w loads this file; Claude Code does not load it", link),
        ("w/AGENTS.md", "OpenCode started in w loads this file; Claude Code reads w/CLAUDE.md there instead", link),
        (
            "w/CLAUDE.md",
            "Claude Code started in w loads this file; OpenCode reads w/AGENTS.md there instead",
            'list "w/CLAUDE.md" in "instructions" of opencode.json '
            "(OpenCode reads CLAUDE.md only where no AGENTS.md is)",
        ),
    ]


def test_codex_cutting_a_doc_claude_code_loads_whole(repo: Repo) -> None:
    tree = {"AGENTS.md": "r" * 30001, "a/AGENTS.md": "x" * 5001, ".agents-md.toml": _engines("claude-code", "codex")}
    found = repo(tree).findings("engine-divergence")
    assert [(f.file, f.message, f.fix) for f in found] == [
        (
            "a/AGENTS.md",
            "Claude Code started in a loads this file; Codex CLI cuts it after 2,767 of 5,001 bytes",
            "raise project_doc_max_bytes in .codex/config.toml, or shorten the files above it",
        )
    ]


def test_one_engine_declared_compares_nothing(repo: Repo) -> None:
    tree = {"AGENTS.md": "r" * 30001, "a/AGENTS.md": "x" * 5001, ".agents-md.toml": _engines("codex")}
    assert repo(tree).findings("engine-divergence") == []


def test_invisible_doc_names_claude_code(repo: Repo) -> None:
    found = repo({"CLAUDE.md": "# c\n", "a/AGENTS.md": "# a\n"}).findings("invisible-doc")
    assert [(f.file, f.message.split(":")[0]) for f in found] == [("a/AGENTS.md", "Claude Code never loads it")]


def test_invisible_doc_is_quiet_for_a_team_without_claude_code(repo: Repo) -> None:
    tree = {"CLAUDE.md": "# c\n", "a/AGENTS.md": "# a\n", ".agents-md.toml": _engines("codex", "opencode")}
    assert repo(tree).findings("invisible-doc") == []


def test_an_unknown_engine_is_a_config_problem(repo: Repo) -> None:
    found = repo({"AGENTS.md": "# r\n", ".agents-md.toml": _engines("claude-code", "cursor")}).findings("config")
    assert [(f.line, f.message) for f in found] == [
        (1, "engines: unknown engine 'cursor'; known: claude-code, codex, gemini, opencode")
    ]


def test_codex_reads_one_doc_a_folder_so_the_fix_moves_the_text(repo: Repo) -> None:
    tree = {"w/CLAUDE.md": "# c\n", "w/AGENTS.md": "# a\n", ".agents-md.toml": _engines("claude-code", "codex")}
    found = [(f.file, f.message, f.fix) for f in repo(tree).findings("engine-divergence") if f.file == "w/CLAUDE.md"]
    assert found == [
        (
            "w/CLAUDE.md",
            "Claude Code started in w loads this file; Codex CLI reads w/AGENTS.md there instead",
            "Codex reads one doc a folder, w/AGENTS.md first: move what CLAUDE.md adds into it",
        )
    ]
