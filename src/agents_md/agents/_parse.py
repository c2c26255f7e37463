"""One agent file to an ``AgentDefinition``, or the rule that skips it.

1. Split off the front matter (``_util.front_matter``, the fence rule instruction files share);
   without one the file is not an agent.
2. Read it leniently (``_util.yaml_front``); if even that fails the front matter counts as empty.
3. ``name`` must be a non-empty string not starting with ``-``, at most 256 UTF-16 units,
   without ``:`` once NFKC-normalised (so no fullwidth ``：`` either), checked in that
   order. Absent, null or empty: a documentation file, skipped silently.
4. ``description`` must be a non-empty string; each backslash + ``n`` becomes a newline.
5. Unknown keys are warned about; ``hooks`` that do not fit the schema skip the file, and so
   do PreToolUse/PermissionRequest hooks declared outside ``hooks``;
   every other bad value is dropped (``_fields``).
Plugin agents differ: they always load, under ``plugin:sub:dirs:name`` where ``name`` is the
front-matter name or else the file name, their description trimmed and taken as written, with
``Agent from P plugin`` as the fallback for a blank one; ``permissionMode``, ``hooks`` and
``mcpServers`` are ignored with a warning.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents_md._util.front_matter import split_front_matter
from agents_md._util.hook_shape import (
    CHECKED_EVENTS,
    guard_in_bad_event,
    guard_outside_hooks,
    guard_outside_hooks_path,
    hook_issues,
)
from agents_md._util.js import js_string, utf16_len
from agents_md._util.jstext import js_trim
from agents_md.agents._fields import read_fields
from agents_md.agents._keys import meant_as_name, suggest, unknown_keys
from agents_md.agents._model import AgentDefinition, Source, problem
from agents_md.agents._tools import agent_access, is_mcp, read_tools, with_memory_tools
from agents_md.diagnostics import Diagnostic, Severity

MAX_NAME = 256
PLUGIN_IGNORED = ("permissionMode", "hooks", "mcpServers")


@dataclass(frozen=True, slots=True, kw_only=True)
class FileResult:
    agent: AgentDefinition | None
    rule: str  # why it was skipped ("" when loaded)
    reason: str
    problems: tuple[Diagnostic, ...]


_FENCE_LINE = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)
_AGENT_KEY_LINE = re.compile(r"^(?:name|description)[ \t]*:", re.MULTILINE)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_CODE_FENCE = re.compile(r"^[ \t]{0,3}(?:```|~~~)", re.MULTILINE)


def _fence_rule(text: str) -> str:
    """Why a file without front matter has none: a fence meant for line 1 that is not there
    (``----``, ``---name: x``, blank lines, spaces or a comment before it, or a title above a
    block of ``name:``/``description:`` keys), or none at all. A ``---`` line in a document's
    text is a Markdown rule, not a fence: the file is documentation."""
    body = text.lstrip("\ufeff")
    if body.startswith("---"):
        return "fence-not-on-line-1" if re.match(r"---[^\s]", body) else "no-closing-fence"
    fence = _FENCE_LINE.search(body)
    if fence is None:
        return "not-an-agent"
    if len(_CODE_FENCE.findall(body, 0, fence.start())) % 2:
        # In a code block: an example's front matter, unless the block opens the file (a whole
        # definition wrapped in ```markdown, as a chat answer pasted in gives it).
        opening = _CODE_FENCE.search(body)
        wrapped = (
            opening is not None
            and not body[: opening.start()].strip()
            and body.count("\n", opening.start(), fence.start()) == 1
        )
        return "fence-not-on-line-1" if wrapped else "not-an-agent"
    if not _HTML_COMMENT.sub("", body[: fence.start()]).strip():
        return "fence-not-on-line-1"
    closing = _FENCE_LINE.search(body, fence.end())
    if closing is not None and _AGENT_KEY_LINE.search(body, fence.end(), closing.start()):
        return "fence-not-on-line-1"
    return "not-an-agent"


def parse_agent_text(
    text: str,
    path: str,
    *,
    source: Source,
    plugin: str | None = None,
    namespace: tuple[str, ...] = (),
) -> FileResult:
    problems: list[Diagnostic] = []

    def add(rule: str, severity: Severity, message: str, *, key: str = "", line: int = 0, fix: str = "") -> None:
        problems.append(problem(path=path, line=line, key=key, rule=rule, severity=severity, message=message, fix=fix))

    split = split_front_matter(text)
    data: dict[str, Any] = {}
    key_lines: dict[str, int] = {}
    item_lines: dict[str, list[int]] = {}
    if split.yaml is None:
        rule = _fence_rule(text) if split.reason == "fence-not-on-line-1" else split.reason
        if plugin is None:
            if rule == "not-an-agent":
                add(
                    rule,
                    Severity.INFO,
                    "no front matter: Claude Code does not load this file as an agent, and says nothing",
                    fix="if it is meant as one, start it with a front matter block: ---, name: ..., "
                    "description: ..., ---",
                )
            elif rule == "fence-not-on-line-1":
                add(
                    rule,
                    Severity.ERROR,
                    "the opening --- is not on line 1; the file is skipped without a log line",
                    line=1,
                    fix="start the file with --- (only a UTF-8 BOM may come before it)",
                )
            else:
                add(
                    rule,
                    Severity.ERROR,
                    "the front matter has no closing ---; the file is skipped without a log line",
                    line=1,
                    fix="close the front matter with a line ---",
                )
            return FileResult(agent=None, rule=rule, reason=problems[-1].message, problems=tuple(problems))
    else:
        from agents_md._util.yaml_front import parse_front_matter

        parsed = parse_front_matter(split.yaml)
        base = split.first_line
        if parsed.data is None and parsed.error:
            at = ""
            if parsed.error_line >= 0:
                text_line = (
                    split.yaml.split("\n")[parsed.error_line] if parsed.error_line < split.yaml.count("\n") + 1 else ""
                )
                at = f" at {text_line.strip()[:60]!r}" if text_line.strip() else ""
            add(
                "yaml-parse",
                Severity.ERROR,
                f"YAML front matter failed to parse{at}, and the engine skips the file: "
                + (re.sub(r" \(line \d+, column \d+\)$", "", parsed.error) if at else parsed.error),
                line=base + max(parsed.error_line, 0),
                fix="a value that goes on over several lines needs every line after the first indented "
                "(or one line with \\n for line breaks); quote values that hold ': '; indent with spaces",
            )
        elif parsed.lenient:
            for n in parsed.rewritten_lines:
                add(
                    "yaml-lenient",
                    Severity.INFO,
                    "strict YAML rejects the front matter; the engine re-read this value as a quoted string",
                    line=base + n,
                    fix="quote the value",
                )
        if isinstance(parsed.data, dict):
            data = parsed.data
        key_lines = {k: base + v for k, v in parsed.key_lines.items()}
        item_lines = {k: [base + x for x in v] for k, v in parsed.item_lines.items()}

    def line_of(key: str) -> int:
        return key_lines.get(key, split.first_line)

    raw_name = data.get("name")
    if plugin is None:
        if raw_name is None or raw_name == "":
            close = [k for k in data if meant_as_name(k)]
            if data:
                hint = f' (is "{close[0]}" meant to be "name"?)' if close else ""
                add(
                    "name-missing",
                    Severity.ERROR,
                    f"no name: the file is treated as documentation and skipped{hint}",
                    key="name",
                    line=split.first_line,
                    fix="add name: your-agent-name",
                )
            elif not any(p.rule == "yaml-parse" for p in problems):
                add("not-an-agent", Severity.INFO, "no name: the file is documentation, not an agent")
            decisive = next((p for p in problems if p.rule == "yaml-parse"), problems[-1])
            return FileResult(agent=None, rule=decisive.rule, reason=decisive.message, problems=tuple(problems))
        if not isinstance(raw_name, str):
            msg = 'Missing required "name" field in frontmatter'
            add(
                "name-not-string",
                Severity.ERROR,
                f"{msg} (the name is a {type(raw_name).__name__}, not a string)",
                key="name",
                line=line_of("name"),
                fix="quote the name",
            )
            return FileResult(agent=None, rule="name-not-string", reason=msg, problems=tuple(problems))
        for rule, bad, msg in (
            ("name-dash", raw_name.startswith("-"), 'Invalid "name": names must not start with "-"'),
            (
                "name-too-long",
                utf16_len(raw_name) > MAX_NAME,
                f'Invalid "name": names must be at most {MAX_NAME} characters',
            ),
            (
                "name-colon",
                ":" in unicodedata.normalize("NFKC", raw_name),
                'Invalid "name": names must not contain ":" (reserved for plugin namespacing)',
            ),
        ):
            if bad:
                add(rule, Severity.ERROR, msg, key="name", line=line_of("name"), fix="rename the agent")
                return FileResult(agent=None, rule=rule, reason=msg, problems=tuple(problems))

    unknown = unknown_keys(list(data))
    if unknown:
        for unknown_key in unknown:
            suggestion = suggest(unknown_key)
            # What goes unapplied, when it is a tool list the key was meant to be.
            unapplied = {
                "tools": ": the agent gets every tool",
                "disallowedTools": ": no tool is withheld",
            }.get(suggestion or "", "")
            add(
                "unknown-key",
                Severity.WARNING,
                f'unknown key "{unknown_key}": Claude Code does not recognize or apply it'
                + (unapplied if suggestion not in data else ""),
                key=unknown_key,
                line=line_of(unknown_key),
                fix=f'rename it to "{suggestion}"' if suggestion else "remove it",
            )

    raw_desc = data.get("description")
    if plugin is not None:
        # The plugin loader trims the value and takes it as written (no backslash-n rule); a blank
        # one falls back (a7_plugin_description_trimmed).
        # A number or boolean is read as JavaScript's String() of it (a7_plugin_name_values).
        text = js_string(raw_desc) if isinstance(raw_desc, str | int | float) else ""
        description = js_trim(text) or f"Agent from {plugin} plugin"
    elif isinstance(raw_desc, str) and raw_desc != "":
        description = raw_desc.replace("\\n", "\n")
    else:
        msg = 'Missing required "description" field in frontmatter'
        add(
            "description-missing",
            Severity.ERROR,
            msg,
            key="description",
            line=line_of("description"),
            fix="add description: when Claude should use this agent",
        )
        return FileResult(agent=None, rule="description-missing", reason=msg, problems=tuple(problems))

    if plugin is not None:
        for key in PLUGIN_IGNORED:
            if key in data:
                add(
                    "plugin-ignored-key",
                    Severity.WARNING,
                    f"sets {key}, which is ignored for plugin agents. Use .claude/agents/ for this level of control.",
                    key=key,
                    line=line_of(key),
                    fix="remove it, or define the agent in .claude/agents/",
                )
        data = {k: v for k, v in data.items() if k not in PLUGIN_IGNORED}
    elif guard_outside_hooks(data):
        where = guard_outside_hooks_path(data)
        shown = ".".join(where)
        if where and where[-1] == "hooks":
            # A map holding a hooks list reads as a hook matcher, whatever the list holds
            # (``related: {hooks: [a-name]}``: h40_hooks_key_in_other_maps).
            msg = (
                f"{shown}: the engine reads a map holding a hooks list as a hook entry, and one outside the "
                'top-level "hooks" as a PreToolUse/PermissionRequest hook it cannot load: it does not load the agent'
            )
            fix = f"rename {shown} (a list of hook names is no hook), or move a real hook under the top-level hooks:"
        else:
            msg = (
                f'{shown or "hooks"}: PreToolUse/PermissionRequest is declared outside "hooks" (at the top '
                "level or nested in another key); the engine does not load the agent"
            )
            fix = "move the PreToolUse/PermissionRequest entries under hooks:"
        add(
            "hooks-outside",
            Severity.ERROR,
            msg,
            key=shown or "hooks",
            line=line_of(where[0]) if where else split.first_line,
            fix=fix,
        )
        return FileResult(agent=None, rule="hooks-outside", reason=msg, problems=tuple(problems))
    elif _truthy_hooks(data.get("hooks")):
        for where, msg in hook_issues(data["hooks"], events=None):
            if where and where[0] not in CHECKED_EVENTS:
                add(
                    "hooks-shape",
                    Severity.WARNING,
                    f"hooks.{'.'.join(where)}: {msg} (the engine loads the agent anyway)",
                    key="hooks." + ".".join(where),
                    line=line_of("hooks"),
                    fix="fix the hook entry (events -> [{matcher, hooks: [{type, command}]}])",
                )
        issues = hook_issues(data["hooks"])
        if not issues and guard_in_bad_event(data["hooks"]):
            guard = "PreToolUse/PermissionRequest hooks sit under an unknown event or in a value that is not a list"
            issues = [((), guard)]
        if issues:
            for where, msg in issues:
                add(
                    "hooks-invalid",
                    Severity.ERROR,
                    f"hooks.{'.'.join(where)}: {msg} (the engine skips the file: Unknown parsing error)"
                    if where
                    else f"hooks: {msg} (the engine skips the file)",
                    key="hooks" + "".join(f".{w}" for w in where),
                    line=line_of("hooks"),
                    fix="fix the hooks map (events -> [{matcher, hooks: [{type, command}]}])",
                )
            return FileResult(
                agent=None, rule="hooks-invalid", reason="Unknown parsing error", problems=tuple(problems)
            )

    kept, findings = read_fields(data)
    if plugin is None and isinstance(data.get("hooks"), dict) and data["hooks"]:
        # A Stop hook of an agent fires when the subagent stops: the engine files it under SubagentStop.
        kept["hooks"] = {("SubagentStop" if event == "Stop" else str(event)): v for event, v in data["hooks"].items()}
    for f in findings:
        line = line_of(f.key)
        key = f.key
        if f.index is not None:
            key = f"{f.key}[{f.index}]"
            items = item_lines.get(f.key, [])
            line = items[f.index] if f.index < len(items) else line
        text = f.message + ("" if f.engine_logs else " (dropped without a log line)")
        add(f.rule, Severity.WARNING, text, key=key, line=line, fix=f.fix)

    for key in ("tools", "disallowedTools"):
        value = data.get(key)
        if isinstance(value, list):
            items = item_lines.get(key, [])
            for i, item in enumerate(value):
                if not isinstance(item, str):
                    add(
                        "invalid-value",
                        Severity.WARNING,
                        f"{key} item '{js_string(item)}' is not a tool name (dropped without a log line)",
                        key=f"{key}[{i}]",
                        line=items[i] if i < len(items) else line_of(key),
                        fix="write tool names as strings",
                    )
        elif key in data and value is not None and not isinstance(value, str):
            add(
                "invalid-value",
                Severity.WARNING,
                f"{key} '{js_string(value)}' is not a list or a string (dropped without a log line)",
                key=key,
                line=line_of(key),
                fix="write Read, Grep or a YAML list",
            )

    tools = read_tools(data.get("tools"), present="tools" in data)
    if "memory" in kept:
        tools = with_memory_tools(tools)
    disallowed = read_tools(data.get("disallowedTools"), present="disallowedTools" in data)
    if tools == () and "tools" in data:
        add(
            "tools-empty",
            Severity.WARNING,
            "tools is empty: the list shows All tools, but the agent starts with no tools at all",
            key="tools",
            line=line_of("tools"),
            fix="remove the tools key to give it every tool (if none is meant, Claude is still told All tools)",
        )
    elif tools:
        access = agent_access(tools, disallowed)
        mcp = [t for t in tools if is_mcp(t)]
        if access.refused and mcp:
            # The engine knows MCP names but gives them only when their server is connected: a
            # definition cannot say whether it will be, so this warns instead of erring.
            add(
                "tools-mcp-only",
                Severity.WARNING,
                f"tools names no tool but MCP tools ({', '.join(mcp)}): the engine refuses to start the "
                "agent unless a connected MCP server gives one of them",
                key="tools",
                line=line_of("tools"),
                fix="connect that MCP server in every session that uses the agent, or add a built-in tool",
            )
        if access.refused and not mcp:
            add(
                "tools-unrecognized",
                Severity.ERROR,
                f"tools names nothing Claude Code recognizes ({', '.join(access.refused)}): "
                "the engine refuses to start the agent",
                key="tools",
                line=line_of("tools"),
                fix="spell the tools as Claude Code does (Read, Grep, Glob, Bash, Edit, Write, ...)",
            )
        else:
            # Each one alone would be refused (MCP names are told apart above).
            dropped = [t for t in tools if not is_mcp(t) and agent_access((t,), None).refused]
            if dropped:
                message, fix = _unknown_tools(dropped, data.get("tools"), refused=bool(access.refused))
                add("tool-unknown", Severity.WARNING, message, key="tools", line=line_of("tools"), fix=fix)

    if plugin is not None:
        # Its own name: any non-null value as JavaScript's String() of it ("a,b" for a list), as
        # written; the file name without ".md" when that is empty, or over 256 UTF-16 units (the
        # engine then warns) (a7_plugin_name_values).
        own = "" if raw_name is None else js_string(raw_name)
        if utf16_len(own) > MAX_NAME:
            add(
                "plugin-name-too-long",
                Severity.WARNING,
                f"the name is over {MAX_NAME} characters: the engine ignores it and names the agent after the file",
                key="name",
                line=line_of("name"),
                fix="shorten the name",
            )
            own = ""
        full_name = ":".join((plugin, *namespace, own or Path(path).name.removesuffix(".md")))
    else:
        full_name = str(raw_name)
    agent = AgentDefinition(
        name=full_name,
        description=description,
        prompt=split.body.strip(),
        source=source,
        path=path,
        plugin=plugin,
        tools=tools,
        disallowed_tools=disallowed,
        unknown_keys=tuple(unknown),
        **kept,
    )
    return FileResult(agent=agent, rule="", reason="", problems=tuple(problems))


def _truthy_hooks(v: Any) -> bool:
    return v not in (None, False, 0, "") or isinstance(v, list | dict)


_DASH_ITEM = re.compile(r"(?:^|\s)-\s")


def _unknown_tools(dropped: list[str], raw: object, *, refused: bool) -> tuple[str, str]:
    """The message and fix of ``tool-unknown``: the names the agent starts without (or, refused
    for want of its MCP tools, would start without once their server is connected). A tools
    string that ``- name`` lines continue is quoted whole, as YAML reads it, and a parenthesised
    note a space parts from its name is said to stand alone (g14_real_ta_engineering, g14_real_ta_qa:
    the engine lists such items and drops them)."""
    one = len(dropped) == 1
    them = "it" if one else "them"
    what = "not a tool" if one else "not tools"
    if refused:
        starts = f"once a connected MCP server gives one of its MCP tools, the agent would start without {them}"
    else:
        starts = f"the agent starts without {them}"
    message = f"{', '.join(dropped)}: {what} Claude Code recognizes; {starts}"
    notes = [t for t in dropped if t.startswith("(")]
    if notes:
        quoted = ", ".join(f'"{t}"' for t in notes)
        message += f"; a space parts {quoted} from the name before it, so it counts as a tool name of its own"
    if isinstance(raw, str) and "-" in dropped and _DASH_ITEM.search(raw):
        message += (
            f'; YAML reads tools as one string, "{raw}": the "- name" lines below "tools:" continue it and make no list'
        )
        return (
            message,
            "put every tool on the tools line, comma-separated, or make tools a YAML list: one - Name line each",
        )
    return message, f"spell {them} as Claude Code does, or remove {them}"
