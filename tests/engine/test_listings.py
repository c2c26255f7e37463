"""One listing per directory: it answers every name, the ``.git`` lookup and the links on a path
(a name it holds is asked about once), and a file read before is not read again until it changes."""

from __future__ import annotations

import errno
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md import FileSystem, Session
from agents_md.engine.checkout import checkout_root
from agents_md.engine.faults import NO_START
from agents_md.engine.fs import ListingFS, disk_version
from agents_md.engine.paths import path_chain

Tree = Callable[..., Path]
AND_MODE = {
    "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
}


class ScanCounter(FileSystem):
    """The disk, counting each directory's listings, link look-ups and reads."""

    def __init__(self) -> None:
        self.scans: Counter[str] = Counter()
        self.links: Counter[str] = Counter()
        self.reads: Counter[str] = Counter()

    def list_dir(self, path: str) -> list[str] | None:
        self.scans[path] += 1
        return super().list_dir(path)

    def is_symlink(self, path: str) -> bool:
        self.links[path] += 1
        return super().is_symlink(path)

    def read_file(self, path: str) -> bytes | None:
        self.reads[path] += 1
        return super().read_file(path)


def test_paths_resolve_through_the_listings_as_the_system_resolves_them(tree: Tree) -> None:
    root = tree(
        {
            "real/deep/CLAUDE.md": "x\n",
            "alias": {"symlink": "real"},
            "real/deep/up": {"symlink": ".."},
            "dangling": {"symlink": "nowhere"},
        }
    )
    view = ListingFS(FileSystem())
    for rel in ("alias/deep/CLAUDE.md", "alias/deep/up/deep", "alias/../real", "dangling", "alias/missing/x"):
        assert view.realpath(str(root / rel)) == os.path.realpath(root / rel), rel


