"""The reference engine: where it is, how to install it, how to run it.

Every run gets a clean environment (the developer's own ANTHROPIC_* or
CLAUDE_CODE_* variables must not leak into a recording), HOME set to the
run's fake home, a dummy key, the mock's URL, and a timeout after which the
engine's process group (ours alone: it is started in a new session) is killed.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .scenario import Run

VERSION = "2.1.328"
PREFIX = Path.home() / ".cache" / f"claude-code-{VERSION}"
DEFAULT_BINARY = PREFIX / "node_modules/@anthropic-ai/claude-code-linux-x64/claude"
# variables kept from the caller's environment; everything else is dropped
_KEPT = ("PATH", "LANG", "TERM", "SHELL", "USER", "LOGNAME")


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    exit_code: int | None
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool


def binary() -> Path:
    """$CLAUDE_BINARY, else the native binary npm put under PREFIX."""
    if os.environ.get("CLAUDE_BINARY"):
        return Path(os.environ["CLAUDE_BINARY"])
    # npm installs only the platform package that fits this machine
    found = sorted(PREFIX.glob("node_modules/@anthropic-ai/claude-code-*/claude"))
    return found[0] if found else DEFAULT_BINARY


def is_installed() -> bool:
    return os.access(binary(), os.X_OK)


def install() -> Path:
    """Install the engine from the npm registry unless it is there already.

    The native binary comes inside a platform package of the registry, so this
    needs no other download."""
    if not is_installed():
        subprocess.run(["npm", "install", "--prefix", str(PREFIX), f"@anthropic-ai/claude-code@{VERSION}"], check=True)
    if not is_installed():
        raise RuntimeError(f"no engine binary at {binary()} after npm install")
    return binary()


def environment(run: Run, api_url: str) -> dict[str, str]:
    env = {k: os.environ[k] for k in _KEPT if k in os.environ}
    env.update(
        {
            "HOME": str(run.home),
            "ANTHROPIC_API_KEY": "sk-ant-recorder-dummy",
            "ANTHROPIC_BASE_URL": api_url,
            # offline: no update check, no telemetry upload, the mock is not proxied
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "NO_PROXY": "127.0.0.1,localhost",
            "no_proxy": "127.0.0.1,localhost",
        }
    )
    env.update(run.env)
    return env


def command(run: Run) -> list[str]:
    cmd = [str(binary()), "-p"]
    if run.turns:
        cmd += ["--input-format", "stream-json"]
    else:
        cmd += [run.prompt]
    # ui_log notices and permission denials only show in this format
    cmd += ["--output-format", "stream-json", "--verbose"]
    if run.debug:
        cmd += ["--debug-file", str(run.run_dir / "debug.log")]
    return cmd + list(run.args)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # it ended by itself
        os.killpg(proc.pid, signal.SIGKILL)  # the engine's own process group only


def _user_message(text: str) -> bytes:
    return (json.dumps({"type": "user", "message": {"role": "user", "content": text}}) + "\n").encode()


def _is_turn_result(line: bytes) -> bool:
    """A result line of the main loop (subagents' results carry a parent id)."""
    try:
        event = json.loads(line)
    except ValueError:
        return False
    return isinstance(event, dict) and event.get("type") == "result" and not event.get("parent_tool_use_id")


def _drive_turns(proc: subprocess.Popen[bytes], prompts: list[str]) -> tuple[bytes, bytes]:
    """Send each prompt once the previous turn has its result line; close stdin
    after the last result so the engine exits."""
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    stderr = proc.stderr
    err: list[bytes] = []
    err_reader = threading.Thread(target=lambda: err.append(stderr.read()), daemon=True)
    err_reader.start()
    pending = list(prompts)
    out: list[bytes] = []
    proc.stdin.write(_user_message(pending.pop(0)))
    proc.stdin.flush()
    for line in iter(proc.stdout.readline, b""):
        out.append(line)
        if not _is_turn_result(line) or proc.stdin.closed:
            continue
        try:
            if pending:
                proc.stdin.write(_user_message(pending.pop(0)))
                proc.stdin.flush()
            else:
                proc.stdin.close()
        except BrokenPipeError:
            pass  # the engine quit; its output says why
    proc.wait()
    err_reader.join(5)
    return b"".join(out), b"".join(err)


def run_engine(run: Run, api_url: str, turn_prompts: list[str]) -> Outcome:
    """Run the engine once; `turn_prompts` are fed one at a time when the run has turns."""
    started = time.monotonic()
    proc = subprocess.Popen(
        command(run),
        cwd=run.cwd,
        env=environment(run, api_url),
        stdin=subprocess.PIPE if run.turns else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    killed = threading.Event()

    def on_timeout() -> None:
        killed.set()
        _kill(proc)

    # one timer for both ways of running: killing the group ends the reads too
    timer = threading.Timer(run.timeout, on_timeout)
    timer.start()
    try:
        out, err = _drive_turns(proc, turn_prompts) if run.turns else proc.communicate()
    finally:
        timer.cancel()
    seconds = time.monotonic() - started
    (run.run_dir / "engine.stdout").write_bytes(out)
    (run.run_dir / "engine.stderr").write_bytes(err)
    return Outcome(
        exit_code=proc.returncode,
        stdout=out.decode("utf-8", "replace"),
        stderr=err.decode("utf-8", "replace"),
        seconds=seconds,
        timed_out=killed.is_set(),
    )
