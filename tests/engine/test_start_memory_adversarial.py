"""Adversarial cases for the start memory (``engine.start_memory``): a session built, something
changed, the same session built again gives what a session that remembers nothing gives, in its
start, its notices and settings, its agent lines, what its Reads attach, ``/compact``, its
subagents' starts and its snapshot."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from trees import Clock, interleaved, repoint

from agents_md import FileSystem, Session
from agents_md.engine import shared_lookups, start_memory
from agents_md.engine.shared_listings import SHARED

Tree = Callable[..., Path]
AND_MODE = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
OR_MODE = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-or-agents-md"}}}}


class PlainFS(FileSystem):
    """The real disk, but a filesystem of one's own: nothing is remembered across starts."""


pytestmark = pytest.mark.usefixtures("starts_remembered")


def write(path: Path, text: str, clock: Clock) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    existed = path.exists()
    path.write_text(text)
    clock.touch(path, *(() if existed else (path.parent,)))


def session(cwd: Path | str, home: Path | str, fs: FileSystem | None = None, **options: Any) -> Session:
    options.setdefault("managed_dir", str(Path(home) / "managed"))
    return Session(cwd=str(cwd), home=str(home), fs=fs, **options)


def fresh(cwd: Path | str, home: Path | str, **options: Any) -> Session:
    return session(cwd, home, fs=PlainFS(), **options)


def _view(s: Session, reads: tuple[str, ...]) -> dict[str, Any]:
    x = s.start()
    out: dict[str, Any] = {
        name: getattr(x, name)
        for name in (
            "files",
            "engine_files",
            "skipped",
            "conditional_rules",
            "notices",
            "warnings",
            "imports",
            "shadowed",
            "records",
            "disabled_by",
            "instruction_files_enabled",
        )
    }
    out["settings"] = x.settings
    out["claude_md"] = x.claude_md
    out["notices_all"] = s.notices
    out["cwd"] = s.inputs.cwd
    out["plugins"] = [(p.name, type(p.plugin)) for p in s.plugins]
    out["agent_lines"] = s.agent_lines()
    out["agent_start"] = s.agent_start("general-purpose")
    out["reads"] = [s.read(p) for p in reads]
    out["snapshot"] = s.snapshot()
    out["compact"] = s.compact()
    out["after_compact"] = [s.read(p) for p in reads]
    sub = s.spawn()
    out["sub"] = (sub.claude_md, [sub.read(p) for p in reads])
    out["snapshot_after"] = s.snapshot()
    return out


def same(a: Session, b: Session, reads: tuple[str | Path, ...] = ()) -> None:
    paths = tuple(str(p) for p in reads)
    x, y = _view(a, paths), _view(b, paths)
    for name in x:
        assert x[name] == y[name], name


def outcome(make: Callable[[], Session]) -> object:
    """What building and starting a session gives: its start, or the error it raises."""
    try:
        s = make()
        return ("ok", s.start().files, s.start().warnings, s.notices, s.inputs.cwd)
    except Exception as exc:
        return ("error", type(exc), str(exc))


def given_again(cwd: Path | str, home: Path | str, computed: list[str], **options: Any) -> None:
    """Build the session twice: the second is given the first's start."""
    before = len(computed)
    session(cwd, home, **options).start()
    session(cwd, home, **options).start()
    assert len(computed) == before + 1, "the second session was not given the first's start"


# ---------------------------------------------------------------- conditional rules, then a Read


def test_a_conditional_rule_edited_then_a_read_matches(tree: Tree, computed: list[str]) -> None:
    root = tree(
        {
            "p/CLAUDE.md": "p\n",
            "p/.claude/rules/py.md": "---\npaths: ['src/**/*.py']\n---\npython rule\n",
            "p/src/m.py": "",
            "p/src/n.ts": "",
            "home/.claude/rules/mine.md": "---\npaths: ['**/*.ts']\n---\nts rule\n",
        }
    )
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    reads = (cwd / "src/m.py", cwd / "src/n.ts")
    given_again(cwd, home, computed)
    same(session(cwd, home), fresh(cwd, home), reads)
    write(cwd / ".claude/rules/py.md", "---\npaths: ['src/*.ts']\n---\npython rule\n", clock)
    same(session(cwd, home), fresh(cwd, home), reads)
    write(home / ".claude/rules/mine.md", "---\npaths: ['**/*.py']\n---\nnow py\n", clock)
    same(session(cwd, home), fresh(cwd, home), reads)
    write(home / ".claude/rules/more.md", "---\npaths: ['src/m.py']\n---\nmore\n", clock)
    same(session(cwd, home), fresh(cwd, home), reads)


