"""What the hook remembers of one Claude Code session between its processes.

Each hook call is a process of its own, so what the plugin keeps in memory is kept here: its
``memory()`` (``plugin``: the files each loop was given, and what the session's start left a
Read to compare with), what that start gave (``start_text``, what a subagent is handed) and the
subagents started (their ``spawn`` steps, ``host.steps``), and what the engine's Markdown lexer
read of the texts met so far (``lexed``: their imports and comments; a text met again in a later
call is not lexed again, which would load ``re`` and compile the lexer's patterns). A fresh
``Session`` takes ``plugin`` back: the plugin is exactly where it was, whatever the disk holds
now (a file written since on the way of an earlier Read is still not given, a ``CLAUDE.md``
written since does not make it stand down), and no earlier Read is looked up again
(``answer``). A state of the first format kept every step instead: it is replayed whole, once,
and kept in this one from then on.

1. The file: ``<dir>/<session_id>.json`` (other than letters, digits, ``-`` and ``_``, each
   character written as ``%XX``), ``dir`` being ``$CLAUDE_PLUGIN_DATA/sessions``
   when Claude Code runs the hook from a plugin, else the user's cache
   (``$XDG_CACHE_HOME`` or ``~/.cache``) ``/agents-md/hook``.
2. One process at a time: ``Locked`` holds an exclusive lock on ``<file>.lock`` from the read
   to the write, so two hook processes of one session take turns (threads of one process too).
3. A file that is not JSON, not this format, or another session's is ignored (and logged by
   the caller) and rewritten from nothing.
4. Written atomically: a temporary file beside it, named by the process (the lock is held),
   moved over it.
5. Files untouched for a week are removed when a session starts (``sweep``).
"""

from __future__ import annotations

import os
import time

from agents_md._util import json_codec
from agents_md._util.std import Callable, Mapping, Sequence
from agents_md._value import Value, field
from agents_md._version import __version__
from agents_md.engine.lexed import Row
from agents_md.engine.lexed import valid as valid_rows
from agents_md.host.steps import Step

FORMAT = "agents-md hook state 2"
FIRST_FORMAT = "agents-md hook state 1"  # every step kept, no ``plugin``: replayed whole
WEEK = 7 * 24 * 3600


class SessionState(Value):
    session_id: str
    steps: tuple[Step, ...] = ()
    plugin: Mapping[str, object] | None = None  # its ``memory()``; ``None``: a fresh session, or the first format
    # What the session's start gave (``answer.start_text``, "" for nothing), handed to a subagent as
    # it was then; ``None``: not kept (the first format), read again from the disk.
    start_text: str | None = None
    # What the lexer read (``engine.lexed``): (kind, text, answer) rows, oldest first.
    lexed: tuple[Row, ...] = ()
    problem: str | None = field(default=None, compare=False)  # why a file on disk was not used


# How much of the lexer's reading is kept: texts near what the session reads. The oldest go
# first; a text dropped is lexed again if met again.
MOST_LEXED = 128
MOST_LEXED_CHARS = 512 * 1024


def _chars(text: str, answer: object) -> int:
    """What a row holds: its text, and a text without its comments when that is the answer."""
    return len(text) + (len(answer) if isinstance(answer, str) else 0)


def with_lexed(state: SessionState, read: Sequence[Row]) -> SessionState:
    """``state`` keeping ``read`` (the lexer's rows) too, within the bounds above."""
    if not read:
        return state
    kept: dict[tuple[str, str], object] = {}
    for kind, text, answer in read:
        if _chars(text, answer) > MOST_LEXED_CHARS:
            continue  # never kept: met last, it would push out every other text with it
        kept.pop((kind, text), None)
        kept[(kind, text)] = answer
    rows = [(kind, text, answer) for (kind, text), answer in kept.items()]
    chars = sum(_chars(text, answer) for _, text, answer in rows)
    while rows and (len(rows) > MOST_LEXED or chars > MOST_LEXED_CHARS):
        _, text, answer = rows.pop(0)
        chars -= _chars(text, answer)
    return SessionState(
        session_id=state.session_id,
        steps=state.steps,
        plugin=state.plugin,
        start_text=state.start_text,
        lexed=tuple(rows),
        problem=state.problem,
    )


def state_dir(env: Mapping[str, str], home: str) -> str:
    """Step 1: where the session files live."""
    data = env.get("CLAUDE_PLUGIN_DATA")
    if data:
        return os.path.join(data, "sessions")
    cache = env.get("XDG_CACHE_HOME") or os.path.join(home, ".cache")
    return os.path.join(cache, "agents-md", "hook")


_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _escaped(char: str) -> str:
    return char if char in _SAFE else "".join(f"%{b:02X}" for b in char.encode("utf-8"))


def state_path(directory: str, session_id: str) -> str:
    # Not a hash: hashlib loads OpenSSL, paid on every tool call. Session ids are UUIDs. By
    # character, not a regular expression: compiling one costs more than the escaping.
    name = "".join(_escaped(c) for c in session_id)
    return os.path.join(directory, name[:200] + ".json")


