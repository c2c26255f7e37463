"""A Read asked again is given its result again while everything it depended on holds, and is
decided again when anything did not: the disk, what the loop was given, the plugins' state."""

from __future__ import annotations

import os
import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from trees import stats_of

from agents_md import PluginSpec, Session
from agents_md.engine.loop import ReadResult
from agents_md.plugin_api import HookSession, InstructionFile, Kind, Provenance, Reason, ToolCall, hookimpl

Tree = Callable[..., Path]
AND_MODE = {
    "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
}
HOUR_NS = 3600 * 10**9


def aged(root: Path) -> Path:
    """Every folder and file under ``root`` changed in the last minutes made an hour old, as a
    checkout is: its folders' stamps then vouch for a Read alone, without a new round of listings
    (a change shows in them). What did not change keeps its stamp and version (``utime`` would
    change its ctime): only what changed tells."""
    now = time.time_ns()
    then, recent = now - HOUR_NS, now - HOUR_NS // 6
    for folder, dirs, files in os.walk(root):
        for name in files + dirs:
            path = os.path.join(folder, name)
            if os.lstat(path).st_mtime_ns > recent:
                os.utime(path, ns=(then, then), follow_symlinks=False)
        if os.stat(folder).st_mtime_ns > recent:
            os.utime(folder, ns=(then, then))
    return root


def repo(tree: Tree, spec: dict[str, object]) -> Path:
    """A repository's checkout: the search for its root stops at its ``.git`` (the folders above,
    made a moment ago by the test run, are not asked about)."""
    return tree({".git/HEAD": "ref: refs/heads/main\n", **spec})


def write_in_place(path: Path, text: str) -> None:
    """The file's bytes changed, its folder's entries not (the same inode, no new name)."""
    folder_stamp = os.stat(path.parent).st_mtime_ns
    with open(path, "r+", encoding="utf-8") as f:
        f.truncate(0)
        f.write(text)
    assert os.stat(path.parent).st_mtime_ns == folder_stamp


class Counting:
    """A plugin that counts the Reads it is asked about; ``says_state``: whether it says its state."""

    def __init__(self, *, says_state: bool = True, answer: bool = False, tell: bool = False) -> None:
        self.calls = 0
        self.answer = answer
        self.tell = tell
        self.token = object()
        if not says_state:
            self.read_state = None  # type: ignore[assignment]  # as a plugin that does not define it

    def read_state(self) -> object:
        return self.token

    @hookimpl
    def tool_call(
        self, session: HookSession, call: ToolCall, files: tuple[InstructionFile, ...]
    ) -> list[InstructionFile] | None:
        self.calls += 1
        if self.tell:
            session.log("counting", f"seen {call.path}")
        if self.answer:
            return [
                InstructionFile(
                    path=f"{call.path}.note",
                    kind=Kind.PROJECT,
                    content="note\n",
                    provenance=Provenance(reason=Reason.PLUGIN, via="counting"),
                )
            ]
        return None


def session_with(tree: Tree, root: Path, plugin: object | None = None, **options: object) -> Session:
    home = tree({".claude/settings.json": AND_MODE}, "home")
    aged(root)
    extra = [PluginSpec(name="counting", plugin=plugin)] if plugin is not None else []
    s = Session(cwd=str(root), home=str(home), managed_dir=str(root.parent / "m"), extra_plugins=extra, **options)  # type: ignore[arg-type]
    s.start()
    return s


def contents(result: ReadResult) -> list[str]:
    return [f.content for f in result.files]


def test_a_repeated_read_is_given_again_without_asking_the_plugins(tree: Tree) -> None:
    root = repo(tree, {"a/CLAUDE.md": "a\n", "a/AGENTS.md": "agents\n", "a/b/f.py": "x\n"})
    counting = Counting()
    s = session_with(tree, root, counting)
    assert contents(s.read(str(root / "a/b/f.py"))) == ["a\n", "agents\n"]
    second = s.read(str(root / "a/b/f.py"))
    assert second.files == () and counting.calls == 2  # kept after the Read that changed nothing
    assert s.read(str(root / "a/b/f.py")) is second and counting.calls == 2


def test_a_plugin_that_does_not_say_its_state_is_asked_on_every_read(tree: Tree) -> None:
    root = repo(tree, {"a/CLAUDE.md": "a\n", "a/b/f.py": "x\n"})
    counting = Counting(says_state=False)
    s = session_with(tree, root, counting)
    for _ in range(3):
        s.read(str(root / "a/b/f.py"))
    assert counting.calls == 3


