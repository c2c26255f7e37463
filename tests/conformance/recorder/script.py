"""What the scripted model does, and which conversation a request belongs to.

The model's replies are a list of steps per conversation: ``main``, each
subagent (``sub:KEY``) and each scripted turn (``turn:KEY``).  The answer to a
request is chosen from the request alone, so a retried request gets the same
answer and no state is kept between requests:

1. A request whose last user message asks for a compaction is answered with a
   fixed summary.
2. Otherwise its conversation is the one named by the last marker found in the
   text of a user message.  A fresh subagent has the marker in its first
   message; a fork inherits its parent's messages and gets its marker later, so
   the *last* marker wins.  No marker: ``main``.
3. The step is the number of ``tool_use`` blocks the assistant sent after that
   marker message.  Tool uses are counted, not assistant messages, because the
   engine merges consecutive assistant messages that share an id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .scenario import Run

MAIN = "main"
DONE = "done"
# the engine's compaction request ends with a user message holding this text
COMPACT_REQUEST = "Respond with TEXT ONLY. Do NOT call any tools."
# without a <summary> block the engine asks for the compaction again
COMPACT_REPLY = "<analysis>recorder</analysis>\n<summary>\nRECORDER SUMMARY\n</summary>"
SUBAGENT_PROMPT = "Read the files you are told to."

_MARKER = re.compile(r"\[\[agents-md-recorder (sub|turn) ([^\]\s]+)\]\]")


def marker(kind: str, key: str) -> str:
    return f"[[agents-md-recorder {kind} {key}]]"


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer of the model: a tool call, or text when `tool` is None."""

    tool: str | None = None
    input: dict[str, Any] = field(default_factory=dict)
    text: str = DONE


def _read(path: str | dict[str, Any]) -> Reply:
    if isinstance(path, dict):  # another tool's call on a file: {"tool": "Write", "file_path": ..., ...}
        return Reply(tool=path["tool"], input={k: v for k, v in path.items() if k != "tool"})
    return Reply(tool="Read", input={"file_path": path})


def _agent_call(key: str, agent_type: str | None, prompt: str | None) -> Reply:
    args: dict[str, Any] = {
        "description": f"recorder subagent {key}",
        "prompt": f"{marker('sub', key)} {prompt or SUBAGENT_PROMPT}",
    }
    if agent_type:
        args["subagent_type"] = agent_type
    # the Agent tool runs in the background unless told otherwise
    args["run_in_background"] = False
    return Reply(tool="Agent", input=args)


def build(run: Run) -> dict[str, list[Reply]]:
    """The replies of every conversation of `run`, keyed by conversation id."""
    main = [_read(p) for p in run.reads]
    main += [_agent_call(sa.key, sa.type, sa.prompt) for sa in run.subagents]
    main += [_read(p) for p in run.reads_after]
    script = {MAIN: [*main, Reply()]}
    for sa in run.subagents:
        script[f"sub:{sa.key}"] = [*(_read(p) for p in sa.reads), Reply()]
    for turn in run.turns:
        if turn.key is not None:
            script[f"turn:{turn.key}"] = [*(_read(p) for p in turn.reads), Reply()]
    return script


def turn_prompts(run: Run) -> list[str]:
    """The user message sent for each turn of a multi-turn run."""
    return [t.prompt if t.key is None else f"{marker('turn', t.key)} {t.prompt}" for t in run.turns]


def blocks(message: dict[str, Any]) -> list[dict[str, Any]]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)]


def own_texts(message: dict[str, Any]) -> list[str]:
    """The text blocks of a message (tool results left out)."""
    return [b.get("text") or "" for b in blocks(message) if b.get("type") == "text"]


def _markers(messages: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """(conversation, message index) of every marked user message, in order."""
    found = []
    for i, msg in enumerate(messages):
        if msg.get("role") == "user":
            for text in own_texts(msg):
                m = _MARKER.search(text)
                if m:
                    found.append((f"{m.group(1)}:{m.group(2)}", i))
                    break
    return found


def current(messages: list[dict[str, Any]]) -> tuple[str, int]:
    """(conversation, index of its first message): the last marker wins."""
    marked = _markers(messages)
    return marked[-1] if marked else (MAIN, 0)


def start_of(messages: list[dict[str, Any]], conv: str) -> int:
    """Index of the message `conv` starts at (0 for the main loop)."""
    return max((i for c, i in _markers(messages) if c == conv), default=0)


def tool_uses(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [b for m in messages if m.get("role") == "assistant" for b in blocks(m) if b.get("type") == "tool_use"]


def classify(body: dict[str, Any]) -> tuple[str, int]:
    """(conversation, step) of a Messages request; conversation "compact" for a
    compaction request."""
    messages = body.get("messages") or []
    last_user = next((m for m in reversed(messages) if m.get("role") == "user"), None)
    if last_user is not None and any(COMPACT_REQUEST in t for t in own_texts(last_user)):
        return "compact", 0
    conv, start = current(messages)
    return conv, len(tool_uses(messages[start:]))


def answer(script: dict[str, list[Reply]], conv: str, step: int, has_tools: bool) -> Reply:
    if conv == "compact":
        return Reply(text=COMPACT_REPLY)
    if not has_tools:
        # side queries (titles, summaries) and subagents left with no tools
        return Reply(text="ok")
    steps = script.get(conv, [])
    return steps[step] if step < len(steps) else Reply()
