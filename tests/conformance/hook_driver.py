"""Plays a recorded scenario's hook events through ``agents-md hook run``'s code path.

The events are those the engine sent the settings hooks in the recording, in its order:
``SessionStart`` (``startup``; ``compact`` after ``/compact``; ``clear``, with a new session id,
after ``/clear``), ``PostToolUse`` for each Read (with the subagent's ``agent_id`` inside one),
``SubagentStart`` before a subagent's first request. The answer has the recorded result's shape:
``hook_start`` (what a conversation's first request carries: a fork inherits its parent's
start, a later turn the earlier turns' ``UserPromptSubmit`` texts, each once, as far back as the
last ``/compact`` or ``/clear``) and ``hook_attachments`` per Read, each text after its prefix.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from trees import substitute

from agents_md.claude_code.run import run_hook
from conformance.runner import _dashed, _resolve, lay_out
from conformance.tool_player import do

NO_START = ("Explore", "Plan")


class _Driver:
    def __init__(self, scenario: dict[str, Any], run: Path) -> None:
        self.scn, cwd = lay_out(scenario, run)
        self.root, self.home, self.managed = run / "root", run / "home", run / "managed"
        self.cwd = str(cwd)
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **self.scn.get("env", {}), "HOME": str(self.home)}
        self.profile = scenario["agents_md_hook"].get("profile", "reference")
        self.events = scenario["agents_md_hook"].get("events", ["SessionStart", "PostToolUse:Read"])
        self.session = 0
        back = {str(self.root): "<ROOT>", str(self.home): "<HOME>", _dashed(str(self.root)): "<DASHED-ROOT>"}
        self.back = dict(sorted(back.items(), key=lambda kv: -len(kv[0])))

    def send(self, **event: Any) -> str | None:
        event = {"session_id": f"session-{self.session}", "cwd": self.cwd, **event}
        out = run_hook(json.dumps(event), env=self.env, profile=self.profile, managed_dir=str(self.managed))
        assert out.logged is None, out.logged
        if not out.stdout:
            return None
        return str(substitute(json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"], self.back))

    def start(self, source: str) -> list[str]:
        text = self.send(hook_event_name="SessionStart", source=source)
        return [text] if text else []

    def reads(self, paths: list[Any], agent: str | None = None) -> list[str | None]:
        extra = {"agent_id": agent} if agent else {}
        out = []
        for path in paths:
            call = path if isinstance(path, dict) else {"tool": "Read", "file_path": path}
            tool_input = {k: v for k, v in call.items() if k != "tool"}
            # The engine's tool did it before the hook ran; one it refused tells no hook.
            if call["tool"] != "Read" and do(call, str(self.root), self.scn.get("args", [])) is None:
                out.append(None)
                continue
            if not self.hooked("PostToolUse", call["tool"]):
                out.append(None)
                continue
            tool_input["file_path"] = _resolve(call["file_path"], str(self.root))
            out.append(self.send(hook_event_name="PostToolUse", tool_name=call["tool"], tool_input=tool_input, **extra))
        return out

    def hooked(self, event: str, tool: str) -> bool:
        """A hook is installed for ``event`` on ``tool`` (``EVENT:MATCHER``, the matcher a regex)."""
        for spec in self.events:
            name, _, matcher = spec.partition(":")
            if name == event and (not matcher or re.fullmatch(matcher, tool)):
                return True
        return False

    def prompt(self, text: str) -> list[str]:
        if "UserPromptSubmit" not in self.events:
            return []
        sent = self.send(hook_event_name="UserPromptSubmit", prompt=text)
        return [sent] if sent else []


def drive(scenario: dict[str, Any], run: Path) -> dict[str, Any]:
    d = _Driver(scenario, run)
    scn = d.scn
    res: dict[str, Any] = {}
    if scn.get("turns"):
        res["turns"] = {}
        start = d.start("startup")
        for turn in scn["turns"]:
            if isinstance(turn, str) or turn.get("key") is None:
                prompt = turn if isinstance(turn, str) else turn["prompt"]
                if prompt == "/clear":
                    d.session += 1
                start = d.start("compact" if prompt == "/compact" else "clear")
                continue
            # a turn's first request carries the earlier turns' prompt texts too, up to /compact or /clear
            start = start + [t for t in d.prompt(turn.get("prompt", "go")) if t not in start]
            res["turns"][turn["key"]] = {
                "hook_start": start,
                "hook_attachments": d.reads(turn.get("reads", [])),
            }
        return res
    res["hook_start"] = d.start("startup") + d.prompt(scn.get("prompt", "go"))
    res["hook_attachments"] = d.reads(scn.get("reads", []))
    res["subagents"] = {}
    for sa in scn.get("subagents", []):
        kind = sa.get("type") or "general-purpose"
        text = d.send(hook_event_name="SubagentStart", agent_id=sa["key"], agent_type=kind)
        start = res["hook_start"] if kind == "fork" else []
        res["subagents"][sa["key"]] = {
            "hook_start": start + ([text] if text else []),
            "hook_attachments": d.reads(sa.get("reads", []), agent=sa["key"]),
        }
    if scn.get("reads_after"):
        res["hook_attachments_after"] = d.reads(scn["reads_after"])
    return res