# ---------------------------------------------------------------- imports outside the cwd


@pytest.mark.parametrize("approve", [False, True])
def test_an_import_outside_the_cwd_changed(tree: Tree, computed: list[str], approve: bool) -> None:
    root = tree(
        {
            "p/CLAUDE.md": "p\n@../shared/notes.md\n@~/personal.md\n",
            "shared/notes.md": "notes\n@deeper.md\n",
            "shared/deeper.md": "deeper\n",
            "home/personal.md": "personal\n",
            "home/.claude/CLAUDE.md": "mine\n@~/more.md\n",
        }
    )
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    opts = {"approve_external_imports": approve}
    given_again(cwd, home, computed, **opts)
    same(session(cwd, home, **opts), fresh(cwd, home, **opts))
    changes: list[Callable[[], None]] = [
        lambda: write(root / "shared/deeper.md", "deeper, edited\n", clock),
        lambda: write(root / "shared/notes.md", "notes\n", clock),
        lambda: write(home / "personal.md", "personal, edited\n", clock),
        lambda: write(home / "more.md", "more, now there\n", clock),
        lambda: write(home / ".claude/CLAUDE.md", "mine, edited\n", clock),
        lambda: write(home / ".claude/rules/r.md", "home rule\n", clock),
        lambda: (os.unlink(home / "personal.md"), clock.touch(home)),
    ]
    for change in changes:
        change()
        same(session(cwd, home, **opts), fresh(cwd, home, **opts))


def test_approval_is_part_of_the_key(tree: Tree, computed: list[str]) -> None:
    root = tree({"p/CLAUDE.md": "p\n@../shared/notes.md\n", "shared/notes.md": "notes\n", "home/": {"dir": True}})
    Clock().all(root)
    home, cwd = root / "home", root / "p"
    for approve in (False, True, False, True):
        a = session(cwd, home, approve_external_imports=approve)
        same(a, fresh(cwd, home, approve_external_imports=approve))


# ---------------------------------------------------------------- CLAUDE.local.md, managed settings


def test_a_local_file_added_and_managed_settings_changed(tree: Tree, computed: list[str]) -> None:
    root = tree(
        {
            "p/CLAUDE.md": "p\n",
            "p/AGENTS.md": "agents\n",
            "home/managed/CLAUDE.md": "managed\n",
            "home/managed/managed-settings.json": json.dumps({}),
        }
    )
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    given_again(cwd, home, computed)
    write(cwd / "CLAUDE.local.md", "local\n", clock)
    same(session(cwd, home), fresh(cwd, home))
    write(home / "managed/managed-settings.json", json.dumps({"claudeMdExcludes": ["**/p/CLAUDE.md"]}), clock)
    same(session(cwd, home), fresh(cwd, home))
    write(home / "managed/managed-settings.json", json.dumps(OR_MODE), clock)
    same(session(cwd, home), fresh(cwd, home))
    write(home / "managed/managed-settings.d/10-more.json", json.dumps(AND_MODE), clock)
    same(session(cwd, home), fresh(cwd, home))
    write(home / "managed/CLAUDE.md", "managed, edited\n", clock)
    same(session(cwd, home), fresh(cwd, home))
    write(home / "managed/.claude/rules/m.md", "managed rule\n", clock)
    same(session(cwd, home), fresh(cwd, home))


# ---------------------------------------------------------------- settings env and --add-dir

ADD_DIR_ENV = "CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD"


def test_a_settings_env_overlay_changing_a_switch(tree: Tree, computed: list[str]) -> None:
    root = tree({"p/CLAUDE.md": "p\n", "extra/CLAUDE.md": "extra\n", "extra/AGENTS.md": "x\n", "home/": {"dir": True}})
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    opts = {"args": ("--add-dir", str(root / "extra"))}
    given_again(cwd, home, computed, **opts)
    for env in (
        {ADD_DIR_ENV: "1"},
        {"CLAUDE_CODE_DISABLE_CLAUDE_MDS": "1"},
        {ADD_DIR_ENV: "0"},
        {"CLAUDE_CODE_DISABLE_AUTO_MEMORY": "1"},
        {},
    ):
        write(cwd / ".claude/settings.json", json.dumps({"env": env}), clock)
        same(session(cwd, home, **opts), fresh(cwd, home, **opts))
        same(session(cwd, home, **opts), fresh(cwd, home, **opts))


