"""``agents-md hook run``: one event in, the plugin's answer out, never a blocked tool call."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agents_md.claude_code import state as states
from agents_md.claude_code.run import run_hook

OFF = {".claude/settings.json": {"json": {"enabledPlugins": {"agents-md@builtin": False}}}}
TREE = {
    "AGENTS.md": "# root\n",
    "sub/AGENTS.md": "# sub\n",
    "sub/f.txt": "x\n",
    "sub/g.txt": "g\n",
    "other/AGENTS.md": "# other\n",
    "other/f.txt": "o\n",
}


@pytest.fixture
def setup(tree: Any, home: Any, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    root = tree(TREE)
    env = {"HOME": str(home(OFF)), "PATH": os.environ.get("PATH", "")}
    return root, env


def event(root: Path, name: str, session: str = "s1", **fields: Any) -> str:
    return json.dumps({"session_id": session, "cwd": str(root), "hook_event_name": name, **fields})


def read(root: Path, rel: str, **fields: Any) -> str:
    return event(root, "PostToolUse", tool_name="Read", tool_input={"file_path": str(root / rel)}, **fields)


def context(stdout: str) -> str | None:
    return json.loads(stdout)["hookSpecificOutput"]["additionalContext"] if stdout else None


def log_lines(env: dict[str, str]) -> list[str]:
    path = Path(env["HOME"]) / ".cache" / "agents-md" / "hook.log"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_a_read_attaches_the_nested_agents_md_once_per_session(setup: tuple[Path, dict[str, str]]) -> None:
    root, env = setup
    first = run_hook(read(root, "sub/f.txt"), env=env)
    assert json.loads(first.stdout) == {
        "hookSpecificOutput": {
            "hookEventName": "PostToolUse",
            "additionalContext": f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n",
        }
    }
    assert run_hook(read(root, "sub/g.txt"), env=env).stdout == ""
    # another session has its own delivered set
    assert context(run_hook(read(root, "sub/g.txt", session_id="s2"), env=env).stdout) is not None
    assert log_lines(env) == []


def test_session_start_sends_the_files_the_plugin_adds_framed_as_in_the_start_block(
    setup: tuple[Path, dict[str, str]],
) -> None:
    root, env = setup
    out = run_hook(event(root, "SessionStart", source="startup"), env=env)
    assert (
        context(out.stdout)
        == f"Contents of {root}/AGENTS.md (project instructions, checked into the codebase):\n\n# root"
    )
    assert json.loads(out.stdout)["hookSpecificOutput"]["hookEventName"] == "SessionStart"


@pytest.mark.parametrize("source", ["startup", "resume", "clear", "compact"])
def test_each_session_start_begins_the_delivered_set_anew(setup: tuple[Path, dict[str, str]], source: str) -> None:
    root, env = setup
    assert context(run_hook(read(root, "sub/f.txt"), env=env).stdout) is not None
    run_hook(event(root, "SessionStart", source=source), env=env)
    assert context(run_hook(read(root, "sub/g.txt"), env=env).stdout) == f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n"


def test_a_compaction_keeps_the_delivered_set_in_the_complete_profile(setup: tuple[Path, dict[str, str]]) -> None:
    root, env = setup
    run_hook(read(root, "sub/f.txt"), env=env, profile="complete")
    run_hook(event(root, "SessionStart", source="compact"), env=env, profile="complete")
    assert run_hook(read(root, "sub/g.txt"), env=env, profile="complete").stdout == ""


def test_silent_while_the_built_in_plugin_is_on_unless_forced(tree: Any, home: Any) -> None:
    root = tree(TREE)
    env = {"HOME": str(home({}))}
    assert run_hook(read(root, "sub/f.txt"), env=env).stdout == ""
    assert run_hook(event(root, "SessionStart", source="startup"), env=env).stdout == ""
    assert context(run_hook(read(root, "sub/f.txt"), env=env, force=True).stdout) is not None
    assert log_lines(env) == []


def test_subagents_have_their_own_set_and_forks_start_from_the_parents(setup: tuple[Path, dict[str, str]]) -> None:
    root, env = setup
    run_hook(read(root, "sub/f.txt"), env=env)
    gp = run_hook(event(root, "SubagentStart", agent_id="a1", agent_type="general-purpose"), env=env)
    assert (
        context(gp.stdout)
        == f"Contents of {root}/AGENTS.md (project instructions, checked into the codebase):\n\n# root"
    )
    assert context(run_hook(read(root, "sub/g.txt", agent_id="a1"), env=env).stdout) is not None
    fork = run_hook(event(root, "SubagentStart", agent_id="a2", agent_type="fork"), env=env)
    assert fork.stdout == ""  # a fork has its parent's conversation, start text included
    assert run_hook(read(root, "sub/g.txt", agent_id="a2"), env=env).stdout == ""
    assert context(run_hook(read(root, "other/f.txt", agent_id="a2"), env=env).stdout) is not None
    for kind in ("Explore", "Plan"):
        assert run_hook(event(root, "SubagentStart", agent_id=kind, agent_type=kind), env=env).stdout == ""


def test_a_subagent_whose_start_no_hook_saw_starts_at_its_first_read(setup: tuple[Path, dict[str, str]]) -> None:
    root, env = setup
    run_hook(read(root, "sub/f.txt"), env=env)  # the main loop was given sub/AGENTS.md
    # No SubagentStart (settings from before it was installed): the subagent has its own set all the same.
    first = run_hook(read(root, "sub/g.txt", agent_id="a1", agent_type="general-purpose"), env=env)
    assert context(first.stdout) == f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n"
    assert run_hook(read(root, "sub/f.txt", agent_id="a1", agent_type="general-purpose"), env=env).stdout == ""
    path = states.state_path(states.state_dir(env, env["HOME"]), "s1")
    assert [s.loop for s in states.load(path, "s1").steps if s.op == "spawn"] == ["a1"]  # started once, kept


@pytest.mark.parametrize("with_start", [True, False], ids=["SubagentStart", "no-SubagentStart"])
def test_a_subagent_of_a_type_the_hook_cannot_see_gets_what_a_custom_agent_gets(
    setup: tuple[Path, dict[str, str]], with_start: bool
) -> None:
    root, env = setup
    # A plugin's agent (or an --agents value): the engine ran it, the hook has no definition of it.
    if with_start:
        started = run_hook(event(root, "SubagentStart", agent_id="p1", agent_type="team-reviewer"), env=env)
        assert context(started.stdout) is not None  # the instructions, as any custom agent without omitClaudeMd
    out = run_hook(read(root, "sub/f.txt", agent_id="p1", agent_type="team-reviewer"), env=env)
    assert context(out.stdout) == f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n"
    assert log_lines(env) == []  # nothing went wrong inside


def test_edits_attach_in_the_complete_profile_only_mentions_in_both(setup: tuple[Path, dict[str, str]]) -> None:
    root, env = setup
    edit = event(root, "PostToolUse", tool_name="Edit", tool_input={"file_path": str(root / "sub/f.txt")})
    assert run_hook(edit, env=env).stdout == ""
    assert (
        context(run_hook(edit, env=env, profile="complete").stdout) == f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n"
    )
    # the built-in plugin attaches a prompt's mentions too (g10_mention_builtin)
    prompt = event(root, "UserPromptSubmit", prompt="look at @other/f.txt, please")
    assert context(run_hook(prompt, env=env).stdout) == f"Contents of {root}/other/AGENTS.md:\n\n# other\n"
    assert context(run_hook(prompt, env=env, profile="complete").stdout) == (
        f"Contents of {root}/other/AGENTS.md:\n\n# other\n"
    )
    # the mention counts as delivered: a Read there attaches nothing more
    assert run_hook(read(root, "other/f.txt"), env=env, profile="complete").stdout == ""


def test_a_prompts_mentions_arrive_as_one_text_framed_as_one_read_of_them_all(
    setup: tuple[Path, dict[str, str]],
) -> None:
    """Two mentions, one missing file: one blank line between their files, as the plugin frames the
    files of one (h41_hook_existing_and_missing once had two); a later prompt's same mention, none."""
    root, env = setup
    prompt = event(root, "UserPromptSubmit", prompt="fix @sub/missing.py and @other/f.txt")
    assert context(run_hook(prompt, env=env).stdout) == (
        f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n\nContents of {root}/other/AGENTS.md:\n\n# other\n"
    )
    again = event(root, "UserPromptSubmit", prompt="again @sub/missing.py")
    assert run_hook(again, env=env).stdout == ""  # given in this session already (h41_hook_turns_twice)
    run_hook(event(root, "SessionStart", source="compact"), env=env)
    assert context(run_hook(again, env=env).stdout) == f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n"


