"""Instruction files written, edited or removed mid-session by the model's own tool calls.

The ``g9_`` recordings script ``Write``, ``Edit`` and ``Bash`` ``rm`` calls on ``AGENTS.md``,
``CLAUDE.md``, rule files and import targets, then Reads in those folders, subagents, ``/compact``
and ``/clear``. Each is played here through ``Session`` (``tool_player``) and must give what the
engine and its built-in plugin gave, byte for byte; the ``_hook_`` ones (the built-in plugin off,
``agents-md hook run`` on, reference and complete profiles) are played through the hook's code
path (``hook_driver``) and must give what the hooks added.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.hook_driver import drive
from conformance.runner import RESULTS
from conformance.tool_player import play, recorded_parts

CALLED = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RESULTS.glob("g9_*.json"))]
PLAYED = [r for r in CALLED if "agents_md_hook" not in r["scenario"]]
HOOKED = [r for r in CALLED if "agents_md_hook" in r["scenario"]]
PARTS = ("hook_start", "hook_attachments")


def _payload(value: Any) -> Any:
    """A hook text after its prefix (``SessionStart``, ``PostToolUse:Read``...), in any nesting."""
    if isinstance(value, str):
        return value.split(" hook additional context: ", 1)[1]
    if isinstance(value, list):
        return [_payload(v) for v in value]
    return value


def _hooked(result: dict[str, Any], got: dict[str, Any]) -> dict[str, Any]:
    if "turns" in got:
        return {"turns": {k: {p: _payload(v.get(p)) for p in PARTS} for k, v in result["turns"].items()}}
    out: dict[str, Any] = {p: _payload(result.get(p)) for p in PARTS}
    out["subagents"] = {k: {p: _payload(v.get(p)) for p in PARTS} for k, v in result["subagents"].items()}
    if "hook_attachments_after" in got:
        out["hook_attachments_after"] = _payload(result.get("hook_attachments_after"))
    return out


def test_the_recordings_ran_as_scripted() -> None:
    assert PLAYED and HOOKED
    assert all(r["ok"] for r in CALLED)


@pytest.mark.parametrize("result", PLAYED, ids=[r["name"] for r in PLAYED])
def test_a_session_gives_what_the_engine_gave_after_the_models_own_writes(
    result: dict[str, Any], tmp_path: Path
) -> None:
    assert play(result["scenario"], tmp_path) == recorded_parts(result)


@pytest.mark.parametrize("result", HOOKED, ids=[r["name"] for r in HOOKED])
def test_the_hook_gives_what_it_gave_in_the_engine_after_the_models_own_writes(
    result: dict[str, Any], tmp_path: Path
) -> None:
    got = drive(result["scenario"], tmp_path)
    assert got == _hooked(result, got)
