"""One result file: what a run showed, in the form the conformance suite reads.

Per conversation (the main loop, each subagent, each scripted turn) the first
request gives the ``claudeMd`` block, and the request that answers the n-th
tool call shows what followed that call: the plugin's attachment and the
engine's own nested blocks.  Every path of the run is written back as
``<ROOT>``, ``<HOME>`` or ``<RUN>`` so results do not depend on where the run
took place.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import home_state, settings_hooks, wire
from .engine import Outcome
from .mock_api import Request
from .scenario import Run
from .script import MAIN, blocks, start_of

_STDERR_TAIL = 2000


class _Conversation:
    """The Messages requests of one conversation, by step."""

    def __init__(self, conv: str, requests: list[Request], hooks: dict[str, str], *, with_tools: bool = True) -> None:
        self.conv = conv
        self.requests = [r for r in requests if r.conv == conv and (r.has_tools or not with_tools)]
        self.hooks = hooks

    def __bool__(self) -> bool:
        return bool(self.requests)

    def at_step(self, step: int) -> Request | None:
        # a retried request repeats its step; the first one counts
        return next((r for r in self.requests if r.step == step), None)

    @property
    def first(self) -> Request:
        return self.at_step(0) or self.requests[0]

    @property
    def first_messages(self) -> list[dict[str, Any]]:
        return self.first.body.get("messages") or []

    def exchange(self, index: int) -> wire.Exchange | None:
        """The `index`-th tool call of this conversation and what followed it,
        as seen in the request that answers it."""
        request = self.at_step(index + 1)
        if request is None:
            return None
        messages = request.body.get("messages") or []
        return wire.exchange(messages, start_of(messages, self.conv), index)

    def after_calls(self, first_call: int, count: int) -> tuple[list[str | None], list[list[str]]]:
        """(plugin attachment, engine blocks) after each of `count` tool calls."""
        attachments: list[str | None] = []
        engine: list[list[str]] = []
        for index in range(first_call, first_call + count):
            ex = self.exchange(index)
            attachments.append(None if ex is None else wire.hook_text(ex, self.hooks.get(ex.tool_use_id)))
            engine.append([] if ex is None else wire.engine_blocks(ex))
        return attachments, engine

    def settings_hooks_after(self, first_call: int, count: int, texts: list[tuple[str, str]]) -> list[str | None]:
        """The settings hooks' texts after each of ``count`` tool calls (joined by a blank line), or None."""
        out: list[str | None] = []
        for index in range(first_call, first_call + count):
            ex = self.exchange(index)
            found = (
                [] if ex is None else settings_hooks.found_in([t for _, t in ex.follow], _for(texts, ex.tool_use_id))
            )
            out.append("\n\n".join(found) if found else None)
        return out

    def settings_hooks_at_start(self, texts: list[tuple[str, str]]) -> list[str]:
        """The settings hooks' texts (SessionStart, SubagentStart, UserPromptSubmit) in the first request."""
        wire_texts = [b.get("text") or "" for m in self.first_messages for b in blocks(m) if b.get("type") == "text"]
        return settings_hooks.found_in(wire_texts, [t for key, t in texts if not key.startswith("toolu_")])

    def completed(self, calls: int) -> bool:
        """The model got an answer for every scripted call."""
        return self.at_step(calls) is not None


def _for(texts: list[tuple[str, str]], tool_use_id: str) -> list[str]:
    return [t for key, t in texts if key == tool_use_id]


def _settings_hooks(run: Run, requests: list[Request], res: dict[str, Any]) -> None:
    """What the settings hooks added, per conversation: ``hook_start`` (the texts in its first
    request) and ``hook_attachments`` (after each scripted call)."""
    texts = home_state.settings_hook_texts(run.config_dir)
    main = _Conversation(MAIN, requests, {})
    if main:
        res["hook_start"] = main.settings_hooks_at_start(texts)
        res["hook_attachments"] = main.settings_hooks_after(0, len(run.reads), texts)
        if run.reads_after:
            first = len(run.reads) + len(run.subagents)
            res["hook_attachments_after"] = main.settings_hooks_after(first, len(run.reads_after), texts)
    for sa in run.subagents:
        conv = _Conversation(f"sub:{sa.key}", requests, {})
        if conv and sa.key in res.get("subagents", {}):
            res["subagents"][sa.key]["hook_start"] = conv.settings_hooks_at_start(texts)
            res["subagents"][sa.key]["hook_attachments"] = conv.settings_hooks_after(0, len(sa.reads), texts)
    for turn in run.turns:
        conv = _Conversation(f"turn:{turn.key}", requests, {})
        if turn.key is not None and conv:
            res["turns"][turn.key]["hook_start"] = conv.settings_hooks_at_start(texts)
            res["turns"][turn.key]["hook_attachments"] = conv.settings_hooks_after(0, len(turn.reads), texts)


def _subagent(
    run: Run, requests: list[Request], hooks: dict[str, str], index: int, main: _Conversation
) -> dict[str, Any]:
    sa = run.subagents[index]
    conv = _Conversation(f"sub:{sa.key}", requests, hooks)
    entry: dict[str, Any] = {"type": sa.type, "started": bool(conv)}
    agent_call = main.exchange(len(run.reads) + index)
    if agent_call is not None:
        entry["agent_result"] = agent_call.result
    if conv:
        body = conv.first.body
        block = wire.claude_md_of_first_user(conv.first_messages)
        attachments, engine = conv.after_calls(0, len(sa.reads))
        entry.update(
            {
                "model": body.get("model"),
                "tools": sorted(t.get("name") for t in body["tools"]),
                "claude_md": block,
                "files": wire.headings(block),
                "attachments": attachments,
                "engine_blocks": engine,
                "completed": conv.completed(len(sa.reads)),
            }
        )
    elif any(r.conv == conv.conv for r in requests):
        # A subagent left with no tools sends requests without a tool list: it starts with its
        # instructions, and can make no call (no attachments at all).
        bare = _Conversation(conv.conv, requests, hooks, with_tools=False)
        block = wire.claude_md_of_first_user(bare.first_messages)
        entry.update({"started": True, "tools": [], "no_tool_list": True, "claude_md": block})
        entry.update({"files": wire.headings(block), "attachments": None, "model": bare.first.body.get("model")})
    return entry


