"""Each engine: its pinned version, where it is installed, how it is run.

The engines live under ``$ENGINES_HOME`` (default ``~/.cache/agents-md-engines``),
one npm prefix per pinned version; ``CODEX_BIN``, ``GEMINI_BIN`` and
``OPENCODE_BIN`` point at other binaries.  Every run gets a clean environment
(nothing of the developer's leaks in), ``HOME`` = the fake home, ``PWD`` = the
logical cwd, the engine's own variables, then the scenario's ``env`` last, and
a timeout after which the engine's own process group is killed.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .homes import STANDIN_MODEL, STANDIN_URL_VAR
from .scenario import Run

_KEPT = ("PATH", "LANG", "TERM", "USER", "LOGNAME")


@dataclass(frozen=True, slots=True, kw_only=True)
class Engine:
    name: str
    version: str
    package: str
    bin_name: str

    @property
    def prefix(self) -> Path:
        home = os.environ.get("ENGINES_HOME") or str(Path.home() / ".cache" / "agents-md-engines")
        return Path(home) / f"{self.name}-{self.version}"

    def binary(self) -> Path:
        given = os.environ.get(f"{self.name.upper()}_BIN")
        return Path(given) if given else self.prefix / "node_modules" / ".bin" / self.bin_name

    def install_command(self) -> list[str]:
        pkg = f"{self.package}@{self.version}"
        return ["npm", "install", "--prefix", str(self.prefix), "--save-exact", "--no-audit", "--no-fund", pkg]


ENGINES = {
    "codex": Engine(name="codex", version="0.169.0", package="@openai/codex", bin_name="codex"),
    "gemini": Engine(name="gemini", version="0.61.0", package="@google/gemini-cli", bin_name="gemini"),
    "opencode": Engine(name="opencode", version="1.18.33", package="opencode-ai", bin_name="opencode"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    exit_code: int | None
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool


def command(run: Run) -> list[str]:
    binary = str(ENGINES[run.engine].binary())
    if run.engine == "codex":
        return [binary, "debug", "prompt-input"]
    if run.engine == "gemini":
        return [binary, "-p", "hello", "-o", "json", "-m", "gemini-2.5-pro", "--approval-mode", "yolo"]
    return [binary, "run", "hello", "-m", STANDIN_MODEL]


def environment(run: Run, standin_url: str | None) -> dict[str, str]:
    env = {k: os.environ[k] for k in _KEPT if k in os.environ}
    env.update({"HOME": str(run.home), "PWD": str(run.cwd), "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"})
    if run.engine == "codex":
        env["CODEX_HOME"] = str(run.home / ".codex")
    elif run.engine == "gemini":
        env.update({"GOOGLE_GEMINI_BASE_URL": standin_url or "", "GEMINI_API_KEY": "dummy"})
    elif run.engine == "opencode":
        # the plugin package it fetches at start stays on npm's cache: a warning, no network
        env.update({STANDIN_URL_VAR: f"{standin_url}/v1", "npm_config_offline": "true"})
    env.update(run.env)
    return env


def _kill(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # it ended by itself
        os.killpg(proc.pid, signal.SIGKILL)  # the engine's own process group only


def run_engine(run: Run, standin_url: str | None) -> Outcome:
    started = time.monotonic()
    proc = subprocess.Popen(
        command(run),
        cwd=run.cwd,
        env=environment(run, standin_url),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    killed = threading.Event()

    def on_timeout() -> None:
        killed.set()
        _kill(proc)

    timer = threading.Timer(run.timeout, on_timeout)
    timer.start()
    try:
        out, err = proc.communicate()
    finally:
        timer.cancel()
        _kill(proc)  # helpers it left behind in its group
    (run.run_dir / "engine.stdout").write_bytes(out)
    (run.run_dir / "engine.stderr").write_bytes(err)
    return Outcome(
        exit_code=proc.returncode,
        stdout=out.decode("utf-8", "replace"),
        stderr=err.decode("utf-8", "replace"),
        seconds=time.monotonic() - started,
        timed_out=killed.is_set(),
    )


def installed_version(engine: str, home: Path) -> str | None:
    """The version the binary reports (``codex-cli 0.169.0`` gives ``0.169.0``), or None."""
    env = {k: os.environ[k] for k in _KEPT if k in os.environ}
    env["HOME"] = str(home)
    try:
        done = subprocess.run(
            [str(ENGINES[engine].binary()), "--version"], env=env, capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"\d+\.\d+\.\d+\S*", done.stdout)
    return found.group(0) if found else None
