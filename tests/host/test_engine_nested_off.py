"""``Session(engine_nested_files=False)``: a Read answers the plugins alone, exactly as they answer
in a session that looks up the engine's nested files too (the hook's sessions, ``claude_code.answer``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md import Session
from agents_md.engine.loop import ReadResult

Tree = Callable[..., Path]

FILES = {
    ".git/HEAD": "ref: refs/heads/main\n",
    "AGENTS.md": "# root\n",
    "a/AGENTS.md": "# a\n@../shared.md\n",
    "a/CLAUDE.md": "# a claude\n",
    "a/b/AGENTS.md": "# ab\n",
    "a/b/c/x.py": "x\n",
    "a/b/.claude/rules/py.md": "---\npaths: ['**/*.py']\n---\npy rule\n",
    "d/AGENTS.md": "# d\n@e/notes.md\n",
    "d/e/notes.md": "notes\n",
    "d/e/CLAUDE.local.md": "# local\n",
    "d/e/f/y.ts": "y\n",
    "d/.claude/AGENTS.md": "# d dot claude\n",
    "g/h/AGENTS.md": "# gh\n",
    "g/h/z.md": "z\n",
    "shared.md": "shared\n",
}
TARGETS = ["a/b/c/x.py", "d/e/f/y.ts", "g/h/z.md", "a/b/AGENTS.md", "d/e/notes.md", "a/b/c/none.py", "g/h/AGENTS.md"]


def plugin_answers(result: ReadResult) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((plugin, tuple(f"{f.path}\0{f.content}" for f in files)) for plugin, files in result.hook_files)


@pytest.mark.parametrize("mode", ["claude-md-or-agents-md", "claude-md-and-agents-md"])
@pytest.mark.parametrize("seed", range(6))
def test_the_plugins_answer_the_same_with_the_engines_nested_files_left_out(tree: Tree, mode: str, seed: int) -> None:
    root, home = tree(FILES), tree({}, "home")
    settings = f'{{"pluginConfigs": {{"agents-md@builtin": {{"options": {{"instructionFiles": "{mode}"}}}}}}}}'
    sessions = [
        Session(cwd=str(root), home=str(home), args=["--settings", settings], engine_nested_files=nested)
        for nested in (True, False)
    ]
    rng = random.Random(seed)
    for step in range(40):
        move = rng.random()
        if move < 0.08:
            for session in sessions:
                session.compact()
            continue
        if move < 0.16:
            kind = rng.choice(["general-purpose", "fork"])
            for session in sessions:
                session.spawn(None if kind == "fork" else kind, fork=kind == "fork", key=f"s{step}")
            continue
        path = str(root / rng.choice(TARGETS))
        key = f"s{rng.randrange(step)}" if step and rng.random() < 0.3 else ""
        on, off = ((s.subagents.get(key) or s).read(path) for s in sessions)
        assert plugin_answers(off) == plugin_answers(on), (seed, step, path)
        assert off.engine_files == ()
    # What the session without the engine's files kept, replayed, leaves the plugins where they were.
    again = Session(cwd=str(root), home=str(home), args=["--settings", settings], engine_nested_files=False)
    again.replay(sessions[1].steps)
    for target in TARGETS:
        path = str(root / target)
        assert plugin_answers(again.read(path)) == plugin_answers(sessions[0].read(path)), target


def test_a_read_without_the_engines_nested_files_still_attaches_the_plugins(tree: Tree) -> None:
    root, home = tree(FILES), tree({}, "home")
    on = Session(cwd=str(root), home=str(home)).read(str(root / "d/e/f/y.ts"))
    off = Session(cwd=str(root), home=str(home), engine_nested_files=False).read(str(root / "d/e/f/y.ts"))
    assert [f.path for f in on.engine_files] == [str(root / "d/e/CLAUDE.local.md")]
    assert off.engine_files == ()
    assert [f.path for _, files in off.hook_files for f in files] == [
        str(root / "d/AGENTS.md"),
        str(root / "d/e/notes.md"),
        str(root / "d/.claude/AGENTS.md"),
    ]
    assert plugin_answers(off) == plugin_answers(on)


def test_plugins_know_a_subagent_loop_by_the_sessions_key_and_its_own_by_number(tree: Tree) -> None:
    # Names that are the same in every process starting them in that order: what a plugin
    # remembers of a loop can be kept beyond the process (``Session.snapshot``, the hook).
    root, home = tree(FILES), tree({}, "home")
    session = Session(cwd=str(root), home=str(home))
    sub = session.spawn("general-purpose", key="agent-1")
    path = str(root / "g/h/z.md")
    given = [f.path for f in sub.read(path).files]
    assert given == [str(root / "g/h/AGENTS.md")]
    own = [sub.spawn(), sub.spawn(fork=True)]
    assert [loop.loop_id for loop in own] == ["agent-1/1", "agent-1/2"]
    assert [f.path for f in own[0].read(path, home=str(home)).files] == given  # a loop of its own
    assert [f.path for f in own[1].read(path, home=str(home)).files] == []  # a fork: what sub was given
