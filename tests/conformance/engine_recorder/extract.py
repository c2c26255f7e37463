"""The instruction text out of what an engine sent.

- Codex: ``debug prompt-input`` prints the model input as JSON items; the
  prompt is the user-message part whose text starts ``# AGENTS.md instructions``.
- Gemini: in the first agent-loop request, the ``<loaded_context>`` element
  that ends the system instruction (global files) and the one inside the
  first user message's ``<session_context>`` (extension files in its
  ``<extension_context>``, then project files in its ``<project_context>``),
  joined by ``\\n``; after a read, the tool output from ``--- Newly Discovered Project
  Context ---`` to its end.
- OpenCode: in the first agent-loop request's system message, the text after
  ``</env>\\n`` up to the ``\\nSkills provide specialized instructions``
  paragraph; after a read, the tool output from ``<system-reminder>`` (after
  the engine's ``</content>``) to its end.

The engine's own text comes before the files' text in every place, so each
marker is looked for from the front (a file may quote a marker; the engine's
preamble does not).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

CODEX_HEAD = "# AGENTS.md instructions"
LOADED = "<loaded_context>\n"
LOADED_END = "</loaded_context>"
PROJECT = re.compile(r"<loaded_context>\n<(?:extension|project)_context>\n")
SESSION_END = "</session_context>"
GEMINI_JIT = "--- Newly Discovered Project Context ---"
GEMINI_BLOCK = re.compile(r"^--- Context from: (.+) ---$", re.M)
OPENCODE_ENV_END = "</env>\n"
OPENCODE_SKILLS = "\nSkills provide specialized instructions"
OPENCODE_CONTENT_END = "\n</content>"
OPENCODE_REMINDER = "<system-reminder>"
OPENCODE_ENTRY = re.compile(r"^Instructions from: (.+)$", re.M)


@dataclass(frozen=True, slots=True, kw_only=True)
class Extracted:
    prompt: str | None
    reads: list[str | None]
    files: list[str]
    detail: dict[str, Any] = field(default_factory=dict)


def codex(stdout: str) -> Extracted:
    """The ``# AGENTS.md instructions`` part of Codex's printed input, or None."""
    try:
        items = json.loads(stdout)
    except ValueError:
        return Extracted(prompt=None, reads=[], files=[], detail={"error": "stdout is not JSON"})
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict) or item.get("role") != "user":
            continue
        for part in item.get("content") or []:
            text = part.get("text") if isinstance(part, dict) else None
            if isinstance(text, str) and text.startswith(CODEX_HEAD):
                return Extracted(prompt=text, reads=[], files=[], detail={"items": len(items)})
    return Extracted(prompt=None, reads=[], files=[], detail={"items": len(items) if isinstance(items, list) else 0})


def _texts(content: dict[str, Any]) -> list[str]:
    return [p["text"] for p in content.get("parts") or [] if isinstance(p, dict) and isinstance(p.get("text"), str)]


def gemini_global(system_text: str) -> str | None:
    start = system_text.find(LOADED)
    end = system_text.rfind(LOADED_END)
    return system_text[start : end + len(LOADED_END)] if 0 <= start < end else None


def gemini_project(user_text: str) -> str | None:
    found = PROJECT.search(user_text)
    start = found.start() if found else -1
    stop = user_text.rfind(SESSION_END)
    end = user_text.rfind(LOADED_END, 0, stop if stop >= 0 else len(user_text))
    return user_text[start : end + len(LOADED_END)] if 0 <= start < end else None


def gemini_jit(output: str) -> str | None:
    at = output.find("\n\n" + GEMINI_JIT)
    return output[at + 2 :] if at >= 0 else None


def _function_outputs(body: dict[str, Any]) -> list[str | None]:
    """The read tools' outputs in a request's conversation, in order (None: no output text)."""
    outs: list[str | None] = []
    for content in body.get("contents") or []:
        for part in content.get("parts") or []:
            resp = part.get("functionResponse") if isinstance(part, dict) else None
            if isinstance(resp, dict):
                output = (resp.get("response") or {}).get("output")
                outs.append(output if isinstance(output, str) else None)
    return outs


def _per_read(outputs: Sequence[str | None], count: int, pick: Any) -> list[str | None]:
    return [pick(outputs[i]) if i < len(outputs) and outputs[i] is not None else None for i in range(count)]


def gemini(loop: Sequence[dict[str, Any]], read_count: int) -> Extracted:
    """From the agent-loop request bodies, in the order sent."""
    if not loop:
        return Extracted(prompt=None, reads=[None] * read_count, files=[], detail={"requests": 0})
    first = loop[0]
    system = "".join(_texts(first.get("systemInstruction") or {}))
    contents = first.get("contents") or []
    user = "".join(_texts(contents[0])) if contents else ""
    glob, proj = gemini_global(system), gemini_project(user)
    elements = [e for e in (glob, proj) if e is not None]
    prompt = "\n".join(elements) if elements else None
    outputs = _function_outputs(loop[-1])
    reads = _per_read(outputs, read_count, gemini_jit)
    detail = {"requests": len(loop), "global": glob, "project": proj, "read_outputs": [o and o[:400] for o in outputs]}
    return Extracted(prompt=prompt, reads=reads, files=GEMINI_BLOCK.findall(prompt or ""), detail=detail)


def _system_text(body: dict[str, Any]) -> list[str]:
    out = []
    for m in body.get("messages") or []:
        if m.get("role") == "system":
            c = m.get("content")
            out.append(c if isinstance(c, str) else "".join(p.get("text", "") for p in c or [] if isinstance(p, dict)))
    return out


def opencode_instructions(system_text: str) -> str | None:
    start = system_text.find(OPENCODE_ENV_END)
    if start < 0:
        return None
    start += len(OPENCODE_ENV_END)
    # with no entries the paragraph follows `</env>` at once: its newline is the env's
    end = system_text.rfind(OPENCODE_SKILLS, start - 1)
    text = system_text[start : max(end, start) if end >= 0 else len(system_text)]
    return text or None


def opencode_reminder(output: str) -> str | None:
    end = output.find(OPENCODE_CONTENT_END)
    if end < 0:
        return None
    at = output.find(OPENCODE_REMINDER, end)
    return output[at:] if at >= 0 else None


def _tool_outputs(body: dict[str, Any]) -> list[str | None]:
    outs: list[str | None] = []
    for m in body.get("messages") or []:
        if m.get("role") == "tool":
            c = m.get("content")
            outs.append(c if isinstance(c, str) else None)
    return outs


def opencode(loop: Sequence[dict[str, Any]], read_count: int) -> Extracted:
    if not loop:
        return Extracted(prompt=None, reads=[None] * read_count, files=[], detail={"requests": 0})
    systems = _system_text(loop[0])
    prompt = None
    for text in systems:
        prompt = opencode_instructions(text)
        if prompt is not None:
            break
    outputs = _tool_outputs(loop[-1])
    reads = _per_read(outputs, read_count, opencode_reminder)
    detail = {
        "requests": len(loop),
        "system_messages": len(systems),
        "read_outputs": [o and o[:400] for o in outputs],
    }
    return Extracted(prompt=prompt, reads=reads, files=OPENCODE_ENTRY.findall(prompt or ""), detail=detail)
