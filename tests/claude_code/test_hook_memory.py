"""The hook remembers what the plugin gave between its processes: a session of hook calls attaches
what one uninterrupted session attaches, files written mid-session included."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from agents_md import Session
from agents_md.claude_code import state as states
from agents_md.claude_code.answer import attachment
from agents_md.claude_code.run import run_hook
from agents_md.host.plugins import PluginSpec
from agents_md.host.steps import Step
from agents_md.plugins.agents_md import NAME, plugin_factory

OFF = {".claude/settings.json": {"json": {"enabledPlugins": {"agents-md@builtin": False}}}}
FOLDERS = ["a", "a/b", "a/b/c", "d", "d/e"]
TREE = {
    "AGENTS.md": "# root\n",
    "a/AGENTS.md": "# a\n",
    **{f"{folder}/f.txt": f"{folder}\n" for folder in FOLDERS},
}


def hook(root: Path, env: dict[str, str], profile: str, **event: Any) -> str | None:
    out = run_hook(json.dumps({"session_id": "s", "cwd": str(root), **event}), env=env, profile=profile)
    assert out.logged is None, out.logged
    return json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"] if out.stdout else None


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("seed", range(8))
def test_hook_calls_attach_what_one_session_attaches_while_files_are_written(
    tree: Any, home: Any, profile: str, seed: int
) -> None:
    root = tree(TREE)
    env = {"HOME": str(home(OFF)), "PATH": os.environ.get("PATH", "")}
    # The plugin seated whatever the settings say (they turn the built-in off for the hook to speak).
    builtin = PluginSpec(name=NAME, plugin=plugin_factory(), builtin=True)
    steady = Session(cwd=str(root), home=env["HOME"], profile=profile, plugins=[builtin])
    assert hook(root, env, profile, hook_event_name="SessionStart", source="startup") is not None
    steady.start()
    rng = random.Random(seed)
    agents: list[str] = []
    for step in range(30):
        move = rng.random()
        if move < 0.25:  # the agent writes an instruction file: new, or changed
            folder = rng.choice(FOLDERS)
            (root / folder / "AGENTS.md").write_text(f"# {folder}, written at {step}\n", encoding="utf-8")
            continue
        if move < 0.32:
            steady.compact()
            hook(root, env, profile, hook_event_name="SessionStart", source="compact")
            continue
        if move < 0.42:
            agent, fork = f"agent{step}", rng.random() < 0.5
            steady.spawn(None if fork else "general-purpose", fork=fork, key=agent)
            hook(root, env, profile, hook_event_name="SubagentStart", agent_id=agent, agent_type="fork" if fork else "")
            agents.append(agent)
            continue
        agent = rng.choice(["", *agents])
        path = str(root / rng.choice(FOLDERS) / "f.txt")
        loop = steady.subagents[agent] if agent else steady
        expected = attachment(loop.read(path))
        extra = {"agent_id": agent} if agent else {}
        got = hook(
            root, env, profile, hook_event_name="PostToolUse", tool_name="Read", tool_input={"file_path": path}, **extra
        )
        assert got == expected, (seed, step, path, agent)


def test_a_file_written_on_the_way_of_an_earlier_read_is_attached_at_the_next(tree: Any, home: Any) -> None:
    root = tree(TREE)
    env = {"HOME": str(home(OFF)), "PATH": os.environ.get("PATH", "")}

    def read(rel: str) -> str | None:
        tool_input = {"file_path": str(root / rel)}
        return hook(root, env, "reference", hook_event_name="PostToolUse", tool_name="Read", tool_input=tool_input)

    assert read("a/b/f.txt") == f"Contents of {root}/a/AGENTS.md:\n\n# a\n"
    (root / "a/b/AGENTS.md").write_text("# b, written since\n", encoding="utf-8")
    assert read("a/b/c/f.txt") == f"Contents of {root}/a/b/AGENTS.md:\n\n# b, written since\n"
    assert read("a/b/f.txt") is None


def test_a_state_of_the_first_format_is_replayed_once_and_kept_in_the_new_one(tree: Any, home: Any) -> None:
    root = tree(TREE)
    env = {"HOME": str(home(OFF)), "PATH": os.environ.get("PATH", "")}
    path = Path(states.state_path(states.state_dir(env, env["HOME"]), "s"))
    path.parent.mkdir(parents=True)
    first = {
        "format": states.FIRST_FORMAT,
        "session_id": "s",
        "steps": [Step(op="read", path=str(root / "a/f.txt")).as_json()],
    }
    path.write_text(json.dumps(first), encoding="utf-8")
    tool_input = {"file_path": str(root / "a/b/f.txt")}
    assert hook(root, env, "reference", hook_event_name="PostToolUse", tool_name="Read", tool_input=tool_input) is None
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert (saved["format"], saved["session_id"], saved["steps"]) == (states.FORMAT, "s", [])
    assert saved["plugin"]["given"] == {"": {str(root / "a/AGENTS.md"): ""}}


def test_a_subagent_started_after_a_claude_md_was_written_gets_the_sessions_start(tree: Any, home: Any) -> None:
    # /init writes a root CLAUDE.md mid-session: the session's start, made before, still holds the
    # AGENTS.md files, and so do the subagents it starts and the Reads after it.
    root = tree(TREE)
    env = {"HOME": str(home(OFF)), "PATH": os.environ.get("PATH", "")}
    started = hook(root, env, "reference", hook_event_name="SessionStart", source="startup")
    assert started == f"Contents of {root}/AGENTS.md (project instructions, checked into the codebase):\n\n# root"
    (root / "CLAUDE.md").write_text("# written by /init\n", encoding="utf-8")
    subagent = hook(
        root, env, "reference", hook_event_name="SubagentStart", agent_id="a1", agent_type="general-purpose"
    )
    assert subagent == started
    tool_input = {"file_path": str(root / "a/b/f.txt")}
    read = hook(root, env, "reference", hook_event_name="PostToolUse", tool_name="Read", tool_input=tool_input)
    assert read == f"Contents of {root}/a/AGENTS.md:\n\n# a\n"
    # The next start reads the disk again: the project's CLAUDE.md now leaves it to the engine.
    assert hook(root, env, "reference", hook_event_name="SessionStart", source="compact") is None
