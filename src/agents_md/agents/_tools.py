"""Tool lists: how ``tools``/``disallowedTools`` are read, and the ``(Tools: ...)`` text.

Reading (both keys): a string, or each string item of a list, is split at commas and at
spaces outside parentheses (a ``(`` opens a group and any ``)`` closes it: there is no
nesting, so ``Bash((x), Read`` is two items); items are trimmed and empty ones dropped;
other list items are ignored. A key that is absent gives ``None``; any other non-list, non-string value gives an
empty list. A ``*`` anywhere makes the whole list ``None`` (every tool; for
``disallowedTools``: nothing withheld).

Then, for an agent with a valid ``memory``, an explicit ``tools`` list gains the missing ones
of ``Write``, ``Edit``, ``Read`` in that order.

Rendering: ``All tools`` when ``tools`` is ``None`` or empty, or ``All tools except D`` with
the withheld names; otherwise the ``tools`` items with every exact match of a withheld name
removed, joined with ``", "`` (``None`` when nothing is left).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from agents_md._util.jstext import JS_WHITESPACE as JS_WS

MEMORY_TOOLS = ("Write", "Edit", "Read")

# The names the engine recognizes in an agent's tools list (seen on 2.1.328, one name at a time:
# the s_noread_ scenarios), the old names it maps, and one it takes that gives a subagent nothing.
# An MCP tool (``mcp__server__tool``, or ``mcp__server__*``) resolves only to a tool a connected
# server gives; the sessions this project models connect none, so it resolves to nothing and an
# agent naming only such tools is refused (a7_mcp_only_tools_refused).
RECOGNIZED_TOOLS = frozenset(
    {
        "Agent",
        "Bash",
        "CronCreate",
        "CronDelete",
        "CronList",
        "Edit",
        "EnterWorktree",
        "ExitWorktree",
        "Glob",
        "Grep",
        "ListAgents",
        "Monitor",
        "NotebookEdit",
        "Read",
        "ReportFindings",
        "SendMessage",
        "Skill",
        "TaskStop",
        "ToolSearch",
        "WebFetch",
        "WebSearch",
        "Write",
    }
)
TOOL_ALIASES = {"Task": "Agent", "KillBash": "TaskStop", "KillShell": "TaskStop"}
GIVES_NOTHING = frozenset({"ToolSearch"})
# Given Bash, a subagent searches through it: the engine drops these from its list (a7_bash_hides_glob_grep).
BASH_SEARCH = frozenset({"Glob", "Grep"})


class Access(NamedTuple):
    """What a subagent of a definition can use: its tools (``None``: every tool but those
    ``withheld``), whether it can Read, and — when its list names tools but none the engine
    recognizes — those names: the engine then refuses to start it."""

    tools: tuple[str, ...] | None
    can_read: bool
    refused: tuple[str, ...] = ()
    withheld: frozenset[str] = frozenset()  # disallowedTools, by tool, when tools is None

    def has(self, tool: str) -> bool:
        """Whether the agent has ``tool`` (Bash: the engine's attribution note follows its start block)."""
        return tool not in self.withheld if self.tools is None else tool in self.tools


def _tool_name(item: str) -> str:
    name = item.split("(", 1)[0].strip(JS_WS)  # "Read(src/**)" is the Read tool
    return TOOL_ALIASES.get(name, name)


def agent_access(tools: tuple[str, ...] | None, disallowed: tuple[str, ...] | None) -> Access:
    """The tools a subagent gets from ``tools`` and ``disallowedTools`` as read (``read_tools``)."""
    denied = {_tool_name(d) for d in disallowed or ()}
    if tools is None:
        return Access(tools=None, can_read="Read" not in denied, withheld=frozenset(denied))
    names = [_tool_name(t) for t in tools]
    known = [n for n in names if n in RECOGNIZED_TOOLS]
    kept = tuple(dict.fromkeys(n for n in known if n not in GIVES_NOTHING and n not in denied))
    if "Bash" in kept:
        kept = tuple(n for n in kept if n not in BASH_SEARCH)
    if not known and names:
        return Access(tools=(), can_read=False, refused=tuple(names))
    return Access(tools=kept, can_read="Read" in kept)


def is_mcp(item: str) -> bool:
    """An MCP tool's name (or a server's wildcard): known to the engine, present only with its server."""
    return item.startswith("mcp__")


def split_tools(text: str) -> list[str]:
    """The engine's splitter: ``(`` opens and ``)`` closes a group (no nesting count)."""
    items: list[str] = []
    in_group = False
    current = ""
    for ch in text:
        if ch in "()":
            in_group = ch == "("
            current += ch
        elif ch in ", " and not in_group:
            if current.strip(JS_WS):
                items.append(current.strip(JS_WS))
            if ch == "," or current.strip(JS_WS):
                current = ""
        elif current or ch.strip(JS_WS):
            current += ch
    if current.strip(JS_WS):
        items.append(current.strip(JS_WS))
    return items


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
