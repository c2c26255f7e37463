"""``agents-md hook run``: one event in, one answer out, and never a blocked tool call.

1. The event is read from standard input (``event``); the session's state file is locked,
   read (``state``), answered (``answer``), written back when it changed. The engine is handed
   what its lexer read of texts in the session's earlier calls, and what it reads in this one
   is kept with it (``engine.lexed``).
2. The answer is Claude Code's hook output, ``{"hookSpecificOutput": {"hookEventName": EV,
   "additionalContext": TEXT}}``, or nothing at all.
3. Any failure — bad input, a vanished cwd, a broken file, a bug — is one line in the log
   (``hook.log`` beside the state folder) and no answer: the hook always exits 0.
"""

from __future__ import annotations

import os
import time

from agents_md._util import json_codec
from agents_md._util.std import Mapping
from agents_md._value import Value

LOG_NAME = "hook.log"


class RunOutcome(Value):
    stdout: str  # "" when the hook says nothing
    logged: str | None  # the line written to the log, if any


def log_path(env: Mapping[str, str], home: str) -> str:
    from agents_md.claude_code.state import state_dir

    return os.path.join(os.path.dirname(state_dir(env, home)), LOG_NAME)


def _log(env: Mapping[str, str], home: str, text: str) -> str:
    line = f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} agents-md hook run: {' '.join(text.split())}\n"
    try:
        path = log_path(env, home)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(line)
    except OSError:
        pass  # nowhere to write: the hook still must not block the tool call
    return line


def output(event_name: str, context: str) -> str:
    return json_codec.dumps({"hookSpecificOutput": {"hookEventName": event_name, "additionalContext": context}}) + "\n"


def run_hook(
    stdin: str,
    *,
    env: Mapping[str, str],
    profile: str = "reference",
    force: bool = False,
    managed_dir: str | None = None,
) -> RunOutcome:
    """The steps above; never raises."""
    home = env.get("HOME") or os.path.expanduser("~")
    logged: str | None = None
    try:
        from agents_md.claude_code import state as states
        from agents_md.claude_code.answer import answer
        from agents_md.claude_code.event import parse_event
        from agents_md.engine import lexed

        event = parse_event(stdin)
        directory = states.state_dir(env, home)
        path = states.state_path(directory, event.session_id)
        with states.Locked(path):
            current = states.load(path, event.session_id)
            if current.problem:
                logged = _log(env, home, current.problem)
            lexed.remember(current.lexed)
            try:
                result = answer(event, current, env=env, profile=profile, force=force, managed_dir=managed_dir)
                read = lexed.noted()
            finally:
                lexed.forget()  # a program running this in its own process keeps nothing of it
            if result.state is not None:
                # What the lexer read is kept whatever the event (a text's reading never changes).
                new = states.with_lexed(result.state, (*current.lexed, *read))
                if new != current or current.problem:
                    states.save(path, new)
        if event.name == "SessionStart":
            states.sweep(directory)
        return RunOutcome(stdout=output(event.name, result.context) if result.context else "", logged=logged)
    except Exception as exc:  # the one place every failure ends: logged, never raised
        return RunOutcome(stdout="", logged=_log(env, home, f"{type(exc).__name__}: {exc}"))
