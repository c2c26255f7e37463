"""The command line (``main``), its sub-commands named once for ``main`` and ``parser``."""

# Sub-commands in the order ``--help`` lists them.
COMMANDS = (
    "context",
    "read",
    "replay",
    "replay-engine",
    "config",
    "agents",
    "check",
    "link",
    "map",
    "hook",
    "mcp",
    "completion",
)
DEBUG_ENV = "AGENTS_MD_DEBUG"  # set (not to 0), an unexpected error shows its traceback