@pytest.mark.parametrize(
    "stdin",
    ["{not json", "[1, 2]", json.dumps({"hook_event_name": "PostToolUse"}), ""],
    ids=["malformed", "not-an-object", "no-session", "empty"],
)
def test_bad_input_answers_nothing_and_logs_one_line(setup: tuple[Path, dict[str, str]], stdin: str) -> None:
    _, env = setup
    out = run_hook(stdin, env=env)
    assert out.stdout == ""
    (line,) = log_lines(env)
    assert "agents-md hook run: EventError: standard input:" in line


def test_a_vanished_cwd_answers_nothing_and_logs_it(setup: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    _, env = setup
    gone = tmp_path / "gone"
    out = run_hook(read(gone, "f.txt"), env=env)
    assert out.stdout == ""
    (line,) = log_lines(env)
    assert f"{gone}: the event's cwd is not a directory" in line


def test_a_tool_input_without_a_file_path_is_no_read(setup: tuple[Path, dict[str, str]]) -> None:
    root, env = setup
    out = run_hook(event(root, "PostToolUse", tool_name="Read", tool_input={"pattern": "x"}), env=env)
    assert out.stdout == "" and log_lines(env) == []


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("{broken", "unreadable"),
        (json.dumps({"format": "something else", "steps": []}), "not a state file of this format"),
        (json.dumps({"format": states.FORMAT, "session_id": "other", "steps": []}), "another session's state"),
        (json.dumps({"format": states.FORMAT, "session_id": "s1", "steps": [{"op": "fly"}]}), "a step it cannot read"),
        (
            json.dumps({"format": states.FORMAT, "session_id": "s1", "steps": [], "plugin": {"given": {"": ["x"]}}}),
            "the plugin's memory: expected",
        ),
    ],
    ids=["corrupt", "foreign-format", "foreign-session", "bad-step", "bad-memory"],
)
def test_a_bad_state_file_is_ignored_and_rewritten(setup: tuple[Path, dict[str, str]], content: str, says: str) -> None:
    root, env = setup
    path = Path(states.state_path(states.state_dir(env, env["HOME"]), "s1"))
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    out = run_hook(read(root, "sub/f.txt"), env=env)
    assert context(out.stdout) is not None  # started over: the file is attached
    (line,) = log_lines(env)
    assert says in line and "started over" in line
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert (saved["format"], saved["session_id"], saved["steps"]) == (states.FORMAT, "s1", [])
    assert saved["plugin"] == {
        "given": {"": {str(root / "sub/AGENTS.md"): ""}},
        "start": {"yielded": False, "paths": [str(root / "AGENTS.md")], "texts": ["# root"]},
    }


