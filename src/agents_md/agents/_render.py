"""The engine's line for one agent type: ``- NAME: DESCRIPTION (Tools: TOOLS)``."""

from __future__ import annotations

from agents_md.agents._model import AgentCatalog, AgentDefinition
from agents_md.agents._tools import tools_text

BUILTIN_TYPES = ("claude", "Explore", "general-purpose", "Plan", "statusline-setup")
HEADER = "Available agent types for the Agent tool:"


def agent_line(agent: AgentDefinition) -> str:
    return f"- {agent.name}: {agent.description} (Tools: {tools_text(agent.tools, agent.disallowed_tools)})"


def agent_lines(catalog: AgentCatalog) -> list[str]:
    """The lines of the agent types that are not built in, in the engine's order."""
    return [agent_line(a) for a in catalog.accepted]
