"""``Session.snapshot`` and ``Session.restore``: a session that stops and resumes answers as one
that never stopped."""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents_md.errors import UsageError
from agents_md.host.session import Session

TREE = {
    "CLAUDE.md": "# root claude\n",
    "AGENTS.md": "# root agents\n",
    "a/AGENTS.md": "# a\n@imp.md\n",
    "a/imp.md": "# imported\n",
    "a/f.txt": "f\n",
    "a/b/AGENTS.md": "# b\n",
    "a/b/g.txt": "g\n",
    "c/CLAUDE.md": "# c\n",
    "c/f.txt": "f\n",
    "c/d/AGENTS.md": "# d, same as a\n",
    "c/d/h.txt": "h\n",
    "e/AGENTS.md": "# e\n",
    "e/f.txt": "f\n",
}
FILES = ["a/f.txt", "a/b/g.txt", "a/AGENTS.md", "a/imp.md", "c/f.txt", "c/d/h.txt", "e/f.txt", "e/AGENTS.md"]
TOOLS = ["Read", "Write", "Grep", "Mention", "read_file"]

touches = st.tuples(st.just("touch"), st.sampled_from(TOOLS), st.sampled_from(FILES), st.sampled_from(["", "sub"]))
others = st.sampled_from(
    [("spawn",), ("fork",), ("compact",), ("clear",), ("turn",), ("snapshot",), ("cd", "a"), ("cd", "..")]
)
# An instruction file written mid-session (the disk both sessions read): new, or changed; below
# every cwd of the scripts, so that no start is read again differently (a restore reads its start
# as the disk is then, and says so).
writes = st.tuples(
    st.just("write"), st.sampled_from(["a/b/AGENTS.md", "c/d/CLAUDE.md", "e/AGENTS.md", "a/b/CLAUDE.md"])
)
scripts = st.lists(st.one_of(touches, others, writes), max_size=14)


EXAMPLES = itertools.count()


def make(root: Path, profile: str, mode: str) -> Session:
    home = root.parent / "home"
    settings_json = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": mode}}}}
    return Session(cwd=str(root), home=str(home), profile=profile, args=["--settings", json.dumps(settings_json)])


def answer(s: Session, step: tuple[Any, ...], root: Path) -> object:
    """What one step of the script answers (a touch: its text; a start: its block)."""
    op = step[0]
    if op == "touch":
        _, tool, rel, where = step
        target = s.subagents.get("sub") if where else s
        if target is None:
            return None
        return target.touch(tool, str(root / rel)).text
    if op in ("spawn", "fork"):
        return s.spawn(fork=op == "fork", key="sub").claude_md
    if op == "compact":
        start = s.compact()
        return None if start is None else start.claude_md
    if op == "clear":
        return s.clear().claude_md
    if op == "cd":
        moved = s.cd(step[1])
        return moved.start.claude_md, [f.path for f in moved.notice_files]
    return s.turn().claude_md


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    script=scripts,
    profile=st.sampled_from(["reference", "complete"]),
    mode=st.sampled_from(["claude-md-or-agents-md", "claude-md-and-agents-md"]),
)
def test_touches_snapshots_and_restores_answer_as_an_uninterrupted_session(
    tree: Callable[..., Path], script: list[tuple[Any, ...]], profile: str, mode: str
) -> None:
    root = tree(TREE, f"root{next(EXAMPLES)}")  # a tree of its own: the writes change it
    steady, resumed = make(root, profile, mode), make(root, profile, mode)
    for n, step in enumerate(script):
        if step[0] == "write":
            (root / step[1]).write_text(f"# written at {n}\n", encoding="utf-8")
            continue
        if step[0] == "snapshot":
            state = json.loads(json.dumps(resumed.snapshot()))  # through JSON, as a framework keeps it
            resumed = Session.restore(state)
            continue
        assert answer(resumed, step, root) == answer(steady, step, root), step
    assert resumed.claude_md == steady.claude_md
    assert resumed.loops_given() == steady.loops_given()
    assert [n for n in resumed.notices if n.level == "warning"] == []


