"""A session of hook calls against one uninterrupted session, event by event, with more of what
Claude Code does: both profiles and both modes that load AGENTS.md, every kind of subagent (one
no SubagentStart announced included), compactions, ``/clear`` (a new ``session_id``), resumes,
@-mentions and edits (complete profile), links, imports whose target comes later, and nested
CLAUDE.md / AGENTS.md files written, changed and removed between the calls.

The start's own files (the cwd's and above, and what they import) are left alone: each hook call
reads its start anew from the disk (see ``test_a_start_file_changed_mid_session_...``)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents_md import Session
from agents_md.claude_code import state as states
from agents_md.claude_code.answer import _subagent_context, attachment, start_text
from agents_md.claude_code.run import run_hook
from agents_md.host.plugins import PluginSpec
from agents_md.host.steps import Step
from agents_md.plugins.agents_md import NAME, plugin_factory

MODES = ["claude-md-or-agents-md", "claude-md-and-agents-md"]
FOLDERS = ["a", "a/b", "a/b/c", "d", "d/e", "l", "l/c"]  # l: a link to a/b
TREE: dict[str, Any] = {
    "AGENTS.md": "# root agents\n",
    "a/AGENTS.md": "# a\n@imp.md\n",
    "d/e/AGENTS.md": "# e\n@notes.txt\n@../../a/b/later.md\n",
    "l": {"symlink": "a/b"},
    **{f"{folder}/f.txt": f"{folder}\n" for folder in FOLDERS if not folder.startswith("l")},
}
# What is written, changed and removed mid-session: nested instruction files and import targets.
WRITTEN = [
    "a/AGENTS.md",
    "a/b/AGENTS.md",
    "a/b/.claude/AGENTS.md",
    "a/b/c/AGENTS.md",
    "d/AGENTS.md",
    "d/e/AGENTS.md",
    "a/CLAUDE.md",
    "a/b/c/CLAUDE.md",
    "d/.claude/CLAUDE.md",
    "d/e/CLAUDE.local.md",
    "a/imp.md",
    "d/e/notes.txt",
    "a/b/later.md",
]
TOUCHED = [*(f"{folder}/f.txt" for folder in FOLDERS), "a/AGENTS.md", "a/imp.md", "a/b/c/CLAUDE.md", "l/AGENTS.md"]
AGENT_TYPES = ["general-purpose", "Explore", "Plan", "fork", "helper"]


SKIPPED = object()


def _hook(root: Path, env: dict[str, str], profile: str, session_id: str, **event: Any) -> str | None:
    out = run_hook(json.dumps({"session_id": session_id, "cwd": str(root), **event}), env=env, profile=profile)
    assert out.logged is None, out.logged
    return json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"] if out.stdout else None


def _steady(root: Path, env: dict[str, str], profile: str) -> Session:
    # The plugin seated whatever the settings say (they turn the built-in off for the hook to speak).
    builtin = PluginSpec(name=NAME, plugin=plugin_factory(), builtin=True)
    return Session(cwd=str(root), home=env["HOME"], env=env, profile=profile, plugins=[builtin])


def _text(rng: random.Random, rel: str, step: int) -> str:
    """A new text: its own size (a change within a tick of the disk's clock is still seen), at
    times another file's text (left out for its text), at times importing a file written later."""
    pick = rng.random()
    if pick < 0.15:
        return "# root agents\n"
    if pick < 0.3 and rel.endswith(".md"):
        return f"# {rel} {step}\n@later.md\n{'.' * step}\n"
    return f"# {rel} {step}\n{'.' * step}\n"


def _run(
    tmp_path: Path,
    profile: str,
    mode: str,
    root_claude: bool,
    seed: int,
    first_format: int = 0,
    call: Callable[..., str | None] | None = None,
) -> None:
    """``first_format``: for that many steps the hook is not called (nor is anything written); then
    the state file holds the session's steps in the first format, as an earlier version kept them.
    ``call``: what answers an event instead of ``agents-md hook run`` (``_hook``'s arguments)."""
    hook = call or _hook
    rng = random.Random(seed)
    spec = dict(TREE)
    if root_claude:
        spec["CLAUDE.md"] = "# root claude\n"
    spec[".claude/agents/helper.md"] = "---\nname: helper\ndescription: helps\n---\nHelp.\n"
    root = Path(_build(tmp_path / "root", spec))
    settings = {
        "enabledPlugins": {"agents-md@builtin": False},
        "pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": mode}}},
    }
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude/settings.json").write_text(json.dumps(settings), encoding="utf-8")
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "")}
    sid = "s0"
    steady = _steady(root, env, profile)
    assert hook(root, env, profile, sid, hook_event_name="SessionStart", source="startup") == start_text(steady.start())
    agents: list[str] = []
    kinds: dict[str, str] = {}  # the type a subagent's events carry

    def _maybe(root: Path, env: dict[str, str], profile: str, session_id: str, **event: Any) -> Any:
        return SKIPPED if step < first_format else hook(root, env, profile, session_id, **event)

    for step in range(40):
        move = rng.random()
        where = (seed, step)
        if step == first_format and first_format:
            _first_format_state(env, sid, steady)
        if step < first_format and 0.2 <= move < 0.3:
            move = 0.5  # no /clear nor resume before: a state of the first format is one conversation's
        if move < 0.2 and step < first_format:
            continue
            rel = rng.choice(WRITTEN)
            path = root / rel
            if path.exists() and rng.random() < 0.3:
                path.unlink()
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(_text(rng, rel, step), encoding="utf-8")
            continue
        if move < 0.25:
            steady.turn()
            steady.compact()
            got = _maybe(root, env, profile, sid, hook_event_name="SessionStart", source="compact")
            assert got is SKIPPED or got == start_text(steady.start()), where
            continue
        if move < 0.28:  # /clear: a new conversation, and a new session_id
            steady.clear()
            sid, agents = f"s{step}", []
            got = _maybe(root, env, profile, sid, hook_event_name="SessionStart", source="clear")
            assert got is SKIPPED or got == start_text(steady.start()), where
            continue
        if move < 0.3:  # claude --resume: a new process, whose plugin knows nothing
            steady, agents = _steady(root, env, profile), []
            got = _maybe(root, env, profile, sid, hook_event_name="SessionStart", source="resume")
            assert got is SKIPPED or got == start_text(steady.start()), where
            continue
        if move < 0.4:
            agent, kind = f"agent{step}", rng.choice(AGENT_TYPES)
            sub = steady.spawn(None if kind == "fork" else kind, fork=kind == "fork", key=agent)
            got = _maybe(root, env, profile, sid, hook_event_name="SubagentStart", agent_id=agent, agent_type=kind)
            kinds[agent] = kind
            assert got is SKIPPED or got == _subagent_context(steady, steady.start(), sub.start.agent_type), where
            agents.append(agent)
            continue
        if move < 0.45 and profile == "complete":
            rels = rng.sample(TOUCHED, 2)
            prompt = " ".join(f"look at @{rel}" for rel in rels)
            steady.turn()
            texts = [attachment(steady.mention(str(root / rel))) for rel in dict.fromkeys(rels)]
            got = _maybe(root, env, profile, sid, hook_event_name="UserPromptSubmit", prompt=prompt)
            assert got is SKIPPED or got == ("\n\n".join(t for t in texts if t) or None), where
            continue
        agent = rng.choice(["", "", *agents])
        tool = rng.choice(["Read", "Read", "Read", "Edit", "Write"])
        if agent == "" and rng.random() < 0.1:
            # A subagent no SubagentStart announced: the hook starts it at its first event it sees
            # (a fork then has its parent's memory as it is at that event, not at its start).
            agent, kind, tool = f"unseen{step}", rng.choice(["", "fork", "Explore"]), "Read"
            steady.spawn(kind or None, fork=kind == "fork", key=agent)
            agents.append(agent)
            kinds[agent] = kind
        path = str(root / rng.choice(TOUCHED))
        loop = steady.subagents[agent] if agent else steady
        results = loop.touch(tool, path).results
        expected = attachment(results[0]) if results else None
        extra = {"agent_id": agent, "agent_type": kinds.get(agent, "")} if agent else {}
        got = _maybe(
            root,
            env,
            profile,
            sid,
            hook_event_name="PostToolUse",
            tool_name=tool,
            tool_input={"file_path": path},
            **extra,
        )
        assert got is SKIPPED or got == expected, (*where, tool, path, agent)


