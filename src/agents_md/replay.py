"""Replaying a scripted session: what the engine would send, in the candidate protocol.

Input (a dict, as JSON): ``{root, home, cwd, args, env, reads, reads_after, subagents,
prompt, turns, managed}``. Output: ``{claude_md, attachments, attachments_after,
subagents: {key: {claude_md, attachments}}, turns: {key: {claude_md, attachments}},
agent_lines, notices}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agents_md.session import Session


def agent_omits_claude_md(session: Session, agent_type: str) -> bool:
    """Whether a custom agent of this type is defined with ``omitClaudeMd: true``."""
    try:
        from agents_md.agents import find_agent
    except ImportError:
        return False
    agent = find_agent(session, agent_type)
    return bool(agent is not None and getattr(agent, "omit_claude_md", False))


def _agent_lines(session: Session) -> list[str] | None:
    try:
        from agents_md.agents import session_agent_lines
    except ImportError:
        return None
    return session_agent_lines(session)


def replay(script: Mapping[str, Any], *, managed_dir: str | None = None) -> dict[str, Any]:
    env = {str(k): str(v) for k, v in (script.get("env") or {}).items()}
    home = env.get("HOME") or script["home"]  # the engine's home is its HOME
    session = Session(
        cwd=script["cwd"], home=home, env=env, args=list(script.get("args") or []), managed_dir=managed_dir
    )
    out: dict[str, Any] = {"claude_md": session.claude_md}
    home = session.inputs.home
    main_loop = session.loop()
    out["attachments"] = [main_loop.read(p, home=home).hook_text for p in script.get("reads") or []]
    subagents: dict[str, Any] = {}
    for spec in script.get("subagents") or []:
        agent_type = spec.get("type") or "general-purpose"
        omit = agent_omits_claude_md(session, agent_type)
        start = session.agent_start(agent_type, omit_claude_md=omit)
        child = main_loop.spawn(agent_type, fork=start.fork)
        subagents[str(spec.get("key"))] = {
            "claude_md": start.claude_md,
            "attachments": [child.read(p, home=home).hook_text for p in spec.get("reads") or []],
        }
    out["subagents"] = subagents
    out["attachments_after"] = [main_loop.read(p, home=home).hook_text for p in script.get("reads_after") or []]
    lines = _agent_lines(session)
    if lines is not None:
        out["agent_lines"] = lines
    out["notices"] = [n.text for n in session.notices if n.level == "info"]
    return out
