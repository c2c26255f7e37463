"""The agent definitions a session offers, read with the session's own inputs."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agents_md.agents import AgentCatalog, AgentDefinition
    from agents_md.host.session import Session


def catalog(session: Session) -> AgentCatalog:
    from agents_md.agents import load_agents

    inputs = session.inputs
    return load_agents(
        cwd=inputs.cwd,
        home=inputs.home,
        managed_dir=inputs.managed_dir,
        agents_json=inputs.args.agents_json,
        plugin_dirs=inputs.args.plugin_dirs,
        env=inputs.env,
        setting_sources=inputs.args.setting_sources,
    )


def find_agent(session: Session, name: str) -> AgentDefinition | None:
    """The accepted custom agent of that name (built-in types are not definitions)."""
    for agent in catalog(session).accepted:
        if agent.name == name:
            return agent
    return None


def agent_lines(session: Session) -> list[str]:
    from agents_md.agents import agent_lines as lines

    return lines(catalog(session))