def test_add_dirs_with_the_switch_in_the_callers_environment(tree: Tree, computed: list[str]) -> None:
    root = tree({"p/CLAUDE.md": "p\n", "extra/CLAUDE.md": "extra\n", "home/": {"dir": True}})
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    for env in ({ADD_DIR_ENV: "1"}, {}, {ADD_DIR_ENV: "1"}):
        opts = {"args": ["--add-dir", str(root / "extra")], "env": env}
        same(session(cwd, home, **opts), fresh(cwd, home, **opts))
    opts = {"args": ["--add-dir", str(root / "extra")], "env": {ADD_DIR_ENV: "1"}}
    write(root / "extra/CLAUDE.md", "extra, edited\n", clock)
    same(session(cwd, home, **opts), fresh(cwd, home, **opts))
    write(root / "extra/.claude/rules/r.md", "extra rule\n", clock)
    same(session(cwd, home, **opts), fresh(cwd, home, **opts))
    write(root / "extra/CLAUDE.local.md", "extra local\n", clock)
    same(session(cwd, home, **opts), fresh(cwd, home, **opts))


# ---------------------------------------------------------------- worktrees


def test_a_worktree_nested_in_its_repository(tree: Tree, computed: list[str]) -> None:
    root = tree(
        {
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            "repo/.git/worktrees/wt/gitdir": "",
            "repo/.git/worktrees/wt/commondir": "../..\n",
            "repo/CLAUDE.md": "repo\n",
            "repo/CLAUDE.local.md": "repo local\n",
            "repo/.claude/settings.json": json.dumps(AND_MODE),
            "repo/AGENTS.md": "repo agents\n",
            "repo/wt/CLAUDE.md": "wt\n",
            "repo/wt/sub/f.py": "",
            "home/": {"dir": True},
        }
    )
    (root / "repo/wt/.git").write_text(f"gitdir: {root / 'repo/.git/worktrees/wt'}\n")
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "repo/wt/sub"
    reads = (cwd / "f.py",)
    given_again(cwd, home, computed)
    same(session(cwd, home), fresh(cwd, home), reads)
    write(root / "repo/wt/.git", f"gitdir: {root / 'repo/.git/worktrees/other'}\n", clock)
    same(session(cwd, home), fresh(cwd, home), reads)
    write(root / "repo/.git/worktrees/wt/commondir", "../../..\n", clock)
    same(session(cwd, home), fresh(cwd, home), reads)
    os.unlink(root / "repo/wt/.git")
    clock.touch(root / "repo/wt")
    same(session(cwd, home), fresh(cwd, home), reads)
    os.mkdir(root / "repo/wt/.git")
    clock.touch(root / "repo/wt/.git", root / "repo/wt")
    same(session(cwd, home), fresh(cwd, home), reads)


# ---------------------------------------------------------------- permissions and the plugin's option


def test_read_deny_rules_changed(tree: Tree, computed: list[str]) -> None:
    root = tree(
        {
            "p/CLAUDE.md": "p\n@secret/s.md\n",
            "p/secret/s.md": "secret\n",
            "p/secret/AGENTS.md": "secret agents\n",
            "p/secret/CLAUDE.md": "secret claude\n",
            "p/secret/f.py": "",
            "p/.claude/settings.json": json.dumps(AND_MODE),
            "home/": {"dir": True},
        }
    )
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    reads = (cwd / "secret/f.py",)
    given_again(cwd, home, computed)
    deny = {**AND_MODE, "permissions": {"deny": ["Read(./secret/**)"]}}
    write(cwd / ".claude/settings.local.json", json.dumps(deny), clock)
    same(session(cwd, home), fresh(cwd, home), reads)
    same(session(cwd, home), fresh(cwd, home), reads)
    write(cwd / ".claude/settings.local.json", json.dumps({"permissions": {"deny": []}}), clock)
    same(session(cwd, home), fresh(cwd, home), reads)


