"""What the engine wrote in its config folder (the run's ``<HOME>/.claude``, or the scenario's
``CLAUDE_CONFIG_DIR``: ``Run.config_dir``), and its other side channels.

- transcripts (``projects/**/*.jsonl``): the plugin's attachment as the
  engine recorded it (used to cut the exact hook text out of the wire), and
  the agent-type list split into lines (a description may hold newlines, so
  the wire text alone cannot be split);
- the plugin's store (``plugins/store/*.json``): its effective mode;
- stream-json output: the plugin's ``ui_log`` notices;
- the ``--debug-file`` log: the lines about agent files and instruction files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# debug lines worth keeping: agent files, front matter, --agents, instruction
# files, the managed folder, compaction; minus chatter that changes every run
_DEBUG_KEEP = re.compile(
    r"Agent file |agent from |\[agents\]|frontmatter|--agents|/etc/claude-code|"
    r"CLAUDE\.md|AGENTS\.md|managed[- ]settings|claudeMd|compact",
    re.I,
)
_DEBUG_DROP = re.compile(r"Failed to save config with lock|\[API:timing\]|autocompact: tokens=")
_TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT[\d:.]+Z ")


def _records(paths: list[Path]) -> Iterator[dict[str, Any]]:
    for path in paths:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                yield record


def _attachment(record: dict[str, Any], kind: str) -> dict[str, Any] | None:
    att = record.get("attachment")
    return att if isinstance(att, dict) and att.get("type") == kind else None


def hook_texts(config: Path) -> dict[str, str]:
    """{tool_use id: the plugin's hook text as it reaches the model}, subagents included."""
    out = {}
    for record in _records(sorted((config / "projects").glob("**/*.jsonl"))):
        att = _attachment(record, "hook_additional_context")
        if att is None or att.get("hookName", "tool.call") != "tool.call":
            continue  # a settings hook's text (settings_hook_texts)
        content = att.get("content")
        if isinstance(content, list):
            content = "\n".join(str(x) for x in content)
        tool_id = str(att.get("toolUseID") or "").removesuffix("-context")
        out[tool_id] = f"{att.get('hookName', 'tool.call')} hook additional context: {content}"
    return out


def settings_hook_texts(config: Path) -> list[tuple[str, str]]:
    """(tool_use id or event, text as it reaches the model) of every settings hook's context, in
    transcript order, subagents included; the same text recorded twice is kept once."""
    out: list[tuple[str, str]] = []
    for record in _records(sorted((config / "projects").glob("**/*.jsonl"))):
        att = _attachment(record, "hook_additional_context")
        if att is None or att.get("hookName", "tool.call") == "tool.call":
            continue
        content = att.get("content")
        if isinstance(content, list):
            content = "\n".join(str(x) for x in content)
        key = str(att.get("toolUseID") or "")
        item = (key, f"{att.get('hookName')} hook additional context: {content}")
        if item not in out:
            out.append(item)
    return out


def custom_agent_lines(config: Path) -> list[str] | None:
    """The main loop's agent-type lines for the types that are not built in, in
    the engine's order; None when no listing was recorded."""
    main_transcripts = sorted((config / "projects").glob("*/*.jsonl"))  # not subagents'
    for record in _records(main_transcripts):
        att = _attachment(record, "agent_listing_delta")
        if att is None or record.get("isSidechain"):
            continue
        built_in = set(att.get("builtInTypes") or [])
        return [
            line
            for kind, line in zip(att.get("addedTypes") or [], att.get("addedLines") or [], strict=False)
            if kind not in built_in
        ]
    return None


def plugin_store(config: Path) -> dict[str, Any]:
    """{file name: content} of the plugin store, session ids as <UUID>."""
    out: dict[str, Any] = {}
    for path in sorted((config / "plugins" / "store").glob("*.json")):
        try:
            content: Any = json.loads(_UUID.sub("<UUID>", path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as err:
            content = f"<unreadable: {err}>"
        out[path.name] = content
    return out


def stream_events(stdout: str) -> Iterator[dict[str, Any]]:
    for line in stdout.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict):
            yield event


def ui_log(stdout: str) -> list[dict[str, Any]]:
    """The plugins' notices: stream-json ``system``/``ui_log`` events."""
    return [
        {"plugin": e.get("plugin"), "text": e.get("text")}
        for e in stream_events(stdout)
        if e.get("type") == "system" and e.get("subtype") == "ui_log"
    ]


def debug_lines(log: Path, extra: tuple[str, ...]) -> list[str] | None:
    if not log.exists():
        return None
    wanted = [_DEBUG_KEEP, *(re.compile(x) for x in extra)]
    kept = []
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        line = _TIMESTAMP.sub("", line)
        if not _DEBUG_DROP.search(line) and any(w.search(line) for w in wanted):
            kept.append(line)
    return kept