def test_a_plugin_whose_read_state_fails_is_asked_on_every_read(tree: Tree) -> None:
    # As in a session that keeps no Read, which never asks it: the Reads go on.
    class Failing(Counting):
        def read_state(self) -> object:
            raise RuntimeError("no state")

    root = repo(tree, {"a/b/f.py": "x\n"})
    failing = Failing()
    s = session_with(tree, root, failing)
    for _ in range(3):
        assert s.read(str(root / "a/b/f.py")).files == ()
    assert failing.calls == 3 and not any("no state" in n.text for n in s.notices)


def test_a_plugin_whose_state_cannot_be_compared_is_asked_on_every_read(tree: Tree) -> None:
    class Uncomparable:
        def __eq__(self, other: object) -> bool:
            raise ValueError("the truth value is ambiguous")

        __hash__ = object.__hash__

    class Odd(Counting):
        def read_state(self) -> object:
            return Uncomparable()

    root = repo(tree, {"a/b/f.py": "x\n"})
    odd = Odd()
    s = session_with(tree, root, odd)
    for _ in range(3):
        assert s.read(str(root / "a/b/f.py")).files == ()
    assert odd.calls == 3


def test_a_plugin_whose_state_changed_is_asked_again(tree: Tree) -> None:
    root = repo(tree, {"a/b/f.py": "x\n"})
    counting = Counting()
    s = session_with(tree, root, counting)
    s.read(str(root / "a/b/f.py"))
    s.read(str(root / "a/b/f.py"))
    assert counting.calls == 1
    counting.token = object()
    s.read(str(root / "a/b/f.py"))
    assert counting.calls == 2


def test_a_read_a_plugin_answered_or_failed_in_is_not_kept(tree: Tree) -> None:
    root = repo(tree, {"a/b/f.py": "x\n"})
    answering = Counting(answer=True)
    s = session_with(tree, root, answering)
    for _ in range(3):
        assert [f.path for f in s.read(str(root / "a/b/f.py")).files] == [str(root / "a/b/f.py.note")]
    assert answering.calls == 3

    class Failing(Counting):
        @hookimpl
        def tool_call(
            self, session: HookSession, call: ToolCall, files: tuple[InstructionFile, ...]
        ) -> list[InstructionFile] | None:
            self.calls += 1
            raise RuntimeError("no")

    failing = Failing()
    s = session_with(tree, root, failing)
    told = [s.read(str(root / "a/b/f.py")).notices for _ in range(2)]
    assert failing.calls == 2 and all("plugin counting failed" in n[0].text for n in told)


def test_what_the_plugins_told_is_told_again(tree: Tree) -> None:
    root = repo(tree, {"a/b/f.py": "x\n"})
    counting = Counting(tell=True)
    s = session_with(tree, root, counting)
    before = len(s.notices)
    first = s.read(str(root / "a/b/f.py"))
    again = s.read(str(root / "a/b/f.py"))
    assert counting.calls == 1 and again is first
    assert [n.text for n in s.notices[before:]] == [f"seen {root / 'a/b/f.py'}"] * 2


def test_a_claude_md_written_on_the_way_is_attached_at_the_repeat(tree: Tree) -> None:
    root = repo(tree, {"a/b/f.py": "x\n"})
    s = session_with(tree, root)
    s.read(str(root / "a/b/f.py"))
    assert s.read(str(root / "a/b/f.py")).files == ()
    (root / "a/CLAUDE.md").write_text("new\n")
    assert contents(s.read(str(root / "a/b/f.py"))) == ["new\n"]
    (root / "a/b/AGENTS.md").write_text("agents\n")
    assert contents(s.read(str(root / "a/b/f.py"))) == ["agents\n"]


