"""The built-in tools a session's main loop is left with, as its flags and settings leave them.

1. ``--tools LIST`` keeps only the tools it names (its values split at commas and at spaces
   outside parentheses; ``default`` keeps them all).
2. ``--disallowedTools`` (split the same way) and every settings layer's ``permissions.deny``
   remove a tool they name whole: ``Bash`` or ``Bash(*)``; a rule with a pattern
   (``Bash(git push *)``) leaves the tool.
3. ``Task`` is the Agent tool's old name. ``Agent(NAME)`` in either list withholds the agent
   type ``NAME``: it is not listed and cannot be started.
"""

from __future__ import annotations

from agents_md._util.std import Iterable, Iterator, Mapping
from agents_md._value import Value
from agents_md.engine.args import EngineArgs
from agents_md.engine.settings import Settings

AGENT, BASH = "Agent", "Bash"
_ALIASES = {"Task": AGENT}
_EVERYTHING = "default"


def _names(values: Iterable[str]) -> Iterator[str]:
    for value in values:
        depth, start = 0, 0
        for at, char in enumerate(value + ","):
            if char == "(":
                depth += 1
            elif char == ")":
                depth = max(depth - 1, 0)
            elif char in ", " and depth == 0:
                if value[start:at].strip():
                    yield value[start:at].strip()
                start = at + 1


def _whole(rule: str) -> tuple[str, str | None]:
    """A rule's tool and what its parentheses hold (``None`` without them)."""
    name, paren, rest = rule.partition("(")
    name = _ALIASES.get(name, name)
    return (name, rest[:-1] if paren and rest.endswith(")") else None)


def _deny_rules(settings: Settings) -> Iterator[str]:
    for layer in settings.layers:
        permissions = layer.values.get("permissions")
        deny = permissions.get("deny") if isinstance(permissions, Mapping) else None
        if isinstance(deny, tuple):
            yield from (rule for rule in deny if isinstance(rule, str))


class MainTools(Value):
    """Step 1-3's answer: the built-in tools removed, and the agent types withheld."""

    removed: frozenset[str]
    withheld_agents: frozenset[str]

    def has(self, tool: str) -> bool:
        return tool not in self.removed


def main_tools(args: EngineArgs, settings: Settings) -> MainTools:
    removed: set[str] = set()
    withheld: set[str] = set()
    kept = None if args.tools is None else {_whole(n)[0] for n in _names(args.tools)}
    if kept is not None and _EVERYTHING not in kept:
        removed |= {tool for tool in (AGENT, BASH) if tool not in kept}  # step 1: the tools this engine asks about
    for rule in (*_names(args.disallowed_tools), *_deny_rules(settings)):
        name, inside = _whole(rule.strip())
        if inside is None or inside == "*":
            removed.add(name)
        elif name == AGENT:
            withheld.add(inside)  # step 3
    return MainTools(removed=frozenset(removed), withheld_agents=frozenset(withheld))
