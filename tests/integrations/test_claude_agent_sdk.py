"""The Claude Agent SDK's hook callbacks, driven with hook inputs as the engine sends them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from claude_agent_sdk import HookMatcher

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


def test_the_matchers_are_the_sdks_and_a_bad_input_never_blocks(tree: Callable[..., Path]) -> None:
    matchers = agents_md_hooks(force=True, env={})
    assert set(matchers) == {"UserPromptSubmit", "PostToolUse", "SubagentStart"}
    assert all(isinstance(m, HookMatcher) for ms in matchers.values() for m in ms)
    assert matchers["PostToolUse"][0].matcher == "Read"
    hooks = AgentsMdHooks(force=True, env={})
    assert asyncio.run(hooks({"hook_event_name": "PostToolUse"}, None, {"signal": None})) == {}
    assert len(hooks.failures) == 1
