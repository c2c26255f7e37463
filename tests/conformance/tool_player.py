"""Plays a recorded scenario whose model also writes, edits or removes files (``Write``,
``Edit``, a ``Bash`` ``rm``) through ``agents_md.host.session.Session``.

Each call is done on the tree as the engine did it, before anything is attached, and then
given to ``Session.touch`` (a Read to ``Session.read``); one the engine refused (``refused``) is
not done and gives nothing. The answer has the shape of the recorded result (``claude_md``,
``attachments``, ``engine_blocks``, ``subagents``, ``attachments_after``, ``engine_blocks_after``,
``turns``).
"""

from __future__ import annotations

import os
import shlex
import uuid
from pathlib import Path
from typing import Any

from trees import substitute

from agents_md.host.session import Session, Subagent
from conformance.runner import _dashed, _resolve, lay_out

# Flags under which the engine changes a file in a ``.claude`` folder without asking.
NO_ASKING = ("bypassPermissions", "--dangerously-skip-permissions")


def refused(call: dict[str, Any], args: list[str]) -> bool:
    """Whether the engine refused ``call``: it asks before changing a file in a ``.claude`` folder
    (the project's, a nested one, the home's: "a sensitive file"), and run with ``-p`` nobody
    answers. The call fails: nothing is changed, nothing attached, no hook is told of it."""
    if any(flag in args for flag in NO_ASKING):
        return False
    paths = shlex.split(call["command"])[1:] if call["tool"] == "Bash" else [call["file_path"]]
    return any(".claude" in Path(path).parts for path in paths)


def do(call: dict[str, Any], root: str, args: list[str]) -> list[str] | None:
    """Do ``call`` on the tree as the engine's tool did; the paths it touched, for the attachments
    (``None``: the engine refused it)."""
    if refused(call, args):
        return None
    tool = call["tool"]
    if tool == "Bash":  # only ``rm PATH...`` is scripted
        words = shlex.split(call["command"])
        assert words[0] == "rm", call
        for path in words[1:]:
            os.unlink(path)
        return []
    path = _resolve(call["file_path"], root)
    if tool == "Write":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(call["content"], encoding="utf-8")
    elif tool == "Edit":
        text = Path(path).read_text(encoding="utf-8")
        assert text.count(call["old_string"]) == 1, call
        Path(path).write_text(text.replace(call["old_string"], call["new_string"]), encoding="utf-8")
    return [path]


def _call(target: Session | Subagent, entry: Any, root: str, args: list[str]) -> tuple[str | None, list[str]]:
    if isinstance(entry, str):
        result = target.read(_resolve(entry, root))
        return result.hook_text, list(result.engine_blocks)
    paths = do(entry, root, args)
    if not paths:
        return None, []
    touch = target.touch(entry["tool"], paths)
    texts = [t for r in touch.results for t in r.hook_texts]
    return ("\n\n".join(texts) or None), [b for r in touch.results for b in r.engine_blocks]


def _calls(target: Session | Subagent, entries: list[Any], root: str, args: list[str]) -> dict[str, Any]:
    done = [_call(target, e, root, args) for e in entries]
    return {"attachments": [a for a, _ in done], "engine_blocks": [b for _, b in done]}


def play(scenario: dict[str, Any], run: Path) -> dict[str, Any]:
    scn, cwd = lay_out(scenario, run)
    root, home = str(run / "root"), str(run / "home")
    args = scn.get("args", [])
    session = Session(cwd=str(cwd), home=home, args=args, managed_dir=str(run / "managed"))
    session.session_id = str(uuid.uuid4())
    out: dict[str, Any] = {}
    if scn.get("turns"):
        out["turns"] = {}
        for turn in scn["turns"]:
            prompt = turn if isinstance(turn, str) else turn.get("prompt")
            if "key" not in (turn if isinstance(turn, dict) else {}):
                session.compact() if prompt == "/compact" else session.clear()
                continue
            start = session.turn()
            out["turns"][turn["key"]] = {"claude_md": session.sent(start.claude_md)} | _calls(
                session, turn.get("reads", []), root, args
            )
    else:
        out["claude_md"] = session.sent(session.claude_md)
        out |= _calls(session, scn.get("reads", []), root, args)
        out["subagents"] = {}
        for spec in scn.get("subagents", []):
            child = session.spawn(spec.get("type") or None)
            out["subagents"][spec["key"]] = {"claude_md": session.sent(child.claude_md, agent=child)} | _calls(
                child, spec.get("reads", []), root, args
            )
        after = _calls(session, scn.get("reads_after", []), root, args)
        out["attachments_after"], out["engine_blocks_after"] = after["attachments"], after["engine_blocks"]
    back = {root: "<ROOT>", home: "<HOME>", _dashed(root): "<DASHED-ROOT>"}
    return dict(substitute(out, dict(sorted(back.items(), key=lambda kv: -len(kv[0])))))


def recorded_parts(result: dict[str, Any]) -> dict[str, Any]:
    """The recorded values ``play`` answers."""
    parts = ("claude_md", "attachments", "engine_blocks")
    if result.get("turns"):
        return {"turns": {k: {p: v.get(p) for p in parts} for k, v in result["turns"].items()}}
    out = {p: result.get(p) for p in parts}
    out["subagents"] = {k: {p: v.get(p) for p in parts} for k, v in (result.get("subagents") or {}).items()}
    out["attachments_after"] = result.get("attachments_after") or []
    out["engine_blocks_after"] = result.get("engine_blocks_after") or []
    return out