def test_a_snapshot_is_small_json_holding_inputs_start_digests_steps_and_loops(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    mode = json.dumps(
        {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
    )
    env = {"CLAUDE_CODE_SIMPLE": "0", "API_KEY": "secret"}
    s = Session(cwd=str(root), home=str(root.parent / "home"), env=env, args=["--settings", mode])
    for _ in range(50):
        s.read(str(root / "e/f.txt"))  # only the first attaches: the others are no step
    state = s.snapshot()
    assert json.loads(json.dumps(state)) == state
    assert state["format"] == "agents-md session 1"
    assert state["inputs"]["env"] == {"CLAUDE_CODE_SIMPLE": "0"}  # only what the engine reads: no secrets
    assert [item["path"] for item in state["start"]] == [f"{root}/CLAUDE.md", f"{root}/AGENTS.md"]
    assert len(state["start"][0]["sha256"]) == 64
    assert state["steps"] == [{"op": "read", "loop": "", "path": f"{root}/e/f.txt", "tool": "Read", "agent_type": ""}]
    assert state["inputs"]["args"]["settings"] == mode
    assert state["loops"] == {"": []}  # the engine's (the plugin keeps its own): no Markdown given


def test_a_start_file_changed_before_the_restore_is_told(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    state = make(root, "reference", "claude-md-or-agents-md").snapshot()
    (root / "CLAUDE.md").write_text("# changed\n", encoding="utf-8")
    restored = Session.restore(state)
    warnings = [n.text for n in restored.notices if n.level == "warning"]
    assert warnings == [f"{root}/CLAUDE.md changed since the snapshot; the restored session reads it as it is now"]
    assert "# changed" in (restored.claude_md or "")


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ({}, "not a session snapshot: 'format' should be 'agents-md session 1'"),
        (
            {"format": "agents-md session 1", "inputs": []},
            "not a session snapshot: 'inputs' should be a dict, not list",
        ),
        (
            {"format": "agents-md session 1", "inputs": {"cwd": "/", "home": "/"}, "steps": [{"op": "dance"}]},
            "not a session snapshot: steps[0] is not a step",
        ),
    ],
    ids=["no-format", "inputs-not-a-dict", "bad-step"],
)
def test_a_state_that_is_no_snapshot_is_refused_naming_the_key(state: dict[str, Any], message: str) -> None:
    with pytest.raises(UsageError) as caught:
        Session.restore(state)
    assert str(caught.value) == message


def test_a_session_refusing_outside_links_restores_refusing_them(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    s = Session(cwd=str(root), home=str(root.parent / "home"), outside_links="refuse")
    state = s.snapshot()
    assert state["inputs"]["outside_links"] == "refuse"
    assert Session.restore(state).inputs.outside_links == "refuse"
    with pytest.raises(UsageError, match=r"inputs\.outside_links"):
        Session.restore({**state, "inputs": {**state["inputs"], "outside_links": "sometimes"}})


def test_a_compaction_restores_the_five_files_the_session_kept(tree: Callable[..., Path]) -> None:
    # The engine keeps the five newest files read or given; Reads that gave nothing are no steps,
    # so the compaction's own outcome is kept with it, not worked out again from fewer reads.
    root = tree({"a/CLAUDE.md": "# a\n", **{f"a/{n}.py": f"{n}\n" for n in range(7)}})
    for n in range(7):
        os.utime(root / f"a/{n}.py", ns=(0, (n + 2) * 10**12))
    os.utime(root / "a/CLAUDE.md", ns=(0, 10**12))  # the oldest: left out at /compact
    home = str(root.parent / "home")
    steady = Session(cwd=str(root), home=home)
    for n in range(7):
        steady.read(str(root / f"a/{n}.py"))
    steady.compact()
    state = json.loads(json.dumps(steady.snapshot()))
    resumed = Session.restore(state)
    assert [n for n in resumed.notices if n.level == "warning"] == []
    assert resumed.loops_given() == steady.loops_given() == {"": []}  # a/CLAUDE.md no longer given
    kept = [step["kept"] for step in state["steps"] if step["op"] == "compact"]
    assert kept == [[str(root / f"a/{n}.py") for n in (6, 5, 4, 3, 2)]]
    again = [f.path for f in resumed.read(str(root / "a/0.py")).files]
    assert again == [f.path for f in steady.read(str(root / "a/0.py")).files] == [str(root / "a/CLAUDE.md")]


def test_a_restored_session_gives_a_file_written_since_an_earlier_read_as_the_session_would(
    tree: Callable[..., Path],
) -> None:
    # The plugin's memory is kept as data: replaying the earlier Read against today's disk would
    # find the new file and count it as given.
    root = tree({"a/AGENTS.md": "# a\n", "a/b/f.txt": "f\n", "a/b/g.txt": "g\n"})
    home = str(root.parent / "home")
    steady = Session(cwd=str(root), home=home)
    assert [f.path for f in steady.read(str(root / "a/b/f.txt")).files] == [str(root / "a/AGENTS.md")]
    state = json.loads(json.dumps(steady.snapshot()))
    assert state["plugins"]["agents-md"]["given"] == {"": {str(root / "a/AGENTS.md"): ""}}  # the path alone counts
    (root / "a/b/AGENTS.md").write_text("# b, written since\n", encoding="utf-8")
    resumed = Session.restore(state)
    expected = [str(root / "a/b/AGENTS.md")]
    assert [f.path for f in resumed.read(str(root / "a/b/g.txt")).files] == expected
    assert [f.path for f in steady.read(str(root / "a/b/g.txt")).files] == expected


def test_a_snapshot_whose_plugin_memory_is_not_one_is_refused_naming_it(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    state = json.loads(json.dumps(make(root, "reference", "claude-md-or-agents-md").snapshot()))
    state["plugins"] = {"agents-md": {"given": {"": ["not", "a", "map"]}}}
    with pytest.raises(UsageError, match=r"plugins\.agents-md: expected \{\"given\": \{loop: \{path: text\}\}"):
        Session.restore(state)


def test_a_restored_session_attaches_a_claude_md_written_since_an_earlier_read(tree: Callable[..., Path]) -> None:
    # The engine's own nested files too: the snapshot says what each loop was given.
    root = tree({"a/CLAUDE.md": "# a\n", "a/b/f.txt": "f\n", "a/b/g.txt": "g\n"})
    home = str(root.parent / "home")
    steady = Session(cwd=str(root), home=home)
    assert [f.path for f in steady.read(str(root / "a/b/f.txt")).files] == [str(root / "a/CLAUDE.md")]
    state = json.loads(json.dumps(steady.snapshot()))
    (root / "a/b/CLAUDE.md").write_text("# b, written since\n", encoding="utf-8")
    resumed = Session.restore(state)
    assert [n.text for n in resumed.notices if n.level == "warning"] == []
    expected = [str(root / "a/b/CLAUDE.md")]
    assert [f.path for f in resumed.read(str(root / "a/b/g.txt")).files] == expected
    assert [f.path for f in steady.read(str(root / "a/b/g.txt")).files] == expected


def test_a_session_whose_reads_skip_the_engines_nested_files_restores_skipping_them(
    tree: Callable[..., Path],
) -> None:
    root = tree({"a/CLAUDE.md": "# a\n", "a/b/f.txt": "f\n"})
    s = Session(cwd=str(root), home=str(root.parent / "home"), engine_nested_files=False)
    assert s.read(str(root / "a/b/f.txt")).engine_files == ()
    state = json.loads(json.dumps(s.snapshot()))
    assert state["inputs"]["engine_nested_files"] is False
    assert Session.restore(state).read(str(root / "a/b/f.txt")).engine_files == ()
    with pytest.raises(UsageError, match=r"inputs\.engine_nested_files"):
        Session.restore({**state, "inputs": {**state["inputs"], "engine_nested_files": "no"}})


def test_a_subagents_own_loop_shares_no_memory_with_another_subagent(tree: Callable[..., Path]) -> None:
    # The session names its subagents agent-1, agent-2...; a loop a subagent starts is named apart.
    root = tree({"a/AGENTS.md": "# a\n", "a/b/f.txt": "f\n"})
    s = Session(cwd=str(root), home=str(root.parent / "home"))
    first, second = s.spawn(), s.spawn()
    assert [f.path for f in second.read(str(root / "a/b/f.txt")).files] == [str(root / "a/AGENTS.md")]
    inner = [first.spawn(), first.spawn(fork=True)]
    assert not {loop.loop_id for loop in inner} & set(s.subagents)
    assert second.read(str(root / "a/b/f.txt")).files == ()


def test_a_compaction_after_the_restore_keeps_the_five_the_session_would(tree: Callable[..., Path]) -> None:
    root = tree({"a/CLAUDE.md": "# a\n", **{f"a/{n}.py": f"{n}\n" for n in range(7)}})
    for n in range(7):
        os.utime(root / f"a/{n}.py", ns=(0, (n + 2) * 10**12))
    os.utime(root / "a/CLAUDE.md", ns=(0, 10**12))  # the oldest: left out at /compact
    steady = Session(cwd=str(root), home=str(root.parent / "home"))
    for n in range(7):
        steady.read(str(root / f"a/{n}.py"))
    resumed = Session.restore(json.loads(json.dumps(steady.snapshot())))
    steady.compact()
    resumed.compact()
    expected = [str(root / "a/CLAUDE.md")]
    assert [f.path for f in steady.read(str(root / "a/0.py")).files] == expected
    assert [f.path for f in resumed.read(str(root / "a/0.py")).files] == expected


def test_a_restored_session_attaches_an_import_of_another_name_written_since(tree: Callable[..., Path]) -> None:
    root = tree({"a/CLAUDE.md": "# a\n@notes.txt\n", "a/b/f.txt": "f\n", "a/b/g.txt": "g\n"})
    steady = Session(cwd=str(root), home=str(root.parent / "home"))
    assert [f.path for f in steady.read(str(root / "a/b/f.txt")).files] == [str(root / "a/CLAUDE.md")]
    state = json.loads(json.dumps(steady.snapshot()))
    (root / "a/notes.txt").write_text("notes\n", encoding="utf-8")
    resumed = Session.restore(state)
    expected = [str(root / "a/notes.txt")]
    assert [f.path for f in steady.read(str(root / "a/b/g.txt")).files] == expected
    assert [f.path for f in resumed.read(str(root / "a/b/g.txt")).files] == expected


def test_a_subagent_started_without_a_key_never_takes_another_ones(tree: Callable[..., Path]) -> None:
    root = tree({"a/AGENTS.md": "# a\n", "a/b/f.txt": "f\n"})
    s = Session(cwd=str(root), home=str(root.parent / "home"))
    named = s.spawn(key="agent-2")
    assert [f.path for f in named.read(str(root / "a/b/f.txt")).files] == [str(root / "a/AGENTS.md")]
    assert [s.spawn().key, s.spawn().key] == ["agent-3", "agent-4"]
    assert s.subagents["agent-2"] is named
    assert named.read(str(root / "a/b/f.txt")).files == ()
