"""Step by step, the checkout the cwd is in (``engine.checkout``), from the files git leaves."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md import Session
from agents_md.engine.checkout import Checkout, find_checkout
from agents_md.engine.fs import DEFAULT_FS

Tree = Callable[..., Path]


def linked(prefix: str, worktree: str, *, commondir: str | None = "../..", gitdir: str | None = None) -> dict:
    """The files ``git worktree add`` leaves for a worktree at ``worktree`` of the repository at ``prefix``."""
    main_git = f"{prefix}.git" if not prefix else f"{prefix}/.git"
    files: dict = {f"{main_git}/HEAD": "ref: refs/heads/main\n", f"{worktree}/.git": f"gitdir: {gitdir or '<G>'}\n"}
    if commondir is not None:
        files[f"{main_git}/worktrees/x/commondir"] = commondir + "\n"
    files[f"{main_git}/worktrees/x/HEAD"] = "0" * 40 + "\n"
    return files


def build(tree: Tree, spec: dict) -> Path:
    root = tree({})
    resolved = {k: v.replace("<G>", str(root / ".git" / "worktrees" / "x")) for k, v in spec.items()}
    return tree(resolved)


def test_step1_the_root_is_the_nearest_folder_holding_git(tree: Tree) -> None:
    root = tree({".git/HEAD": "x", "a/b/f.txt": "y"})
    assert find_checkout(DEFAULT_FS, str(root / "a" / "b")) == Checkout(root=str(root), shadowed=frozenset())
    assert find_checkout(DEFAULT_FS, str(tree({}, "nogit"))).root is None


def test_step3_a_linked_worktree_inside_its_main_checkout_shadows_the_folders_above_it(tree: Tree) -> None:
    root = build(tree, linked("", "wt/x"))
    checkout = find_checkout(DEFAULT_FS, str(root / "wt" / "x" / "deep"))
    assert checkout.root == str(root / "wt" / "x")
    assert checkout.shadowed == frozenset({str(root), str(root / "wt")})


def test_a_relative_gitdir_is_read_from_the_worktree_root(tree: Tree) -> None:
    root = build(tree, linked("", ".claude/worktrees/x", gitdir="../../../.git/worktrees/x"))
    assert find_checkout(DEFAULT_FS, str(root / ".claude/worktrees/x")).shadowed == {
        str(root),
        str(root / ".claude"),
        str(root / ".claude" / "worktrees"),
    }


@pytest.mark.parametrize(
    "spec",
    [
        {"sub/.git": "gitdir: ../.git/modules/sub\n", ".git/modules/sub/HEAD": "x"},  # a submodule: no commondir
        {"wt/x/.git": "not a pointer\n", ".git/HEAD": "x"},
        {"wt/x/.git/HEAD": "x", ".git/HEAD": "x"},  # an independent repository
    ],
    ids=["submodule", "malformed", "independent"],
)
def test_other_checkouts_shadow_nothing(tree: Tree, spec: dict) -> None:
    root = tree(spec)
    cwd = root / ("sub" if "sub/.git" in spec else "wt/x")
    assert find_checkout(DEFAULT_FS, str(cwd)).shadowed == frozenset()


def test_a_worktree_outside_its_main_checkout_shadows_nothing(tree: Tree) -> None:
    main = tree({".git/HEAD": "x", ".git/worktrees/x/commondir": "../..\n"}, "main")
    wt = tree({".git": f"gitdir: {main / '.git' / 'worktrees' / 'x'}\n"}, "wt-x")
    found = find_checkout(DEFAULT_FS, str(wt))
    assert found == Checkout(root=str(wt), shadowed=frozenset(), main=str(main))
    assert found.project == str(main)  # the repository it shares (the auto memory's key)


def test_a_session_in_a_real_worktree_leaves_the_main_checkout_s_files_out_but_its_local_file(
    tree: Tree, tmp_path: Path
) -> None:
    root = tree({"CLAUDE.md": "main\n", "CLAUDE.local.md": "mine\n", "AGENTS.md": "main agents\n"})
    env = {"HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"}
    ident = ["-c", "user.name=x", "-c", "user.email=x@y", "-c", "init.defaultBranch=main"]
    for argv in (
        ["init", "-q"],
        ["commit", "-q", "--allow-empty", "-m", "i"],
        ["worktree", "add", "-q", "--detach", "wt/x"],
    ):
        subprocess.run(["git", *ident, "-C", str(root), *argv], check=True, env=env, capture_output=True)
    (root / "wt" / "x" / "AGENTS.md").write_text("wt agents\n")
    s = Session(cwd=str(root / "wt" / "x"), home=str(tmp_path / "home"), managed_dir=str(tmp_path / "m"))
    assert [Path(f.path).relative_to(root).as_posix() for f in s.files] == ["CLAUDE.local.md"]  # it stands down
    s = Session(
        cwd=str(root / "wt" / "x"),
        home=str(tmp_path / "home"),
        managed_dir=str(tmp_path / "m"),
        args=["--setting-sources", "user,project"],
    )
    assert [Path(f.path).relative_to(root).as_posix() for f in s.files] == ["wt/x/AGENTS.md"]


@pytest.mark.parametrize("pointer", ["gitdir:", "gitdir:   \n", "gitdir:\n\n"])
def test_a_git_file_naming_no_folder_is_a_root_and_no_worktree(tree: Tree, pointer: str) -> None:
    root = tree({".git": pointer, "AGENTS.md": "# r\n"})
    assert find_checkout(DEFAULT_FS, str(root)) == Checkout(root=str(root), shadowed=frozenset())
    assert Session(cwd=str(root), home=str(tree({}, "home"))).claude_md is not None
