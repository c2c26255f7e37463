"""Subagent definitions: parsed, validated and listed exactly as the engine accepts them."""

from agents_md.agents._catalog import AgentsJsonError, load_agents
from agents_md.agents._check import check_agent_files, documentation_name
from agents_md.agents._model import (
    BLOCKING_RULES,
    AgentCatalog,
    AgentDefinition,
    Duplicate,
    Shadowed,
    Skipped,
    Source,
    blocking,
)
from agents_md.agents._order import sort_key as listing_key
from agents_md.agents._parse import parse_agent_text
from agents_md.agents._render import BUILTIN_TYPES, agent_line, agent_lines
from agents_md.agents._rules import AGENT_RULES
from agents_md.agents._sources import definition_folders
from agents_md.agents._tools import Access, agent_access

__all__ = [
    "AGENT_RULES",
    "BLOCKING_RULES",
    "BUILTIN_TYPES",
    "Access",
    "AgentCatalog",
    "AgentDefinition",
    "AgentsJsonError",
    "Duplicate",
    "Shadowed",
    "Skipped",
    "Source",
    "agent_access",
    "agent_line",
    "agent_lines",
    "blocking",
    "check_agent_files",
    "definition_folders",
    "documentation_name",
    "listing_key",
    "load_agents",
    "parse_agent_text",
]