def _first_format_state(env: dict[str, str], session_id: str, steady: Session) -> None:
    path = Path(states.state_path(states.state_dir(env, env["HOME"]), session_id))
    path.parent.mkdir(parents=True, exist_ok=True)
    steps = [Step(op="compact") if step.op == "compact" else step for step in steady.steps]  # no "kept" then
    data = {"format": states.FIRST_FORMAT, "session_id": session_id, "steps": [step.as_json() for step in steps]}
    path.write_text(json.dumps(data), encoding="utf-8")


def _build(base: Path, spec: dict[str, Any]) -> str:
    from trees import build_tree

    return build_tree(base, spec)


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(int(os.environ.get("SEEDS", "3"))))
def test_hook_calls_answer_as_one_session_whatever_happens_between_them(
    tmp_path: Path, profile: str, mode: str, seed: int
) -> None:
    # The default mode stands down for a project CLAUDE.md: the root has none there.
    _run(tmp_path, profile, mode, root_claude=mode != MODES[0], seed=seed)


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(int(os.environ.get("SEEDS", "3"))))
def test_a_state_of_the_first_format_goes_on_as_the_session(tmp_path: Path, profile: str, mode: str, seed: int) -> None:
    _run(tmp_path, profile, mode, root_claude=mode != MODES[0], seed=seed, first_format=15)


