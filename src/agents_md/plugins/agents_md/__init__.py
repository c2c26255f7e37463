"""The built-in ``agents-md`` plugin (``agents-md@builtin``; ``agents-md`` from a folder).

Its face names what the rest of the project may know of it: the name and key it is seated
and configured under, the option and its modes, how the mode is read, and the decisions it
records on the session.
"""

from agents_md.plugins.agents_md.option import (
    AND_AGENTS_MD,
    CLAUDE_MD,
    DEFAULT,
    LEGACY_KEY,
    MANAGED_ONLY,
    MODES,
    OPTION_KEY,
    OR_AGENTS_MD,
    ModeReading,
    read_mode,
)
from agents_md.plugins.agents_md.plugin import NAME, AgentsMdPlugin

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md.plugins.agents_md.records import ReadDecision as ReadDecision
    from agents_md.plugins.agents_md.records import StoodDown as StoodDown


def __getattr__(name: str) -> object:
    """The record types load when a view asks for them (a session makes them only when it must)."""
    if name in ("ReadDecision", "StoodDown"):
        from agents_md.plugins.agents_md import records

        return getattr(records, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


BUILTIN_KEY = f"{NAME}@builtin"  # the settings key (enabledPlugins, pluginConfigs) of the built-in


def plugin_factory() -> AgentsMdPlugin:
    """The entry point: a fresh plugin for one session."""
    return AgentsMdPlugin(NAME)


__all__ = [
    "AND_AGENTS_MD",
    "BUILTIN_KEY",
    "CLAUDE_MD",
    "DEFAULT",
    "LEGACY_KEY",
    "MANAGED_ONLY",
    "MODES",
    "NAME",
    "OPTION_KEY",
    "OR_AGENTS_MD",
    "AgentsMdPlugin",
    "ModeReading",
    "ReadDecision",
    "StoodDown",
    "plugin_factory",
    "read_mode",
]
