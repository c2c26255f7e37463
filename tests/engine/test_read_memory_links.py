"""A Read that followed a link (a ``CLAUDE.md`` linked to its ``AGENTS.md``, as langfuse's are) is
given again on its folders' stamps and its files' versions alone, as a Read through plain files
is (``engine.read_memory``), and notices every change to the link or what it leads to: each Read
after a change gives what a session that keeps no Read gives."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from test_read_memory import aged, repo, session_with, summary
from trees import repoint, stats_of

from agents_md import Session

Tree = Callable[..., Path]
PROFILES = ["reference", "complete"]


def linked(tree: Tree) -> Path:
    """``pkg/CLAUDE.md`` links to its ``AGENTS.md``; ``lib/CLAUDE.md`` to a file in another folder;
    ``far/CLAUDE.md`` through a ``..`` after a link (which the system resolves, past the listings)."""
    root = repo(
        tree,
        {
            "pkg/AGENTS.md": "pkg\n",
            "pkg/CLAUDE.md": {"symlink": "AGENTS.md"},
            "pkg/other.md": "other\n",
            "pkg/src/f.py": "x\n",
            "shared/AGENTS.md": "shared\n",
            "shared/more.md": "more\n",
            "lib/CLAUDE.md": {"symlink": "../shared/AGENTS.md"},
            "lib/g.py": "y\n",
            "z/AGENTS.md": "z\n",
            "z/far/deep/": {"dir": True},
            "far/sub": {"symlink": "../z/far/deep"},
            "far/CLAUDE.md": {"symlink": "sub/../../AGENTS.md"},
            "far/h.py": "h\n",
            "z2/x/deep/": {"dir": True},
            "z2/AGENTS.md": "z2\n@more.md\n",
            "z2/more.md": "more\n",
        },
    )
    return aged(root)


def kept_and_fresh(tree: Tree, root: Path, profile: str) -> tuple[Session, Session]:
    return session_with(tree, root, profile=profile), session_with(tree, root, profile=profile, remember_lookups=False)


def read_both(sessions: tuple[Session, Session], path: Path) -> list[tuple[str, str]]:
    """The Read in both sessions: what the one that keeps Reads gives is what the other gives."""
    kept, fresh = (s.read(str(path)) for s in sessions)
    assert summary(kept) == summary(fresh)
    return [(f.path, f.content) for f in kept.files]


def replace_file(path: Path, text: str) -> None:
    """Another file in ``path``'s place (a new inode), as an editor that saves by renaming does."""
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(text)
    os.replace(fresh, path)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_read_through_a_linked_claude_md_is_given_again_on_stamps(tree: Tree, profile: str) -> None:
    root = linked(tree)
    s = session_with(tree, root, profile=profile)
    for path in (root / "pkg/src/f.py", root / "lib/g.py"):  # far/h.py's link, resolved past the listings, is not
        assert s.read(str(path)).files != ()
        assert s.read(str(path)).files == ()  # kept from here on
        kept = s.loop().reads._kept[("Read", str(path), s.inputs.home)]  # type: ignore[union-attr]
        assert kept.marks is not None  # the link's way vouched for by its folders' stamps


