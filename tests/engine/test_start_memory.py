"""A session built again in the same process is given its start again while the disk would answer
it the same, its plugins handed the state that start left them in; any change it depended on
gives what a session that remembers nothing gives (``engine.start_memory``)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from trees import Clock, repoint

from agents_md import FileSystem, Session
from agents_md.engine import start_memory
from agents_md.host import plugins as host_plugins
from agents_md.plugin_api import hookimpl

Tree = Callable[..., Path]
AND_MODE = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
OR_MODE = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-or-agents-md"}}}}


class PlainFS(FileSystem):
    """The real disk, but a filesystem of one's own: nothing is remembered across starts."""


pytestmark = pytest.mark.usefixtures("starts_remembered")


def session(cwd: Path, home: Path, fs: FileSystem | None = None, **options: Any) -> Session:
    return Session(cwd=str(cwd), home=str(home), managed_dir=str(home / "managed"), fs=fs, **options)


def same(a: Session, b: Session) -> None:
    x, y = a.start(), b.start()
    for name in ("files", "engine_files", "skipped", "conditional_rules", "notices", "warnings", "imports"):
        assert getattr(x, name) == getattr(y, name), name
    assert (x.shadowed, x.records, x.disabled_by, x.settings) == (y.shadowed, y.records, y.disabled_by, y.settings)
    assert x.claude_md == y.claude_md
    assert a.notices == b.notices
    assert a.inputs.cwd == b.inputs.cwd
    assert [(s.name, type(s.plugin)) for s in a.plugins] == [(s.name, type(s.plugin)) for s in b.plugins]
    assert a.snapshot()["plugins"] == b.snapshot()["plugins"]  # type: ignore[index]


def fresh(cwd: Path, home: Path, **options: Any) -> Session:
    return session(cwd, home, fs=PlainFS(), **options)


def test_a_session_built_again_is_given_its_start(tree: Tree, computed: list[str]) -> None:
    root = tree({"CLAUDE.md": "root\n@docs/x.md\n", "docs/x.md": "x\n", "a/b/AGENTS.md": "b\n", "home/": {"dir": True}})
    first = session(root / "a/b", root / "home")
    first.start()
    again = session(root / "a/b", root / "home")
    assert again.start() is first.start()  # the very start: no hook called, no value made
    assert computed == [str(root / "a/b")]
    same(again, fresh(root / "a/b", root / "home"))


def _write(path: Path, text: str, clock: Clock) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    existed = path.exists()
    path.write_text(text)
    clock.touch(path, *(() if existed else (path.parent,)))


def _remove(path: Path, clock: Clock) -> None:
    path.unlink()
    clock.touch(path.parent)


def _settings(root: Path, value: dict[str, Any], clock: Clock) -> None:
    _write(root / "p/a/.claude/settings.json", json.dumps(value), clock)


def _replace_by_link(root: Path, clock: Clock) -> None:
    os.rename(root / "p/a", root / "p/old-a")
    os.symlink(root / "elsewhere/a", root / "p/a")
    clock.touch(root / "p")


def _cwd_link_repointed(root: Path, clock: Clock) -> None:
    repoint(root / "link", "elsewhere/a/b")
    clock.touch(root)


# Each change a session built again must see, as a session remembering nothing sees it.
CHANGES: dict[str, Callable[[Path, Clock], None]] = {
    "claude-md-edited": lambda r, c: _write(r / "p/CLAUDE.md", "p, edited\n@notes.md\n", c),
    "claude-md-added": lambda r, c: _write(r / "p/a/b/CLAUDE.md", "b's own\n", c),
    "claude-md-removed": lambda r, c: _remove(r / "p/CLAUDE.md", c),
    "agents-md-added": lambda r, c: _write(r / "p/a/AGENTS.md", "a's agents\n", c),
    "agents-md-edited": lambda r, c: _write(r / "p/AGENTS.md", "p's agents, edited\n", c),
    "agents-md-removed": lambda r, c: _remove(r / "p/AGENTS.md", c),
    "import-target-edited": lambda r, c: _write(r / "p/notes.md", "notes, edited\n", c),
    "import-target-removed": lambda r, c: _remove(r / "p/notes.md", c),
    "rule-added": lambda r, c: _write(r / "p/.claude/rules/new.md", "a new rule\n", c),
    "rule-edited": lambda r, c: _write(r / "p/.claude/rules/r.md", "the rule, edited\n", c),
    "rule-made-conditional": lambda r, c: _write(r / "p/.claude/rules/r.md", "---\npaths: ['*.py']\n---\npy\n", c),
    "excludes-set": lambda r, c: _settings(r, {"claudeMdExcludes": ["**/p/CLAUDE.md"]}, c),
    "mode-set": lambda r, c: _settings(r, OR_MODE, c),
    "memory-off": lambda r, c: _settings(r, {"autoMemoryEnabled": False}, c),
    "checkout-made": lambda r, c: (os.mkdir(r / "p/a/.git"), c.touch(r / "p/a/.git", r / "p/a")),
    "folder-replaced-by-link": _replace_by_link,
    "cwd-link-repointed": _cwd_link_repointed,
    "file-replaced-by-link": lambda r, c: (
        os.unlink(r / "p/a/b/AGENTS.md"),
        os.symlink(r / "elsewhere/a/b/AGENTS.md", r / "p/a/b/AGENTS.md"),
        c.touch(r / "p/a/b/AGENTS.md", r / "p/a/b"),
    ),
    "link-target-edited": lambda r, c: _write(r / "elsewhere/a/b/AGENTS.md", "elsewhere's, edited\n", c),
    "noise": lambda r, c: _write(r / "p/a/b/noise.txt", "noise\n", c),
}

