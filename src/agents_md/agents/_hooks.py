"""The shape the engine requires of ``hooks``; a file whose hooks do not fit is skipped.

``hooks`` must be a map. Only the entries of ``PreToolUse`` and ``PermissionRequest`` are
checked (the engine takes any value under every other event name, even a string). Such an
entry is a list of matchers (or null). A matcher is
``{matcher?: string, hooks: [hook, ...]}``; a hook is one of
``{type: command, command: string}``, ``{type: prompt|agent, prompt: string}`` or
``{type: http, url: URL}``, with an optional positive ``timeout``. Other keys are allowed.
Issues come back as ``(path, message)`` with zod's wording, as ``--agents`` reports them.
"""

from __future__ import annotations

import re
from typing import Any

from agents_md.agents._js import is_number, js_type

Issue = tuple[tuple[str, ...], str]
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\s]*")


MISSING: Any = object()  # an absent key, which zod reports as "undefined"
_MISSING = MISSING


def expected(kind: str, value: Any) -> str:
    return f"Invalid input: expected {kind}, received {'undefined' if value is MISSING else js_type(value)}"


def _string(obj: dict[str, Any], key: str, path: tuple[str, ...], *, required: bool) -> list[Issue]:
    value = obj.get(key, _MISSING)
    if value is _MISSING and not required:
        return []
    return [] if isinstance(value, str) else [((*path, key), expected("string", value))]


def _hook(hook: Any, path: tuple[str, ...]) -> list[Issue]:
    if not isinstance(hook, dict):
        return [(path, expected("object", hook))]
    kind = hook.get("type")
    issues: list[Issue] = []
    if kind == "command":
        issues += _string(hook, "command", path, required=True)
    elif kind in ("prompt", "agent"):
        issues += _string(hook, "prompt", path, required=True)
    elif kind == "http":
        url = hook.get("url", _MISSING)
        if not isinstance(url, str):
            issues.append(((*path, "url"), expected("string", url)))
        elif not _URL.fullmatch(url):
            issues.append(((*path, "url"), "Invalid URL"))
    else:
        return [((*path, "type"), "Invalid input")]
    if "timeout" in hook:
        t = hook["timeout"]
        if not is_number(t):
            issues.append(((*path, "timeout"), expected("number", t)))
        elif t <= 0:
            issues.append(((*path, "timeout"), "Too small: expected number to be >0"))
    return issues


CHECKED_EVENTS = frozenset({"PreToolUse", "PermissionRequest"})


def hook_issues(
    hooks: Any, path: tuple[str, ...] = (), *, events: frozenset[str] | None = CHECKED_EVENTS
) -> list[Issue]:
    """Issues of ``hooks``; ``events`` limits which entries are checked (``None``: all)."""
    if not isinstance(hooks, dict):
        return [(path, expected("record", hooks))]
    issues: list[Issue] = []
    for event, matchers in hooks.items():
        if events is not None and event not in events:
            continue
        where = (*path, str(event))
        if matchers is None:
            continue
        if not isinstance(matchers, list):
            issues.append((where, expected("array", matchers)))
            continue
        for i, matcher in enumerate(matchers):
            at = (*where, str(i))
            if not isinstance(matcher, dict):
                issues.append((at, expected("object", matcher)))
                continue
            issues += _string(matcher, "matcher", at, required=False)
            inner = matcher.get("hooks", _MISSING)
            if not isinstance(inner, list):
                issues.append(((*at, "hooks"), expected("array", inner)))
                continue
            for j, hook in enumerate(inner):
                issues += _hook(hook, (*at, "hooks", str(j)))
    return issues


def mcp_item_ok(item: Any) -> bool:
    """A server name, or ``{name: config}`` with a config the engine can start."""
    if isinstance(item, str):
        return True
    if not isinstance(item, dict):
        return False
    for config in item.values():
        if not isinstance(config, dict):
            return False
        kind = config.get("type", "stdio")
        if kind == "stdio":
            if not isinstance(config.get("command"), str):
                return False
        elif kind in ("http", "sse", "ws"):
            if not isinstance(config.get("url"), str):
                return False
        elif kind != "sdk":
            return False
    return True
