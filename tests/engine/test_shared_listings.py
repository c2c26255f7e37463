"""The real disk's listings outlive a start: a later session stats a folder and reuses its listing
while the folder's stamp is the same, lists it again when it changed, and never trusts a listing
made in the same clock tick as the folder's last change."""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agents_md import FileSystem, Session
from agents_md.engine.shared_listings import SHARED, Listing, SharedListings

Tree = Callable[..., Path]
HOUR_AGO_NS = time.time_ns() - 3600 * 10**9


@pytest.fixture(autouse=True)
def fresh_listings() -> Iterator[None]:
    SHARED.clear()
    yield
    SHARED.clear()


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every ``os.listdir`` of the real disk, by folder."""
    seen: Counter[str] = Counter()
    real = os.listdir

    def counting(path: str = ".") -> list[str]:
        seen[str(path)] += 1
        return real(path)

    monkeypatch.setattr(os, "listdir", counting)
    return seen


def age(root: Path) -> None:
    """Every folder under ``root`` (and ``root``) last changed an hour ago."""
    for directory, _, _ in os.walk(root):
        os.utime(directory, ns=(HOUR_AGO_NS, HOUR_AGO_NS))


def start(cwd: Path, home: Path) -> str | None:
    return Session(cwd=str(cwd), home=str(home), managed_dir=str(home / "none")).claude_md


def test_a_later_session_reuses_the_listings_of_folders_unchanged_since(tree: Tree, listed: Counter[str]) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/b/CLAUDE.md": "b\n", "a/b/c/main.py": "x\n", "home/": {"dir": True}})
    age(root)
    first = start(root / "a/b/c", root / "home")
    assert listed[str(root / "a" / "b")] == 1
    listed.clear()
    assert start(root / "a/b/c", root / "home") == first
    chain = [root, root / "a", root / "a/b", root / "a/b/c"]
    assert [listed[str(d)] for d in chain] == [0, 0, 0, 0]  # each folder stat'ed, none listed again
    assert first is not None and "root" in first and "b" in first


def test_a_folder_changed_since_is_listed_again_and_what_it_holds_now_loads(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/b/c/main.py": "x\n", "home/": {"dir": True}})
    age(root)
    assert "new" not in (start(root / "a/b/c", root / "home") or "")
    (root / "a" / "b" / "CLAUDE.md").write_text("new\n")
    assert "new" in (start(root / "a/b/c", root / "home") or "")
    (root / "a" / "b" / "CLAUDE.md").unlink()
    assert "new" not in (start(root / "a/b/c", root / "home") or "")


def test_a_listing_made_in_the_tick_of_the_folders_last_change_is_not_trusted(tree: Tree) -> None:
    # A disk with a coarse clock: a file added in the same tick leaves the folder's stamp as it was.
    root = tree({"CLAUDE.md": "root\n", "a/main.py": "x\n", "home/": {"dir": True}})
    folder = root / "a"
    stamp = os.stat(folder)
    assert "late" not in (start(folder, root / "home") or "")
    (folder / "CLAUDE.md").write_text("late\n")
    os.utime(folder, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert os.stat(folder).st_mtime_ns == stamp.st_mtime_ns
    assert "late" in (start(folder, root / "home") or "")


def test_a_filesystem_of_ones_own_lists_every_time(tree: Tree) -> None:
    class Counting(FileSystem):
        def __init__(self) -> None:
            self.scans: Counter[str] = Counter()

        def list_dir(self, path: str) -> list[str] | None:
            self.scans[path] += 1
            return super().list_dir(path)

    root = tree({"CLAUDE.md": "root\n", "a/main.py": "x\n", "home/": {"dir": True}})
    age(root)
    fs = Counting()
    texts = [
        Session(cwd=str(root / "a"), home=str(root / "home"), managed_dir=str(root / "none"), fs=fs).claude_md
        for _ in range(2)
    ]
    assert texts[0] == texts[1] and "root" in (texts[0] or "")
    assert fs.scans[str(root / "a")] == 2


def test_what_is_kept_is_bounded_by_its_names_the_least_recently_used_first() -> None:
    kept = SharedListings(most_names=16, racy_ns=0)
    scans: Counter[str] = Counter()

    def listing(directory: str, names: int) -> Listing:
        def scan() -> Listing:
            scans[directory] += 1
            held = tuple(f"n{i}" for i in range(names))
            return Listing(names=held, held=frozenset(held))

        return kept.listing(directory, (1, hash(directory)), scan) or Listing(names=(), held=frozenset())

    for directory in ("/a", "/b", "/c", "/d"):
        listing(directory, 2)
    listing("/a", 2)  # used again: now the most recent
    listing("/big", 3)  # more than an eighth of the bound: never kept
    listing("/big", 3)
    for directory in ("/e", "/f", "/g", "/h", "/i"):
        listing(directory, 2)  # 9 folders of 2 names: the least recent goes
    listing("/a", 2)
    listing("/b", 2)
    assert scans["/big"] == 2
    assert scans["/a"] == 1  # kept throughout: it was used again before the bound was reached
    assert scans["/b"] == 2  # dropped first, listed again


def test_a_folder_gone_or_a_file_in_its_place_is_no_listing(tree: Tree) -> None:
    kept = SharedListings(racy_ns=0)
    assert kept.listing("/nowhere", None, lambda: None) is None
    root = tree({"f": "x\n"})
    stamp = (os.stat(root / "f").st_mtime_ns, os.stat(root / "f").st_ino)
    assert kept.listing(str(root / "f"), stamp, lambda: None) is None
    assert kept.listing(str(root / "f"), stamp, lambda: Listing(names=("y",), held=frozenset({"y"}))) is not None