def test_a_linked_read_given_again_asks_one_stat_a_folder_and_a_file(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folders from the cwd down to the read file, the read file, and the file the link leads
    to: each once. Not the folders above the cwd (taken as they were at the session's start), nor a
    ``.claude`` folder its parent's listing shows absent (its parent's stamp vouches for it)."""
    root = linked(tree)
    s = session_with(tree, root, profile="complete")
    path = root / "pkg/src/f.py"
    s.read(str(path))
    s.read(str(path))
    asked = stats_of(monkeypatch)
    assert s.read(str(path)).files == ()
    expected = [root, root / "pkg", root / "pkg/src", path, root / "pkg/AGENTS.md"]
    assert sorted(asked) == sorted(map(str, expected))


CHANGES: dict[str, Callable[[Path], None]] = {
    "link pointed elsewhere": lambda root: repoint(root / "pkg/CLAUDE.md", "other.md"),
    "target changed in place": lambda root: (root / "pkg/AGENTS.md").write_text("pkg, again\n@other.md\n"),
    "target removed": lambda root: (root / "pkg/AGENTS.md").unlink(),
    "target replaced": lambda root: replace_file(root / "pkg/AGENTS.md", "another\n@other.md\n"),
    "link replaced by a file": lambda root: replace_file(root / "pkg/CLAUDE.md", "own\n@other.md\n"),
    "target elsewhere replaced": lambda root: replace_file(root / "shared/AGENTS.md", "shared, again\n@more.md\n"),
    "target elsewhere's folder linked": lambda root: (
        os.rename(root / "shared", root / "shared.old"),
        (root / "shared2").mkdir(),
        (root / "shared2/AGENTS.md").write_text("second\n@../shared.old/more.md\n"),
        os.symlink("shared2", root / "shared"),
    ),
    "link pointed outside the checkout": lambda root: repoint(root / "lib/CLAUDE.md", str(root.parent / "out.md")),
    "a folder past a link's .. linked elsewhere": lambda root: (
        os.rename(root / "z/far/deep", root / "z/far/deep.old"),
        os.symlink("../../z2/x/deep", root / "z/far/deep"),
    ),
}
READS = ("pkg/src/f.py", "lib/g.py", "far/h.py")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("change", list(CHANGES), ids=list(CHANGES))
def test_a_change_to_a_link_or_what_it_leads_to_is_noticed_on_the_next_read(
    tree: Tree, profile: str, change: str
) -> None:
    root = linked(tree)
    (root.parent / "out.md").write_text("outside\n")
    sessions = kept_and_fresh(tree, root, profile)
    reads = [root / read for read in READS]
    first = [read_both(sessions, path) for path in reads]
    assert all(first) and not any(read_both(sessions, path) for path in reads)
    CHANGES[change](root)
    after = [read_both(sessions, path) for path in reads]
    assert any(after) or change in ("target removed", "link pointed outside the checkout")  # the change shows
    aged(root)  # the changed folders made old: their stamps vouch for the Reads again
    for path in reads:
        read_both(sessions, path)
    assert [read_both(sessions, path) for path in reads] == [[]] * len(reads)


@pytest.mark.parametrize("profile", PROFILES)
def test_each_change_in_turn_is_noticed_as_it_comes(tree: Tree, profile: str) -> None:
    """The same session through every change, the tree made old after each (its stamps vouch)."""
    root = linked(tree)
    (root.parent / "out.md").write_text("outside\n")
    sessions = kept_and_fresh(tree, root, profile)
    reads = [root / read for read in READS]
    for change in CHANGES.values():
        if not (root / "pkg/AGENTS.md").exists():
            (root / "pkg/AGENTS.md").write_text("pkg, back\n")
        for _ in range(2):
            for path in reads:
                read_both(sessions, path)
        change(root)
        aged(root)
        for path in reads:
            read_both(sessions, path)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("outside", ["follow", "refuse"])
def test_a_link_leaving_the_checkout_made_after_reads_kept_is_told(tree: Tree, profile: str, outside: str) -> None:
    """The checkout is looked for only once a link is met (``Loader.find_repo``): a ``CLAUDE.md``
    linked out of the checkout, made after Reads that met no link were kept, is told (or refused)
    as in a session that keeps no Read, the cwd's ``.git`` taken as it is then."""
    root = repo(tree, {"pkg/AGENTS.md": "pkg\n", "pkg/src/f.py": "x\n", "top.py": "t\n"})
    (root.parent / "out.md").write_text("outside\n")
    kept = session_with(tree, root, profile=profile, outside_links=outside)
    fresh = session_with(tree, root, profile=profile, outside_links=outside, remember_lookups=False)
    sessions = (kept, fresh)
    reads = [root / "pkg/src/f.py", root / "top.py"]
    for _ in range(2):
        for path in reads:
            read_both(sessions, path)
    os.symlink(str(root.parent / "out.md"), root / "pkg/src/CLAUDE.md")
    aged(root)
    after = read_both(sessions, root / "pkg/src/f.py")
    assert (after == []) == (outside == "refuse")
    for path in reads:
        assert read_both(sessions, path) == []


LINKED_FOLDER_CHANGES: dict[str, Callable[[Path], object]] = {
    "a file made where the link leads": lambda root: (root / "real/sub/AGENTS.md").write_text("sub\n"),
    "the link pointed at a copy": lambda root: (
        shutil.copytree(root / "real", root / "copy"),
        (root / "copy/sub/AGENTS.md").write_text("copy\n"),
        repoint(root / "alias", "copy"),
    ),
    "the link replaced by the folder it led to": lambda root: (
        (root / "alias").unlink(),
        os.rename(root / "real", root / "alias"),
    ),
    "the folder it led to replaced by a link to itself moved": lambda root: (
        os.rename(root / "real", root / "moved"),
        os.symlink("moved", root / "real"),
    ),
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("change", list(LINKED_FOLDER_CHANGES), ids=list(LINKED_FOLDER_CHANGES))
def test_a_read_through_a_linked_folder_is_given_again_on_stamps(tree: Tree, profile: str, change: str) -> None:
    """A Read spelled through a linked folder (``alias -> real``) is kept on its marks, the link
    asked by ``stat`` (what it leads to was stamped), and every change to the link or what it
    leads to gives what a session that keeps no Read gives."""
    root = repo(tree, {"real/AGENTS.md": "real\n", "real/sub/f.py": "x\n", "top.py": "t\n"})
    os.symlink("real", root / "alias")
    kept, fresh = kept_and_fresh(tree, root, profile)
    sessions = (kept, fresh)
    reads = [root / "alias/sub/f.py", root / "real/sub/f.py"]
    for _ in range(2):
        for path in reads:
            read_both(sessions, path)
    memory = kept.loop().reads
    assert memory is not None
    assert all(memory._kept[("Read", str(path), kept.inputs.home)].marks is not None for path in reads)
    LINKED_FOLDER_CHANGES[change](root)
    aged(root)
    for _ in range(2):
        for path in reads:
            if path.exists():
                read_both(sessions, path)
