"""P2: ``agents-md context --format json`` cold start, as a ratio to ``python -c pass``.

Both are run alternately in the same environment, many times; the medians are compared.
Target: at most 1.3x.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time


def run(argv: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def compile_bytecode() -> None:
    """Write .pyc files first: a cold start is measured with bytecode cached, as an install has it
    (this machine sets PYTHONDONTWRITEBYTECODE, which would otherwise compile every module each run)."""
    import compileall

    import pluggy
    import wcmatch

    import agents_md

    for package in (agents_md, pluggy, wcmatch):
        compileall.compile_dir(os.path.dirname(package.__file__ or ""), quiet=1)


def main(rounds: int = 30) -> None:
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "repo", "a"))
        with open(os.path.join(tmp, "repo", "AGENTS.md"), "w") as handle:
            handle.write("# rules\n")
        ours = [
            sys.executable,
            "-m",
            "agents_md",
            "context",
            os.path.join(tmp, "repo", "a"),
            "--format",
            "json",
            "--home",
            tmp,
            "--managed-dir",
            os.path.join(tmp, "none"),
        ]
        base = [sys.executable, "-c", "pass"]
        floor = [sys.executable, "-c", "import argparse, json, pluggy"]  # what any such CLI imports
        run(ours)
        a, b, c = [], [], []
        for _ in range(rounds):
            a.append(run(base))
            b.append(run(ours))
            c.append(run(floor))
        ma, mb, mc = statistics.median(a), statistics.median(b), statistics.median(c)
        print(
            f"P2 cold start: agents-md context --format json {mb * 1e3:.1f} ms; python -c pass {ma * 1e3:.1f} ms; "
            f"ratio {mb / ma:.2f}x (target <= 1.3x); argparse+json+pluggy alone {mc / ma:.2f}x"
        )


if __name__ == "__main__":
    main()