class Locked:
    """Step 2: an exclusive lock beside ``path`` while the ``with`` block runs. A class, not
    ``contextlib.contextmanager``: that module would load on every hook call. ``flock``, not a
    POSIX record lock (``os.lockf``, which would spare loading ``fcntl``): a record lock is its
    process's, so threads of one process would share it (and one closing the file would release
    another's), the system would see two such processes' threads as a deadlock, and a signal
    would end the wait."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._fd = -1
        self._unlock: Callable[[int], None] | None = None

    def __enter__(self) -> None:
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self._fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            import fcntl
        except ImportError:  # no POSIX locks (Windows): calls of one session rarely overlap there
            return
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX)
        except BaseException:
            os.close(self._fd)
            raise
        self._unlock = lambda fd: fcntl.flock(fd, fcntl.LOCK_UN)

    def __exit__(self, *exc_info: object) -> None:
        try:
            if self._unlock is not None:
                self._unlock(self._fd)
        finally:
            self._unlock = None
            os.close(self._fd)


def load(path: str, session_id: str) -> SessionState:
    """Step 3: the session's state, or a fresh one saying why the file was not used."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json_codec.load(handle)
    except FileNotFoundError:
        return SessionState(session_id=session_id)
    except (OSError, ValueError) as exc:
        return SessionState(session_id=session_id, problem=f"{path}: unreadable ({exc}); started over")
    formats = (FORMAT, FIRST_FORMAT)
    if not isinstance(data, dict) or data.get("format") not in formats or not isinstance(data.get("steps"), list):
        return SessionState(session_id=session_id, problem=f"{path}: not a state file of this format; started over")
    if data.get("session_id") != session_id:
        return SessionState(session_id=session_id, problem=f"{path}: another session's state; started over")
    steps = [Step.from_json(raw) for raw in data["steps"]]
    if any(s is None for s in steps):
        return SessionState(session_id=session_id, problem=f"{path}: a step it cannot read; started over")
    memory = data.get("plugin") if data["format"] == FORMAT else None
    if data["format"] == FORMAT:
        from agents_md.plugins.agents_md.plugin import memory_problem

        problem = memory_problem(memory)
        if problem is not None:
            return SessionState(session_id=session_id, problem=f"{path}: the plugin's memory: {problem}; started over")
    start_text = data.get("start_text")
    if not isinstance(start_text, str | None):
        return SessionState(session_id=session_id, problem=f"{path}: a start text it cannot read; started over")
    kept = tuple(s for s in steps if s is not None)
    # A cache: rows not of their shape are dropped and lexed again, and so are all of them when
    # another version of the lexer read them (a session that goes on after an upgrade).
    read = valid_rows(data.get("lexed")) if data.get("lexed_by") == __version__ else ()
    return SessionState(session_id=session_id, steps=kept, plugin=memory, start_text=start_text, lexed=read)


def save(path: str, state: SessionState) -> None:
    """Step 4."""
    data: dict[str, object] = {
        "format": FORMAT if state.plugin is not None else FIRST_FORMAT,
        "session_id": state.session_id,
        "steps": [s.as_json() for s in state.steps],
    }
    if state.plugin is not None:
        data["plugin"] = state.plugin
    if state.start_text is not None:
        data["start_text"] = state.start_text
    if state.lexed:
        data["lexed"] = [list(row) for row in state.lexed]
        data["lexed_by"] = __version__
    # Not _util.atomic: tempfile costs a tenth of the hook's start; the lock makes a pid name unique.
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        # The owner's alone, as the lock is: it holds what the instruction files say (a
        # ``CLAUDE.local.md`` too), in a cache folder others may be able to read.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as handle:
            handle.write(json_codec.dumps(data, separators=(",", ":")) + "\n")  # read by the hook alone
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:  # noqa: SIM105 (contextlib.suppress would load contextlib on every hook call)
            os.unlink(temp)
        except OSError:
            pass
        raise


def sweep(directory: str, *, now: float | None = None, keep: float = WEEK) -> int:
    """Step 5: remove the session files (and their locks) untouched for ``keep`` seconds; how many."""
    now = time.time() if now is None else now
    removed = 0
    try:
        names = os.listdir(directory)
    except OSError:
        return 0
    for name in names:
        if not (name.endswith(".json") or name.endswith(".json.lock")):
            continue
        path = os.path.join(directory, name)
        try:
            if now - os.stat(path).st_mtime <= keep:
                continue
            # A lock's time is its creation's (taking it writes nothing): it goes with its state
            # file, whose every save renews it, so a session older than a week keeps its lock.
            if name.endswith(".lock") and now - os.stat(path[: -len(".lock")]).st_mtime <= keep:
                continue
        except FileNotFoundError:
            pass  # a lock whose state file is gone (or a file another process removed first)
        except OSError:
            continue
        try:
            os.unlink(path)
            removed += name.endswith(".json")
        except OSError:
            continue  # another process removed it first
    return removed
