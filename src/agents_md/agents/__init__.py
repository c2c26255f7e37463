"""Subagent definitions: parsed, validated and listed exactly as the engine accepts them."""

from agents_md.agents._catalog import AgentsJsonError, load_agents
from agents_md.agents._check import check_agent_files
from agents_md.agents._model import (
    AgentCatalog,
    AgentDefinition,
    Duplicate,
    Problem,
    Severity,
    Shadowed,
    Skipped,
    Source,
)
from agents_md.agents._parse import parse_agent_text
from agents_md.agents._render import BUILTIN_TYPES, agent_line, agent_lines

__all__ = [
    "BUILTIN_TYPES",
    "AgentCatalog",
    "AgentDefinition",
    "AgentsJsonError",
    "Duplicate",
    "Problem",
    "Severity",
    "Shadowed",
    "Skipped",
    "Source",
    "agent_line",
    "agent_lines",
    "check_agent_files",
    "load_agents",
    "parse_agent_text",
]