@pytest.mark.parametrize("profile", ["reference", "complete"])
def test_the_plugins_option_changed(tree: Tree, computed: list[str], profile: str) -> None:
    root = tree(
        {
            "p/CLAUDE.md": "p\n",
            "p/AGENTS.md": "p agents\n",
            "p/a/AGENTS.md": "a agents\n",
            "p/a/f.py": "",
            "home/": {"dir": True},
        }
    )
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    reads = (cwd / "a/f.py",)
    given_again(cwd, home, computed, profile=profile)
    for value in (AND_MODE, OR_MODE, {}, {"enabledPlugins": {"agents-md@builtin": False}}, AND_MODE):
        for where in ("p/.claude/settings.json", "home/.claude/settings.json"):
            write(root / where, json.dumps(value), clock)
            same(session(cwd, home, profile=profile), fresh(cwd, home, profile=profile), reads)
            same(session(cwd, home, profile=profile), fresh(cwd, home, profile=profile), reads)
        write(root / "p/.claude/settings.json", "{}", clock)


# ---------------------------------------------------------------- the racy window


def test_a_file_changed_within_the_racy_window_then_again(
    tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Same size, same times (set back): only the change time tells them apart.
    root = tree({"p/CLAUDE.md": "aaaa\n", "home/": {"dir": True}})
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    path = cwd / "CLAUDE.md"
    stamp = os.stat(path).st_mtime_ns
    given_again(cwd, home, computed)  # kept (no racy window yet)
    for memory in (start_memory.STARTS, SHARED, *shared_lookups.MADE_OF_THEM):
        monkeypatch.setattr(memory, "racy_ns", 2_000_000_000, raising=False)
    path.write_text("bbbb\n")  # within the window: the start that reads it is not kept
    os.utime(path, ns=(stamp, stamp))
    same(session(cwd, home), fresh(cwd, home))
    path.write_text("cccc\n")
    os.utime(path, ns=(stamp, stamp))
    same(session(cwd, home), fresh(cwd, home))
    assert "cccc" in (session(cwd, home).claude_md or "")


# ---------------------------------------------------------------- threads


def test_threads_building_the_same_session(tree: Tree, computed: list[str]) -> None:
    root = tree({"p/CLAUDE.md": "p\n", "p/a/AGENTS.md": "a\n", "home/": {"dir": True}})
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p/a"
    expected = fresh(cwd, home).start().claude_md
    errors: list[BaseException] = []
    answers: list[str | None] = []

    def run() -> None:
        try:
            for _ in range(20):
                answers.append(session(cwd, home).start().claude_md)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert set(answers) == {expected}


# ---------------------------------------------------------------- the cwd removed


def test_a_session_whose_cwd_was_removed(tree: Tree, computed: list[str]) -> None:
    root = tree({"p/CLAUDE.md": "p\n", "p/a/": {"dir": True}, "home/": {"dir": True}})
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p/a"
    given_again(cwd, home, computed)
    os.rmdir(cwd)
    clock.touch(root / "p")

    assert outcome(lambda: session(cwd, home)) == outcome(lambda: fresh(cwd, home))
    assert outcome(lambda: session(cwd, home)) == outcome(lambda: fresh(cwd, home))


# ---------------------------------------------------------------- a plugin's resume_start failing


def test_resume_start_raising_makes_the_start_anew(
    tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from agents_md.plugins.agents_md.plugin import AgentsMdPlugin

    root = tree({"p/CLAUDE.md": "p\n", "p/AGENTS.md": "agents\n", "p/a/AGENTS.md": "a\n", "p/a/f.py": ""})
    (root / "home").mkdir()
    Clock().all(root)
    home, cwd = root / "home", root / "p"
    given_again(cwd, home, computed)

    def refuse(self: AgentsMdPlugin, state: object) -> None:
        self._state.yielded = not self._state.yielded  # half-resumed, then it fails
        raise RuntimeError("no")

    monkeypatch.setattr(AgentsMdPlugin, "resume_start", refuse)
    before = len(computed)
    again = session(cwd, home)
    again.start()
    assert len(computed) == before + 1  # made anew
    same(again, fresh(cwd, home), (cwd / "a/f.py",))


# ---------------------------------------------------------------- many keys


def test_many_keys_evicted_and_given_again(tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(start_memory.STARTS, "most", 3)
    root = tree({"p/CLAUDE.md": "p\n", "home/": {"dir": True}})
    for n in range(5):
        write(root / f"p/d{n}/CLAUDE.md", f"d{n}\n", Clock())
    clock = Clock()
    clock.all(root)
    home = root / "home"
    for n in range(5):
        session(root / f"p/d{n}", home).start()
    assert len(start_memory.STARTS._kept) == 3
    before = len(computed)
    session(root / "p/d4", home).start()  # kept
    session(root / "p/d0", home).start()  # evicted: made again
    assert len(computed) == before + 1
    write(root / "p/d4/CLAUDE.md", "d4, edited\n", clock)
    for n in range(5):
        same(session(root / f"p/d{n}", home), fresh(root / f"p/d{n}", home))


# ---------------------------------------------------------------- clear, cd, compact after a given-again start


@pytest.mark.parametrize("op", ["clear", "cd", "compact"])
def test_after_a_given_again_start(tree: Tree, computed: list[str], op: str) -> None:
    root = tree(
        {
            "p/CLAUDE.md": "p\n",
            "p/AGENTS.md": "p agents\n",
            "p/a/AGENTS.md": "a\n",
            "p/a/CLAUDE.md": "a claude\n",
            "p/a/f.py": "",
            "p/.claude/settings.json": json.dumps(AND_MODE),
            "home/": {"dir": True},
        }
    )
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    given_again(cwd, home, computed)
    kept, plain = session(cwd, home), fresh(cwd, home)
    for s in (kept, plain):
        s.start()
        s.read(str(cwd / "a/f.py"))
    write(cwd / "CLAUDE.md", "p, edited\n", clock)
    if op == "clear":
        assert kept.clear() == plain.clear()
    elif op == "cd":
        assert kept.cd("a") == plain.cd("a")
    else:
        assert kept.compact() == plain.compact()
    same(kept, plain, (cwd / "a/f.py", cwd / "a/AGENTS.md"))
    restored_kept = Session.restore(kept.snapshot())
    restored_plain = Session.restore(plain.snapshot(), fs=PlainFS())
    assert restored_kept.snapshot() == restored_plain.snapshot()
    assert restored_kept.notices == restored_plain.notices


# ---------------------------------------------------------------- the environment mutated


def test_the_environment_mutated_between_building_and_starting(tree: Tree, computed: list[str]) -> None:
    root = tree({"p/CLAUDE.md": "p\n", "p/a/CLAUDE.md": "a\n", "home/": {"dir": True}, "cfg/CLAUDE.md": "cfg\n"})
    Clock().all(root)
    home, cwd = root / "home", root / "p/a"
    env: dict[str, str] = {}
    given_again(cwd, home, computed, env=env)
    built, plain = session(cwd, home, env=env), fresh(cwd, home, env=env)
    env["CLAUDE_CONFIG_DIR"] = str(root / "cfg")
    same(built, plain)
    env.clear()
    built, plain = session(cwd, home, env=env), fresh(cwd, home, env=env)
    env["CLAUDE_CODE_DISABLE_CLAUDE_MDS"] = "1"
    same(built, plain)
    # and mutated back before the start: the environment at the start is the key's again
    env.clear()
    built = session(cwd, home, env=env)
    env["X"] = "1"
    env.clear()
    same(built, fresh(cwd, home, env=env))


# ---------------------------------------------------------------- keys spelled differently


def test_keys_spelled_differently(
    tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = tree(
        {
            "p/CLAUDE.md": "p\n",
            "q/p/CLAUDE.md": "q's p\n",
            "home/.claude/CLAUDE.md": "home\n",
            "home2/.claude/CLAUDE.md": "home2\n",
        }
    )
    Clock().all(root)
    monkeypatch.chdir(root)
    same(session("p", "home"), fresh("p", "home"))
    same(session(root / "p", root / "home"), fresh(root / "p", root / "home"))
    monkeypatch.chdir(root / "q")
    same(session("p", "../home2"), fresh("p", "../home2"))
    same(session("p", str(root / "home") + "/"), fresh("p", str(root / "home") + "/"))
    same(session("./p", "../home"), fresh("./p", "../home"))
    for env in (None, {}, {"A": "1"}):
        same(session("p", "../home", env=env), fresh("p", "../home", env=env))


# ---------------------------------------------------------------- what the key and the pass may miss


def test_an_absolute_exclude_through_a_link_repointed(tree: Tree, computed: list[str]) -> None:
    # ``claudeMdExcludes`` names a file through a link: the engine resolves the pattern's folder,
    # so where the link leads decides whether the cwd's CLAUDE.md is excluded.
    root = tree({"p/CLAUDE.md": "p\n", "q/CLAUDE.md": "q\n", "home/": {"dir": True}})
    os.symlink("p", root / "lnk")
    write(root / "p/.claude/settings.json", json.dumps({"claudeMdExcludes": [f"{root}/lnk/CLAUDE.md"]}), Clock())
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    assert not any(f.path == str(cwd / "CLAUDE.md") for f in fresh(cwd, home).start().files)
    given_again(cwd, home, computed)
    repoint(root / "lnk", "q")
    clock.touch(root)
    assert any(f.path == str(cwd / "CLAUDE.md") for f in fresh(cwd, home).start().files)
    same(session(cwd, home), fresh(cwd, home))


def test_a_settings_file_named_by_the_arguments_changed(tree: Tree, computed: list[str]) -> None:
    root = tree({"p/CLAUDE.md": "p\n", "p/AGENTS.md": "agents\n", "home/": {"dir": True}, "flag.json": "{}"})
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    opts = {"args": ("--settings", str(root / "flag.json"))}
    given_again(cwd, home, computed, **opts)
    for value in (OR_MODE, {"claudeMdExcludes": ["**/p/CLAUDE.md"]}, AND_MODE):
        write(root / "flag.json", json.dumps(value), clock)
        same(session(cwd, home, **opts), fresh(cwd, home, **opts))
    os.unlink(root / "flag.json")
    clock.touch(root)
    assert outcome(lambda: session(cwd, home, **opts)) == outcome(lambda: fresh(cwd, home, **opts))
    assert outcome(lambda: session(cwd, home, **opts)) == outcome(lambda: fresh(cwd, home, **opts))


def test_the_auto_memory_added_and_edited(tree: Tree, computed: list[str]) -> None:
    from agents_md.engine.memory import project_key

    root = tree({"p/CLAUDE.md": "p\n", "home/.claude/": {"dir": True}})
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    given_again(cwd, home, computed)
    memory = home / ".claude/projects" / project_key(str(cwd)) / "memory/MEMORY.md"
    write(memory, "remembered\n", clock)
    same(session(cwd, home), fresh(cwd, home))
    write(memory, "remembered, more\n", clock)
    same(session(cwd, home), fresh(cwd, home))


@pytest.mark.parametrize("outside", ["follow", "refuse"])
def test_a_link_leaving_the_repository_repointed(tree: Tree, computed: list[str], outside: str) -> None:
    root = tree(
        {
            "repo/.git/": {"dir": True},
            "repo/CLAUDE.md": "repo\n@inside.md\n",
            "out/a.md": "out a\n",
            "out/b.md": "out b\n",
            "repo/inner/": {"dir": True},
            "home/": {"dir": True},
        }
    )
    os.symlink(root / "out/a.md", root / "repo/inside.md")
    os.symlink(root / "out/a.md", root / "repo/inner/CLAUDE.md")
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "repo/inner"
    given_again(cwd, home, computed, outside_links=outside)
    repoint(root / "repo/inside.md", str(root / "repo/CLAUDE.md"))
    clock.touch(root / "repo")
    same(session(cwd, home, outside_links=outside), fresh(cwd, home, outside_links=outside))
    repoint(root / "repo/inner/CLAUDE.md", "../../out/b.md")
    clock.touch(root / "repo/inner")
    same(session(cwd, home, outside_links=outside), fresh(cwd, home, outside_links=outside))


def test_threads_keeping_many_keys_past_the_bound(
    tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The memory stays within its bound, and no thread fails, however their steps interleave.
    monkeypatch.setattr(start_memory.STARTS, "most", 4)
    root = tree({"p/CLAUDE.md": "p\n", "home/": {"dir": True}})
    for n in range(12):
        (root / f"p/d{n}").mkdir()
    Clock().all(root)
    home = root / "home"

    def run(offset: int) -> None:
        for i in range(60):
            session(root / f"p/d{(i + offset) % 12}", home).start()

    assert interleaved(run) == []
    assert len(start_memory.STARTS._kept) <= 4


def test_a_file_changed_again_in_its_clocks_tick_after_the_build_on_a_coarse_disk(
    tree: Tree, computed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A disk whose clock ticks coarsely: a file written twice in one tick keeps its version. The
    # settings are read when the session is built; one started seconds later must not keep what
    # it read when that was within the window of the file's last change.
    from agents_md.engine import fs as fs_mod

    root = tree({"p/CLAUDE.md": "p\n", "q/CLAUDE.md": "q\n", "home/": {"dir": True}})
    Clock().all(root)
    settings = root / "p/.claude/settings.json"
    write(settings, json.dumps({"claudeMdExcludes": ["**/q/CLAUDE.md"]}), Clock())
    tick = time.time_ns()
    real = fs_mod.disk_version

    def coarse(path: str) -> tuple[int, ...] | None:
        version = real(path)
        return None if version is None else (*version[:4], tick, tick) if path == str(settings) else version

    monkeypatch.setattr(fs_mod, "disk_version", coarse)
    for memory in (start_memory.STARTS, SHARED, *shared_lookups.MADE_OF_THEM):
        monkeypatch.setattr(memory, "racy_ns", 2_000_000_000, raising=False)
    for memory in (shared_lookups.CWDS, shared_lookups.SETTINGS, shared_lookups.WALKS, shared_lookups.FILES):
        monkeypatch.setattr(memory, "racy_ns", 2_000_000_000)
    home, cwd = root / "home", root / "p"
    built = session(cwd, home)  # reads the settings, changed in this very tick
    settings.write_text(json.dumps({"claudeMdExcludes": ["**/p/CLAUDE.md"]}))  # the same size, the same tick

    class Later:
        @staticmethod
        def time_ns() -> int:
            return time.time_ns() + 10 * 10**9

    monkeypatch.setattr(start_memory, "time", Later)  # started long after the tick
    built.start()
    same(session(cwd, home), fresh(cwd, home))


def test_custom_agents_changed_between_sessions(tree: Tree, computed: list[str]) -> None:
    # The agents are read when asked, the start given again: a subagent that omits the CLAUDE.md
    # files, one defined since, one whose tools changed.
    root = tree(
        {
            "p/CLAUDE.md": "p\n",
            "p/a/f.py": "",
            "p/a/AGENTS.md": "a\n",
            "p/.claude/agents/quiet.md": "---\nname: quiet\ndescription: q\nomitClaudeMd: true\n---\nbody\n",
            "home/managed/CLAUDE.md": "managed\n",
        }
    )
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p"
    given_again(cwd, home, computed)
    for text in (
        "---\nname: quiet\ndescription: q\nomitClaudeMd: false\n---\nbody\n",
        "---\nname: quiet\ndescription: q\ntools: Bash\n---\nbody\n",
        "---\nname: loud\ndescription: l\n---\nbody\n",
    ):
        write(cwd / ".claude/agents/quiet.md", text, clock)
        kept, plain = session(cwd, home), fresh(cwd, home)
        same(kept, plain)
        for name in ("quiet", "loud"):
            a, b = kept.spawn(name), plain.spawn(name)
            assert (a.started, a.claude_md, a.tools) == (b.started, b.claude_md, b.tools)
            assert a.read(str(cwd / "a/f.py")) == b.read(str(cwd / "a/f.py"))


@pytest.mark.parametrize("how", ["file", "link-target-removed", "recreated"])
def test_a_cwd_replaced(tree: Tree, computed: list[str], how: str) -> None:
    root = tree({"p/CLAUDE.md": "p\n", "t/a/CLAUDE.md": "a\n", "home/": {"dir": True}})
    os.symlink(root / "t/a", root / "p/a")
    clock = Clock()
    clock.all(root)
    home, cwd = root / "home", root / "p/a"
    given_again(cwd, home, computed)
    if how == "file":
        os.unlink(cwd)
        write(cwd, "not a folder\n", clock)
    elif how == "link-target-removed":
        os.unlink(root / "t/a/CLAUDE.md")
        os.rmdir(root / "t/a")
        clock.touch(root / "t")
    else:
        os.unlink(root / "t/a/CLAUDE.md")
        os.rmdir(root / "t/a")
        os.mkdir(root / "t/a")
        clock.touch(root / "t/a", root / "t")
    for _ in range(2):
        assert outcome(lambda: session(cwd, home)) == outcome(lambda: fresh(cwd, home))
