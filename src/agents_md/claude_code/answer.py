"""The answer to one hook event: what the ``agents-md`` plugin would have given at that point.

1. A session is made for the event's ``cwd`` (the home from the environment, as the plugin
   reads it) with the built-in plugin seated whatever ``enabledPlugins`` says, and its start
   computed from the same settings the plugin reads.
2. The hook stays silent unless the settings turn the built-in plugin off
   (``enabledPlugins: {"agents-md@builtin": false}``) or ``force`` is given: with the
   plugin on, everything would arrive twice.
3. The session is put where the last event left it (``state``): its subagents started again,
   and what the plugin had given each loop taken back (its ``memory()``), so the plugin's
   delivered sets are exactly as they were, whatever the disk holds now; then the event, and
   the subagents and the plugin's memory after it are the new state:
   - ``SessionStart``: the ``AGENTS.md`` files the plugin adds to the start block, each framed
     as there (``Contents of PATH (label):`` and the trimmed text), joined by a blank line.
     ``startup``, ``resume`` and ``clear`` begin anew (the plugin of a new process knows
     nothing; ``/clear`` also brings a new ``session_id``); ``compact`` compacts the session,
     after which the reference plugin attaches nested files again.
   - ``PostToolUse`` for ``Read`` (and in the ``complete`` profile ``Edit``, ``Write``,
     ``MultiEdit``, ``NotebookEdit``): the plugin's ``tool.call`` text after its prefix, in the
     loop of the event's ``agent_id``.
   - ``UserPromptSubmit``: each ``@``-mentioned path (a missing file's too) attaches its nested
     ``AGENTS.md`` as a mention (the built-in plugin's ``prompt.mention`` hook), the files of every
     mention framed as one ``tool.call`` text.
   - ``SubagentStart``: the subagent is started and kept as a step (a fork starts with its
     parent's set);
     a subagent that starts with the instructions (not Explore or Plan, not a fork, which has
     its parent's conversation, not a custom agent with ``omitClaudeMd``) gets the start's
     ``AGENTS.md`` files.
4. What is sent fits the engine's limit (``budget``).
"""

from __future__ import annotations

import os

from agents_md._util.std import Mapping
from agents_md._value import Value
from agents_md.claude_code.event import HookEvent
from agents_md.claude_code.state import SessionState
from agents_md.host.steps import FORK as FORK_STEP
from agents_md.host.steps import Step

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md._model import InstructionFile
    from agents_md.claude_code import budget
    from agents_md.engine.loop import ReadResult
    from agents_md.engine.start import StartContext
    from agents_md.host.session import Session
    from agents_md.plugins.agents_md.plugin import AgentsMdPlugin

REFERENCE_TOOLS = ("Read",)
COMPLETE_TOOLS = ("Read", "Edit", "Write", "MultiEdit", "NotebookEdit")


class HookAnswer(Value):
    """What the hook sends (``context`` None: nothing) and the state to keep (None: keep as it was)."""

    context: str | None
    state: SessionState | None
    silent_because: str | None = None


def make_session(
    event: HookEvent, env: Mapping[str, str], profile: str, managed_dir: str | None = None
) -> tuple[Session, AgentsMdPlugin]:
    """Step 1: the session, and the plugin seated on it."""
    from agents_md.engine.platform import home_for
    from agents_md.host.plugins import PluginSpec
    from agents_md.host.session import Session
    from agents_md.plugins.agents_md import NAME, plugin_factory

    # The session started in the project's folder; the event's cwd follows the shell's `cd`.
    project = env.get("CLAUDE_PROJECT_DIR") or ""
    cwd = project if project and os.path.isdir(project) else event.cwd
    if not os.path.isdir(cwd):
        raise FileNotFoundError(f"{cwd}: the event's cwd is not a directory")
    home = home_for(env, cwd, fallback=os.path.expanduser("~"))
    plugin = plugin_factory()
    spec = PluginSpec(name=NAME, plugin=plugin, builtin=True)
    # Claude Code attaches its own nested CLAUDE.md files: the hook looks up only the plugin's.
    # The session answers this one event: nothing it looks up is asked of it again.
    session = Session(
        cwd=cwd,
        home=home,
        env=env,
        plugins=[spec],
        profile=profile,
        managed_dir=managed_dir,
        engine_nested_files=False,
        remember_lookups=False,
    )
    return session, plugin