TREE = {
    "p/CLAUDE.md": "p\n@notes.md\n",
    "p/notes.md": "notes\n",
    "p/AGENTS.md": "p's agents\n",
    "p/.claude/rules/r.md": "the rule\n",
    "p/a/.claude/settings.json": json.dumps(AND_MODE),
    "p/a/b/AGENTS.md": "b's agents\n",
    "elsewhere/a/b/AGENTS.md": "elsewhere's\n",
    "elsewhere/a/CLAUDE.md": "elsewhere's claude\n",
    "link": {"symlink": "p/a/b"},
    "home/.claude/CLAUDE.md": "mine\n",
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
@pytest.mark.parametrize("spelled", ["p/a/b", "link"])
@pytest.mark.parametrize("profile", ["reference", "complete"])
def test_a_change_between_two_sessions_gives_what_a_fresh_session_gives(
    tree: Tree, computed: list[str], change: str, spelled: str, profile: str
) -> None:
    root = tree(TREE)
    clock = Clock()
    clock.touch(*(p for p in root.rglob("*")), root)
    home = root / "home"
    session(root / spelled, home, profile=profile).start()
    again = session(root / spelled, home, profile=profile)
    again.start()
    assert len(computed) == 1  # given again, before any change
    same(again, fresh(root / spelled, home, profile=profile))
    CHANGES[change](root, clock)
    after = session(root / spelled, home, profile=profile)
    same(after, fresh(root / spelled, home, profile=profile))
    same(session(root / spelled, home, profile=profile), fresh(root / spelled, home, profile=profile))


def test_a_kept_start_leaves_the_plugin_where_a_fresh_one_does(tree: Tree, computed: list[str]) -> None:
    # The built-in plugin, handed the state a start left it in, answers the Reads after it as the
    # plugin of a session whose start ran its hooks.
    root = tree(
        {
            "p/.claude/settings.json": json.dumps(AND_MODE),
            "p/CLAUDE.md": "p\n",
            "p/AGENTS.md": "p agents\n",
            "p/a/AGENTS.md": "a agents\n",
            "p/a/x/AGENTS.md": "x agents\n",
            "p/a/x/f.py": "",
            "home/": {"dir": True},
        }
    )
    Clock().touch(*(p for p in root.rglob("*")), root)
    session(root / "p", root / "home").start()
    kept = session(root / "p", root / "home")
    kept.start()
    assert len(computed) == 1
    plain = fresh(root / "p", root / "home")
    same(kept, plain)
    for path in ("p/a/x/f.py", "p/a/x/f.py", "p/a/x/AGENTS.md"):
        assert kept.read(str(root / path)) == plain.read(str(root / path))
    assert kept.snapshot() == plain.snapshot()
    assert kept.compact() == plain.compact()


def test_the_environment_changed_before_the_start_is_read_at_the_start(tree: Tree, computed: list[str]) -> None:
    root = tree({"CLAUDE.md": "root\n", "home/": {"dir": True}})
    Clock().touch(root / "CLAUDE.md", root)
    session(root, root / "home").start()
    env: dict[str, str] = {}
    built = session(root, root / "home", env=env)
    session(root, root / "home", env=env).start()  # kept under an empty environment
    env["CLAUDE_CODE_DISABLE_CLAUDE_MDS"] = "1"
    assert built.start().files == ()
    assert built.start().disabled_by == fresh(root, root / "home", env=env).start().disabled_by


def test_a_start_whose_hook_failed_is_not_kept(
    tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from agents_md.plugins.agents_md.plugin import AgentsMdPlugin

    root = tree({"CLAUDE.md": "root\n", "home/": {"dir": True}})
    Clock().touch(root / "CLAUDE.md", root)
    real = AgentsMdPlugin.session_start
    failing = [True]

    def flaky(self: AgentsMdPlugin, session: Any) -> None:
        if failing[0]:
            raise RuntimeError("once")
        real(self, session)

    monkeypatch.setattr(AgentsMdPlugin, "session_start", hookimpl(flaky))
    first = session(root, root / "home")
    assert any("failed in session.start" in n.text for n in first.notices)
    failing[0] = False
    again = session(root, root / "home")
    assert not any("failed" in n.text for n in again.notices)
    assert len(computed) == 2


LATE = (
    "from agents_md.plugin_api import hookimpl\n\n"
    "CALLS = []\n\n\n"
    "class Late:\n"
    "    @hookimpl\n"
    "    def prompt_context(self, session, files):\n"
    "        CALLS.append(session.cwd)\n"
    "        return [f for f in files if 'secret' not in f.content]\n"
)


def test_a_plugin_installed_since_is_seated_and_asked(
    tree: Tree, computed: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A plugin that does not say its start state has its hooks called on every start.
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    os.utime(site, ns=(0, 0))
    monkeypatch.setattr(host_plugins, "LOOK_AGAIN_AFTER", 0.0)
    root = tree({"CLAUDE.md": "root\n", "a/CLAUDE.md": "secret\n", "home/": {"dir": True}})
    Clock().touch(root / "CLAUDE.md", root / "a/CLAUDE.md", root / "a", root)
    assert "secret" in (session(root / "a", root / "home").claude_md or "")
    assert "secret" in (session(root / "a", root / "home").claude_md or "")
    assert len(computed) == 1
    (site / "late_plugin.py").write_text(LATE)
    (site / "late-1.0.dist-info").mkdir()
    (site / "late-1.0.dist-info/entry_points.txt").write_text("[agents_md.plugins]\nlate = late_plugin:Late\n")
    for _ in range(3):
        assert "secret" not in (session(root / "a", root / "home").claude_md or "")
    import late_plugin  # type: ignore[import-not-found]

    assert [str(root / "a")] * 3 == late_plugin.CALLS
    assert len(computed) == 4


def test_no_session_of_a_filesystem_of_its_own_is_kept(tree: Tree, computed: list[str]) -> None:
    root = tree({"CLAUDE.md": "root\n", "home/": {"dir": True}})
    Clock().touch(root / "CLAUDE.md", root)
    for _ in range(2):
        fresh(root, root / "home").start()
    assert len(computed) == 2


def test_a_file_changed_in_the_disks_last_tick_is_not_kept(
    tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(start_memory.STARTS, "racy_ns", 2_000_000_000)
    root = tree({"CLAUDE.md": "root\n", "home/": {"dir": True}})  # written just now
    for _ in range(2):
        session(root, root / "home").start()
    assert len(computed) == 2


# ---------------------------------------------------------------- a differential run

NAMES = ["CLAUDE.md", "AGENTS.md", "CLAUDE.local.md", ".claude/CLAUDE.md", "notes.md"]
FOLDERS = ["", "p", "p/a", "p/a/b", "p/side"]


def _mutate(rng: random.Random, root: Path, clock: Clock) -> None:
    folder = root / rng.choice(FOLDERS)
    kind = rng.randrange(7)
    if kind <= 1:
        path = folder / rng.choice(NAMES)
        if path.is_symlink():
            path.unlink()
        _write(path, rng.choice(["one\n", "two, longer\n", "@notes.md\n", "x\n@../notes.md\n"]), clock)
    elif kind == 2:
        path = folder / rng.choice(NAMES)
        if os.path.lexists(path):
            _remove(path, clock)
    elif kind == 3:
        _write(folder / ".claude/rules/r.md", rng.choice(["rule\n", "---\npaths: ['*.py']\n---\npy\n"]), clock)
    elif kind == 4:
        value = rng.choice([{}, AND_MODE, OR_MODE, {"claudeMdExcludes": ["**/p/a/CLAUDE.md"]}])
        _write(root / "p/a/b/.claude/settings.json", json.dumps(value), clock)
    elif kind == 5:
        path = folder / rng.choice(NAMES[:3])
        if os.path.lexists(path):
            path.unlink()
        os.symlink(root / "p/side/AGENTS.md", path)
        clock.touch(path, folder)
    else:
        _write(folder / "noise.txt", f"{rng.random()}\n", clock)


@pytest.mark.parametrize("seed", range(int(os.environ.get("AGENTS_MD_FUZZ_SEEDS", "3"))))
def test_what_is_given_again_is_what_a_fresh_session_gives(tmp_path: Path, seed: int, computed: list[str]) -> None:
    rng = random.Random(seed)
    root = tmp_path / "root"
    for folder in FOLDERS:
        (root / folder).mkdir(parents=True, exist_ok=True)
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    clock = Clock()
    cwds = [root / "p/a/b", root / "p"]
    for step in range(int(os.environ.get("AGENTS_MD_FUZZ_EXAMPLES", "30"))):
        if rng.random() < 0.7:
            _mutate(rng, root, clock)
        for cwd in cwds:
            for profile in ("reference", "complete"):
                try:
                    same(session(cwd, home, profile=profile), fresh(cwd, home, profile=profile))
                except AssertionError as exc:
                    raise AssertionError(f"seed {seed}, step {step}, cwd {cwd}, {profile}: {exc}") from exc
    assert len(computed) < 30 * len(cwds) * 2 * 2  # some given again (each fresh one is computed)


def test_a_folder_above_that_changes_otherwise_still_vouches(tree: Tree, computed: list[str]) -> None:
    # A home folder or /tmp above a project changes all the time: a session built again that only
    # asked it for names it does not hold is still given its start.
    root = tree({"proj/CLAUDE.md": "proj\n", "proj/a/main.py": "", "home/": {"dir": True}})
    clock = Clock()
    clock.touch(*(p for p in root.rglob("*")), root)
    session(root / "proj/a", root / "home").start()
    for n in range(3):
        _write(root / f"noise-{n}.txt", "noise\n", clock)
        _write(root / f"proj/a/noise-{n}.txt", "noise\n", clock)
        again = session(root / "proj/a", root / "home")
        again.start()
        assert computed == [str(root / "proj/a")] * (1 + n)  # given again (each fresh one is made)
        same(again, fresh(root / "proj/a", root / "home"))


SAYS = (
    "from agents_md.plugin_api import hookimpl\n\n"
    "CALLS = []\n\n\n"
    "class Says:\n"
    "    def __init__(self):\n"
    "        self.seen = None\n\n"
    "    @hookimpl\n"
    "    def prompt_context(self, session, files):\n"
    "        CALLS.append('hook')\n"
    "        self.seen = len(files) or None\n"
    "        return None\n\n"
    "    def start_state(self):\n"
    "        return self.seen\n\n"
    "    def resume_start(self, state):\n"
    "        CALLS.append(('resumed', state))\n"
    "        if state is None:\n"
    "            raise ValueError('nothing to resume')\n"
    "        self.seen = state\n"
)


def test_a_plugin_that_says_its_start_state_is_handed_it_and_not_asked_again(
    tree: Tree, computed: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "says_plugin.py").write_text(SAYS)
    (site / "says-1.0.dist-info").mkdir()
    (site / "says-1.0.dist-info/entry_points.txt").write_text("[agents_md.plugins]\nsays = says_plugin:Says\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(host_plugins, "LOOK_AGAIN_AFTER", 0.0)
    root = tree({"CLAUDE.md": "root\n", "a/CLAUDE.md": "a\n", "b/": {"dir": True}, "home/": {"dir": True}})
    Clock().touch(*(p for p in root.rglob("*")), root)
    import says_plugin  # type: ignore[import-not-found]

    first = session(root / "a", root / "home")
    first.start()
    again = session(root / "a", root / "home")
    again.start()
    assert says_plugin.CALLS == ["hook", ("resumed", 2)]
    assert [s.plugin.seen for s in again.plugins if s.name == "says"] == [2]  # type: ignore[attr-defined]
    same(again, fresh(root / "a", root / "home"))
    # A state it refuses to take back: the start is made anew, its hook called.
    says_plugin.CALLS.clear()
    session(root, root / "home").start()
    (root / "CLAUDE.md").unlink()
    Clock().touch(root)
    assert session(root / "b", root / "home").start().files == ()
    says_plugin.CALLS.clear()
    assert session(root / "b", root / "home").start().files == ()
    assert says_plugin.CALLS == [("resumed", None), "hook"]


@pytest.mark.parametrize("first", ["clear", "cd"])
def test_a_start_made_for_another_reason_first_is_made_as_a_fresh_sessions(
    tree: Tree, computed: list[str], first: str
) -> None:
    # A session given a kept start that clears or moves before its start makes that start itself,
    # its hooks told why, as a session that remembers nothing does.
    root = tree({"p/CLAUDE.md": "p\n", "p/a/AGENTS.md": "a\n", "p/.claude/settings.json": json.dumps(AND_MODE)})
    (root / "home").mkdir()
    Clock().touch(*(p for p in root.rglob("*")), root)
    session(root / "p", root / "home").start()
    kept, plain = session(root / "p", root / "home"), fresh(root / "p", root / "home")
    if first == "clear":
        assert kept.clear() == plain.clear()
    else:
        assert kept.cd("a") == plain.cd("a")
    same(kept, plain)
    assert kept.read(str(root / "p/a/AGENTS.md")) == plain.read(str(root / "p/a/AGENTS.md"))
