"""A Claude Code plugin folder that holds the hooks, for people who install plugins instead of
editing settings: ``.claude-plugin/plugin.json`` and ``hooks/hooks.json``.

Claude Code gives a plugin's hooks ``CLAUDE_PLUGIN_DATA``, where the hook then keeps its
session state. The plugin is named ``agents-md-hooks``: ``agents-md`` is the built-in's name.
Files are created, never replaced: a folder that already holds other content is refused.
"""

from __future__ import annotations

import json
import os

from agents_md.claude_code.install import hook_groups
from agents_md.errors import AgentsMdError

PLUGIN_NAME = "agents-md-hooks"


def plugin_files(command: str, profile: str, version: str) -> dict[str, str]:
    """{relative path: text} of the folder."""
    manifest = {
        "name": PLUGIN_NAME,
        "version": version,
        "description": "AGENTS.md read the way Claude Code reads CLAUDE.md, through agents-md hook run "
        "(silent while the built-in agents-md plugin is on)",
    }
    return {
        os.path.join(".claude-plugin", "plugin.json"): json.dumps(manifest, indent=2) + "\n",
        os.path.join("hooks", "hooks.json"): json.dumps({"hooks": hook_groups(command, profile)}, indent=2) + "\n",
    }


def write_plugin(out: str, files: dict[str, str]) -> list[tuple[str, str]]:
    """Create the files under ``out``; (path, "created" | "unchanged") each. Refuses, before writing
    anything, a file that exists with other content or is a link."""
    from agents_md._util.atomic import create_new

    status: list[tuple[str, str]] = []
    for rel, text in files.items():
        path = os.path.join(out, rel)
        if os.path.islink(path):
            raise AgentsMdError(f"{path}: a link; left as it is, nothing was written")
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace", newline="") as handle:
                if handle.read() != text:
                    raise AgentsMdError(f"{path}: exists with other content; left as it is, nothing was written")
            status.append((path, "unchanged"))
        else:
            status.append((path, "created"))
    for path, state in status:
        if state == "created":
            os.makedirs(os.path.dirname(path), exist_ok=True)
            create_new(path, files[os.path.relpath(path, out)])
    return status