def builtin_off(start: StartContext) -> bool:
    """Step 2: the settings turn the engine's built-in plugin off, read as the engine reads them (a
    repository's settings turn it off even where the managed settings configure it: then nobody
    else delivers its files, and the hook does, in the mode this session holds)."""
    from agents_md.host.plugins import disabled_in
    from agents_md.plugins.agents_md import BUILTIN_KEY

    return BUILTIN_KEY in disabled_in(start.settings, hold_managed=False)


def start_files(start: StartContext) -> list[InstructionFile]:
    """The files the plugin added to the start block (after ``prompt.context``, not before)."""
    engine = {id(f) for f in start.engine_files}
    return [f for f in start.files if id(f) not in engine]


def start_text(start: StartContext) -> str | None:
    """The files the plugin added to the start block, framed as there, within the limit."""
    from agents_md.claude_code import budget

    return budget.fit(start_items(start_files(start)), "\n\n") or None


def start_items(files: list[InstructionFile]) -> list[budget.Item]:
    from agents_md._util.jstext import js_trim
    from agents_md.claude_code import budget
    from agents_md.engine.render import label

    items = []
    for f in files:
        text = js_trim(f.content)
        if text:
            items.append(budget.Item(path=f.path, head=f"Contents of {f.path} ({label(f.kind)}):\n\n", body=text))
    return items


def attachment(*results: ReadResult) -> str | None:
    """The plugin's ``tool.call`` text after its prefix, within the limit. Of several results (a
    prompt's mentions) one text, as the plugin frames the files of one: a hook sends one context
    per event, and the mentions' texts joined by a blank line doubled the blank line between them."""
    from agents_md.plugins.agents_md import NAME

    files = [f for result in results for plugin, answer in result.hook_files if plugin == NAME for f in answer]
    if not files:
        return None
    from agents_md.claude_code import budget  # most Reads attach nothing: the limit is loaded when one does

    items = [budget.Item(path=f.path, head=f"Contents of {f.path}:\n\n", body=f.content) for f in files]
    return budget.fit(items, "\n")


def _touch(session: Session, step: Step) -> ReadResult | None:
    """The event's touch, in its loop (``None``: a subagent the session could not start)."""
    target = session.subagents.get(step.loop) if step.loop else session
    if target is None:
        return None
    results = target.touch(step.tool, step.path).results
    return results[0] if results else None  # a subagent that never started reads nothing


def _resume(session: Session, plugin: AgentsMdPlugin, state: SessionState, agent: str | None = None) -> int:
    """Step 3: the session where ``state`` left it for an event in the loop ``agent`` (``None``:
    the main one): that subagent started again, then what the plugin was given taken back (a state
    of the first format: every step done again). The other subagents are not started: the plugin's
    memory of them is data, kept as it was, so a call does the same work however many subagents
    the session started. A subagent the state keeps ran: it starts again as a general-purpose one
    (or a fork), whatever its definition says now (removed, or its tools changed since). Returns
    how many steps the session holds then (the ones after it are this event's)."""
    if state.plugin is None:
        session.replay([_started(step) for step in state.steps])
    else:
        session.replay([_started(step) for step in state.steps if step.op == "spawn" and step.loop == agent])
        plugin.remember(state.plugin)
    return len(session.steps)


def _started(step: Step) -> Step:
    if step.op != "spawn" or step.agent_type in ("", FORK_STEP):
        return step
    return Step(op="spawn", loop=step.loop, agent_type="")


def _kept(session: Session, plugin: AgentsMdPlugin, state: SessionState, since: int) -> SessionState | None:
    """The new state (``None``: unchanged): the subagents started (the state's, then this event's:
    ``since``, what ``_resume`` returned), and what the plugin was given."""
    spawns = {s.loop: s for s in (*state.steps, *session.steps[since:]) if s.op == "spawn"}
    kept = SessionState(
        session_id=state.session_id,
        steps=tuple(spawns.values()),
        plugin=plugin.memory(),
        start_text=state.start_text,
    )
    return None if kept == state else kept