def _setup(tmp_path: Path, spec: dict[str, Any], mode: str | None = None) -> tuple[Path, dict[str, str]]:
    root = Path(_build(tmp_path / "root", spec))
    settings: dict[str, Any] = {"enabledPlugins": {"agents-md@builtin": False}}
    if mode:
        settings["pluginConfigs"] = {"agents-md@builtin": {"options": {"instructionFiles": mode}}}
    (tmp_path / "home/.claude").mkdir(parents=True)
    (tmp_path / "home/.claude/settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return root, {"HOME": str(tmp_path / "home"), "PATH": os.environ.get("PATH", "")}


def _read(root: Path, env: dict[str, str], rel: str, agent: str = "") -> str | None:
    extra = {"agent_id": agent} if agent else {}
    tool_input = {"file_path": str(root / rel)}
    return _hook(
        root, env, "reference", "s", hook_event_name="PostToolUse", tool_name="Read", tool_input=tool_input, **extra
    )


@pytest.mark.parametrize("change", ["removed", "tools-without-read"])
def test_a_subagent_whose_definition_changed_since_its_start_still_gets_its_files(tmp_path: Path, change: str) -> None:
    # The engine ran it, and it reads: each call starts it again as it ran, not as its file says now.
    helper = ".claude/agents/helper.md"
    spec = {"a/AGENTS.md": "# a\n", "a/b/f.txt": "f\n", helper: "---\nname: helper\ndescription: helps\n---\nHelp.\n"}
    root, env = _setup(tmp_path, spec)
    _hook(root, env, "reference", "s", hook_event_name="SessionStart", source="startup")
    _hook(root, env, "reference", "s", hook_event_name="SubagentStart", agent_id="x1", agent_type="helper")
    if change == "removed":
        (root / helper).unlink()
    else:
        (root / helper).write_text("---\nname: helper\ndescription: helps\ntools: Bash\n---\nHelp.\n", encoding="utf-8")
    assert _read(root, env, "a/b/f.txt", agent="x1") == f"Contents of {root}/a/AGENTS.md:\n\n# a\n"
    assert _read(root, env, "a/b/f.txt", agent="x1") is None


@pytest.mark.parametrize(
    ("spec", "mode", "written"),
    [
        # The default mode: a project CLAUDE.md written since the start does not make the plugin stand down.
        ({"AGENTS.md": "# root\n", "a/AGENTS.md": "# a\n", "a/b/f.txt": "f\n"}, None, ("CLAUDE.md", "# claude\n")),
        # A start file's import whose target is written since: not loaded at the start, so attached.
        (
            {"CLAUDE.md": "# c\n@a/AGENTS.md\n", "a/b/f.txt": "f\n"},
            "claude-md-and-agents-md",
            ("a/AGENTS.md", "# a\n"),
        ),
    ],
    ids=["claude-md-written", "import-target-written"],
)
def test_a_start_file_changed_mid_session_is_compared_as_the_start_had_it(
    tmp_path: Path, spec: dict[str, Any], mode: str | None, written: tuple[str, str]
) -> None:
    root, env = _setup(tmp_path, spec, mode)
    steady = _steady(root, env, "reference")
    assert _hook(root, env, "reference", "s", hook_event_name="SessionStart", source="startup") == start_text(
        steady.start()
    )
    (root / written[0]).write_text(written[1], encoding="utf-8")
    expected = attachment(steady.read(str(root / "a/b/f.txt")))
    assert expected is not None
    assert _read(root, env, "a/b/f.txt") == expected


def test_a_call_starts_again_only_the_subagent_it_is_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The plugin's memory of the others is data: a call's work does not grow with the subagents started.
    root, env = _setup(tmp_path, {"a/AGENTS.md": "# a\n", "a/b/f.txt": "f\n"})
    _hook(root, env, "reference", "s", hook_event_name="SessionStart", source="startup")
    for n in range(20):
        kind = "fork" if n % 2 else "Explore"
        _hook(root, env, "reference", "s", hook_event_name="SubagentStart", agent_id=f"x{n}", agent_type=kind)
    started: list[str | None] = []
    spawn = Session.spawn

    def counted(self: Session, *args: Any, **kwargs: Any) -> Any:
        started.append(kwargs.get("key"))
        return spawn(self, *args, **kwargs)

    monkeypatch.setattr(Session, "spawn", counted)
    assert _read(root, env, "a/b/f.txt") == f"Contents of {root}/a/AGENTS.md:\n\n# a\n"
    assert started == []
    for agent in ("x3", "x4"):  # a fork started before that Read, and an Explore agent
        assert _read(root, env, "a/b/f.txt", agent=agent) == f"Contents of {root}/a/AGENTS.md:\n\n# a\n"
        assert _read(root, env, "a/b/f.txt", agent=agent) is None
    assert started == ["x3", "x3", "x4", "x4"]
    saved = json.loads(Path(states.state_path(states.state_dir(env, env["HOME"]), "s")).read_text(encoding="utf-8"))
    assert [step["loop"] for step in saved["steps"]] == [f"x{n}" for n in range(20)]


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("seed", range(int(os.environ.get("SEEDS", "3"))))
def test_the_agent_sdks_callbacks_answer_as_one_session(tmp_path: Path, profile: str, seed: int) -> None:
    # The same answers, the session's state kept in memory instead of a file.
    sdk = pytest.importorskip("agents_md.integrations.claude_agent_sdk")
    hooks: dict[str, Any] = {}

    def call(root: Path, env: dict[str, str], profile: str, session_id: str, **event: Any) -> str | None:
        if "callbacks" not in hooks:
            hooks["callbacks"] = sdk.AgentsMdHooks(profile=profile, env=env)
        callbacks = hooks["callbacks"]
        text: str | None = callbacks._answer({"session_id": session_id, "cwd": str(root), **event})
        assert callbacks.failures == []
        return text

    _run(tmp_path, profile, MODES[1], root_claude=True, seed=seed, call=call)
