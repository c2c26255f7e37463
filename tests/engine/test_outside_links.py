"""A hostile repository's links: nothing that is not a regular file is read, a link leaving the
repository is said, and ``outside_links="refuse"`` leaves it out."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md import Session
from agents_md._model import SkipReason

Tree = Callable[..., Path]
SECRET = "SECRET-OUTSIDE-THE-REPOSITORY"


def _session(root: Path, cwd: str = "", **options: object) -> Session:
    return Session(
        cwd=str(root / cwd),
        home=str(root.parent / "home"),
        managed_dir=str(root.parent / "managed"),
        **options,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("name", ["CLAUDE.md", "AGENTS.md", ".claude/CLAUDE.md", "sub/CLAUDE.md"])
def test_links_carry_no_kernel_file_into_the_prompt(tree: Tree, name: str) -> None:
    root = tree({".git/HEAD": "ref: refs/heads/main\n", name: {"symlink": "/proc/self/environ"}, "sub/f": "x"})
    os.environ["AGENTS_MD_TEST_CANARY"] = SECRET
    try:
        start = _session(root, os.path.dirname(name) if name.startswith("sub") else "").start()
    finally:
        del os.environ["AGENTS_MD_TEST_CANARY"]
    assert SECRET not in (start.claude_md or "")
    assert any(w.startswith(f"{root / name}: cannot be read (not a regular file") for w in start.warnings)


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "fifo"])
def test_a_device_or_a_pipe_named_as_an_instruction_file_is_not_read(tree: Tree, target: str) -> None:
    root = tree({".git/HEAD": "x"})
    if target == "fifo":
        os.mkfifo(root / "AGENTS.md")
        os.mkfifo(root / "CLAUDE.md")
    else:
        os.symlink(target, root / "AGENTS.md")
        os.symlink(target, root / "CLAUDE.md")
    start = _session(root).start()  # returns: nothing blocks, nothing grows without end
    assert start.claude_md is None
    assert {s.reason for s in start.skipped} >= {SkipReason.UNREADABLE}


def _outside(tree: Tree) -> tuple[Path, Path]:
    private = tree({"notes.md": f"{SECRET}\n", "rules/r.md": f"rule {SECRET}\n"}, "private")
    root = tree(
        {
            ".git/HEAD": "x",
            "CLAUDE.md": {"symlink": str(private / "notes.md")},
            ".claude/rules": {"symlink": str(private / "rules")},
            "sub/AGENTS.md": {"symlink": str(private / "notes.md")},
        }
    )
    return root, private


def test_a_link_leaving_the_repository_is_read_as_the_engine_does_and_said(tree: Tree) -> None:
    root, private = _outside(tree)
    start = _session(root).start()
    assert SECRET in (start.claude_md or "")
    assert (
        f"{root / 'CLAUDE.md'}: links outside the repository, to {private / 'notes.md'}; read as the engine does"
        in (start.warnings)
    )
    assert (
        f"{root / '.claude/rules'}: links outside the repository, to {private / 'rules'}; read as the engine does"
    ) in start.warnings


def test_outside_links_refuse_leaves_every_such_file_out(tree: Tree) -> None:
    root, _private = _outside(tree)
    session = _session(root, outside_links="refuse")
    start = session.start()
    assert start.claude_md is None
    refused = {s.path for s in start.skipped if s.reason is SkipReason.OUTSIDE_LINK}
    assert refused == {str(root / "CLAUDE.md"), str(root / ".claude/rules")}
    read = session.read(str(root / "sub/f.txt"))
    assert SECRET not in (read.hook_text or "") and all(SECRET not in b for b in read.engine_blocks)


def test_a_link_inside_the_repository_is_no_outside_link(tree: Tree) -> None:
    root = tree({".git/HEAD": "x", "docs/main.md": "# main\n", "CLAUDE.md": {"symlink": "docs/main.md"}})
    start = _session(root, outside_links="refuse").start()
    assert "# main" in (start.claude_md or "")
    assert not [w for w in start.warnings if "outside the repository" in w]


def test_outside_links_takes_follow_or_refuse(tree: Tree) -> None:
    with pytest.raises(ValueError, match="outside_links must be 'follow' or 'refuse', not 'maybe'"):
        _session(tree({}), outside_links="maybe")
