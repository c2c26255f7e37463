"""Replaying a scripted session: what the engine would send, in the candidate protocol.

Input (a dict, as JSON): ``{root, home, cwd, args, env, reads, reads_after, subagents,
prompt, turns, managed}``. Output: ``{claude_md, mention_blocks, attachments, engine_blocks, attachments_after,
engine_blocks_after, subagents: {key: {claude_md, attachments, engine_blocks}}, turns: {key: {claude_md,
mention_blocks, attachments, engine_blocks}},
agent_lines, notices}``.
"""

from __future__ import annotations

import uuid
from typing import Any

from agents_md._util.std import Mapping, Sequence
from agents_md.errors import RunRefused
from agents_md.host.plugins import PluginSpec
from agents_md.host.script import check_script
from agents_md.host.session import Session

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md.engine.loop import ReadResult


def replay(
    script: Mapping[str, Any], *, managed_dir: str | None = None, extra_plugins: Sequence[PluginSpec] = ()
) -> dict[str, Any]:
    script = check_script(script)
    env = {str(k): str(v) for k, v in (script.get("env") or {}).items()}
    home = env.get("HOME") or script["home"]  # the engine's home is its HOME
    session = Session(
        cwd=script["cwd"],
        home=home,
        env=env,
        args=list(script.get("args") or []),
        managed_dir=managed_dir,
        extra_plugins=extra_plugins,
    )
    # The engine's conversation id: a context too long for the conversation is shown as it shows it.
    session.session_id = str(uuid.uuid4())
    refusal = session.main_agent_refusal()
    if refusal is not None:
        raise RunRefused((refusal,))
    # Each start block as sent: with the line break it ends with when no other reminder follows.
    out: dict[str, Any] = {"claude_md": session.sent(session.claude_md)}
    home = session.inputs.home
    main_loop = session.loop()
    if not script.get("turns"):
        # What the prompt's @-mentions attach goes in its message, beside the start block: with no
        # start block it is no start block (h37_mmiss_*).
        out["mention_blocks"] = _mention_blocks(_mention(session, script.get("prompt")))
    results = [main_loop.read(p, home=home) for p in script.get("reads") or []]
    out["attachments"] = [r.hook_text for r in results]
    out["engine_blocks"] = [list(r.engine_blocks) for r in results]  # the engine's own nested blocks
    subagents: dict[str, Any] = {}
    for spec in script.get("subagents") or []:
        child = session.spawn(spec.get("type") or None)
        # A subagent with no tools at all (or never started) makes no call: no attachments at all.
        calls = child.started and child.tools != ()
        read = [child.read(p) for p in spec.get("reads") or []] if calls else None
        subagents[str(spec.get("key"))] = {
            "claude_md": session.sent(child.claude_md, agent=child),
            "attachments": [r.hook_text for r in read] if read is not None else None,
            "engine_blocks": [list(r.engine_blocks) for r in read] if read is not None else None,
        }
    out["subagents"] = subagents
    after = [main_loop.read(p, home=home) for p in script.get("reads_after") or []]
    out["attachments_after"] = [r.hook_text for r in after]
    out["engine_blocks_after"] = [list(r.engine_blocks) for r in after]
    if script.get("turns"):
        out["turns"] = _turns(session, script["turns"])
    out["agent_lines"] = session.agent_lines()  # None without the Agent tool
    out["notices"] = [n.text for n in session.notices if n.level == "info"]
    return out


def _mention(session: Session, prompt: Any) -> list[ReadResult]:
    """The files the prompt ``@``-mentions, attached before the turn's first Read (the engine reads
    them into the prompt's message; what they attach counts as given)."""
    if not (isinstance(prompt, str) and "@" in prompt):
        return []
    from agents_md.engine.touch import prompt_mentions

    return session.mention_all(prompt_mentions(prompt, session.inputs.cwd))


def _mention_blocks(mentioned: list[ReadResult], *, context_follows: bool = True) -> list[str]:
    """The plugin's texts in the prompt's order, the engine's nested files in the order it is done
    with the mentions (``engine.touch`` step 5)."""
    from agents_md.engine import render
    from agents_md.engine.touch import mention_order

    hook_texts = [t for r in mentioned for t in r.hook_texts]
    done = [mentioned[i] for i in mention_order([r.path for r in mentioned])]
    files = [f for r in done for f in r.engine_files]
    return list(render.mention_blocks(hook_texts, files, context_follows=context_follows))


def _turns(session: Session, turns: list[Any]) -> dict[str, Any]:
    """Each keyed turn's context, what its prompt @-mentions attach, and its attachments;
    ``/compact`` and ``/clear`` between them."""
    out: dict[str, Any] = {}
    fresh = True  # the next prompt's message carries the context reminders (the first, or after /compact, /clear)
    for turn in turns:
        command = turn if isinstance(turn, str) else (turn.get("prompt") if "key" not in turn else None)
        if isinstance(command, str) and command.strip() in ("/compact", "/clear"):
            if command.strip() == "/compact":
                session.compact()
            else:
                session.clear()
            fresh = True
            continue
        if not isinstance(turn, dict) or "key" not in turn:
            continue
        start = session.turn()
        mentioned = _mention(session, turn.get("prompt"))
        read = [session.read(p) for p in turn.get("reads") or []]
        out[str(turn["key"])] = {
            "claude_md": session.sent(start.claude_md),
            "mention_blocks": _mention_blocks(mentioned, context_follows=fresh),
            "attachments": [r.hook_text for r in read],
            "engine_blocks": [list(r.engine_blocks) for r in read],
        }
        fresh = False
    return out