def test_the_state_lives_under_the_plugins_data_folder_when_claude_code_gives_one(
    setup: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    root, env = setup
    env = {**env, "CLAUDE_PLUGIN_DATA": str(tmp_path / "data")}
    run_hook(read(root, "sub/f.txt"), env=env)
    assert [p.suffix for p in sorted((tmp_path / "data" / "sessions").iterdir())] == [".json", ".lock"]


def test_state_files_untouched_for_a_week_are_swept(tmp_path: Path) -> None:
    directory = tmp_path / "states"
    directory.mkdir()
    for name, age in (("old.json", 8), ("old.json.lock", 8), ("new.json", 6), ("notes.txt", 30)):
        (directory / name).write_text("{}", encoding="utf-8")
        stamp = 1_000_000_000 - age * 24 * 3600
        os.utime(directory / name, (stamp, stamp))
    assert states.sweep(str(directory), now=1_000_000_000) == 1
    assert sorted(p.name for p in directory.iterdir()) == ["new.json", "notes.txt"]


def test_concurrent_hook_processes_of_one_session_deliver_each_file_once(
    setup: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    root, env = setup
    names = [f"sub/n{i}.txt" for i in range(6)] + [f"other/n{i}.txt" for i in range(6)]
    for name in names:
        (root / name).write_text("n\n", encoding="utf-8")
    command = [sys.executable, "-m", "agents_md", "hook", "run"]
    procs = [
        subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, **env}, text=True)
        for _ in names
    ]
    for proc, name in zip(procs, names, strict=True):
        assert proc.stdin is not None
        proc.stdin.write(read(root, name))
        proc.stdin.close()
    outs = []
    for proc in procs:
        assert proc.stdout is not None
        outs.append(proc.stdout.read())
        proc.stdout.close()
        proc.wait()
    assert [proc.returncode for proc in procs] == [0] * len(names)
    attached = sorted(c for out in outs if (c := context(out)))
    assert attached == [
        f"Contents of {root}/other/AGENTS.md:\n\n# other\n",
        f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n",
    ]
    saved = json.loads(Path(states.state_path(states.state_dir(env, env["HOME"]), "s1")).read_text(encoding="utf-8"))
    assert sorted(saved["plugin"]["given"][""]) == [str(root / "other/AGENTS.md"), str(root / "sub/AGENTS.md")]
    assert log_lines(env) == []


