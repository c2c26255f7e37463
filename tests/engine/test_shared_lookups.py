"""A process remembers its starts' lookups (the cwd resolved, settings, the walk, the plugin's
files) and answers a later start from memory while the disk would answer them the same; any
change a lookup depends on makes it run again, and what it finds is what a process that
remembers nothing finds (``engine.shared_lookups``)."""

from __future__ import annotations

import json
import os
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from trees import Clock, refusing_to_list, repoint, stats_of

from agents_md import FileSystem, Session
from agents_md._util.env import CONFIG_ENV
from agents_md.engine import fs as fs_module
from agents_md.engine import shared_lookups, start, start_memory, walk
from agents_md.engine.fs import DEFAULT_FS, ListingFS
from agents_md.engine.memory import project_key
from agents_md.engine.shared_listings import SHARED
from agents_md.engine.start import StartContext

Tree = Callable[..., Path]
# The start memory too: every test here also checks a session built again (``start_memory``).
MEMORIES = (
    shared_lookups.CWDS,
    shared_lookups.SETTINGS,
    shared_lookups.WALKS,
    shared_lookups.FILES,
    start_memory.STARTS,
)
EXAMPLES = int(os.environ.get("AGENTS_MD_FUZZ_EXAMPLES", "30"))
AND_MODE = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}


class PlainFS(FileSystem):
    """The real disk, but a filesystem of one's own: nothing is remembered across starts."""