def test_an_import_added_in_place_to_a_given_file_is_attached(tree: Tree) -> None:
    root = repo(tree, {"a/CLAUDE.md": "a\n", "a/x.md": "x\n", "a/AGENTS.md": "g\n", "a/y.md": "y\n", "a/b/f.py": "1\n"})
    s = session_with(tree, root, profile="reference")
    assert contents(s.read(str(root / "a/b/f.py"))) == ["a\n", "g\n"]
    assert s.read(str(root / "a/b/f.py")).files == ()
    kept = s.loop().reads._kept[("Read", str(root / "a/b/f.py"), s.inputs.home)]  # type: ignore[union-attr]
    assert kept.marks is not None  # an old checkout's folders vouch by their stamps alone
    write_in_place(root / "a/CLAUDE.md", "a\n@x.md\n")
    assert contents(s.read(str(root / "a/b/f.py"))) == ["x\n"]
    write_in_place(root / "a/AGENTS.md", "g\n@y.md\n")
    assert contents(s.read(str(root / "a/b/f.py"))) == ["y\n"]
    assert s.read(str(root / "a/b/f.py")).files == ()


def test_the_read_file_changed_in_place_is_read_again(tree: Tree) -> None:
    # An image that is not one fails to read (no hooks); written in place as one, it reads.
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 21
    root = repo(tree, {"a/pic.png": "not an image\n"})
    counting = Counting()
    s = session_with(tree, root, counting)
    s.read(str(root / "a/pic.png"))
    s.read(str(root / "a/pic.png"))
    assert counting.calls == 0
    with open(root / "a/pic.png", "r+b") as f:
        f.write(png)
    s.read(str(root / "a/pic.png"))
    assert counting.calls == 1


def test_a_file_modified_within_the_disk_clocks_tick_is_not_kept(tree: Tree) -> None:
    # A change later in the same tick of the disk's clock could leave the file's version as it is.
    root = repo(tree, {"a/b/f.py": "x\n"})
    counting = Counting()
    s = session_with(tree, root, counting)
    (root / "a/b/f.py").write_text("just now\n")
    for _ in range(3):
        s.read(str(root / "a/b/f.py"))
    assert counting.calls == 3
    aged(root)
    for _ in range(3):
        s.read(str(root / "a/b/f.py"))
    assert counting.calls == 4


def test_a_folder_that_changed_elsewhere_still_vouches(tree: Tree) -> None:
    root = repo(tree, {"a/CLAUDE.md": "a\n", "a/b/f.py": "x\n"})
    counting = Counting()
    s = session_with(tree, root, counting)
    s.read(str(root / "a/b/f.py"))  # attaches a/CLAUDE.md: not kept
    s.read(str(root / "a/b/f.py"))
    assert counting.calls == 2
    (root / "a/b/other.py").write_text("y\n")  # a name the Read never asked about
    assert s.read(str(root / "a/b/f.py")).files == ()
    assert s.read(str(root / "a/b/f.py")).files == ()
    assert counting.calls == 2


def test_a_link_on_the_way_leading_elsewhere_is_followed_again(tree: Tree) -> None:
    root = repo(tree, {"one/AGENTS.md": "one\n", "one/f.py": "x\n", "two/AGENTS.md": "two\n", "two/f.py": "x\n"})
    os.symlink(root / "one", root / "in")
    s = session_with(tree, root, profile="complete")
    assert contents(s.read(str(root / "in/f.py"))) == ["one\n"]
    assert s.read(str(root / "in/f.py")).files == ()
    os.unlink(root / "in")
    os.symlink(root / "two", root / "in")
    assert contents(s.read(str(root / "in/f.py"))) == ["two\n"]


def test_what_a_compaction_forgot_is_given_again(tree: Tree) -> None:
    others = {f"z/{i}.py": "z\n" for i in range(6)}
    root = repo(tree, {"a/CLAUDE.md": "a\n", "a/AGENTS.md": "g\n", "a/f.py": "x\n", **others})
    s = session_with(tree, root)
    older = time.time_ns() - 2 * HOUR_NS  # ranked last at the compaction: forgotten
    for name in ("CLAUDE.md", "AGENTS.md", "f.py"):
        os.utime(root / "a" / name, ns=(older, older))
    s.turn()
    assert contents(s.read(str(root / "a/f.py"))) == ["a\n", "g\n"]
    assert s.read(str(root / "a/f.py")).files == ()
    for i in range(6):
        s.read(str(root / f"z/{i}.py"))
    s.compact()
    assert contents(s.read(str(root / "a/f.py"))) == ["a\n", "g\n"]


