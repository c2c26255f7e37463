"""Every optional key of an agent file: the value the engine keeps, or why it drops it.

An invalid value never rejects a file (``hooks`` aside, see ``_util.hook_shape``): it is dropped and the
engine logs a line. ``read_fields`` returns the kept values and one ``Drop`` per drop, with
the engine's own wording.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from agents_md._util.hook_shape import mcp_item_ok
from agents_md._util.js import is_integer, is_number, js_string, parse_float, parse_int
from agents_md.agents._tools import split_tools

PERMISSION_MODES = ("acceptEdits", "auto", "bypassPermissions", "default", "dontAsk", "plan")
MEMORY_SCOPES = ("user", "project", "local")
EFFORT_LEVELS = ("low", "medium", "high", "xhigh", "max")
ISOLATION = ("worktree", "remote")
COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "cyan")
CACHE_TTLS = ("5m", "1h")
MAX_SKILLS = 32
MIN_AUTO_COMPACT = 100_000
MAX_AUTO_COMPACT = 1_000_000


@dataclass(frozen=True, slots=True, kw_only=True)
class Drop:
    key: str
    rule: str
    message: str  # the engine's text after "Agent file P has "
    fix: str
    engine_logs: bool = True  # False: the engine drops it silently
    blocking: bool = True
    index: int | None = None  # a list item, for the key path


def _truthy(v: Any) -> bool:
    if isinstance(v, float) and math.isnan(v):
        return False
    return v not in (None, False, 0, "") or isinstance(v, list | dict)


def read_fields(data: dict[str, Any]) -> tuple[dict[str, Any], list[Drop]]:
    kept: dict[str, Any] = {}
    out: list[Drop] = []

    def bad(key: str, message: str, fix: str, **kw: Any) -> None:
        out.append(Drop(key=key, rule="invalid-value", message=message, fix=fix, **kw))

    if "model" in data:
        v = data["model"]
        if isinstance(v, str):
            kept["model"] = v if v not in ("", "inherit") else None
        elif v is not None:
            bad("model", f"invalid model {js_string(v)!r}", "write a model alias or ID as a string", engine_logs=False)

    v = data.get("permissionMode")
    if _truthy(v):
        if v == "manual":
            kept["permission_mode"] = "default"
        elif isinstance(v, str) and v in PERMISSION_MODES:
            kept["permission_mode"] = v
        else:
            bad(
                "permissionMode",
                f"invalid permissionMode '{js_string(v)}'. Valid options: {', '.join(PERMISSION_MODES)}",
                "use one of the valid options (or manual)",
            )

    if "maxTurns" in data:
        v = data["maxTurns"]
        n = float(v) if is_number(v) else parse_int(js_string(v))
        if is_integer(n) and n > 0:
            kept["max_turns"] = int(n)
        else:
            bad(
                "maxTurns",
                f"invalid maxTurns '{js_string(v)}'. Must be a positive integer.",
                "write a whole number above 0",
            )

    if "autoCompactWindow" in data:
        v = data["autoCompactWindow"]
        ok = False
        if is_number(v):
            ok = is_integer(float(v)) and v >= MIN_AUTO_COMPACT
            n = float(v)
        else:
            n = parse_float(js_string(v))
            ok = not math.isnan(n) and n >= MIN_AUTO_COMPACT
        if ok:
            kept["auto_compact_window"] = min(int(n), MAX_AUTO_COMPACT) if not math.isinf(n) else MAX_AUTO_COMPACT
            if n > MAX_AUTO_COMPACT:
                out.append(
                    Drop(
                        key="autoCompactWindow",
                        rule="value-above-limit",
                        message=f"autoCompactWindow '{js_string(v)}' above {MAX_AUTO_COMPACT}",
                        fix=f"the documented range is {MIN_AUTO_COMPACT}-{MAX_AUTO_COMPACT}",
                        engine_logs=False,
                        blocking=False,
                    )
                )
        else:
            bad(
                "autoCompactWindow",
                f"invalid autoCompactWindow '{js_string(v)}'. Must be an integer of at least {MIN_AUTO_COMPACT}.",
                f"write a whole number from {MIN_AUTO_COMPACT} to {MAX_AUTO_COMPACT}",
            )

    if "memory" in data:
        v = data["memory"]
        if isinstance(v, str) and v in MEMORY_SCOPES:
            kept["memory"] = v
        else:
            bad(
                "memory",
                f"invalid memory value '{js_string(v)}'. Valid options: {', '.join(MEMORY_SCOPES)}",
                "use user, project or local",
            )

    if "background" in data:
        v = data["background"]
        if v in (True, False, "true", "false") and not is_number(v):
            kept["background"] = v in (True, "true")
        else:
            bad(
                "background",
                f"invalid background value '{js_string(v)}'. Must be 'true', 'false', or omitted.",
                "write true or false",
            )

    if "omitClaudeMd" in data:
        v = data["omitClaudeMd"]
        # The boolean or the exact text "true" (quoted); "True", "yes" or 1 do not count.
        if v is True or v == "true":
            kept["omit_claude_md"] = True
        elif v is not False and v is not None:
            bad(
                "omitClaudeMd",
                f"omitClaudeMd '{js_string(v)}' is not true",
                "write true (only the boolean or the text true counts)",
                engine_logs=False,
            )

    if "effort" in data:
        v = data["effort"]
        s = js_string(v)
        if s.lower() in EFFORT_LEVELS:
            kept["effort"] = s.lower()
        elif not math.isnan(parse_int(s)) and not isinstance(v, bool):
            kept["effort"] = int(parse_int(s))
        else:
            bad(
                "effort",
                f"invalid effort '{s}'. Valid options: {', '.join(EFFORT_LEVELS)} or an integer",
                "use low, medium, high, xhigh, max or a whole number",
            )

    if "isolation" in data:
        v = data["isolation"]
        if isinstance(v, str) and v in ISOLATION:
            kept["isolation"] = v
        else:
            bad(
                "isolation",
                f"invalid isolation value '{js_string(v)}'. Valid options: {', '.join(ISOLATION)}",
                "use worktree or remote",
            )

    if "color" in data:
        v = data["color"]
        if isinstance(v, str) and v in COLORS:
            kept["color"] = v
        elif v is not None:
            out.append(
                Drop(
                    key="color",
                    rule="color-unknown",
                    message=f"color '{js_string(v)}' is not one of {', '.join(COLORS)}",
                    fix="use one of the listed colors",
                    engine_logs=False,
                    blocking=False,
                )
            )

    if "skills" in data:
        v = data["skills"]
        # A string, or each string item of a list, is split as a tools list is: at commas and at
        # spaces ("a, b", "a b"; not at ";") (h40_tools_null_and_skills_string, h40_skills_string_separators).
        if isinstance(v, str):
            v = [v]
        if isinstance(v, list):
            names = []
            for i, item in enumerate(v):
                if isinstance(item, str):
                    names += split_tools(item)
                else:
                    bad(
                        "skills",
                        f"skills item {js_string(item)!r} is not a name",
                        "write skill names as strings",
                        engine_logs=False,
                        index=i,
                    )
            kept["skills"] = tuple(names)
            if len(names) > MAX_SKILLS:
                out.append(
                    Drop(
                        key="skills",
                        rule="skills-limit",
                        message=f"{len(names)} skills listed; at most {MAX_SKILLS} are preloaded",
                        fix=f"keep at most {MAX_SKILLS} skills",
                        engine_logs=False,
                        blocking=False,
                    )
                )
        elif v is not None:
            bad(
                "skills",
                f"skills '{js_string(v)}' is not a list or a string",
                "write skill names as a YAML list or a comma-separated string",
                engine_logs=False,
            )

    if "mcpServers" in data:
        v = data["mcpServers"]
        if isinstance(v, list):
            servers: list[Any] = []
            for i, item in enumerate(v):
                if mcp_item_ok(item):
                    servers.append(item)
                else:
                    shown = json.dumps(item, separators=(",", ":"), ensure_ascii=False, default=str)
                    out.append(
                        Drop(
                            key="mcpServers",
                            rule="mcp-server-invalid",
                            message=f"invalid mcpServers item: {shown}",
                            fix="write a server name or {name: {command: ...}} / {name: {type: http, url: ...}}",
                            index=i,
                        )
                    )
            kept["mcp_servers"] = tuple(servers)
        elif v is not None:
            bad(
                "mcpServers",
                f"mcpServers '{js_string(v)}' is not a list",
                "write mcpServers as a YAML list",
                engine_logs=False,
            )

    for key, attr in (("initialPrompt", "initial_prompt"), ("observerMessage", "observer_message")):
        if key in data:
            v = data[key]
            if isinstance(v, str):
                kept[attr] = v
            elif v is not None:
                bad(key, f"{key} '{js_string(v)}' is not a string", "quote the text", engine_logs=False)

    if "observer" in data:
        v = data["observer"]
        if isinstance(v, str):
            kept["observer"] = v.strip() or None
        elif v is not None:
            bad("observer", f"observer '{js_string(v)}' is not a string", "write an agent type name", engine_logs=False)

    if "observeSubagents" in data:
        v = data["observeSubagents"]
        if isinstance(v, bool):
            kept["observe_subagents"] = v
        elif v is not None:
            bad(
                "observeSubagents",
                f"observeSubagents '{js_string(v)}' is not a boolean",
                "write true or false",
                engine_logs=False,
            )

    if "experimental" in data:
        v = data["experimental"]
        if isinstance(v, dict):
            exp = {}
            if "cacheTtl" in v:
                if v["cacheTtl"] in CACHE_TTLS:
                    exp["cacheTtl"] = v["cacheTtl"]
                else:
                    bad(
                        "experimental",
                        f"experimental.cacheTtl '{js_string(v['cacheTtl'])}' is not 5m or 1h",
                        "use 5m or 1h",
                        engine_logs=False,
                    )
            kept["experimental"] = exp
        elif v is not None:
            bad(
                "experimental",
                f"experimental '{js_string(v)}' is not a map",
                "write experimental as a map",
                engine_logs=False,
            )
    return kept, out
