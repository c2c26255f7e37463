"""What P2 and P5 share: a normal install of the project, and interleaved cold starts.

1. The project is installed as a user has it: into a new virtual environment of this
   interpreter with today's pip (``venv --upgrade-deps``, as the README's set-up makes it),
   built and installed with its dependencies (``pip install``, not editable), its bytecode
   compiled (``compileall``; this machine may set ``PYTHONDONTWRITEBYTECODE``). Its console
   script ``agents-md`` is what is run, as the hooks run it. The pip that writes that script
   matters: before 25.2 pip's imports ``re`` (with ``enum``, ``functools`` and ``collections``,
   a third of the floor) before the command's first line; since then, as uv's, it does not.
2. The editable install (``pip install -e``, the README's set-up, the interpreter running
   this) is measured too, its bytecode compiled the same way, against its own floor.
3. Every command is run once to warm the disk cache (and so, as a user's first call does, to
   write the code cache ``context`` and ``hook run`` read their modules from: ``_util.code_cache``;
   a line with ``AGENTS_MD_CODE_CACHE=0`` shows a start without it), then all of them in turn, round after
   round: for each environment ``python -c pass`` (the floor: an interpreter that starts and
   stops), and for the install ``python -c "import json"`` (a reference: any program answering
   in JSON pays it). Medians and interquartile spreads are printed, of the wall-clock time and
   of the CPU time the child used (``wait4``: steadier on a busy machine); ratios are to the
   floor of the same environment.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass(frozen=True)
class Command:
    name: str
    argv: Sequence[str]
    env: dict[str, str]
    stdin: str = ""


@dataclass(frozen=True)
class Install:
    """An environment that runs ``agents-md``: its interpreter and its console script."""

    name: str
    python: str
    script: str

    def floor(self, env: dict[str, str]) -> Command:
        return Command(f"python -c pass, {self.name} (the floor)", [self.python, "-c", "pass"], env)


@contextmanager
def installed() -> Iterator[Install]:
    """Step 1: a new virtual environment with the project installed in it."""
    with tempfile.TemporaryDirectory() as tmp:
        venv = os.path.join(tmp, "venv")
        subprocess.run([sys.executable, "-m", "venv", "--upgrade-deps", venv], check=True, stdout=subprocess.DEVNULL)
        python = os.path.join(venv, "bin", "python")
        pip = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check", ROOT]
        subprocess.run(pip, check=True, stdout=subprocess.DEVNULL)
        site = subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        compileall.compile_dir(site, quiet=1)
        yield Install(f"installed ({_pip(python)})", python, os.path.join(venv, "bin", "agents-md"))


def _pip(python: str) -> str:
    shown = subprocess.run([python, "-m", "pip", "--version"], check=True, capture_output=True, text=True).stdout
    return " ".join(shown.split()[:2])


def editable() -> Install:
    """Step 2: the editable install running this benchmark, its bytecode compiled."""
    compileall.compile_dir(os.path.join(ROOT, "src", "agents_md"), quiet=1)
    script = os.path.join(os.path.dirname(sys.executable), "agents-md")
    if not os.path.exists(script):
        raise SystemExit(f"no {script}: run this with the interpreter of the README's pip install -e")
    return Install(f"editable ({_pip(sys.executable)})", sys.executable, script)


def _run(command: Command) -> tuple[float, float]:
    """The command's wall-clock time and its CPU time (user and system, from ``wait4``)."""
    start = time.perf_counter()
    child = subprocess.Popen(command.argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, env=command.env)
    assert child.stdin is not None
    child.stdin.write(command.stdin.encode())
    child.stdin.close()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{command.name}: exit {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def spread(samples: list[float]) -> float:
    q = statistics.quantiles(samples, n=4)
    return q[2] - q[0]


def compare(label: str, groups: Sequence[Sequence[Command]], rounds: int) -> None:
    """Step 3: every command of ``groups`` run in turn, ``rounds`` times; each group's first is its floor."""
    commands = [c for group in groups for c in group]
    for command in commands:
        _run(command)
    wall: dict[str, list[float]] = {c.name: [] for c in commands}
    cpu: dict[str, list[float]] = {c.name: [] for c in commands}
    for _ in range(rounds):
        for command in commands:
            took, used = _run(command)
            wall[command.name].append(took)
            cpu[command.name].append(used)
    print(f"{label} ({rounds} rounds, interleaved; medians, spread as the interquartile range)")
    print(f"  {'':<58} {'wall clock':>28}   {'CPU time (user + system)':>28}")
    for group in groups:
        floors = statistics.median(wall[group[0].name]), statistics.median(cpu[group[0].name])
        for command in group:
            shown = []
            for samples, floor in zip((wall[command.name], cpu[command.name]), floors, strict=True):
                median = statistics.median(samples)
                shown.append(f"{median * 1e3:6.1f} ms (spread {spread(samples) * 1e3:4.1f}) {median / floor:4.2f}x")
            print(f"  {command.name:<58} {shown[0]:>28}   {shown[1]:>28}")


def run_both(label: str, make: Callable[[Install], Sequence[Command]], env: dict[str, str], rounds: int) -> None:
    """``make``'s commands, installed and editable, each beside its floor (and ``import json``)."""
    with installed() as install:
        own = editable()
        json_reference = Command('python -c "import json", installed', [install.python, "-c", "import json"], env)
        groups = [[install.floor(env), json_reference, *make(install)], [own.floor(env), *make(own)]]
        compare(label, groups, rounds)
