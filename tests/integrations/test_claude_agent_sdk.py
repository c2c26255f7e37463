"""The Claude Agent SDK's hook callbacks, driven with hook inputs as the engine sends them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from claude_agent_sdk import HookMatcher
from conformance.runner import RESULTS, _resolve, lay_out
from trees import substitute

from agents_md.host.session import Session
from agents_md.integrations.claude_agent_sdk import AgentsMdHooks, agents_md_hooks

TREE = {"AGENTS.md": "# root rules\n", "pkg/AGENTS.md": "# pkg rules\n", "pkg/mod.py": "x = 1\n"}


def sent(root: Path, **event: Any) -> dict[str, Any]:
    return {"session_id": "s1", "transcript_path": str(root / "t.jsonl"), "cwd": str(root), **event}


def test_the_callbacks_give_the_plugins_start_files_and_its_read_attachment(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    home = root.parent / "home"
    hooks = AgentsMdHooks(force=True, env={"HOME": str(home)})
    target = str(root / "pkg/mod.py")

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        prompt = await hooks(sent(root, hook_event_name="UserPromptSubmit", prompt="go"), None, {"signal": None})
        read = await hooks(
            sent(
                root,
                hook_event_name="PostToolUse",
                tool_name="Read",
                tool_input={"file_path": target},
                tool_response={"type": "text"},
                tool_use_id="toolu_1",
            ),
            "toolu_1",
            {"signal": None},
        )
        again = await hooks(sent(root, hook_event_name="UserPromptSubmit", prompt="more"), None, {"signal": None})
        return prompt, read, again

    prompt, read, again = asyncio.run(run())
    expected = Session(cwd=str(root), home=str(home))
    block = expected.claude_md or ""
    start_text = prompt["hookSpecificOutput"]["additionalContext"]
    assert (
        f"Contents of {root}/AGENTS.md (project instructions, checked into the codebase):\n\n# root rules" == start_text
    )
    assert start_text in block
    attachment = expected.read(target).hook_text or ""
    assert read == {
        "hookSpecificOutput": {
            "hookEventName": "PostToolUse",
            "additionalContext": attachment.removeprefix("tool.call hook additional context: "),
        }
    }
    assert again == {}  # the start files come once a session
    assert hooks.failures == []


def test_a_compaction_forgets_what_the_main_loop_was_given_and_sends_the_start_files_again(
    tree: Callable[..., Path],
) -> None:
    # As the built-in plugin does: a compaction is a new context (the start's files in it, the
    # nested ones attached again); the SDK's PreCompact carries no context, the next prompt does.
    root = tree(TREE)
    home = root.parent / "home"
    hooks = AgentsMdHooks(force=True, env={"HOME": str(home)})
    target = str(root / "pkg/mod.py")
    read_input = {"tool_name": "Read", "tool_input": {"file_path": target}, "tool_response": {"type": "text"}}

    def call(**event: Any) -> dict[str, Any]:
        return asyncio.run(hooks(sent(root, **event), None, {"signal": None}))  # type: ignore[no-any-return]

    first = call(hook_event_name="UserPromptSubmit", prompt="go")["hookSpecificOutput"]["additionalContext"]
    assert call(hook_event_name="PostToolUse", **read_input) != {}
    assert call(hook_event_name="PostToolUse", **read_input) == {}  # given once
    assert call(hook_event_name="PreCompact", trigger="auto", custom_instructions=None) == {}
    again = call(hook_event_name="UserPromptSubmit", prompt="more")
    assert again["hookSpecificOutput"]["additionalContext"] == first
    assert call(hook_event_name="PostToolUse", **read_input) != {}  # attached again after the compaction
    assert call(hook_event_name="UserPromptSubmit", prompt="and more") == {}
    assert hooks.failures == []


def test_the_sessions_used_last_are_kept_and_one_dropped_starts_over(tree: Callable[..., Path]) -> None:
    root = tree(TREE)
    hooks = AgentsMdHooks(force=True, env={"HOME": str(root.parent / "home")}, most_sessions=2)
    read_input = {"tool_name": "Read", "tool_input": {"file_path": str(root / "pkg/mod.py")}}

    def call(session: str, **event: Any) -> dict[str, Any]:
        raw = {**sent(root, **event), "session_id": session, "tool_response": {"type": "text"}}
        return asyncio.run(hooks(raw, None, {"signal": None}))  # type: ignore[no-any-return]

    for session in ("a", "b"):
        assert call(session, hook_event_name="UserPromptSubmit", prompt="go") != {}
        assert call(session, hook_event_name="PostToolUse", **read_input) != {}
    assert call("a", hook_event_name="PostToolUse", **read_input) == {}  # given: "a" is now the newest
    assert call("c", hook_event_name="UserPromptSubmit", prompt="go") != {}  # "b", the oldest, is dropped
    assert list(hooks.states) == ["a", "c"]
    assert call("a", hook_event_name="PostToolUse", **read_input) == {}  # still kept
    assert call("b", hook_event_name="UserPromptSubmit", prompt="back") != {}  # starts over: the start's files
    assert call("b", hook_event_name="PostToolUse", **read_input) != {}
    assert len(hooks.states) == 2 and hooks.failures == []


def test_the_matchers_are_the_sdks_and_a_bad_input_never_blocks(tree: Callable[..., Path]) -> None:
    matchers = agents_md_hooks(force=True, env={})
    assert set(matchers) == {"UserPromptSubmit", "PostToolUse", "SubagentStart", "PreCompact"}
    assert all(isinstance(m, HookMatcher) for ms in matchers.values() for m in ms)
    assert matchers["PostToolUse"][0].matcher == "Read"
    hooks = AgentsMdHooks(force=True, env={})
    assert asyncio.run(hooks({"hook_event_name": "PostToolUse"}, None, {"signal": None})) == {}
    assert len(hooks.failures) == 1


# The settings-hook recordings (``h_``, the built-in plugin off) of a main loop's Reads: the SDK's
# callbacks, fed the inputs the engine sent those hooks, answer what the engine recorded.
RECORDED = [
    r
    for r in (json.loads(p.read_text(encoding="utf-8")) for p in sorted(RESULTS.glob("h_r_*.json")))
    if r["ok"]
    and r["name"] != "h_r_long_nested"  # cut where its paths' length says, which differs between machines
    and r["scenario"]["agents_md_hook"].get("builtin", False) is False
    and r["scenario"]["agents_md_hook"].get("profile", "reference") == "reference"
    and not r["scenario"].get("subagents")
    and not r["scenario"].get("reads_after")
]


def payload(text: str | None) -> str | None:
    return None if text is None else text.split(" hook additional context: ", 1)[1]


@pytest.mark.parametrize("result", RECORDED, ids=[r["name"] for r in RECORDED])
def test_the_callbacks_answer_the_recorded_hook_inputs_as_the_engine_recorded(
    result: dict[str, Any], tmp_path: Path
) -> None:
    scn, cwd = lay_out(result["scenario"], tmp_path)
    root, home = tmp_path / "root", tmp_path / "home"
    env = {**scn.get("env", {}), "HOME": str(home)}
    hooks = AgentsMdHooks(env=env, managed_dir=str(tmp_path / "managed"))
    base = {"session_id": "s1", "transcript_path": "", "cwd": str(cwd)}
    back = {str(root): "<ROOT>", str(home): "<HOME>"}

    async def run() -> tuple[list[str], list[str | None]]:
        prompt = await hooks({**base, "hook_event_name": "UserPromptSubmit", "prompt": "go"}, None, {"signal": None})
        reads = []
        for path in scn.get("reads", []):
            event = {"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_use_id": "t"}
            tool_input = {"file_path": _resolve(path, str(root))}
            out = await hooks({**base, **event, "tool_input": tool_input, "tool_response": {}}, "t", {"signal": None})
            reads.append(out.get("hookSpecificOutput", {}).get("additionalContext"))
        start = prompt.get("hookSpecificOutput", {}).get("additionalContext")
        return ([start] if start else []), reads

    start, reads = asyncio.run(run())
    assert substitute(start, back) == [payload(t) for t in result["hook_start"]]
    assert substitute(reads, back) == [payload(a) for a in result["hook_attachments"]]
    assert hooks.failures == []


def test_a_failed_answer_keeps_the_sessions_steps(tree: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> None:
    root = tree(TREE)
    hooks = AgentsMdHooks(force=True, env={"HOME": str(root.parent / "home")})
    read_input = {"tool_name": "Read", "tool_input": {"file_path": str(root / "pkg/mod.py")}}

    def call(**event: Any) -> dict[str, Any]:
        raw = {**sent(root, **event), "tool_response": {"type": "text"}}
        return asyncio.run(hooks(raw, None, {"signal": None}))  # type: ignore[no-any-return]

    assert call(hook_event_name="UserPromptSubmit", prompt="go") != {}
    assert call(hook_event_name="PostToolUse", **read_input) != {}
    import agents_md.integrations.claude_agent_sdk as sdk

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise OSError("a passing failure")

    with monkeypatch.context() as patched:
        patched.setattr(sdk, "answer", failing)
        assert call(hook_event_name="PostToolUse", **read_input) == {}
    assert len(hooks.failures) == 1
    assert list(hooks.states) == ["s1"]  # the session is still known: its steps were not lost
    assert call(hook_event_name="PostToolUse", **read_input) == {}  # given already
    assert call(hook_event_name="UserPromptSubmit", prompt="again") == {}  # no start over


def test_keeping_no_session_is_refused() -> None:
    with pytest.raises(ValueError, match="most_sessions: 0"):
        AgentsMdHooks(most_sessions=0)
