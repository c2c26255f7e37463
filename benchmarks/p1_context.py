"""P1: building the start context, as a ratio to a bare ``os.stat`` walk of the same candidates.

Both run in this process over the same deepest working directories of a generated monorepo
(depth 12, 5,000 directories, 500 instruction files). Target: at most 1.5x.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

from monorepo import generate, stat_candidates

from agents_md import Session


def baseline(cwd: str) -> int:
    found = 0
    current = cwd
    while True:
        found += stat_candidates(current)
        parent = os.path.dirname(current)
        if parent == current:
            return found
        current = parent


def ours(cwd: str, home: str) -> int:
    return len(Session(cwd=cwd, home=home, managed_dir=os.path.join(home, "no-managed")).files)


def best_of(fn, cwds, rounds: int = 5) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for cwd in cwds:
            fn(cwd)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        dirs = generate(os.path.join(tmp, "repo"))
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        cwds = dirs[:200]
        ours(cwds[0], home)  # warm imports
        base = best_of(baseline, cwds)
        mine = best_of(lambda c: ours(c, home), cwds)
        print(
            f"P1 context build: {mine / len(cwds) * 1e3:.3f} ms per cwd; os.stat walk "
            f"{base / len(cwds) * 1e3:.3f} ms; ratio {mine / base:.2f}x (target <= 1.5x)"
        )


if __name__ == "__main__":
    main()
