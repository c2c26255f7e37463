"""The built-in ``agents-md`` plugin (``agents-md@builtin``; ``agents-md`` from a folder)."""

from agents_md.plugins.agents_md.plugin import NAME, AgentsMdPlugin


def plugin_factory() -> AgentsMdPlugin:
    """The entry point: a fresh plugin for one session."""
    return AgentsMdPlugin(NAME)


__all__ = ["NAME", "AgentsMdPlugin", "plugin_factory"]
