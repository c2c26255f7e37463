"""Instruction text as it went over the wire, read out of Messages requests.

Three shapes are looked for (exact strings in the oracle's BEHAVIOUR.md):

- the ``claudeMd`` block: a ``<system-reminder>`` text block in the first user
  message, starting with the preamble below (no preamble, no block: what a
  prompt's @-mentions attach comes in the same message, and is none);
- what a prompt's @-mentions attach: in the first request, before the first
  answer, the plugin's ``MENTION_PREFIX`` reminders, then the engine's nested
  ``Contents of`` reminders (see `mention_blocks`);
- the engine's own nested files after a Read: ``<system-reminder>\\nContents
  of ...`` text blocks after the ``tool_result``, in the same user message;
- the plugin's attachment after a Read: text starting with ``HOOK_PREFIX`` in
  a later ``system`` message.  The engine may merge other system attachments
  into the same text block, joined by a blank line, so the exact hook text is
  cut out of it (see `hook_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .script import blocks, tool_uses

PREAMBLE = "Codebase and user instructions are shown below."
REMINDER = "<system-reminder>"
ENGINE_NESTED = "<system-reminder>\nContents of "
HOOK_PREFIX = "tool.call hook additional context: "
MENTION = "<system-reminder>\nprompt.mention hook additional context: "
# openers of the other system attachments that may share a text block with the
# hook's text; each follows it after a blank line
OTHER_ATTACHMENTS = (
    "Available agent types for the Agent tool:",
    "The following deferred tools",
    "The following skills",
    "The user hasn't heard from you",
    "Today's date is",
    REMINDER,
    HOOK_PREFIX,
)
# a section heading: "Contents of PATH (LABEL):", the label holds no parentheses
_HEADING = re.compile(r"Contents of (.+?)(?: \(([^()\n]*)\))?:")


def _texts(message: dict[str, Any]) -> list[str]:
    return [b.get("text") or "" for b in blocks(message) if b.get("type") == "text"]


def tool_result_text(block: dict[str, Any]) -> str | None:
    content = block.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(x.get("text", "") for x in content if isinstance(x, dict) and x.get("type") == "text")
    return None


def _before_answer(messages: list[dict[str, Any]]) -> list[str]:
    """The reminders of the user messages before the first answer: a prompt's @-mentions of
    files that exist come first, as Read calls, in a message of their own."""
    texts: list[str] = []
    for m in messages:
        if m.get("role") == "assistant":
            break
        if m.get("role") == "user":
            texts += [t for t in _texts(m) if t.startswith(REMINDER)]
    return texts


def claude_md_of_first_user(messages: list[dict[str, Any]]) -> str | None:
    """The claudeMd block of a conversation's first request, or None: only a reminder with the
    preamble is one. What a prompt's @-mentions attach is sent in the same message, first (a
    nested ``Contents of`` block, the plugin's ``prompt.mention`` text); with no start block it
    was once read as the block (h37_mmiss_*), it is `mention_blocks`."""
    return next((t for t in _before_answer(messages) if PREAMBLE in t), None)


def mention_blocks(messages: list[dict[str, Any]]) -> list[str]:
    """What a prompt's @-mentions attached, each reminder exactly as sent: the plugin's
    ``prompt.mention`` texts, then the engine's nested blocks, before the start block (a Read of
    a mentioned file that exists, its call and result, come before them and are none)."""
    return _mentions(_before_answer(messages))


def turn_mention_blocks(messages: list[dict[str, Any]], at: int) -> list[str]:
    """What a later prompt's @-mentions attached, as `mention_blocks`: the reminders of the user
    messages since the last answer up to the prompt's own (``messages[at]``). After ``/compact``
    the files the engine restores come there too, as Read calls and results, which are none."""
    last_answer = max((i for i, m in enumerate(messages[:at]) if m.get("role") == "assistant"), default=-1)
    users = [m for m in messages[last_answer + 1 : at + 1] if m.get("role") == "user"]
    return _mentions([t for m in users for t in _texts(m) if t.startswith(REMINDER)])


def _mentions(reminders: list[str]) -> list[str]:
    return [t for t in reminders if PREAMBLE not in t and (t.startswith(MENTION) or t.startswith(ENGINE_NESTED))]


def first_claude_md_anywhere(messages: list[dict[str, Any]]) -> str | None:
    """The first block holding the preamble in any message: after a compaction
    the block is re-sent deep in a later user message."""
    for msg in messages:
        for block in blocks(msg):
            text: str | None = block.get("text")
            if text is None and block.get("type") == "tool_result":
                text = tool_result_text(block)
            if text and PREAMBLE in text:
                return text
    return None


def headings(block: str | None) -> list[list[str | None]]:
    """[path, label] of each section of a claudeMd block."""
    if not block:
        return []
    lines = block.split("\n")
    out: list[list[str | None]] = []
    for i, line in enumerate(lines):
        # a heading stands alone between blank lines
        if (i > 0 and lines[i - 1]) or (i + 1 < len(lines) and lines[i + 1]):
            continue
        m = _HEADING.fullmatch(line)
        if m:
            out.append([m.group(1), m.group(2)])
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange:
    """One tool call and what came back after it, up to the next assistant turn."""

    tool_use_id: str
    result: str | None
    follow: list[tuple[str, str]]  # (role, text) of each text block after the tool_result


def exchange(messages: list[dict[str, Any]], start: int, index: int) -> Exchange | None:
    """The `index`-th tool call made from ``messages[start]`` on, or None."""
    calls = tool_uses(messages[start:])
    if index >= len(calls):
        return None
    call_id = calls[index].get("id") or ""
    result: str | None = None
    found = False
    follow: list[tuple[str, str]] = []
    for msg in messages[start:]:
        if found and msg.get("role") == "assistant":
            break
        for block in blocks(msg):
            if block.get("type") == "tool_result":
                if not found and block.get("tool_use_id") == call_id:
                    found, result = True, tool_result_text(block)
            elif found and block.get("text") is not None:
                follow.append((msg.get("role") or "", block["text"]))
    return Exchange(tool_use_id=call_id, result=result, follow=follow)


def engine_blocks(ex: Exchange) -> list[str]:
    return [text for _, text in ex.follow if text.startswith(ENGINE_NESTED)]


def _anchored(texts: list[str], expected: str) -> bool:
    """`expected` stands in one of `texts` as a whole attachment (blank lines around)."""
    for text in texts:
        at = text.find(expected)
        while at >= 0:
            after = text[at + len(expected) :]
            if (at == 0 or text[:at].endswith("\n\n")) and (not after or after.startswith("\n\n")):
                return True
            at = text.find(expected, at + 1)
    return False


def _cut_hooks(text: str) -> list[str]:
    """Hook texts in `text`, each ending where another attachment begins."""
    found = []
    at = text.find(HOOK_PREFIX)
    while at >= 0:
        if at and not text[:at].endswith("\n\n"):
            at = text.find(HOOK_PREFIX, at + 1)
            continue
        rest = text[at:]
        ends = [rest.find("\n\n" + opener, 1) for opener in OTHER_ATTACHMENTS]
        end = min((e for e in ends if e >= 0), default=len(rest))
        found.append(rest[:end])
        at = text.find(HOOK_PREFIX, at + end)
    return found


def hook_text(ex: Exchange, expected: str | None) -> str | None:
    """The plugin's exact attachment after a tool call, or None.

    `expected` is the text the engine's transcript says it attached.  When it
    stands in the wire text as a whole attachment it is the answer (that is
    exact even when the hook text itself holds a blank line followed by
    something that looks like another attachment); otherwise the hook texts
    are cut out by their boundaries and joined by a blank line."""
    texts = [text for _, text in ex.follow]
    if expected is not None and _anchored(texts, expected):
        return expected
    found = [hook for text in texts for hook in _cut_hooks(text)]
    return "\n\n".join(found) if found else None