def test_a_file_no_longer_given_to_the_loop_is_attached_again(tree: Tree) -> None:
    # A restored session's loop is told what it was given (``Session.restore``), its start the same.
    root = repo(tree, {"a/CLAUDE.md": "a\n", "a/f.py": "x\n"})
    s = session_with(tree, root)
    assert contents(s.read(str(root / "a/f.py"))) == ["a\n"]
    assert s.read(str(root / "a/f.py")).files == ()
    s.loop().given_instructions([])
    assert contents(s.read(str(root / "a/f.py"))) == ["a\n"]


def test_a_plugin_that_remembers_less_attaches_again(tree: Tree) -> None:
    root = repo(tree, {"a/AGENTS.md": "g\n", "a/f.py": "x\n"})
    s = session_with(tree, root)
    assert contents(s.read(str(root / "a/f.py"))) == ["g\n"]
    assert s.read(str(root / "a/f.py")).files == ()
    plugin = next(spec.plugin for spec in s.plugins if spec.name == "agents-md")
    plugin.remember({"given": {}, "start": None})  # type: ignore[attr-defined]
    assert contents(s.read(str(root / "a/f.py"))) == ["g\n"]


# ---------------------------------------------------------------- the same as deciding every Read


def summary(result: ReadResult) -> object:
    """What a Read gave, as two sessions' results are compared."""
    return (
        result.path,
        [(f.path, f.content) for f in result.engine_files],
        [(name, [(f.path, f.content) for f in files]) for name, files in result.hook_files],
        [n.text for n in result.notices],
        result.records,
    )


FILES = ("CLAUDE.md", "AGENTS.md", ".claude/CLAUDE.md", "CLAUDE.local.md", "x.md")
FOLDERS = ("", "a", "a/b", "a/b/c", "d")


def _step(rng: random.Random, root: Path, sessions: list[Session]) -> tuple[str, list[object]]:
    """One thing a session or the person does, done to every session alike; what each Read gave."""
    folder = root / rng.choice(FOLDERS)
    kind = rng.random()
    if kind < 0.5:
        target = str(folder / rng.choice(("f.py", "CLAUDE.md", "AGENTS.md", "x.md", "missing.py")))
        mention = rng.random() < 0.1
        return f"read {target}", [summary((s.mention if mention else s.read)(target)) for s in sessions]
    path = folder / rng.choice(FILES)
    if kind < 0.65:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = rng.choice(("one\n", "two\n", "@x.md\n", "@../x.md\nthree\n", "---\npaths: ['**/*.py']\n---\nr\n"))
        if path.exists():
            write_in_place(path, text)
        else:
            path.write_text(text)
        return f"write {path}", []
    if kind < 0.75:
        if path.exists():
            path.unlink()
        return f"remove {path}", []
    if kind < 0.8:
        rule = folder / ".claude/rules" / rng.choice(("r.md", "s.md"))
        rule.parent.mkdir(parents=True, exist_ok=True)
        rule.write_text(rng.choice(("rule\n", "---\npaths: ['**/*.py']\n---\nrule\n")))
        return f"rule {rule}", []
    if kind < 0.9:
        for s in sessions:
            s.compact()
        return "compact", []
    for s in sessions:
        s.turn()
    return "turn", []


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("seed", range(6))
def test_reads_given_again_are_what_deciding_them_again_gives(tree: Tree, profile: str, seed: int) -> None:
    spec: dict[str, object] = {f"{f}/f.py".lstrip("/"): "x\n" for f in FOLDERS}
    spec.update({"a/CLAUDE.md": "a\n", "a/b/AGENTS.md": "b\n", "x.md": "x\n", "a/x.md": "ax\n"})
    root = repo(tree, spec)
    kept = session_with(tree, root, profile=profile)
    fresh = session_with(tree, root, profile=profile, remember_lookups=False)
    assert kept.loop().reads is not None and fresh.loop().reads is None
    rng = random.Random(seed)
    done = []
    for _ in range(120):
        step, gave = _step(rng, root, [kept, fresh])
        done.append(step)
        if rng.random() < 0.5:
            aged(root)  # what changed made old: the folders' stamps vouch again (``Marks``), all else as it was
        if gave:
            assert gave[0] == gave[1], done
            target = step[5:]
            assert summary(kept.read(target)) == summary(fresh.read(target)), done  # asked again at once
    assert kept.steps == fresh.steps
    assert sorted(kept.loop().delivered) == sorted(fresh.loop().delivered)
    assert kept.loop().recent.ordered() == fresh.loop().recent.ordered()