def test_a_session_id_never_names_a_file_outside_the_state_folder(tmp_path: Path) -> None:
    path = states.state_path(str(tmp_path / "states"), "../../etc/x y")
    assert os.path.dirname(path) == str(tmp_path / "states")
    assert os.path.basename(path) == "%2E%2E%2F%2E%2E%2Fetc%2Fx%20y.json"
    uuid = "62edeb84-e299-4a03-aba1-a5e223c71cb3"
    assert os.path.basename(states.state_path("d", uuid)) == uuid + ".json"


def test_the_session_is_the_project_folders_after_the_shell_moved(setup: tuple[Path, dict[str, str]]) -> None:
    root, env = setup
    env = {**env, "CLAUDE_PROJECT_DIR": str(root)}
    moved = json.loads(read(root, "sub/f.txt"))
    moved["cwd"] = str(root / "other")  # a `cd other` in the shell
    out = context(run_hook(json.dumps(moved), env=env).stdout)
    assert out == f"Contents of {root}/sub/AGENTS.md:\n\n# sub\n"


def test_a_project_turning_off_a_managed_plugin_turns_the_engines_off_so_the_hook_speaks(
    tree: Any, home: Any, tmp_path: Path
) -> None:
    # The engine lets the project's enabledPlugins switch off a plugin the managed settings configure;
    # then nothing else delivers AGENTS.md, and the hook does (in the mode this project keeps).
    managed = tmp_path / "managed"
    managed.mkdir()
    (managed / "managed-settings.json").write_text(
        json.dumps(
            {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
        )
    )
    root = tree({**TREE, **OFF})
    env = {"HOME": str(home({})), "PATH": os.environ.get("PATH", "")}
    from agents_md.claude_code.answer import answer
    from agents_md.claude_code.event import parse_event
    from agents_md.claude_code.state import SessionState

    ev = parse_event(read(root, "sub/f.txt"))
    said = answer(ev, SessionState(session_id="s1", steps=()), env=env, profile="reference", managed_dir=str(managed))
    assert said.silent_because is None


def test_the_state_keeps_what_the_plugin_was_given_not_the_reads(tree: Any, home: Any) -> None:
    # Claude Code attaches its own nested CLAUDE.md files: the hook does not look them up, and
    # keeps what the plugin gave, so its state (and each call's work) does not grow with the Reads.
    root = tree({**TREE, "claude/CLAUDE.md": "# engine's own\n", "claude/f.txt": "c\n"})
    env = {"HOME": str(home(OFF)), "PATH": os.environ.get("PATH", "")}
    path = states.state_path(states.state_dir(env, env["HOME"]), "s1")
    assert run_hook(read(root, "claude/f.txt"), env=env).stdout == ""
    for name in ("sub/f.txt", "sub/g.txt", "claude/f.txt"):
        run_hook(read(root, name), env=env)
    kept = states.load(path, "s1")
    assert kept.plugin is not None
    assert (kept.steps, kept.plugin["given"]) == ((), {"": {str(root / "sub/AGENTS.md"): ""}})


def test_the_lock_of_a_session_older_than_a_week_is_not_swept_while_its_state_is_saved(tmp_path: Path) -> None:
    # Taking the lock writes nothing: its time is its creation's. Swept, a call holding it and the
    # next call, on a new lock file, would run at once.
    directory = tmp_path / "states"
    directory.mkdir()
    for name, age in (("long.json", 1), ("long.json.lock", 30), ("gone.json.lock", 30), ("old.json.lock", 8)):
        (directory / name).write_text("{}", encoding="utf-8")
        stamp = 1_000_000_000 - age * 24 * 3600
        os.utime(directory / name, (stamp, stamp))
    (directory / "old.json").write_text("{}", encoding="utf-8")
    os.utime(directory / "old.json", (1_000_000_000 - 9 * 24 * 3600,) * 2)
    assert states.sweep(str(directory), now=1_000_000_000) == 1
    assert sorted(p.name for p in directory.iterdir()) == ["long.json", "long.json.lock"]
