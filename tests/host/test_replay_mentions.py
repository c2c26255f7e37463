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


def turns(tree: Tree, steps: list[Any]) -> dict[str, Any]:
    root = tree(FILES)
    home = tree({".claude/settings.json": "{}"}, "home")
    keyed = [s if isinstance(s, str) else dict(s, reads=[str(root / r) for r in s.get("reads", [])]) for s in steps]
    script = {"cwd": str(root), "home": str(home), "turns": keyed}
    out = replay(script, managed_dir=str(home.parent / "managed"))
    return dict(json.loads(json.dumps(out).replace(str(root), "<ROOT>"))["turns"])


def test_a_later_turns_mentions_end_with_a_line_break_the_first_after_compact_not(tree: Tree) -> None:
    """A later prompt's message has no context reminders: the prompt's text follows the last
    mention; after /compact the start block does again (h41_t2_*)."""
    out = turns(
        tree,
        [
            {"key": "t1", "prompt": "go"},
            {"key": "t2", "prompt": "fix @r/s/missing.txt"},
            "/compact",
            {"key": "t3", "prompt": "again @r/s/missing.txt"},
        ],
    )
    assert "mention_blocks" in out["t1"] and out["t1"]["mention_blocks"] == []
    given = mention(("r/AGENTS.md", "# r agents\n"), ("r/s/AGENTS.md", "# rs agents\n"))
    assert out["t2"]["mention_blocks"] == [given + "\n"]
    assert out["t3"]["mention_blocks"] == [given]  # the plugin forgot at /compact; the start block follows


def test_a_later_turns_mention_of_a_folder_read_before_attaches_nothing_new(tree: Tree) -> None:
    out = turns(
        tree,
        [
            {"key": "t1", "prompt": "go", "reads": ["a/b/z.txt"]},
            {"key": "t2", "prompt": "fix @a/b/missing.py"},
            {"key": "t3", "prompt": "and @p/missing.py and @a/b/missing.py"},
        ],
    )
    assert out["t1"]["engine_blocks"] == [[nested("a/CLAUDE.md", "# a claude\n")]]
    # the Read gave a/b's files, to the engine and the plugin: only the rule for .py files is new
    assert out["t2"]["mention_blocks"] == [nested(".claude/rules/py.md", "# py rule\n") + "\n"]
    assert out["t3"]["mention_blocks"] == [mention(("p/AGENTS.md", "# p agents\n")) + "\n"]