def answer(
    event: HookEvent,
    state: SessionState,
    *,
    env: Mapping[str, str],
    profile: str,
    force: bool = False,
    managed_dir: str | None = None,
) -> HookAnswer:
    """The hook's answer to ``event`` given the session's ``state`` (the steps above); ``managed_dir``
    stands in for the platform's managed policy folder."""
    session, plugin = make_session(event, env, profile, managed_dir)
    start = session.start()
    if not force and not builtin_off(start):
        return HookAnswer(context=None, state=None, silent_because="the built-in agents-md plugin is on")
    if event.name == "SessionStart":
        text = start_text(start)
        if event.source != "compact":  # a new context: nothing given yet, and this start to compare with
            new = SessionState(session_id=state.session_id, plugin=plugin.memory(), start_text=text or "")
            return HookAnswer(context=text, state=new)
        since = _resume(session, plugin, state)
        session.turn()  # there was a conversation to compact
        session.compact()  # the plugin forgets what the main loop was given (reference profile)
        kept = _kept(session, plugin, state, since) or state
        new = SessionState(session_id=kept.session_id, steps=kept.steps, plugin=kept.plugin, start_text=text or "")
        return HookAnswer(context=text, state=new)
    if event.name == "SubagentStart":
        if event.agent_id is None:
            return HookAnswer(context=None, state=None)
        since = _resume(session, plugin, state, event.agent_id)
        kind = _runs_as(session, event.agent_type or "")
        session.replay([Step(op="spawn", loop=event.agent_id, agent_type=kind)])  # a fork starts from its parent's
        context = _subagent_context(session, start, kind, state.start_text)
        return HookAnswer(context=context, state=_kept(session, plugin, state, since))
    tools = COMPLETE_TOOLS if profile == "complete" else REFERENCE_TOOLS
    if event.name == "PostToolUse" and event.tool_name in tools and event.file_path:
        since = _resume(session, plugin, state, event.agent_id)
        if event.agent_id and event.agent_id not in session.subagents:
            # A subagent whose start no hook saw (settings written before SubagentStart was
            # installed, or that hook timed out): it starts now, as the one reading, instead of
            # reading with nothing attached.
            session.replay(
                [Step(op="spawn", loop=event.agent_id, agent_type=_runs_as(session, event.agent_type or ""))]
            )
        step = Step(op="read", loop=event.agent_id or "", path=event.file_path, tool=event.tool_name or "Read")
        result = _touch(session, step)
        if result is None:
            return HookAnswer(context=None, state=None)
        return HookAnswer(context=attachment(result), state=_kept(session, plugin, state, since))
    if event.name == "UserPromptSubmit" and event.prompt and "@" in event.prompt:
        # The built-in plugin attaches a prompt's mentions too (its ``prompt.mention`` hook).
        from agents_md.engine.touch import prompt_mentions

        since = _resume(session, plugin, state)
        mentioned = session.mention_all(prompt_mentions(event.prompt, event.cwd))
        return HookAnswer(context=attachment(*mentioned), state=_kept(session, plugin, state, since))
    return HookAnswer(context=None, state=None)


def _runs_as(session: Session, agent_type: str) -> str:
    """The type a subagent the engine started is kept as: a type this session does not offer (a
    plugin's agent, an ``--agents`` value the hook cannot see) ran all the same, and is kept as a
    general-purpose one (``""``), which gets the instructions, as a custom agent does by default."""
    if not agent_type or agent_type == FORK_STEP:
        return agent_type
    return session.offered_type(agent_type) or ""


def _subagent_context(session: Session, start: StartContext, agent_type: str, kept: str | None = None) -> str | None:
    """What a subagent is handed: the session's start files as its start gave them (``kept``, the
    state's; else read again), unless it starts without the instructions."""
    from agents_md.engine.start import FORK, NO_INSTRUCTIONS_AGENTS

    if agent_type in NO_INSTRUCTIONS_AGENTS or agent_type == FORK:
        return None
    if agent_type and agent_type != "general-purpose":
        agent = session.find_agent(agent_type)
        if agent is not None and agent.omit_claude_md:
            return None
    return (kept if kept is not None else start_text(start)) or None
