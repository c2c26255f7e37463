"""Where the engine keeps a person's own files: ``$CLAUDE_CONFIG_DIR`` (relative: to the cwd),
else ``~/.claude``. Their ``CLAUDE.md`` and ``rules/``, ``settings.json``, ``agents/`` and the auto
memory's ``projects/`` live there."""

from __future__ import annotations

import os

from agents_md._util.std import Mapping

CONFIG_ENV = "CLAUDE_CONFIG_DIR"


def config_dir(home: str, env: Mapping[str, str] | None, cwd: str) -> str:
    given = (env or {}).get(CONFIG_ENV)
    if given:
        return os.path.normpath(os.path.join(cwd, given))
    return os.path.join(home, ".claude")
