"""``replay``: what a prompt's ``@``-mentions attach is sent in the prompt's message, beside the
start block and never as it (Claude Code 2.1.328: h37_mmiss_*, h38_mention_*).

The engine sends, before the start block of the first user message, the plugins'
``prompt.mention`` texts of every mention in turn, then its own nested files of every mention in
turn, one ``<system-reminder>`` each, each but the last ending with a line break. With no start
block (managed-only, claude-md without a ``CLAUDE.md``, a tree with no root file) those reminders
are still no start block.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents_md.host.replay import replay

Tree = Callable[..., Path]

PY_RULE = "---\npaths: '**/*.py'\n---\n# py rule\n"
FILES = {
    ".git/HEAD": "ref: refs/heads/main\n",
    ".claude/rules/py.md": PY_RULE,
    "a/CLAUDE.md": "# a claude\n",
    "a/AGENTS.md": "# a agents\n",
    "a/b/AGENTS.md": "# ab agents\n",
    "a/b/z.txt": "z\n",
    "p/AGENTS.md": "# p agents\n",
    "r/AGENTS.md": "# r agents\n",
    "r/s/AGENTS.md": "# rs agents\n",
    "y/y.py": "y\n",
}


def run(tree: Tree, prompt: str, *, files: dict[str, str] | None = None, mode: str | None = None) -> dict[str, Any]:
    root = tree(FILES if files is None else files)
    settings = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": mode}}}} if mode else {}
    home = tree({".claude/settings.json": json.dumps(settings)}, "home")
    script = {"cwd": str(root), "home": str(home), "prompt": prompt, "reads": [str(root / "y/y.py")]}
    out = replay(script, managed_dir=str(home.parent / "managed"))
    return json.loads(json.dumps(out).replace(str(root), "<ROOT>"))


def reminder(text: str) -> str:
    return f"<system-reminder>\n{text}\n</system-reminder>"


def nested(path: str, text: str) -> str:
    return reminder(f"Contents of <ROOT>/{path}:\n\n{text}")


def mention(*items: tuple[str, str]) -> str:
    return reminder(
        "prompt.mention hook additional context: " + "\n".join(f"Contents of <ROOT>/{p}:\n\n{t}" for p, t in items)
    )


def test_a_missing_file_mentioned_with_no_start_block_attaches_and_is_no_start_block(tree: Tree) -> None:
    out = run(tree, "fix @a/b/missing.py")
    assert out["claude_md"] is None
    assert out["mention_blocks"] == [
        mention(("a/b/AGENTS.md", "# ab agents\n")) + "\n",  # a/ is claimed by a/CLAUDE.md
        nested("a/CLAUDE.md", "# a claude\n") + "\n",
        nested(".claude/rules/py.md", "# py rule\n"),
    ]
    assert out["engine_blocks"] == [[]]  # the rule was given by the mention


def test_managed_only_keeps_the_engines_nested_files_and_no_start_block(tree: Tree) -> None:
    out = run(tree, "fix @x/missing.ts and @a/missing.py", mode="managed-only")
    assert out["claude_md"] is None
    assert out["mention_blocks"] == [
        nested("a/CLAUDE.md", "# a claude\n") + "\n",
        nested(".claude/rules/py.md", "# py rule\n"),
    ]


def test_every_plugin_text_comes_before_every_nested_file_in_the_order_mentioned(tree: Tree) -> None:
    out = run(tree, "fix @p/m1.py and @r/s/m2.txt")
    assert out["mention_blocks"] == [
        mention(("p/AGENTS.md", "# p agents\n")) + "\n",
        mention(("r/AGENTS.md", "# r agents\n"), ("r/s/AGENTS.md", "# rs agents\n")) + "\n",
        nested(".claude/rules/py.md", "# py rule\n"),
    ]
    swapped = run(tree, "fix @r/s/m2.txt and @p/m1.py", files={**FILES, ".claude/rules/py.md": "# py always\n"})
    assert [b.split("Contents of ")[1].split(":")[0] for b in swapped["mention_blocks"]] == [
        "<ROOT>/r/AGENTS.md",
        "<ROOT>/p/AGENTS.md",
    ]
    assert swapped["claude_md"] is not None and "# py always" in swapped["claude_md"]  # a start block


def test_a_file_that_exists_attaches_as_a_missing_one_does_the_read_itself_is_none(tree: Tree) -> None:
    out = run(tree, "fix @a/b/z.txt")
    assert out["mention_blocks"] == [
        mention(("a/b/AGENTS.md", "# ab agents\n")) + "\n",
        nested("a/CLAUDE.md", "# a claude\n"),
    ]
    assert run(tree, "fix @a/b")["mention_blocks"] == []  # a folder is listed, not mentioned


def test_a_prompt_without_mentions_attaches_nothing(tree: Tree) -> None:
    out = run(tree, "go")
    assert (out["claude_md"], out["mention_blocks"]) == (None, [])
    assert out["engine_blocks"] == [[nested(".claude/rules/py.md", "# py rule\n")]]
