"""``context`` as a new user meets it: one rule for the table's paths, and ``--agent`` checked."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md.cli.main import main

Tree = Callable[..., Path]
BOTH = '{"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def base(root: Path, home: Path) -> list[str]:
    return ["--home", str(home), "--managed-dir", str(root.parent / "managed")]


def file_column(out: str) -> list[str]:
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("#  kind"))
    rows = lines[header + 1 : lines.index("", header)]
    return [row.split()[2] for row in rows]


def test_every_path_in_the_table_is_relative_to_the_directory_asked_about(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(
        {
            "AGENTS.md": "# root\n",
            "apps/web/CLAUDE.md": "# web\n@../shared.md\n",
            "apps/shared.md": "shared\n",
            "apps/web/AGENTS.md": "# web agents\n",
        }
    )
    home = tree({".claude/CLAUDE.md": "mine\n"}, "home")
    code, out, _ = run(capsys, "context", str(root / "apps/web"), "--settings", BOTH, *base(root, home))
    assert code == 0
    assert file_column(out) == ["~/.claude/CLAUDE.md", "../../AGENTS.md", "CLAUDE.md", "AGENTS.md"]
    assert "  ../shared.md: import outside the working directory, not approved (from CLAUDE.md)" in out
    assert str(root) not in out.split("\n", 1)[1]  # only the title names the directory in full


def test_absolute_spells_every_path_whole(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({"AGENTS.md": "# root\n", "apps/web/CLAUDE.md": "# web\n"})
    home = tree({}, "home")
    argv = ["context", str(root / "apps/web"), "--settings", BOTH, "--absolute", *base(root, home)]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert file_column(out) == [str(root / "AGENTS.md"), str(root / "apps/web/CLAUDE.md")]


@pytest.mark.parametrize(
    ("agent", "hint"),
    [("PLAN", " (it could be any of Plan, plan)"), ("NoSuchAgent", "")],
    ids=["several-in-another-case", "unknown"],
)
def test_an_unknown_agent_type_is_an_error_listing_the_types_offered(
    tree: Tree, capsys: pytest.CaptureFixture[str], agent: str, hint: str
) -> None:
    root = tree(
        {
            ".git/HEAD": "",
            "CLAUDE.md": "c\n",
            ".claude/agents/rev.md": "---\nname: reviewer\ndescription: d\n---\n",
            ".claude/agents/plan.md": "---\nname: plan\ndescription: d\n---\n",
        }
    )
    home = tree({}, "home")
    for command in (["context", str(root)], ["read", str(root / "x.ts"), "--cwd", str(root)]):
        code, out, err = run(capsys, *command, "--agent", agent, *base(root, home))
        assert (code, out) == (2, "")
        assert err == (
            f"agents-md: usage error: --agent {agent}: no such agent type{hint}; "
            "offered: claude, Explore, fork, general-purpose, Plan, plan, reviewer, statusline-setup\n"
        )


def test_an_agent_type_in_another_case_is_the_one_type_it_can_be(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    # As the engine starts an Agent call's type: ``explore`` is Explore when no other type is spelled so.
    root, home = tree({".git/HEAD": "", "CLAUDE.md": "c\n"}), tree({}, "home")
    code, out, _ = run(capsys, "context", str(root), "--agent", "explore", "--format", "json", *base(root, home))
    assert code == 0 and json.loads(out)["agent"] == "Explore"


def test_a_custom_agent_type_is_accepted(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree(
        {".git/HEAD": "", "CLAUDE.md": "c\n", ".claude/agents/rev.md": "---\nname: reviewer\ndescription: d\n---\n"}
    )
    code, out, _ = run(capsys, "context", str(root), "--agent", "reviewer", *base(root, tree({}, "home")))
    assert code == 0
    assert file_column(out) == ["CLAUDE.md"]


@pytest.mark.parametrize("agent", ["Explore", "Plan"])
def test_explore_and_plan_say_why_nothing_loads(tree: Tree, capsys: pytest.CaptureFixture[str], agent: str) -> None:
    root, home = tree({"CLAUDE.md": "c\n"}), tree({}, "home")
    code, out, _ = run(capsys, "context", str(root), "--agent", agent, *base(root, home))
    assert code == 0
    assert out.splitlines()[-1] == (
        f"No instruction files load: the engine starts {agent} with no instruction files at all "
        "(Explore and Plan get none, not even managed ones)."
    )
    code, out, _ = run(capsys, "context", str(root), "--agent", agent, "--format", "json", *base(root, home))
    assert json.loads(out)["agent_without"].startswith(f"the engine starts {agent} with no instruction files")


def test_an_agent_that_omits_claude_md_names_its_definition(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    definition = "---\nname: quiet\ndescription: d\nomitClaudeMd: true\n---\n"
    root = tree({".git/HEAD": "", "CLAUDE.md": "c\n", ".claude/agents/quiet.md": definition})
    code, out, _ = run(capsys, "context", str(root), "--agent", "quiet", *base(root, tree({}, "home")))
    assert code == 0
    assert out.splitlines()[-1] == (
        f"No instruction files load: its definition ({root / '.claude/agents/quiet.md'}) sets omitClaudeMd: true."
    )