def test_a_start_lists_each_directory_on_the_path_once_and_resolves_the_cwd_through_them(tree: Tree) -> None:
    root = tree({".git/": {"dir": True}, "CLAUDE.md": "root\n", "a/b/CLAUDE.md": "b\n", "a/b/c/main.py": "x\n"})
    os.symlink(root / "a", root / "alias")
    fs = ScanCounter()
    s = Session(cwd=str(root / "alias/b/c"), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"), fs=fs)
    assert s.inputs.cwd == str(root / "a/b/c")
    assert [f.path for f in s.files] == [str(root / "CLAUDE.md"), str(root / "a/b/CLAUDE.md")]
    chain = path_chain(str(root / "a/b/c"))
    assert {d: fs.scans[d] for d in chain} == dict.fromkeys(chain, 1)
    assert max(fs.scans.values()) == 1  # nothing else twice either (home, managed, .claude folders)
    # Links are asked about only for names a listing holds, each once: the cwd's ladder, the files.
    assert max(fs.links.values()) == 1
    assert str(root / "alias") in fs.links  # the cwd was spelled through it
    assert not [p for p in fs.links if p.endswith(("CLAUDE.local.md", "AGENTS.md"))]  # held nowhere: not asked


def test_the_checkout_is_found_from_the_listings_and_a_dangling_git_link_is_none(tree: Tree) -> None:
    root = tree({"repo/.git": "gitdir: elsewhere\n", "repo/a/": {"dir": True}, "other/.git": {"symlink": "gone"}})
    view = ListingFS(FileSystem())
    assert checkout_root(view, str(root / "repo/a")) == str(root / "repo")
    assert checkout_root(view, str(root / "other")) == checkout_root(FileSystem(), str(root / "other"))
    assert checkout_root(view, str(root / "other")) != str(root / "other")


class VersionedReads(FileSystem):
    """Reads the disk its own way (counted) and says the disk's versions: its texts may be kept."""

    def __init__(self) -> None:
        self.reads: Counter[str] = Counter()

    def read_file(self, path: str) -> bytes | None:
        self.reads[path] += 1
        return super().read_file(path)

    def version(self, path: str) -> tuple[int, ...] | None:
        return disk_version(path)


def test_a_file_read_on_an_earlier_read_is_not_read_again_until_it_changes(tree: Tree) -> None:
    root = tree({"AGENTS.md": "root\n", "a/AGENTS.md": "a\n", "a/CLAUDE.md": "claims\n", "a/f.py": "x\n"})
    fs = VersionedReads()
    home = tree({".claude/settings.json": AND_MODE}, "home")
    s = Session(cwd=str(root), home=str(home), managed_dir=str(root.parent / "m"), fs=fs, profile="complete")
    s.start()
    fs.reads.clear()
    assert {f.path for f in s.read(str(root / "a/f.py")).files} == {
        str(root / "a/AGENTS.md"),
        str(root / "a/CLAUDE.md"),
    }
    first = dict(fs.reads)
    for _ in range(3):
        assert s.read(str(root / "a/f.py")).files == ()
    assert dict(fs.reads) == first  # the same Reads again: nothing read twice
    (root / "a/AGENTS.md").write_text("a, changed at last\n")
    assert [f.content for f in s.read(str(root / "a/f.py")).files] == ["a, changed at last\n"]
    assert fs.reads[str(root / "a/AGENTS.md")] == first[str(root / "a/AGENTS.md")] + 1


def test_a_filesystem_reading_its_own_way_is_asked_on_every_read(tree: Tree) -> None:
    root = tree({"AGENTS.md": "root\n", "a/AGENTS.md": "a\n", "a/f.py": "x\n"})
    fs = ScanCounter()  # overrides read_file alone: it cannot vouch for versions
    assert fs.version(str(root / "a/AGENTS.md")) is None
    s = Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"), fs=fs)
    s.read(str(root / "a/f.py"))
    before = fs.reads[str(root / "a/AGENTS.md")]
    s.read(str(root / "a/f.py"))
    assert fs.reads[str(root / "a/AGENTS.md")] == before + 1


class LinksFail(FileSystem):
    """The disk, but asking whether anything is a link fails (EIO)."""

    def is_symlink(self, path: str) -> bool:
        raise OSError(errno.EIO, "Input/output error", path)


def test_a_cwd_that_cannot_be_resolved_through_the_seam_fails_the_start_not_the_session(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/f.txt": "x\n"})
    s = Session(cwd=str(root / "a"), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"), fs=LinksFail())
    assert s.inputs.cwd == str(root / "a")  # resolved as the system resolves it
    assert s.files == () and any(w.endswith(NO_START) for w in s.start().warnings)


def test_a_reads_file_is_asked_of_the_disk_once_a_round_and_answers_as_the_disk_does(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether the read file is one, and its size, come from one ``stat`` of it in the round (on
    the real disk), with the answers ``FileSystem`` gives: a folder, a dangling link, a missing
    file are none; a link to a file is one, of its target's size; a change shows next round."""
    root = tree({"a/f.txt": "12345\n", "a/d/x": "", "a/target.txt": "0123456789\n"})
    (root / "a/to_file").symlink_to("target.txt")
    (root / "a/dangling").symlink_to("nowhere")
    s = Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))
    s.start()
    fs = s.loop().fs
    disk = FileSystem()
    for name in ("f.txt", "d", "to_file", "dangling", "missing"):
        path = str(root / "a" / name)
        fs.begin(str(root))
        assert (fs.is_file(path), fs.size(path)) == (disk.is_file(path), disk.size(path)), name
    asked: Counter[str] = Counter()
    real_stat = os.stat

    def counting(path: str, *args: object, **kwargs: object) -> os.stat_result:
        asked[str(path)] += 1
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", counting)
    path = str(root / "a/f.txt")
    fs.begin(str(root))
    assert fs.is_file(path) and fs.size(path) == 6
    assert asked[path] == 1
    (root / "a/f.txt").write_text("longer now\n")
    fs.begin(str(root))
    assert fs.size(path) == 11