def _turns(run: Run, requests: list[Request], hooks: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for turn in run.turns:
        if turn.key is None:
            continue
        conv = _Conversation(f"turn:{turn.key}", requests, hooks)
        if not conv:
            out[turn.key] = {"prompt": turn.prompt, "started": False}
            continue
        block = wire.first_claude_md_anywhere(conv.first_messages)
        attachments, engine = conv.after_calls(0, len(turn.reads))
        out[turn.key] = {
            "prompt": turn.prompt,
            "started": True,
            "completed": conv.completed(len(turn.reads)),
            "claude_md": block,
            "files": wire.headings(block),
            "attachments": attachments,
            "engine_blocks": engine,
        }
        if "@" in turn.prompt:
            # what the turn's prompt @-mentions attached, in the messages since the last answer
            messages = conv.first_messages
            out[turn.key]["mention_blocks"] = wire.turn_mention_blocks(messages, start_of(messages, conv.conv))
    return out


def _ok(run: Run, outcome: Outcome, main: _Conversation, result: dict[str, Any]) -> bool:
    if run.expect_exit:
        return outcome.exit_code == run.expect_exit
    if outcome.exit_code != 0:
        return False
    if run.turns:
        return all(t.get("completed") for t in result["turns"].values())
    calls = len(run.reads) + len(run.subagents) + len(run.reads_after)
    return main.completed(calls) and all(
        result["subagents"][sa.key]["started"] or sa.expect_not_started for sa in run.subagents
    )


def assemble(run: Run, outcome: Outcome, requests: list[Request], managed: list[str]) -> dict[str, Any]:
    """The result of `run` (paths not yet written back as placeholders)."""
    hooks = home_state.hook_texts(run.config_dir)
    main = _Conversation(MAIN, requests, hooks)
    res: dict[str, Any] = {"name": run.name}
    block = wire.claude_md_of_first_user(main.first_messages) if main else None
    res["claude_md"], res["files"] = block, wire.headings(block)
    if "@" in run.prompt and not run.turns:
        # what the prompt's @-mentions attached (the built-in plugin's texts and the engine's
        # nested files; with settings hooks the engine's alone: the hook's own are in hook_start)
        res["mention_blocks"] = wire.mention_blocks(main.first_messages) if main else []
    res["attachments"], res["engine_blocks"] = main.after_calls(0, len(run.reads))
    if run.subagents:
        res["subagents"] = {sa.key: _subagent(run, requests, hooks, i, main) for i, sa in enumerate(run.subagents)}
    if run.reads_after:
        res["attachments_after"], res["engine_blocks_after"] = main.after_calls(
            len(run.reads) + len(run.subagents), len(run.reads_after)
        )
    if run.turns:
        res["turns"] = _turns(run, requests, hooks)
        first = next((t for t in res["turns"].values() if t["started"]), None)
        res["claude_md"] = first["claude_md"] if first else None
        res["files"] = first["files"] if first else []
    if run.settings_hooks:
        _settings_hooks(run, requests, res)
    # the listing is read only when the engine got as far as a first request
    reached_model = any(r.has_tools and (r.conv == MAIN or r.conv.startswith("turn:")) for r in requests)
    res["agent_lines"] = home_state.custom_agent_lines(run.config_dir) if reached_model else None
    res["ui_log"] = home_state.ui_log(outcome.stdout)
    res["plugin_store"] = home_state.plugin_store(run.config_dir)
    if managed:
        res["managed"] = managed
    if run.debug:
        res["debug_log"] = home_state.debug_lines(run.run_dir / "debug.log", run.debug_grep)
    res["requests"] = {c: sum(r.conv == c for r in requests) for c in sorted({r.conv for r in requests})}
    res["exit_code"] = outcome.exit_code
    res["timed_out"] = outcome.timed_out
    res["stderr_tail"] = outcome.stderr[-_STDERR_TAIL:]
    res["seconds"] = round(outcome.seconds, 2)
    return {"name": run.name, "ok": _ok(run, outcome, main, res), **res}


def placeholder_writer(run: Run) -> Callable[[Any], Any]:
    """A function that writes every path of `run` back as its placeholder."""
    pairs: list[tuple[str, str]] = []
    for tag, path in run.placeholders.items():
        spellings = {str(path), str(path.resolve())}  # the temp dir may be a link
        for spelling in spellings:
            pairs.append((spelling, tag))
            # the engine names its project folders after the path, non-alphanumerics as "-"
            pairs.append((re.sub(r"[^A-Za-z0-9]", "-", spelling), tag.replace("<", "<DASHED-")))
    pairs.sort(key=lambda pair: -len(pair[0]))  # <ROOT> before the <RUN> it lies in

    def write_back(value: Any) -> Any:
        if isinstance(value, str):
            for spelling, tag in pairs:
                value = value.replace(spelling, tag)
            return value
        if isinstance(value, list):
            return [write_back(x) for x in value]
        if isinstance(value, dict):
            return {write_back(k): write_back(v) for k, v in value.items()}
        return value

    return write_back
