"""The scripted model: one file read per scenario read, in order, then the text ``ok``.

Which request is in the agent loop, and at which step, is read off the request
itself: the loop's requests offer the read tool; the step is the number of
model turns already in the conversation.  Any other request (OpenCode's title,
a side question) is answered with plain text.

Wire formats: Gemini's ``streamGenerateContent?alt=sse`` (server-sent
``GenerateContentResponse`` chunks) and ``generateContent``; OpenAI's
``/v1/chat/completions``, streamed (``chat.completion.chunk`` events, then
``[DONE]``) or not.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

FINAL_TEXT = "ok"
SIDE_TEXT = "title"
GEMINI_READ = ("read_file", "file_path")
OPENCODE_READ = ("read", "filePath")


@dataclass(frozen=True, slots=True, kw_only=True)
class Reply:
    """A tool call (`tool` and its `args`) or, with `tool` None, the text `text`."""

    tool: str | None = None
    args: dict[str, Any] | None = None
    text: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    content_type: str
    body: bytes
    step: int | None  # the agent-loop step answered, None for a side request


def scripted(engine: str, reads: tuple[str, ...], step: int) -> Reply:
    """The loop's reply at `step`: read the step-th file, or say ``ok`` once all are read."""
    tool, arg = GEMINI_READ if engine == "gemini" else OPENCODE_READ
    if step < len(reads):
        return Reply(tool=tool, args={arg: reads[step]})
    return Reply(text=FINAL_TEXT)


def _gemini_tools(body: dict[str, Any]) -> set[str]:
    return {
        str(decl.get("name"))
        for tool in body.get("tools") or []
        for decl in (tool.get("functionDeclarations") or [])
        if isinstance(decl, dict)
    }


def gemini_step(body: dict[str, Any]) -> int | None:
    """The agent-loop step of a Gemini request, or None when it does not offer ``read_file``."""
    if GEMINI_READ[0] not in _gemini_tools(body):
        return None
    return sum(1 for c in body.get("contents") or [] if c.get("role") == "model")


def opencode_step(body: dict[str, Any]) -> int | None:
    """The agent-loop step of an OpenAI-style request, or None when it offers no tools."""
    if not body.get("tools"):
        return None
    return sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")


def _gemini_chunk(reply: Reply) -> dict[str, Any]:
    call = {"functionCall": {"name": reply.tool, "args": reply.args}}
    part: dict[str, Any] = {"text": reply.text} if reply.tool is None else call
    return {
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 1, "totalTokenCount": 11},
        "modelVersion": "gemini-2.5-pro",
    }


def gemini_answer(path: str, body: dict[str, Any], reads: tuple[str, ...]) -> Answer:
    if ":countTokens" in path:
        return Answer(content_type="application/json", body=json.dumps({"totalTokens": 10}).encode(), step=None)
    step = gemini_step(body)
    reply = Reply(text=FINAL_TEXT) if step is None else scripted("gemini", reads, step)
    chunk = _gemini_chunk(reply)
    if ":streamGenerateContent" in path:
        return Answer(content_type="text/event-stream", body=f"data: {json.dumps(chunk)}\r\n\r\n".encode(), step=step)
    return Answer(content_type="application/json", body=json.dumps(chunk).encode(), step=step)


def _openai_message(reply: Reply, step: int | None) -> dict[str, Any]:
    if reply.tool is None:
        return {"role": "assistant", "content": reply.text}
    call = {
        "id": f"call_{(step or 0) + 1}",
        "type": "function",
        "function": {"name": reply.tool, "arguments": json.dumps(reply.args)},
    }
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def _sse(events: list[dict[str, Any]]) -> bytes:
    return "".join(f"data: {json.dumps(e)}\n\n" for e in events).encode() + b"data: [DONE]\n\n"


def opencode_answer(body: dict[str, Any], reads: tuple[str, ...]) -> Answer:
    step = opencode_step(body)
    reply = Reply(text=SIDE_TEXT) if step is None else scripted("opencode", reads, step)
    message = _openai_message(reply, step)
    finish = "stop" if reply.tool is None else "tool_calls"
    usage = {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11}
    head = {"id": f"chatcmpl-{step}", "created": 0, "model": body.get("model", "m1")}
    if not body.get("stream"):
        choice = {"index": 0, "message": message, "finish_reason": finish}
        full = {**head, "object": "chat.completion", "choices": [choice], "usage": usage}
        return Answer(content_type="application/json", body=json.dumps(full).encode(), step=step)
    delta = dict(message)
    if "tool_calls" in delta:
        delta["tool_calls"] = [{"index": 0, **c} for c in delta["tool_calls"]]
    chunk = {**head, "object": "chat.completion.chunk"}
    events = [
        {**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
        {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
        {**chunk, "choices": [], "usage": usage},
    ]
    return Answer(content_type="text/event-stream", body=_sse(events), step=step)


def answer(engine: str, path: str, body: dict[str, Any], reads: tuple[str, ...]) -> Answer:
    """The stand-in's answer to one POST of `engine`."""
    if engine == "gemini":
        return gemini_answer(path, body, reads)
    return opencode_answer(body, reads)
