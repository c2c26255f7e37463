"""A plugin's lookup asked again in a session is answered from memory while every folder it
listed and every file it read are as they were, and runs again when any of them changed."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from trees import interleaved

from agents_md import FileSystem, Session
from agents_md.engine.fs import SessionFS
from agents_md.engine.lookup_memory import LookupMemory

Tree = Callable[..., Path]
AND_MODE = {
    "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
}
NAMES = ("AGENTS.md", os.path.join(".claude", "AGENTS.md"))


def lookup(session: Session, root: Path, *folders: str) -> object:
    hooks = session._hook_session()
    session.loop().fs.begin()  # each lookup in a Read of its own
    return hooks.files_in([str(root / f) for f in folders], NAMES, plugin="agents-md")


def session_in(tree: Tree, root: Path, **options: object) -> Session:
    home = tree({".claude/settings.json": AND_MODE}, "home")
    return Session(cwd=str(root), home=str(home), managed_dir=str(root.parent / "m"), **options)  # type: ignore[arg-type]


def test_the_same_lookup_is_answered_from_memory_until_a_file_it_read_changes(tree: Tree) -> None:
    root = tree({"a/AGENTS.md": "a\n@../shared/x.md\n", "shared/x.md": "x\n", "a/b/f.py": "y\n"})
    s = session_in(tree, root)
    first = lookup(s, root, "a", "a/b")
    assert lookup(s, root, "a", "a/b") is first  # nothing changed: not looked up again
    (root / "shared/x.md").write_text("x, changed\n")  # an import outside the folders asked about
    again = lookup(s, root, "a", "a/b")
    assert again is not first
    assert [f.content for item in again for f in item.all] == ["a\n@../shared/x.md\n", "x, changed\n"]  # type: ignore[attr-defined]


def test_a_file_appearing_or_leaving_a_folder_is_seen_at_the_next_lookup(tree: Tree) -> None:
    root = tree({"a/AGENTS.md": "a\n", "a/b/f.py": "y\n"})
    s = session_in(tree, root)
    assert [item.file.content for item in lookup(s, root, "a", "a/b")] == ["a\n"]  # type: ignore[attr-defined]
    (root / "a/b/AGENTS.md").write_text("b\n")
    assert [item.file.content for item in lookup(s, root, "a", "a/b")] == ["a\n", "b\n"]  # type: ignore[attr-defined]
    (root / "a/AGENTS.md").unlink()
    assert [item.file.content for item in lookup(s, root, "a", "a/b")] == ["b\n"]  # type: ignore[attr-defined]


def test_a_lookup_through_a_link_is_kept_while_the_link_leads_where_it_did(tree: Tree) -> None:
    root = tree({"real/AGENTS.md": "a\n", "other/AGENTS.md": "o\n", "a": {"symlink": "real"}, "a/b/f.py": "y\n"})
    s = session_in(tree, root)
    first = lookup(s, root, "a")
    assert lookup(s, root, "a") is first
    os.unlink(root / "a")
    os.symlink(root / "other", root / "a")  # the folder the lookup asked about now leads elsewhere
    again = lookup(s, root, "a")
    assert again is not first
    assert [f.content for item in again for f in item.all] == ["o\n"]  # type: ignore[attr-defined]


def test_a_filesystem_reading_its_own_way_is_not_kept(tree: Tree) -> None:
    class OwnReads(FileSystem):
        def read_file(self, path: str) -> bytes | None:
            return super().read_file(path)

    plain = tree({"a/AGENTS.md": "a\n"}, "plain")
    s = session_in(tree, plain, fs=OwnReads())
    assert lookup(s, plain, "a") is not lookup(s, plain, "a")  # no version vouches for its reads


def test_a_session_attaches_what_changed_in_an_import_after_answering_from_memory(tree: Tree) -> None:
    root = tree({"a/AGENTS.md": "a\n@x.md\n", "a/x.md": "x\n", "a/f.py": "y\n", "a/g.py": "z\n"})
    s = session_in(tree, root, profile="complete")
    s.start()
    assert [f.content for f in s.read(str(root / "a/f.py")).files] == ["a\n@x.md\n", "x\n"]
    assert s.read(str(root / "a/g.py")).files == ()
    (root / "a/x.md").write_text("x, changed\n")
    assert [f.content for f in s.read(str(root / "a/f.py")).files] == ["x, changed\n"]


def test_the_memory_keeps_a_bounded_number_of_lookups_the_least_recently_used_dropped_first(tree: Tree) -> None:
    root = tree({"a/AGENTS.md": "a\n"})
    fs = SessionFS(FileSystem())
    memory = LookupMemory(fs, most=2)

    def keep(key: str) -> None:
        consulted = fs.watch()
        fs.read_file(str(root / "a/AGENTS.md"))
        fs.unwatch()
        memory.keep(key, consulted, key.upper())

    for key in ("one", "two", "three"):
        keep(key)
    fs.begin()
    assert [memory.recall(k) for k in ("one", "two", "three")] == [None, "TWO", "THREE"]
    assert memory.recall("two") == "TWO"  # used again: "three" is now the least recent
    keep("four")
    assert [memory.recall(k) for k in ("two", "three", "four")] == ["TWO", None, "FOUR"]


def test_keeping_brings_the_memory_back_within_its_bound_and_threads_keep_it_there(tree: Tree) -> None:
    root = tree({"a/AGENTS.md": "a\n"})
    fs = SessionFS(FileSystem())
    memory = LookupMemory(fs, most=4)
    consulted = fs.watch()
    fs.read_file(str(root / "a/AGENTS.md"))
    fs.unwatch()
    for key in range(4):
        memory.keep(key, consulted, key)
    memory.most = 2  # over its bound, as a race once left it: one keep drops down to it
    memory.keep("new", consulted, "new")
    assert list(memory._kept) == [3, "new"]

    def run(offset: int) -> None:
        for i in range(300):
            key = (i + offset) % 9
            if memory.recall(key) is None:
                memory.keep(key, consulted, key)

    assert interleaved(run) == []
    assert len(memory._kept) <= 2


def test_a_read_again_is_answered_by_what_each_loop_was_given_and_the_disk_now(tree: Tree) -> None:
    root = tree({"a/CLAUDE.md": "a\n", "a/b/f.py": "y\n"})
    s = Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))
    f = str(root / "a/b/f.py")
    assert [x.content for x in s.read(f).files] == ["a\n"]
    assert s.read(f).files == s.read(f).files == ()
    sub = s.spawn()  # a loop given nothing yet: the same Read gives it the file
    assert [x.content for x in sub.read(f).files] == ["a\n"]
    assert sub.read(f).files == s.read(f).files == ()
    (root / "a/b/CLAUDE.md").write_text("b\n")  # a file appearing on the walk is found at the next Read
    assert [x.content for x in s.read(f).files] == ["b\n"]
    assert [x.content for x in sub.read(f).files] == ["b\n"]


def test_a_read_follows_a_link_below_the_cwd_that_leads_elsewhere_since(tree: Tree) -> None:
    # The folders above the cwd were resolved at the session's start; below it a link may be
    # retargeted mid-session, and each Read resolves it again.
    root = tree({"one/CLAUDE.md": "one\n", "one/f.py": "x\n", "two/CLAUDE.md": "two\n", "two/f.py": "y\n"})
    (root / "pkg").symlink_to(root / "one")
    s = Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))
    s.start()
    assert [f.content for f in s.read(str(root / "pkg/f.py")).files] == ["one\n"]
    (root / "pkg").unlink()
    (root / "pkg").symlink_to(root / "two")
    # A new loop (the main one was given pkg/CLAUDE.md by that path already): the same Read again.
    again = s.spawn("general-purpose").read(str(root / "pkg/f.py"))
    assert [f.content for f in again.files] == ["two\n"]


def test_a_session_that_remembers_no_lookups_answers_the_same_each_read_anew(tree: Tree) -> None:
    root = tree({"AGENTS.md": "r\n", "a/AGENTS.md": "a\n@x.md\n", "a/x.md": "x\n", "a/b/f.py": "y\n", "a/g.py": "z\n"})
    kept, not_kept = session_in(tree, root), session_in(tree, root, remember_lookups=False)
    for s in (kept, not_kept):
        s.start()
    for path in ("a/b/f.py", "a/g.py", "a/b/f.py"):
        assert kept.read(str(root / path)) == not_kept.read(str(root / path))
    assert kept._hook_session().lookups.memory is not None
    assert not_kept._hook_session().lookups.memory is None
    first = lookup(not_kept, root, "a", "a/b")
    assert lookup(not_kept, root, "a", "a/b") == first and lookup(not_kept, root, "a", "a/b") is not first  # run again
