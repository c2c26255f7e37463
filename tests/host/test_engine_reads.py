"""``engine_read``: every engine's read as the same frozen ``EngineRead``, Claude Code's with the
plugin's reasons for what it left out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agents_md import engine_read, engine_start
from agents_md.engines.model import Left

Tree = Callable[..., Path]
FILES = {
    ".git/HEAD": "x",
    "AGENTS.md": "# r\n",
    "a/CLAUDE.md": "# ac\n",
    "a/AGENTS.md": "# aa\n",
    "a/b/x": "x\n",
    "a/y": "y\n",
}


def test_claude_code_read_keeps_its_files_its_text_and_why_not(tree: Tree) -> None:
    root, home = tree(FILES), tree({}, "home")
    start, read = engine_read("claude-code", str(root), str(root / "a" / "b" / "x"), home=str(home), env={})
    assert [f.path for f in start.files] == [str(root / "AGENTS.md")]
    assert [(f.path, str(f.scope)) for f in read.files] == [(str(root / "a" / "CLAUDE.md"), "read")]
    assert read.text == f"<system-reminder>\nContents of {root / 'a' / 'CLAUDE.md'}:\n\n# ac\n\n</system-reminder>"
    left = {x.path: (x.why, x.detail) for x in read.left_out}
    assert left == {str(root / "a" / "AGENTS.md"): (Left.SHADOWED, "CLAUDE.md claims the folder")}  # none absent


def test_a_second_read_is_given_already_for_each_engine(tree: Tree) -> None:
    root, home = tree(FILES), tree({}, "home")
    target, first = str(root / "a" / "b" / "x"), str(root / "a" / "y")
    for name in ("claude-code", "opencode"):
        _start, once = engine_read(name, str(root), target, home=str(home), env={})
        _start, again = engine_read(name, str(root), target, home=str(home), env={}, after=[first])
        assert once.files and not again.files, name
    _start, codex = engine_read("codex", str(root), target, home=str(home), env={})
    assert (codex.files, codex.text) == ((), None)
    assert engine_start("codex", str(root / "a"), home=str(home), env={}).prompt is not None
