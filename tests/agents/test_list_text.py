"""``agents list`` as text: a line per type, the built-ins named, the engine's own lines on request."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md.cli.main import main

Tree = Callable[..., Path]
LONG = (
    '---\nname: reviewer\ndescription: "Use this agent when reviewing code for style, correctness and the long '
    'tail of things.\\n\\nExamples:\\n<example>one</example>"\n---\nbody\n'
)


def listing(capsys: pytest.CaptureFixture[str], root: Path, *more: str) -> tuple[int, str]:
    argv = ["agents", "list", "--cwd", str(root), "--home", str(root.parent / "home")]
    code = main([*argv, "--managed-dir", str(root.parent / "managed"), *more])
    return code, capsys.readouterr().out


def test_each_custom_type_is_one_row_with_its_descriptions_first_line_cut(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(
        {
            ".git/HEAD": "",
            ".claude/agents/r.md": LONG,
            ".claude/agents/q.md": "---\nname: quick\ndescription: Answers fast\n---\n",
        }
    )
    code, out = listing(capsys, root)
    assert code == 0
    assert out.splitlines() == [
        "5 built-in types: claude, Explore, general-purpose, Plan, statusline-setup",
        "2 custom types:",
        "  quick     Answers fast" + " " * 50 + "projectSettings  .claude/agents/q.md",
        "  reviewer  Use this agent when reviewing code for style, correctness a…  projectSettings"
        "  .claude/agents/r.md",
    ]


def test_lines_are_exactly_what_the_engine_renders(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({".git/HEAD": "", ".claude/agents/r.md": LONG})
    code, out = listing(capsys, root, "--format", "lines")
    assert code == 0
    assert out == (
        "- reviewer: Use this agent when reviewing code for style, correctness and the long tail of things.\n\n"
        "Examples:\n<example>one</example> (Tools: All tools)\n"
    )


def test_without_custom_types_no_header_hangs_open(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({".git/HEAD": ""})
    code, out = listing(capsys, root)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "5 built-in types: claude, Explore, general-purpose, Plan, statusline-setup"
    assert lines[1].startswith("no custom types (read from .claude/agents/")
    assert not any(line.endswith(":") for line in lines)


def test_a_definition_that_replaces_a_built_in_leaves_the_built_in_list(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({".git/HEAD": "", ".claude/agents/e.md": "---\nname: Explore\ndescription: mine\n---\n"})
    _, out = listing(capsys, root)
    assert out.splitlines()[0] == "4 built-in types: claude, general-purpose, Plan, statusline-setup"
    assert "built-in types replaced by a definition: Explore" in out.splitlines()
