"""``Session.touch``: what a tool call that touches paths attaches, by tool and profile."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents_md.host.session import Session

TREE = {
    "AGENTS.md": "# root\n",
    "a/AGENTS.md": "# a\n",
    "a/f.txt": "needle\n",
    "c/CLAUDE.md": "# c\n",
    "c/f.txt": "needle\n",
}


def session(root: Path, profile: str = "reference") -> Session:
    return Session(cwd=str(root), home=str(root.parent / "home"), profile=profile)


def test_a_read_by_any_spelling_attaches_what_read_does(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    for tool in ("Read", "read_file", "view"):
        touch = session(root).touch(tool, str(root / "a/f.txt"))
        assert touch.tool == "Read"
        assert touch.text == session(root).read(str(root / "a/f.txt")).hook_text
        assert touch.text == f"tool.call hook additional context: Contents of {root}/a/AGENTS.md:\n\n# a\n"
        assert touch.appended(prefix=False) == f"Contents of {root}/a/AGENTS.md:\n\n# a\n"
        assert [f.provenance.via for f in touch.files] == ["agents-md"]


def test_a_write_attaches_the_engines_nested_files_only_and_counts_as_given(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    s = session(root)
    assert not s.touch("write_file", str(root / "a/f.txt"))  # the plugin attaches on Reads alone
    touch = s.touch("Edit", str(root / "c/f.txt"))
    assert touch.text == f"<system-reminder>\nContents of {root}/c/CLAUDE.md:\n\n# c\n\n</system-reminder>"
    assert s.read(str(root / "c/f.txt")).engine_blocks == ()
    assert s.read(str(root / "a/f.txt")).hook_text is not None  # the Write left a/AGENTS.md to the Read


@pytest.mark.parametrize("tool", ["Write", "Edit", "write_file"])
def test_a_change_in_a_claude_folder_attaches_as_any_change_does(tree: Callable[..., Path], tool: str) -> None:
    """A host that let the change through (Claude Code asks first: g9_write_in_claude_folder_allowed)
    is given the folder's nested files with it; the file changed counts as given."""
    root = tree({**TREE, "c/.claude/rules/r.md": "# rule\n", "c/.claude/notes.txt": "notes\n"})
    s = session(root)
    assert s.touch(tool, str(root / "c/.claude/notes.txt")).text == (
        f"<system-reminder>\nContents of {root}/c/CLAUDE.md:\n\n# c\n\n</system-reminder>\n\n"
        f"<system-reminder>\nContents of {root}/c/.claude/rules/r.md:\n\n# rule\n\n</system-reminder>"
    )
    (root / "c/.claude/rules/more").mkdir()
    (root / "c/.claude/rules/more/n.md").write_text("# new\n")
    assert s.touch(tool, str(root / "c/.claude/rules/more/n.md")).text is None
    assert s.read(str(root / "c/f.txt")).engine_blocks == ()


@pytest.mark.parametrize("tool", ["Glob", "Grep", "LS", "grep"])
def test_a_search_attaches_nothing_in_the_reference_and_each_hits_files_in_the_complete(
    tree: Callable[..., Path], tool: str
) -> None:
    root = tree(TREE)
    hits = [str(root / "a/f.txt"), str(root / "c/f.txt")]
    reference = session(root)
    assert reference.touch(tool, hits).results == ()
    assert reference.read(hits[1]).engine_blocks  # nothing was given by the search
    complete = session(root, "complete").touch(tool, hits)
    assert [(f.path, f.provenance.reason.value) for f in complete.files] == [
        (f"{root}/a/AGENTS.md", "plugin"),
        (f"{root}/c/CLAUDE.md", "nested-read"),
    ]
    assert complete.text == (
        f"tool.call hook additional context: Contents of {root}/a/AGENTS.md:\n\n# a\n\n"
        f"<system-reminder>\nContents of {root}/c/CLAUDE.md:\n\n# c\n\n</system-reminder>"
    )


def test_a_mention_is_the_sessions_mention(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    for profile in ("reference", "complete"):
        expected: Any = session(root, profile).mention(str(root / "a/f.txt")).hook_text
        assert session(root, profile).touch("Mention", str(root / "a/f.txt")).text == expected
    # a prompt's mention attaches in the reference too, with its own hook event's prefix
    assert session(root).touch("Mention", str(root / "a/f.txt")).text == (
        f"prompt.mention hook additional context: Contents of {root}/a/AGENTS.md:\n\n# a\n"
    )


def test_a_tool_that_touches_no_path_attaches_nothing(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    s = session(root, "complete")
    touch = s.touch("Bash", str(root / "a/f.txt"))
    assert (touch.tool, touch.results, touch.text, touch.files) == ("Bash", (), None, ())
    assert s.steps == ()


def test_touches_from_many_threads_at_once_attach_each_file_once(tree: Callable[..., Path]) -> None:
    from concurrent.futures import ThreadPoolExecutor

    root = tree({**{f"p{i}/AGENTS.md": f"# p{i}\n" for i in range(8)}, **{f"p{i}/f.txt": "x\n" for i in range(8)}})
    s = session(root)
    s.start()
    paths = [str(root / f"p{i % 8}/f.txt") for i in range(64)]
    with ThreadPoolExecutor(max_workers=16) as pool:
        texts = list(pool.map(lambda p: s.touch("read_file", p).text, paths))
    attached = sorted(t for t in texts if t)
    assert len(attached) == 8
    assert attached == sorted(
        f"tool.call hook additional context: Contents of {root}/p{i}/AGENTS.md:\n\n# p{i}\n" for i in range(8)
    )