@pytest.fixture(autouse=True)
def remembering(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Memories engaged from the first start, emptied before and after; the tests change files at
    will, so each change bumps the times it touches (``Clock``) instead of waiting out the racy window."""
    SHARED.clear()
    shared_lookups.clear()
    monkeypatch.setattr(start, "_STARTS", [1])
    yield
    SHARED.clear()
    shared_lookups.clear()


@pytest.fixture
def no_racy_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SHARED, "racy_ns", 0)
    for memory in MEMORIES:
        monkeypatch.setattr(memory, "racy_ns", 0)


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times the engine's walk ran, by cwd."""
    ran: Counter[str] = Counter()
    real = walk.Walk.run

    def counting(self: walk.Walk) -> walk.WalkResult:
        ran[self.cwd] += 1
        return real(self)

    monkeypatch.setattr(walk.Walk, "run", counting)
    return ran


def begin(cwd: Path, home: Path, fs: FileSystem | None = None, **options: Any) -> StartContext:
    return Session(cwd=str(cwd), home=str(home), managed_dir=str(home / "managed"), fs=fs, **options).start()


def same(a: StartContext, b: StartContext) -> None:
    for name in ("files", "engine_files", "skipped", "conditional_rules", "notices", "warnings", "imports"):
        assert getattr(a, name) == getattr(b, name), name
    assert (a.shadowed, a.records, a.disabled_by, a.settings) == (b.shadowed, b.records, b.disabled_by, b.settings)
    assert a.claude_md == b.claude_md


def test_a_later_start_is_answered_from_memory(tree: Tree, walks: Counter[str], no_racy_window: None) -> None:
    root = tree({"CLAUDE.md": "root\n@docs/x.md\n", "docs/x.md": "x\n", "a/b/AGENTS.md": "b\n", "home/": {"dir": True}})
    first = begin(root / "a/b", root / "home")
    again = begin(root / "a/b", root / "home")
    assert walks[str(root / "a/b")] == 1
    same(first, again)
    assert again.claude_md is not None and "root" in again.claude_md and "x" in again.claude_md


def test_a_file_changed_since_is_read_again(tree: Tree, walks: Counter[str], no_racy_window: None) -> None:
    root = tree({"CLAUDE.md": "root\n@docs/x.md\n", "docs/x.md": "x\n", "home/": {"dir": True}})
    begin(root, root / "home")
    (root / "docs/x.md").write_text("x, and more\n")
    Clock().touch(root / "docs/x.md")
    after = begin(root, root / "home")
    assert walks[str(root)] == 2
    same(after, begin(root, root / "home", fs=PlainFS()))
    assert "x, and more" in (after.claude_md or "")


def test_a_file_added_on_the_path_loads(tree: Tree, no_racy_window: None) -> None:
    root = tree({"a/b/main.py": "", "home/": {"dir": True}})
    assert begin(root / "a/b", root / "home").files == ()
    (root / "a/CLAUDE.md").write_text("new\n")
    Clock().touch(root / "a/CLAUDE.md", root / "a")
    assert [f.content for f in begin(root / "a/b", root / "home").files] == ["new\n"]


def test_a_folder_above_that_changes_otherwise_still_vouches(
    tree: Tree, walks: Counter[str], no_racy_window: None
) -> None:
    # The folders above a project change all the time (a home folder, /tmp): a start that only
    # asked them for names they do not hold is still answered from memory.
    root = tree({"proj/CLAUDE.md": "proj\n", "proj/a/main.py": "", "home/": {"dir": True}})
    first = begin(root / "proj/a", root / "home")
    (root / "unrelated.txt").write_text("noise\n")
    (root / "proj/a/notes.txt").write_text("noise\n")
    Clock().touch(root / "unrelated.txt", root, root / "proj/a")
    again = begin(root / "proj/a", root / "home")
    assert walks[str(root / "proj/a")] == 1
    same(first, again)


def test_a_folder_on_the_path_replaced_by_a_link_is_followed(tree: Tree, no_racy_window: None) -> None:
    root = tree({"a/b/CLAUDE.md": "before\n", "elsewhere/b/CLAUDE.md": "after\n", "home/": {"dir": True}})
    assert "before" in (begin(root / "a/b", root / "home").claude_md or "")
    os.rename(root / "a", root / "old-a")
    os.symlink(root / "elsewhere", root / "a")
    Clock().touch(root)
    now = begin(root / "a/b", root / "home")
    assert "after" in (now.claude_md or "") and "before" not in (now.claude_md or "")
    same(now, begin(root / "a/b", root / "home", fs=PlainFS()))


def test_settings_changed_since_are_read_again(tree: Tree, no_racy_window: None) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/CLAUDE.md": "a\n", "a/.claude/": {"dir": True}, "home/": {"dir": True}})
    assert len(begin(root / "a", root / "home").files) == 2
    settings = root / "a/.claude/settings.json"
    settings.write_text(json.dumps({"claudeMdExcludes": [str(root / "CLAUDE.md")]}))
    Clock().touch(settings, settings.parent)
    assert [f.content for f in begin(root / "a", root / "home").files] == ["a\n"]


def test_a_switch_the_walk_reads_is_part_of_what_it_is_asked(tree: Tree, no_racy_window: None) -> None:
    root = tree({"CLAUDE.md": "root\n", "home/": {"dir": True}})
    home = root / "home"
    memory = home / ".claude/projects" / project_key(str(root)) / "memory/MEMORY.md"
    memory.parent.mkdir(parents=True)
    memory.write_text("remembered\n")
    Clock().touch(memory)
    on = begin(root, home)
    off = begin(root, home, env={"CLAUDE_CODE_DISABLE_AUTO_MEMORY": "1"})
    assert "remembered" in (on.claude_md or "") and "remembered" not in (off.claude_md or "")


def test_a_file_changed_in_the_disks_last_tick_is_not_kept(tree: Tree, walks: Counter[str]) -> None:
    # Without the tests' clock: a file written just now could change again in the same tick of
    # the disk's clock and keep its version, so nothing read from it is kept.
    root = tree({"CLAUDE.md": "root\n", "home/": {"dir": True}})
    begin(root, root / "home")
    begin(root, root / "home")
    assert walks[str(root)] == 2


def test_a_start_through_a_link_is_right_and_not_kept(tree: Tree, walks: Counter[str], no_racy_window: None) -> None:
    root = tree({"real/CLAUDE.md": "real\n", "link": {"symlink": "real"}, "home/": {"dir": True}})
    first = begin(root / "real", root / "home")
    (root / "real/CLAUDE.md").write_text("real, changed\n")
    Clock().touch(root / "real/CLAUDE.md")
    assert "changed" in (begin(root / "link", root / "home").claude_md or "")
    assert first.claude_md is not None


def test_a_linked_file_is_vouched_for_by_the_listings_its_resolution_went_through(
    tree: Tree, no_racy_window: None, resolutions: Callable[[type[ListingFS]], list[str]]
) -> None:
    # The common shape: CLAUDE.md -> AGENTS.md -> .agents/AGENTS.md, the first in the cwd's folder.
    root = tree(
        {
            ".agents/AGENTS.md": "shared\n",
            "other/AGENTS.md": "other\n",
            "AGENTS.md": {"symlink": ".agents/AGENTS.md"},
            "a/CLAUDE.md": {"symlink": "../AGENTS.md"},
            "home/": {"dir": True},
        }
    )
    clock = Clock()
    clock.touch(root / ".agents", root / "other", root / "a", root)
    resolved = resolutions(ListingFS)
    assert "shared" in (begin(root / "a", root / "home").claude_md or "")
    rounds = []
    for _ in range(5):
        resolved.clear()
        assert "shared" in (begin(root / "a", root / "home").claude_md or "")
        rounds.append(len(resolved))
    # Every folder on the way has the listing it had: nothing resolved again (once the folders
    # above the test's tree, ``/tmp`` among them, which other programs change, hold still).
    assert 0 in rounds, rounds

    repoint(root / "AGENTS.md", "other/AGENTS.md")  # pointed elsewhere, as ``ln -sfn`` does
    clock.touch(root / "AGENTS.md", root)
    assert "other" in (begin(root / "a", root / "home").claude_md or "")

    # A folder on the target's way turned into a link itself.
    repoint(root / "AGENTS.md", "other/AGENTS.md")
    (root / ".agents").rename(root / "kept")
    os.symlink("other", root / ".agents")
    repoint(root / "AGENTS.md", ".agents/AGENTS.md")
    clock.touch(root / "AGENTS.md", root / ".agents", root)
    assert "other" in (begin(root / "a", root / "home").claude_md or "")
    (root / "other/AGENTS.md").write_text("other, changed\n")
    clock.touch(root / "other/AGENTS.md")
    assert "other, changed" in (begin(root / "a", root / "home").claude_md or "")


def test_a_cwd_whose_link_is_resolved_again_on_a_recall_is_noted_whole_by_the_lookup_run_again(
    tree: Tree, no_racy_window: None
) -> None:
    # The cwd's link first leads where only the system follows it (a ``..`` after a name), then
    # through the listings elsewhere: the recall resolves it again, finds another place, and the
    # lookup runs again. That run must note the link itself, not take its folder as resolved by
    # the recall: pointed back, the cwd is found where it leads now.
    root = tree(
        {"tgt/a/CLAUDE.md": "tgt\n", "tgt2/a/CLAUDE.md": "tgt2\n", "r/c/": {"dir": True}, "home/": {"dir": True}}
    )
    clock = Clock()
    clock.touch(root / "tgt/a", root / "tgt2/a", root / "tgt", root / "tgt2", root / "r/c", root)
    for target, text in (("c/../../tgt", "tgt\n"), ("../tgt2", "tgt2\n"), ("../tgt", "tgt\n")):
        repoint(root / "r/d", target)
        clock.touch(root / "r")
        remembered = begin(root / "r/d/a", root / "home")
        same(remembered, begin(root / "r/d/a", root / "home", fs=PlainFS()))
        assert remembered.claude_md is not None and text in remembered.claude_md, target


def test_a_folder_on_a_links_way_that_can_no_longer_be_listed_is_said_by_a_remembered_start_as_by_a_fresh_one(
    tree: Tree, no_racy_window: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folder a link passes through turns search-only (``chmod 711``) as it changes: the system
    # resolves the link without listing it, and so does a fresh start, saying nothing of it; a
    # remembered start checking the folder must not say it cannot be listed either.
    root = tree(
        {
            "real/CLAUDE.md": "real\n",
            "locked/inner": {"symlink": "../real"},
            "repo/.git/": {"dir": True},
            "repo/CLAUDE.md": {"symlink": "../locked/inner/CLAUDE.md"},
            "home/": {"dir": True},
        }
    )
    clock = Clock()
    clock.touch(root / "real", root / "locked", root / "repo", root)
    for _ in range(3):
        begin(root / "repo", root / "home")
    monkeypatch.setattr(DEFAULT_FS, "list_dir", refusing_to_list(DEFAULT_FS.list_dir, str(root / "locked")))
    (root / "locked/other").write_text("o\n")
    clock.touch(root / "locked")
    remembered = begin(root / "repo", root / "home")
    assert [w for w in remembered.warnings if "cannot be listed" in w] == []
    shared_lookups.clear()
    SHARED.clear()
    same(remembered, begin(root / "repo", root / "home"))


def test_starts_in_many_threads_agree(tree: Tree, no_racy_window: None) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/b/c/CLAUDE.md": "c\n", "a/AGENTS.md": "a\n", "home/": {"dir": True}})
    cwds = [root, root / "a", root / "a/b", root / "a/b/c"]
    expected = {str(c): begin(c, root / "home", fs=PlainFS()).claude_md for c in cwds}
    seen: list[tuple[str, str | None]] = []

    def run(offset: int) -> None:
        for i in range(40):
            cwd = cwds[(i + offset) % len(cwds)]
            seen.append((str(cwd), begin(cwd, root / "home").claude_md))

    threads = [threading.Thread(target=run, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 240
    assert all(text == expected[cwd] for cwd, text in seen)


# ---------------------------------------------------------------- a differential run

NAMES = ["CLAUDE.md", "AGENTS.md", "CLAUDE.local.md", ".claude/CLAUDE.md", ".claude/AGENTS.md"]
FOLDERS = ["", "p", "p/a", "p/a/b", "p/a/b/c", "p/side", "p/a/b/c/below"]


# Where the links made by ``_mutate`` lead: beside, up, through a folder that is a link, absolute.
LINK_TARGETS = [
    "AGENTS.md",
    ".agents/AGENTS.md",
    "../AGENTS.md",
    "../docs/AGENTS.md",
    "{root}/p/docs/AGENTS.md",
    "{root}/p/shared/.agents/AGENTS.md",
    "../../p/docs/.agents/AGENTS.md",
]


def _mutate(rng: random.Random, root: Path, clock: Clock) -> None:
    """One change of the kinds a working tree sees."""
    folder = root / rng.choice(FOLDERS)
    kind = rng.randrange(12)
    touched: list[Path] = []
    if kind <= 2:  # an instruction file written (new text, an import, a rule)
        path = folder / rng.choice(NAMES)
        text = rng.choice(["one\n", "two, longer\n", "@notes.md\n", "x\n@../notes.md\n", "<!-- c -->\n"])
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            path.unlink()  # written as a file of its own
        path.write_text(text)
        touched += [path, path.parent]
    elif kind == 3:  # an imported file written or removed
        path = folder / "notes.md"
        if path.exists() and rng.random() < 0.5:
            path.unlink()
        else:
            path.write_text(rng.choice(["notes\n", "notes, more\n"]))
        touched += [path, folder]
    elif kind == 4:  # a file removed
        path = folder / rng.choice(NAMES)
        if os.path.lexists(path):
            path.unlink()
            touched += [path.parent]
    elif kind == 5:  # a rule, unconditional or not
        rules = folder / ".claude/rules"
        rules.mkdir(parents=True, exist_ok=True)
        rule = rules / rng.choice(["r.md", "s.md"])
        rule.write_text(rng.choice(["rule\n", "---\npaths: ['*.py']\n---\nonly py\n"]))
        touched += [rule, rules, rules.parent, folder]
    elif kind == 6:  # the project's settings: excludes, or the plugin's mode
        settings = root / "p/a/b/c/.claude/settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        value: dict[str, Any] = rng.choice(
            [{}, AND_MODE, {"claudeMdExcludes": ["**/p/a/CLAUDE.md"]}, {"autoMemoryEnabled": False}]
        )
        settings.write_text(json.dumps(value))
        touched += [settings, settings.parent, settings.parent.parent]
    elif kind == 7:  # a file replaced by a link to another
        path = folder / rng.choice(NAMES[:3])
        target = root / "p/side/AGENTS.md"
        if path != target:
            path.parent.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(path):
                path.unlink()
            os.symlink(target, path)
            touched += [path, path.parent]
    elif kind == 8:  # a checkout appears or goes
        git = folder / ".git"
        if git.exists():
            git.rmdir()
        else:
            git.mkdir()
        touched += [git, folder]
    elif kind == 9:  # a link made or pointed elsewhere, as ``ln -sfn`` does: a chain, a folder on the way
        path = folder / rng.choice([*NAMES[:3], ".agents/AGENTS.md"])
        target = rng.choice(LINK_TARGETS).replace("{root}", str(root))
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir() and not path.is_symlink():
            return
        repoint(path, target)
        touched += [path, path.parent]
    elif kind == 10:  # a folder links lead through, pointed elsewhere or made a folder again
        docs = root / "p/docs"
        if os.path.lexists(docs) and docs.is_symlink():
            docs.unlink()
        elif docs.exists():
            docs.rename(root / f"p/docs-{clock.now}")
        if rng.random() < 0.7:
            os.symlink(rng.choice(["shared", "side", "../p/shared/.agents"]), docs)
        else:
            docs.mkdir()
            (docs / "AGENTS.md").write_text("docs of its own\n")
            touched += [docs / "AGENTS.md"]
        touched += [docs, docs.parent]
    elif kind == 11:  # a file a link leads to written
        path = root / rng.choice(["p/shared/AGENTS.md", "p/shared/.agents/AGENTS.md", "p/side/AGENTS.md"])
        if path.is_symlink():
            path.unlink()  # written as a file of its own, never through the link
        path.write_text(rng.choice(["shared\n", "shared, longer\n", "@../notes.md\n"]))
        touched += [path, path.parent]
    else:  # noise: a file no loader asks for
        path = folder / f"noise-{rng.randrange(3)}.txt"
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text("noise\n")
        touched += [path, folder]
    clock.touch(*touched)


@pytest.mark.parametrize("seed", range(int(os.environ.get("AGENTS_MD_FUZZ_SEEDS", "3"))))
def test_what_is_remembered_is_what_a_fresh_start_finds(
    tmp_path: Path, seed: int, walks: Counter[str], no_racy_window: None
) -> None:
    rng = random.Random(seed)
    root = tmp_path / "root"
    for folder in FOLDERS:
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "p/shared/.agents").mkdir(parents=True)
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    clock = Clock()
    cwds = [root / "p/a/b/c", root / "p/a", root / "p"]
    for step in range(EXAMPLES):
        _mutate(rng, root, clock)
        for cwd in cwds:
            for profile in ("reference", "complete"):
                remembered = begin(cwd, home, profile=profile)
                fresh = begin(cwd, home, fs=PlainFS(), profile=profile)
                try:
                    same(remembered, fresh)
                except AssertionError as exc:
                    raise AssertionError(f"seed {seed}, step {step}, cwd {cwd}, {profile}: {exc}") from exc
    remembered_starts = EXAMPLES * len(cwds) * 2
    assert sum(walks.values()) - remembered_starts < remembered_starts * 0.9  # most answered from memory


def test_the_walk_reads_no_switch_its_memory_is_not_keyed_by(tree: Tree) -> None:
    # The walk is remembered by the switches it reads (``start._walked``): one it came to read
    # besides would be a change the memory could not see.
    root = tree({"CLAUDE.md": "root\n@x.md\n", "x.md": "x\n", "a/.claude/rules/r.md": "r\n", "home/": {"dir": True}})
    read: set[str] = set()

    class Recording(dict[str, str]):
        def get(self, key: str, default: Any = None) -> Any:
            read.add(key)
            return super().get(key, default)

        def __getitem__(self, key: str) -> str:
            read.add(key)
            return super().__getitem__(key)

        def __contains__(self, key: object) -> bool:
            read.add(str(key))
            return super().__contains__(key)

    settings = start.session_settings(start.SessionInputs.build(cwd=str(root / "a"), home=str(root / "home")))
    walk.Walk(
        fs=FileSystem(),
        cwd=str(root / "a"),
        home=str(root / "home"),
        managed_dir=str(root / "m"),
        settings=settings,
        add_dirs=(),
        env=Recording(UNRELATED="1"),  # not empty: an empty environment may be passed by unread
        approve_external=False,
    ).run()
    # The switches, and the config folder (the key holds where it resolves to).
    assert read <= {start.ADD_DIR_ENV, start.MEMORY_OFF_ENV, CONFIG_ENV}
    assert read  # the probe saw the walk read its switches


# ---------------------------------------------------------------- a differential run of Reads

READ_FOLDERS = ["p", "p/a", "p/a/b", "shared", "shared/in", "side", "side/in"]
READ_LINKS = ["p/l", "p/a/l", "l", "p/a/b/l", "shared/in/l"]
# Beside, up, chained through another link, absolute, to the folder itself or the one above it.
READ_TARGETS = ["../shared", "../side", "shared", "side/in", "../../shared/in", "{root}/side", "{root}/shared/in"]
READ_TARGETS += ["../l", "l/in", ".", "..", "../p/a", "in"]
READ_ASKED = ["p/l/in/f.py", "p/a/l/f.py", "l/in/f.py", "p/a/b/l/in/x/f.py", "shared/in/l/f.py", "p/a/b/f.py"]
READ_ASKED += ["p/l/f.py", "side/in/f.py", "l/f.py", "p/a/l/in/f.py"]


def _real_folder(path: Path) -> bool:
    return os.path.realpath(path) == str(path)


def _mutate_links(rng: random.Random, root: Path, clock: Clock) -> None:
    """One change to the links a session's Reads go through, or to the files they lead to."""
    kind = rng.randrange(6)
    touched: list[Path] = []
    if kind <= 2:  # a link made or pointed elsewhere, as ``ln -sfn`` does
        path = root / rng.choice(READ_LINKS)
        if not _real_folder(path.parent) or (path.is_dir() and not path.is_symlink()):
            return
        repoint(path, rng.choice(READ_TARGETS).replace("{root}", str(root)))
        touched += [path, path.parent]
    elif kind <= 4:  # an instruction file written or removed, never through a link
        folder = root / rng.choice(READ_FOLDERS)
        if not _real_folder(folder):
            return
        path = folder / rng.choice(NAMES[:3])
        if kind == 3:
            path.write_text(rng.choice(["one\n", "two, longer\n"]))
            touched += [path, folder]
        elif os.path.lexists(path):
            path.unlink()
            touched += [folder]
    else:  # a folder links lead through moved away and a link put in its place, or made again
        path = root / rng.choice(["side/in", "shared/in"])
        if path.is_symlink():
            path.unlink()
            path.mkdir()
            (path / "CLAUDE.md").write_text("made again\n")
            touched += [path / "CLAUDE.md", path]
        elif path.is_dir():
            path.rename(path.with_name(f"old-{clock.now}"))
            os.symlink(rng.choice(["../p", "../side", str(root / "p/a")]), path)
            touched += [path]
        touched += [path.parent]
    clock.touch(*touched)


@pytest.mark.parametrize("seed", range(int(os.environ.get("AGENTS_MD_FUZZ_SEEDS", "3"))))
def test_reads_through_links_are_what_a_session_remembering_nothing_gives(
    tmp_path: Path, seed: int, no_racy_window: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two sessions asked the same Reads as the links they go through change: one on the real disk
    # (its lookups kept, their links vouched for by the listings), one on a filesystem of its own.
    monkeypatch.setattr(fs_module, "RACY_NS", 0)  # the clock below gives every change a tick of its own
    rng = random.Random(seed)
    root = tmp_path / "root"
    for folder in READ_FOLDERS:
        (root / folder).mkdir(parents=True, exist_ok=True)
    clock = Clock()
    clock.touch(*(root / folder for folder in READ_FOLDERS), root, tmp_path)
    (tmp_path / "home").mkdir()
    for profile in ("reference", "complete"):
        sessions = [
            Session(cwd=str(root), home=str(tmp_path / "home"), managed_dir=str(tmp_path / "m"), profile=profile, fs=fs)
            for fs in (None, PlainFS())
        ]
        for session in sessions:
            session.start()
        loops: list[Any] = list(sessions)
        for step in range(EXAMPLES):
            if rng.random() < 0.5:
                _mutate_links(rng, root, clock)
            if rng.random() < 0.2:
                loops = [session.spawn("general-purpose") for session in sessions]  # given nothing yet
            for rel in rng.sample(READ_ASKED, 7):
                remembered, fresh = (loop.read(str(root / rel)) for loop in loops)
                assert (remembered.engine_files, remembered.hook_files) == (fresh.engine_files, fresh.hook_files), (
                    f"seed {seed}, step {step}, {profile}, {rel}"
                )


def test_a_later_start_asks_no_folder_its_parents_listing_shows_absent(
    tree: Tree, walks: Counter[str], no_racy_window: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ``.claude`` folders the walk looked for and did not find are vouched for by their
    parents' listings, which the start checks anyway: no ``stat`` of their own. One made since
    changes its parent's listing, and loads."""
    root = tree({"CLAUDE.md": "root\n", "a/b/main.py": "", "home/": {"dir": True}})
    first = begin(root / "a/b", root / "home")
    asking = stats_of(monkeypatch)
    same(first, begin(root / "a/b", root / "home"))
    asked = list(asking)  # as asked by the start (``lexists`` below asks too)
    assert walks[str(root / "a/b")] == 1  # answered from memory
    assert str(root / "a/b") in asked
    # The home's folders are asked on their own: the home is not listed (a real one is large).
    absent = [p for p in asked if p.startswith(str(root)) and not os.path.lexists(p)]
    assert [p for p in absent if not p.startswith(str(root / "home"))] == []
    (root / "a/.claude/rules").mkdir(parents=True)
    (root / "a/.claude/rules/r.md").write_text("rule\n")
    Clock().touch(root / "a/.claude/rules/r.md", root / "a/.claude/rules", root / "a/.claude", root / "a")
    assert "rule" in (begin(root / "a/b", root / "home").claude_md or "")
