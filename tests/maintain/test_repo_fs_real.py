"""``RepoFS.real`` resolves a folder at a time, keeping each folder's real path: it answers as
``os.path.realpath`` does, on every kind of link, and a link leaving the repository is still
caught before a file or a folder behind it is read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents_md.engine.fs import FileSystem
from agents_md.maintain.repo.fs import RepoFS
from agents_md.maintain.repo.reading import OutsideRepository


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "deep" / "AGENTS.md").write_text("outside\n")
    (root / "a" / "b" / "c").mkdir(parents=True)
    (root / "a" / "b" / "c" / "AGENTS.md").write_text("c\n")
    (root / "a" / "b" / "file.md").write_text("f\n")
    (root / "x").mkdir()
    links = {
        "a/up": "..",  # a folder above, by a relative link
        "a/b/same": "c",  # a sibling folder
        "a/b/abs": str(root / "a" / "b" / "c"),  # an absolute link inside
        "a/b/chain": "same",  # a link to a link
        "a/b/c/CLAUDE.md": "AGENTS.md",  # a file link
        "a/b/c/deeper": "../../b/c/AGENTS.md",  # a link through ".."
        "a/b/c/gone.md": "nowhere.md",  # dangling
        "a/loop1": "loop2",
        "a/loop2": "loop1",  # a loop
        "a/b/away": str(outside / "deep"),  # a folder outside the repository
        "x/away.md": "../../outside/deep/AGENTS.md",  # a file outside, relatively
        "x/self": ".",
    }
    for rel, target in links.items():
        os.symlink(target, root / rel)
    return root


PATHS = [
    "",
    "a",
    "a/b/c/AGENTS.md",
    "a/b/c/CLAUDE.md",
    "a/up/a/b/c/AGENTS.md",
    "a/up/a/up/x",
    "a/b/same/AGENTS.md",
    "a/b/abs/CLAUDE.md",
    "a/b/chain/AGENTS.md",
    "a/b/chain/deeper",
    "a/b/c/deeper",
    "a/b/c/gone.md",
    "a/b/c/none/AGENTS.md",
    "a/b/file.md/AGENTS.md",
    "a/loop1",
    "a/loop1/AGENTS.md",
    "a/b/away/AGENTS.md",
    "a/b/away",
    "x/away.md",
    "x/self/self/away.md",
    "a/b/../b/c/AGENTS.md",
    "a/./b//c/AGENTS.md",
    "a/b/c/",
]


def test_real_answers_as_the_system_does(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    fs = RepoFS(str(root), lambda path: False)
    for rel in PATHS * 2:  # the second time from what it kept
        path = os.path.join(str(root), rel)
        assert fs.real(path) == os.path.realpath(path), rel
    for path in ("relative/AGENTS.md", "//" + str(root).lstrip("/"), str(root) + "/\0"):
        assert fs.real(path) == fs.base.realpath(path)


def test_a_file_or_folder_behind_a_link_out_is_not_read(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    fs = RepoFS(str(root), lambda path: False)
    assert fs.read_file(str(root / "a" / "b" / "c" / "CLAUDE.md")) == b"c\n"
    for rel in ("a/b/away/AGENTS.md", "x/away.md", "x/self/away.md"):
        with pytest.raises(OutsideRepository):
            fs.read_file(str(root / rel))
    assert fs.list_dir(str(root / "a" / "b" / "away")) is None
    assert sorted(fs.list_dir(str(root / "a" / "b" / "same")) or ()) == ["AGENTS.md", "CLAUDE.md", "deeper", "gone.md"]


def test_another_filesystem_resolves_its_own_way(tmp_path: Path) -> None:
    class Mapped(FileSystem):
        def realpath(self, path: str) -> str:
            return "/elsewhere" + path

    fs = RepoFS(str(tmp_path), lambda path: False, base=Mapped())
    assert fs.real(str(tmp_path / "a.md")) == "/elsewhere" + str(tmp_path / "a.md")
