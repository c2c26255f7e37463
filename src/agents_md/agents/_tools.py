"""Tool lists: how ``tools``/``disallowedTools`` are read, and the ``(Tools: ...)`` text.

Reading (both keys): a string, or each string item of a list, is split at commas and at
spaces outside parentheses; items are trimmed and empty ones dropped; other list items are
ignored. A key that is absent gives ``None``; any other non-list, non-string value gives an
empty list. A ``*`` anywhere makes the whole list ``None`` (every tool; for
``disallowedTools``: nothing withheld).

Then, for an agent with a valid ``memory``, an explicit ``tools`` list gains the missing ones
of ``Write``, ``Edit``, ``Read`` in that order.

Rendering: ``All tools`` when ``tools`` is ``None`` or empty, or ``All tools except D`` with
the withheld names; otherwise the ``tools`` items with every exact match of a withheld name
removed, joined with ``", "`` (``None`` when nothing is left).
"""

from __future__ import annotations

from typing import Any

MEMORY_TOOLS = ("Write", "Edit", "Read")


def split_tools(text: str) -> list[str]:
    items: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if ch in ", " and depth == 0:
            items.append("".join(current))
            current = []
        else:
            current.append(ch)
    items.append("".join(current))
    return [i.strip() for i in items if i.strip()]


def read_tools(value: Any, *, present: bool) -> tuple[str, ...] | None:
    if not present:
        return None
    items: list[str] = []
    if isinstance(value, str):
        items = split_tools(value)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                items.extend(split_tools(item))
    if "*" in items:
        return None
    return tuple(items)


def with_memory_tools(tools: tuple[str, ...] | None) -> tuple[str, ...] | None:
    if tools is None:
        return None
    return tools + tuple(t for t in MEMORY_TOOLS if t not in tools)


def tools_text(tools: tuple[str, ...] | None, disallowed: tuple[str, ...] | None) -> str:
    deny = disallowed or ()
    if not tools:
        return f"All tools except {', '.join(deny)}" if deny else "All tools"
    kept = [t for t in tools if t not in deny]
    return ", ".join(kept) if kept else "None"
