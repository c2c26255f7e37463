"""The ``--agents`` value: a JSON object (or, when it is not one, a file path) of agents.

1. An empty value adds nothing.
2. A value that parses as JSON (and is not ``null``) is the configuration. One that does
   not parse is an error when it starts with ``{``; otherwise it is a file path (relative
   to the cwd) whose contents are the JSON.
3. The whole object is checked against the schema first; every issue is reported, one line
   each, ``NAME.field.path: message``. Only when there is none are names checked: a name
   must not start with ``-``. Any error stops the run (exit 1) before any request; for a file
   path (bad JSON, not an object, a schema issue, a name) the lines end ``(read from PATH)``.
4. Accepted entries keep the description verbatim (no trimming, no ``\\n`` conversion).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents_md._util.hook_shape import MISSING, expected, hook_issues, mcp_item_ok
from agents_md._util.js import is_integer, is_number
from agents_md._util.regular import NotRegularFile, TooLarge, read_regular
from agents_md.agents._fields import EFFORT_LEVELS, ISOLATION, MEMORY_SCOPES, PERMISSION_MODES
from agents_md.agents._jsonerr import json_error
from agents_md.agents._model import AgentDefinition, Source
from agents_md.agents._tools import read_tools, with_memory_tools

AGENTS_FILE_MAX_BYTES = 16 << 20  # an --agents file: far past any set of definitions

HEADER = "Error: Invalid --agents configuration:"
READ_FROM = "(read from "
_NOT_FOUND_TAIL = "(a value that is not a JSON object is read as a file path)"
_MISSING = MISSING


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentsJson:
    agents: tuple[AgentDefinition, ...]
    error_lines: tuple[str, ...]  # the engine's stderr lines when it refuses the value
    path: str | None = None


def _enum(values: tuple[str, ...]) -> str:
    return "Invalid option: expected one of " + "|".join(f'"{v}"' for v in values)


def _type(kind: str, v: Any) -> str | None:
    ok = {
        "string": isinstance(v, str),
        "array": isinstance(v, list),
        "boolean": isinstance(v, bool),
        "number": is_number(v),
        "record": isinstance(v, dict),
        "object": isinstance(v, dict),
    }[kind]
    return None if ok else expected(kind, v)


def _entry_issues(entry: dict[str, Any]) -> list[tuple[tuple[str, ...], str]]:
    issues: list[tuple[tuple[str, ...], str]] = []

    def get(key: str) -> Any:
        return entry.get(key, _MISSING)

    def typed(key: str, kind: str, *, required: bool = False) -> bool:
        v = get(key)
        if v is _MISSING and not required:
            return False
        msg = expected(kind, v) if v is _MISSING else _type(kind, v)
        if msg:
            issues.append(((key,), msg))
            return False
        return True

    if typed("description", "string", required=True) and entry["description"] == "":
        issues.append((("description",), "Description cannot be empty"))
    for key in ("tools", "disallowedTools"):
        if typed(key, "array"):
            for i, item in enumerate(entry[key]):
                if not isinstance(item, str):
                    issues.append(((key, str(i)), expected("string", item)))
    typed("prompt", "string", required=True)
    typed("model", "string")
    v = get("effort")
    if v is not _MISSING and not (v in EFFORT_LEVELS or (is_number(v) and is_integer(float(v)))):
        issues.append((("effort",), "Invalid input"))
    v = get("permissionMode")
    if v is not _MISSING and v not in (*PERMISSION_MODES, "manual"):
        issues.append((("permissionMode",), _enum(PERMISSION_MODES)))
    if typed("mcpServers", "array"):
        for i, item in enumerate(entry["mcpServers"]):
            if not mcp_item_ok(item):
                issues.append((("mcpServers", str(i)), "Invalid input"))
    if get("hooks") is not _MISSING:
        issues += [(("hooks", *p), m) for p, m in hook_issues(entry["hooks"])]
    for key, minimum in (("maxTurns", None), ("autoCompactWindow", 100_000)):
        if typed(key, "number"):
            n = entry[key]
            if not is_integer(float(n)):
                issues.append(((key,), "Invalid input: expected int, received number"))
            elif minimum is None and n <= 0:
                issues.append(((key,), "Too small: expected number to be >0"))
            elif minimum is not None and n < minimum:
                issues.append(((key,), f"Too small: expected number to be >={minimum}"))
    if typed("skills", "array"):
        for i, item in enumerate(entry["skills"]):
            if not isinstance(item, str):
                issues.append((("skills", str(i)), expected("string", item)))
    typed("initialPrompt", "string")
    for key, values in (("memory", MEMORY_SCOPES),):
        v = get(key)
        if v is not _MISSING and v not in values:
            issues.append(((key,), _enum(values)))
    typed("background", "boolean")
    typed("omitClaudeMd", "boolean")
    v = get("isolation")
    if v is not _MISSING and v not in ISOLATION:
        issues.append((("isolation",), _enum(ISOLATION)))
    typed("observer", "string")
    typed("observerMessage", "string")
    typed("observeSubagents", "boolean")
    return issues


def _definition(name: str, e: dict[str, Any], path: str | None) -> AgentDefinition:
    tools = read_tools(e.get("tools"), present="tools" in e)
    memory = e.get("memory")
    if memory is not None:
        tools = with_memory_tools(tools)
    pm = e.get("permissionMode")
    model = e.get("model")
    return AgentDefinition(
        name=name,
        description=e["description"],
        prompt=e["prompt"],
        source=Source.FLAG,
        path=path,
        tools=tools,
        disallowed_tools=read_tools(e.get("disallowedTools"), present="disallowedTools" in e),
        model=model if model not in (None, "", "inherit") else None,
        permission_mode="default" if pm == "manual" else pm,
        max_turns=e.get("maxTurns"),
        auto_compact_window=e.get("autoCompactWindow"),
        skills=tuple(e["skills"]) if "skills" in e else None,
        mcp_servers=tuple(e["mcpServers"]) if "mcpServers" in e else None,
        hooks=e.get("hooks") or None,
        memory=memory,
        background=e.get("background"),
        omit_claude_md=e.get("omitClaudeMd") is True,
        effort=e.get("effort"),
        isolation=e.get("isolation"),
        initial_prompt=e.get("initialPrompt"),
        observer=(e["observer"].strip() or None) if isinstance(e.get("observer"), str) else None,
        observer_message=e.get("observerMessage"),
        observe_subagents=e.get("observeSubagents"),
    )


def read_from(path: str | None) -> tuple[str, ...]:
    """The line that ends the engine's error lines for an ``--agents`` file (none for inline JSON)
    (a_json_badfile, g14_agents_file_*)."""
    return () if path is None else (f"{READ_FROM}{path})",)


def _loads(text: str) -> Any:
    return json.loads(text, object_pairs_hook=dict, parse_constant=_reject)


def _reject(token: str) -> Any:
    raise ValueError(token)


def read_agents_json(value: str, *, cwd: str | Path) -> AgentsJson:
    if value == "":
        return AgentsJson(agents=(), error_lines=())
    shown_path: str | None = None
    problem = json_error(value)
    if problem is None and value.strip() != "null":
        data = _loads(value)
    elif problem is not None and value.lstrip().startswith("{"):
        return AgentsJson(agents=(), error_lines=(HEADER, f"invalid JSON: JSON Parse error: {problem}"))
    else:
        file = Path(value) if Path(value).is_absolute() else Path(cwd) / value
        try:
            data = read_regular(str(file), limit=AGENTS_FILE_MAX_BYTES)
            if data is None:
                raise FileNotFoundError(str(file))
            text = data.decode("utf-8", errors="replace")
        except (NotRegularFile, TooLarge) as exc:
            return AgentsJson(agents=(), error_lines=(f"Error: --agents file {file}: {exc.strerror}",))
        except OSError:
            return AgentsJson(
                agents=(),
                error_lines=(f"Error: --agents file not found: {file} {_NOT_FOUND_TAIL}",),
            )
        shown_path = str(file)
        problem = json_error(text)
        if problem is not None:
            return AgentsJson(
                agents=(),
                error_lines=(HEADER, f"invalid JSON: JSON Parse error: {problem}", *read_from(shown_path)),
                path=shown_path,
            )
        data = _loads(text)
    if not isinstance(data, dict):
        return AgentsJson(
            agents=(), error_lines=(HEADER, expected("record", data), *read_from(shown_path)), path=shown_path
        )
    lines: list[str] = []
    for name, entry in data.items():
        if not isinstance(entry, dict):
            lines.append(f"{name}: {expected('object', entry)}")
            continue
        lines += [f"{'.'.join((name, *p))}: {m}" for p, m in _entry_issues(entry)]
    if not lines:
        lines = [f"{name}: agent names must not start with '-'" for name in data if name.startswith("-")]
    if lines:
        return AgentsJson(agents=(), error_lines=(HEADER, *lines, *read_from(shown_path)), path=shown_path)
    agents = tuple(_definition(name, entry, shown_path) for name, entry in data.items())
    return AgentsJson(agents=agents, error_lines=(), path=shown_path)
