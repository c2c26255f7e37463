"""The shape the engine requires of ``hooks``; an agent file (``agents``) or a settings file
(``engine.settings_schema``) whose hooks do not fit is skipped.

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

from agents_md._util.js import is_number, js_type

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


HOOK_EVENTS = (
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "PermissionRequest",
    "PermissionDenied",
    "Setup",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "WorktreeCreate",
    "WorktreeRemove",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "DirectoryAdded",
    "MessageDisplay",
)
_UNSCANNED_TOP = frozenset({"metadata", "mcpServers", "lspServers"})


def _guard_events(v: Any) -> bool:
    """A map holding PreToolUse/PermissionRequest with a value (not null, not [])."""
    return isinstance(v, dict) and any(k in CHECKED_EVENTS and v[k] is not None and v[k] != [] for k in v)


def _single_matcher(v: Any) -> bool:
    if not isinstance(v, dict):
        return False
    if "matcher" not in v and any(k in HOOK_EVENTS for k in v):
        return False
    hooks = v.get("hooks")
    if isinstance(hooks, list):
        return len(hooks) > 0
    return isinstance(hooks, dict) and ("matcher" in v or isinstance(hooks.get("type"), str))


def _holds_guard(
    v: Any, depth: int = 3, *, matchers: bool = True, unscanned: frozenset[str] = frozenset(), in_list: bool = False
) -> bool:
    if _guard_events(v) or (matchers and _single_matcher(v)):
        return True
    if depth == 0 or not isinstance(v, list | dict) or not v:
        return False
    if isinstance(v, list):
        return any(_holds_guard(x, depth - 1, matchers=matchers, unscanned=unscanned, in_list=in_list) for x in v)
    if in_list and isinstance(v.get("type"), str):
        return False
    return any(
        k not in unscanned
        and _holds_guard(
            x,
            depth - 1,
            matchers=matchers and k not in HOOK_EVENTS,
            unscanned=unscanned,
            in_list=k == "hooks" and isinstance(x, list),
        )
        for k, x in v.items()
    )


def guard_outside_hooks(data: Any) -> bool:
    """PreToolUse/PermissionRequest hooks declared outside ``hooks`` (at the top level, or nested
    up to three levels in any key but ``hooks``, ``metadata``, ``mcpServers``, ``lspServers``):
    the engine does not load the agent at all."""
    if not isinstance(data, dict):
        return False
    return _guard_events(data) or any(
        k != "hooks"
        and k not in _UNSCANNED_TOP
        and _holds_guard(x, 3, unscanned=_UNSCANNED_TOP, matchers=k not in HOOK_EVENTS)
        for k, x in data.items()
    )


def guard_outside_hooks_path(data: Any) -> tuple[str, ...]:
    """Where ``guard_outside_hooks`` finds its hook: the key path to the PreToolUse/PermissionRequest
    entry, or to the map the engine reads as a hook matcher (one holding a ``hooks`` list, as
    ``related: {hooks: [a-name]}`` does); ``()`` when there is none."""
    if not isinstance(data, dict):
        return ()
    if _guard_events(data):
        return (next(str(k) for k in data if k in CHECKED_EVENTS and data[k] is not None and data[k] != []),)
    for k, x in data.items():
        matchers = k not in HOOK_EVENTS
        if k != "hooks" and k not in _UNSCANNED_TOP and _holds_guard(x, 3, unscanned=_UNSCANNED_TOP, matchers=matchers):
            return (str(k), *_guard_path(x, 3, matchers=matchers, unscanned=_UNSCANNED_TOP))
    return ()


def _guard_path(
    v: Any, depth: int, *, matchers: bool, unscanned: frozenset[str], in_list: bool = False
) -> tuple[str, ...]:
    """The path below ``v`` to what ``_holds_guard(v, ...)`` found (the same walk)."""
    if _guard_events(v):
        return (next(str(k) for k in v if k in CHECKED_EVENTS and v[k] is not None and v[k] != []),)
    if matchers and _single_matcher(v):
        return ("hooks",)
    if isinstance(v, list):
        for i, x in enumerate(v):
            if _holds_guard(x, depth - 1, matchers=matchers, unscanned=unscanned, in_list=in_list):
                return (str(i), *_guard_path(x, depth - 1, matchers=matchers, unscanned=unscanned, in_list=in_list))
    elif isinstance(v, dict):
        for k, x in v.items():
            inner_matchers = matchers and k not in HOOK_EVENTS
            inner = k == "hooks" and isinstance(x, list)
            if k not in unscanned and _holds_guard(
                x, depth - 1, matchers=inner_matchers, unscanned=unscanned, in_list=inner
            ):
                return (str(k), *_guard_path(x, depth - 1, matchers=inner_matchers, unscanned=unscanned, in_list=inner))
    return ()


def guard_in_bad_event(hooks: Any) -> bool:
    """``hooks`` is a single matcher (or a list holding one), or an unknown event / a non-list
    event value holds PreToolUse/PermissionRequest hooks: the engine does not load the agent."""
    if _single_matcher(hooks) or (isinstance(hooks, list) and any(_single_matcher(x) for x in hooks)):
        return True
    if not isinstance(hooks, dict):
        return False
    for event, value in hooks.items():
        if event not in HOOK_EVENTS:
            if _holds_guard(value, 3, matchers=not isinstance(value, list)):
                return True
        elif not isinstance(value, list) and (
            (event in CHECKED_EVENTS and value is not None) or _holds_guard(value, 3, matchers=False)
        ):
            return True
    return False
