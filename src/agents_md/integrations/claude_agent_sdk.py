"""The Claude Agent SDK: hook callbacks that add what the built-in ``agents-md`` plugin would.

``ClaudeAgentOptions(hooks=agents_md_hooks())`` for SDK users whose engine lacks the plugin
(or runs with it off). The answers are ``agents-md hook``'s (``claude_code.answer``), one
code path; the session's steps are kept in memory per ``session_id`` instead of a file.

1. ``UserPromptSubmit``: the first one of a session also carries what the plugin adds to the
   start block (the SDK offers no ``SessionStart`` callback), and each ``@``-mentioned file's
   nested ``AGENTS.md`` (the built-in plugin's ``prompt.mention``).
2. ``PostToolUse`` on ``Read`` (and the ``complete`` profile's edits): the plugin's attachment.
3. ``SubagentStart``: a subagent that starts with the instructions gets the start's files.
4. ``PreCompact``: the compaction is a new context, as ``SessionStart`` with ``compact`` is to
   the hook: the plugin forgets what the main loop was given (reference profile), and the
   start's files, read again, ride on the next ``UserPromptSubmit`` (a compaction's own output
   carries no context).
5. Silent while the settings leave the built-in plugin on, unless ``force`` (an engine
   without it); a failure of any kind answers nothing and never blocks the tool call.
6. The SDK says when no session ends, so the steps of the ``most_sessions`` sessions used last
   are kept (256 unless given): a long-running program does not keep every session it ever
   ran. A session dropped and then used again starts over, as a new one (its next prompt
   carries the start's files again).

Supported: claude-agent-sdk 0.1 and 0.2 (``agents-md[claude-agent-sdk]``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import threading
from typing import Any, cast

from claude_agent_sdk import HookMatcher

from agents_md._util.std import Mapping
from agents_md.claude_code.answer import COMPLETE_TOOLS, REFERENCE_TOOLS, answer
from agents_md.claude_code.event import parse_event
from agents_md.claude_code.state import SessionState


class AgentsMdHooks:
    """The callbacks, and the steps of each session they have seen."""

    def __init__(
        self,
        *,
        profile: str = "reference",
        force: bool = False,
        env: Mapping[str, str] | None = None,
        managed_dir: str | None = None,
        most_sessions: int = 256,
    ) -> None:
        self.profile = profile
        if most_sessions < 1:
            raise ValueError(f"most_sessions: {most_sessions}; at least the session being answered is kept")
        self.most_sessions = most_sessions
        self.force = force
        self.env = dict(os.environ if env is None else env)
        self.managed_dir = managed_dir
        self.states: dict[str, SessionState] = {}
        self.after_compaction: dict[str, str] = {}  # the start's files, for the next prompt after one
        self.failures: list[str] = []  # what went wrong, one line each (never raised)
        # The SDK runs callbacks of parallel tool calls at once; a session's steps are read and
        # written whole, so one answer at a time (as the hook's state file is locked).
        self._lock = threading.Lock()

    def _answer(self, raw: Mapping[str, Any]) -> str | None:
        with self._lock:
            return self._answer_one(raw)

    def _answer_one(self, raw: Mapping[str, Any]) -> str | None:
        event = parse_event(json.dumps(dict(raw)))
        texts = []
        events = [event]
        if event.name == "UserPromptSubmit" and event.session_id not in self.states:
            events.insert(0, dataclasses.replace(event, name="SessionStart", source="startup", prompt=None))
        if event.name == "UserPromptSubmit" and event.session_id in self.after_compaction:
            texts.append(self.after_compaction.pop(event.session_id))
        if event.name == "PreCompact":
            events = [dataclasses.replace(event, name="SessionStart", source="compact")]
        for one in events:
            state = self.states.get(one.session_id) or SessionState(session_id=one.session_id)
            got = answer(one, state, env=self.env, profile=self.profile, force=self.force, managed_dir=self.managed_dir)
            # Taken out only once answered (an answer that raised leaves the steps kept), put back the newest last.
            self.states.pop(one.session_id, None)
            self.states[one.session_id] = got.state if got.state is not None else state
            while len(self.states) > self.most_sessions:  # step 6
                oldest = next(iter(self.states))
                del self.states[oldest]
                self.after_compaction.pop(oldest, None)
            if got.context and event.name == "PreCompact":
                self.after_compaction[one.session_id] = got.context
            elif got.context:
                texts.append(got.context)
        return "\n\n".join(texts) or None

    async def __call__(self, input_data: Any, tool_use_id: str | None, context: Any) -> Any:
        try:
            text = await asyncio.to_thread(self._answer, input_data)
        except Exception as exc:  # never block the tool call
            self.failures.append(f"{type(exc).__name__}: {exc}")
            return {}
        if text is None:
            return {}
        name = str(input_data.get("hook_event_name"))
        return {"hookSpecificOutput": {"hookEventName": name, "additionalContext": text}}

    def matchers(self) -> dict[Any, list[HookMatcher]]:
        tools = COMPLETE_TOOLS if self.profile == "complete" else REFERENCE_TOOLS
        callback = cast(Any, self)
        return {
            "UserPromptSubmit": [HookMatcher(hooks=[callback])],
            "PostToolUse": [HookMatcher(matcher="|".join(tools), hooks=[callback])],
            "SubagentStart": [HookMatcher(hooks=[callback])],
            "PreCompact": [HookMatcher(hooks=[callback])],
        }


def agents_md_hooks(**options: Any) -> dict[Any, list[HookMatcher]]:
    """``ClaudeAgentOptions(hooks=...)``'s value (``AgentsMdHooks``'s options)."""
    return AgentsMdHooks(**options).matchers()
