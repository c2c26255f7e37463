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


def test_the_agents_md_files_the_plugin_did_not_look_for_say_why_from_its_start(tree: Tree) -> None:
    """Default mode with the project's own CLAUDE.md: the plugin stood down at start, so neither the
    start nor a Read loads an AGENTS.md; each on the way says so, from the plugin's record. An
    AGENTS.md loaded as the CLAUDE.md linking to it was not left out."""
    root = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "pkg/AGENTS.md": "# p\n", "pkg/src/m.py": "m\n"})
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    home = tree({}, "home")
    start, read = engine_read("claude-code", str(root / "pkg"), str(root / "pkg/src/m.py"), home=str(home), env={})
    why = (Left.DISABLED, "the agents-md plugin stood down for CLAUDE.md (claude-md-or-agents-md)")
    assert [f.path for f in start.files] == [str(root / "CLAUDE.md")]
    assert {x.path: (x.why, x.detail) for x in start.left_out} == {str(root / "pkg/AGENTS.md"): why}
    (root / "pkg/src/AGENTS.md").write_text("# s\n")
    _start, read = engine_read("claude-code", str(root), str(root / "pkg/src/m.py"), home=str(home), env={})
    assert read.files == ()
    assert {x.path: (x.why, x.detail) for x in read.left_out} == {
        str(root / "pkg/AGENTS.md"): why,
        str(root / "pkg/src/AGENTS.md"): why,
    }


def test_a_mode_that_loads_no_agents_md_says_so_where_it_was_set(tree: Tree) -> None:
    root = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n", "a/f.py": "f\n"})
    settings = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md"}}}}
    home = tree({".claude/settings.json": {"json": settings}}, "home")
    start, read = engine_read("claude-code", str(root), str(root / "a/f.py"), home=str(home), env={})
    assert start.files == () and read.files == ()
    [(path, why, detail)] = [(x.path, x.why, x.detail) for x in read.left_out]
    assert (path, why) == (str(root / "a/AGENTS.md"), Left.DISABLED)
    assert detail.startswith("instructionFiles is claude-md (") and "settings.json" in detail
    assert [x.path for x in start.left_out] == [str(root / "AGENTS.md")]


def test_a_read_loading_an_agents_md_under_another_name_does_not_leave_it_out(tree: Tree) -> None:
    """The plugin stood down; a Read in pkg/ attaches pkg/CLAUDE.md, a link to pkg/AGENTS.md: its
    text was sent, so it is not left out (as at start). A Read of an AGENTS.md is the file read."""
    root = tree({".git/HEAD": "x", "CLAUDE.md": "# own\n", "pkg/AGENTS.md": "# p\n", "pkg/m.py": "m\n"})
    (root / "pkg/CLAUDE.md").symlink_to("AGENTS.md")
    (root / "lib").mkdir()
    (root / "lib/AGENTS.md").write_text("# l\n")
    home = tree({}, "home")
    _start, read = engine_read("claude-code", str(root), str(root / "pkg/m.py"), home=str(home), env={})
    assert [f.path for f in read.files] == [str(root / "pkg/CLAUDE.md")]
    assert read.left_out == ()
    _start, read = engine_read("claude-code", str(root), str(root / "lib/AGENTS.md"), home=str(home), env={})
    assert [(x.path, x.why, x.detail) for x in read.left_out] == [
        (str(root / "lib/AGENTS.md"), Left.GIVEN, "the file read")
    ]


def test_the_main_checkout_s_agents_md_above_a_linked_worktree_is_not_said_to_be_left_by_the_plugin(
    tree: Tree,
) -> None:
    """A linked worktree inside its main checkout: the folders above it are shadowed, their files
    looked for by no one; only the worktree's own AGENTS.md is the plugin's to stand down for."""
    root = tree({})
    gitdir = root / ".git" / "worktrees" / "x"
    tree(
        {
            ".git/HEAD": "ref: refs/heads/main\n",
            ".git/worktrees/x/commondir": "../..\n",
            ".git/worktrees/x/HEAD": "0" * 40 + "\n",
            "AGENTS.md": "# main\n",
            "wt/.git": f"gitdir: {gitdir}\n",
            "wt/CLAUDE.md": "# own\n",
            "wt/AGENTS.md": "# wt\n",
        }
    )
    home = tree({}, "home")
    start = engine_start("claude-code", str(root / "wt"), home=str(home), env={})
    assert [x.path for x in start.left_out if x.why is Left.DISABLED] == [str(root / "wt/AGENTS.md")]