def test_a_read_given_again_asks_only_the_folders_from_the_cwd_down(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Read given again checks the folders between the cwd and the file (and their files'
    versions), not the folders above the cwd, which the session settled at its start, though a
    linked CLAUDE.md was resolved from the root; nor a folder its parent's listing shows absent
    (the ``.claude`` the walk looks for), as a ``stat`` of its own would."""
    root = repo(tree, {"pkg/AGENTS.md": "pkg\n", "pkg/src/deep/f.py": "x\n"})
    os.symlink("AGENTS.md", root / "pkg" / "CLAUDE.md")
    s = session_with(tree, root, profile="complete")
    path = str(root / "pkg/src/deep/f.py")
    first = s.read(path)
    assert contents(first) == ["pkg\n"]
    assert s.read(path).files == ()  # kept from here on
    asking = stats_of(monkeypatch)
    assert s.read(path).files == ()
    asked = list(asking)  # as asked by the Read (``lexists`` below asks too)
    above = {str(p) for p in root.parents}
    assert not above & set(asked), sorted(above & set(asked))
    assert not [p for p in asked if not os.path.lexists(p)]  # nothing absent asked on its own
    assert str(root / "pkg/src/deep") in asked  # the folders below the cwd are checked


def test_the_cwd_is_vouched_for_by_the_folder_below_it(tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Read asked the cwd only whether it holds the first folder on the way, no link: that
    folder, asked by ``lstat`` (there, the same folder, no link), answers it; the cwd itself is
    not asked. The read file's folder is always asked (whether it holds the file)."""
    root = repo(tree, {"pkg/AGENTS.md": "pkg\n", "pkg/src/f.py": "x\n", "top.py": "t\n"})
    s = session_with(tree, root, profile="reference")
    for path in (root / "pkg/src/f.py", root / "top.py"):
        s.read(str(path))
        s.read(str(path))
    asking = stats_of(monkeypatch)
    assert s.read(str(root / "pkg/src/f.py")).files == ()
    assert sorted(asking) == sorted(
        map(str, [root / "pkg", root / "pkg/src", root / "pkg/src/f.py", root / "pkg/AGENTS.md"])
    )
    asking.clear()
    assert s.read(str(root / "top.py")).files == ()
    assert sorted(asking) == sorted(map(str, [root, root / "top.py"]))


MOVES: dict[str, Callable[[Path], None]] = {
    "moved, linked in its place": lambda root: (
        os.rename(root / "pkg", root / "pkg.old"),
        os.symlink("pkg.old", root / "pkg"),
    ),
    "moved, a copy in its place": lambda root: (
        os.rename(root / "pkg", root / "pkg.old"),
        shutil.copytree(root / "pkg.old", root / "pkg"),
    ),
    "removed, a link to elsewhere in its place": lambda root: (
        shutil.rmtree(root / "pkg"),
        shutil.copytree(root / "lib", root / "lib2"),
        os.symlink("lib2", root / "pkg"),
    ),
}


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("move", list(MOVES), ids=list(MOVES))
def test_a_folder_below_the_cwd_moved_or_linked_is_noticed(tree: Tree, profile: str, move: str) -> None:
    """The folder that vouches for the cwd changes with it: the Read is decided again, and gives
    what a session that keeps no Read gives, though the folder's own stamp (through the link)
    and every folder below it are as they were."""
    root = repo(
        tree, {"pkg/AGENTS.md": "pkg\n", "pkg/src/f.py": "x\n", "lib/AGENTS.md": "lib\n", "lib/src/f.py": "y\n"}
    )
    counting = Counting()
    kept = session_with(tree, root, counting, profile=profile)
    fresh = session_with(tree, root, profile=profile, remember_lookups=False)
    path = str(root / "pkg/src/f.py")
    for _ in range(2):
        assert summary(kept.read(path)) == summary(fresh.read(path))
    asked = counting.calls
    MOVES[move](root)
    aged(root)  # every stamp old: only what changed tells
    assert summary(kept.read(path)) == summary(fresh.read(path))
    assert counting.calls == asked + 1  # decided again
    assert summary(kept.read(path)) == summary(fresh.read(path))


def test_a_folder_made_where_its_parent_showed_none_is_seen_on_the_next_read(tree: Tree) -> None:
    """The listing that vouched for a folder's absence changes with it: a ``CLAUDE.md`` written in
    a new folder on the way is attached at the next Read."""
    root = repo(tree, {"a/f.py": "x\n", "a/b/g.py": "y\n"})
    s = session_with(tree, root, profile="complete")
    path = str(root / "a/b/g.py")
    assert s.read(path).files == () and s.read(path).files == ()
    (root / "a/b/.claude").mkdir()
    (root / "a/b/.claude/CLAUDE.md").write_text("new\n")
    assert contents(s.read(path)) == ["new\n"]


@pytest.mark.parametrize("profile", ["reference", "complete"])
def test_a_folder_made_where_a_folder_vouching_for_another_showed_none_is_seen(tree: Tree, profile: str) -> None:
    """``docs`` is asked only for ``a``, a folder stamped in the same Read, yet its listing also
    vouches for the ``zz`` an import looks in (absent, not asked on its own): it is not dropped
    for ``a``, and the file written in a new ``zz`` is attached at the next Read."""
    root = repo(
        tree,
        {
            "pkg/AGENTS.md": "pkg\n@../docs/a/y.md\n@../docs/zz/x.md\n@../nothere.md\n",
            "pkg/src/f.py": "x\n",
            "docs/a/y.md": "y\n",
        },
    )
    kept = session_with(tree, root, profile=profile)
    fresh = session_with(tree, root, profile=profile, remember_lookups=False)
    path = str(root / "pkg/src/f.py")
    for _ in range(3):
        assert summary(kept.read(path)) == summary(fresh.read(path))
    (root / "docs/zz").mkdir()
    (root / "docs/zz/x.md").write_text("zz\n")
    aged(root)  # only what changed tells: ``docs`` and what is in it
    assert summary(kept.read(path)) == summary(fresh.read(path))
    assert [f.path for f in fresh.read(path).files] == []  # given at the Read before


CWD_CHANGES: dict[str, Callable[[Path], object]] = {
    "a file added": lambda root: (root / "new.py").write_text("n\n"),
    "a file removed": lambda root: (root / "top.py").unlink(),
    "a link to a folder added": lambda root: os.symlink("pkg", root / "alias"),
    "a CLAUDE.md made": lambda root: (root / "CLAUDE.md").write_text("root\n"),
    "an AGENTS.md made": lambda root: (root / "AGENTS.md").write_text("root\n"),
    "a CLAUDE.md linked to a new AGENTS.md": lambda root: (
        (root / "AGENTS.md").write_text("root\n"),
        os.symlink("AGENTS.md", root / "CLAUDE.md"),
    ),
    "a .claude folder with a rule for every file": lambda root: (
        (root / ".claude/rules").mkdir(parents=True),
        (root / ".claude/rules/r.md").write_text("---\npaths: ['**/*.py']\n---\nrule\n"),
    ),
    "a settings file leaving the nested file out": lambda root: (
        (root / ".claude").mkdir(),
        (root / ".claude/settings.json").write_text('{"claudeMdExcludes": ["**/pkg/AGENTS.md"]}\n'),
    ),
}
UNASKED = ("a file added", "a file removed", "a link to a folder added")  # nothing the Read asked


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("change", list(CWD_CHANGES), ids=list(CWD_CHANGES))
def test_a_change_in_the_cwd_gives_what_deciding_again_gives(tree: Tree, profile: str, change: str) -> None:
    """The cwd's stamp is not asked for a Read below it (its folder below vouches): each change
    in the cwd gives what a session that keeps no Read gives, and one to names the Read did not
    ask about leaves it given again. Only what changed is made old (``aged``)."""
    root = repo(tree, {"pkg/AGENTS.md": "pkg\n", "pkg/src/f.py": "x\n", "top.py": "t\n"})
    counting = Counting()
    kept = session_with(tree, root, counting, profile=profile)
    fresh = session_with(tree, root, profile=profile, remember_lookups=False)
    paths = [str(root / "pkg/src/f.py"), str(root / "pkg/src/g.py")]  # a file there, one missing
    for _ in range(2):
        for path in paths:
            assert summary(kept.read(path)) == summary(fresh.read(path))
    asked = counting.calls
    CWD_CHANGES[change](root)
    aged(root)
    for _ in range(2):
        for path in paths:
            assert summary(kept.read(path)) == summary(fresh.read(path))
    if change in UNASKED:
        assert counting.calls == asked  # given again, the cwd's stamp not asked
