"""The project's small error tree; the CLI maps ``AgentsMdError`` to exit code 1."""

from __future__ import annotations


class AgentsMdError(Exception):
    """Base of every expected error: bad input, a file that cannot be read, a refused write."""


class SettingsError(AgentsMdError):
    """A settings file or ``--settings`` value that is not what the engine expects."""


class PluginError(AgentsMdError):
    """A plugin that could not be registered; the message names the plugin."""


class UsageError(AgentsMdError):
    """Arguments that do not make sense together (the CLI exits 2 for these)."""


class RunRefused(AgentsMdError):
    """The engine refuses to start the run (``--agent`` naming no type it offers); ``lines`` are
    its stderr lines."""

    def __init__(self, lines: tuple[str, ...]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines
