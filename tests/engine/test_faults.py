"""Absent is not broken: injected faults through the filesystem seam, one per branch."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

from agents_md import FileSystem, Session

Tree = Callable[..., Path]


class FaultyFS(FileSystem):
    """Raises ``error`` (or answers absent, for ``None``) when a path ends with ``suffix``."""

    def __init__(self, suffix: str, error: OSError | None) -> None:
        self.suffix = suffix
        self.error = error

    def read_file(self, path: str) -> bytes | None:
        if path.endswith(self.suffix):
            if self.error is None:
                return None  # deleted between the listing and the read
            raise self.error
        return super().read_file(path)


def session(root: Path, fs: FileSystem, cwd: str = "") -> Session:
    return Session(
        cwd=str(root / cwd), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"), fs=fs, plugins=[]
    )


def test_a_file_deleted_mid_walk_is_skipped_silently(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/CLAUDE.md": "a\n"})
    s = session(root, FaultyFS("a/CLAUDE.md", None), "a")
    assert [f.path for f in s.files] == [str(root / "CLAUDE.md")]
    assert s.start().warnings == ()


def test_an_unreadable_file_is_reported_with_its_path_and_the_walk_goes_on(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/CLAUDE.md": "a\n", "a/CLAUDE.local.md": "local\n"})
    s = session(root, FaultyFS("a/CLAUDE.md", PermissionError(errno.EACCES, "Permission denied")), "a")
    assert [f.path for f in s.files] == [str(root / "CLAUDE.md"), str(root / "a/CLAUDE.local.md")]
    assert s.start().warnings == (f"{root / 'a/CLAUDE.md'}: cannot be read (Permission denied); skipped",)
    assert [(sk.path, str(sk.reason)) for sk in s.start().skipped] == [(str(root / "a/CLAUDE.md"), "unreadable")]


def test_bad_utf8_is_read_with_replacement_and_warned_about(tree: Tree) -> None:
    root = tree({"CLAUDE.md": b"caf\xe9 ok\n"})
    s = session(root, FileSystem())
    assert s.files[0].content == "caf\ufffd ok\n"
    assert s.start().warnings == (f"{root / 'CLAUDE.md'}: not valid UTF-8; invalid bytes read as U+FFFD",)


def test_a_link_loop_and_a_dangling_link_read_as_absent(tree: Tree) -> None:
    root = tree(
        {
            "CLAUDE.md": {"symlink": "CLAUDE.md"},
            ".claude/CLAUDE.md": {"symlink": "nowhere.md"},
            "CLAUDE.local.md": "local\n",
            ".claude/rules/loop": {"symlink": "."},
        }
    )
    s = session(root, FileSystem())
    assert [f.path for f in s.files] == [str(root / "CLAUDE.local.md")]


def test_an_unreadable_directory_holds_nothing(tree: Tree) -> None:
    class NoListing(FileSystem):
        def list_dir(self, path: str) -> list[str] | None:
            if path.endswith("rules"):
                raise PermissionError(errno.EACCES, "Permission denied", path)
            return super().list_dir(path)

    root = tree({"CLAUDE.md": "root\n", ".claude/rules/r.md": "r\n"})
    s = session(root, NoListing())
    assert [f.path for f in s.files] == [str(root / "CLAUDE.md")]
    assert s.start().warnings == (f"{root / '.claude/rules'}: cannot be listed (Permission denied); skipped",)


def test_a_disk_failing_the_repository_lookup_leaves_its_local_settings_out_and_the_start_fails_whole(
    tree: Tree,
) -> None:
    # The settings look for the repository's root (its settings.local.json); a failing query there
    # is no exception out of the session: that file is left out, and the start, meeting the same
    # failure in its walk, loads nothing and says why.
    root = tree({".git/": {"dir": True}, "CLAUDE.md": "root\n", ".claude/settings.local.json": "{}", "a/f.py": "x\n"})

    class FailingGit(FileSystem):
        def exists(self, path: str) -> bool:
            if path.endswith(".git"):
                raise OSError(errno.EIO, "Input/output error", path)
            return super().exists(path)

    session = Session(cwd=str(root / "a"), home=str(root.parent / "home"), managed_dir=str(root / "m"), fs=FailingGit())
    start = session.start()
    assert start.files == ()
    assert any(
        ".git: cannot be examined (Input/output error); the repository's settings.local.json" in w
        for w in start.warnings
    )
    assert any(".git: cannot be examined (Input/output error); no instruction file loaded" in w for w in start.warnings)
