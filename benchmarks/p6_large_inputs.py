"""P6: large inputs cost time linear in their size.

A session starts and reads a file under settings with N and then 2N ``claudeMdExcludes``
patterns, over a ``CLAUDE.md`` of N and 2N lines alternating comments and imports, and over
one line of N and 2N ``@a.md `` tokens (the same import written again and again); the two
sizes run interleaved, several rounds. Linear time gives a ratio near 2 (the floor is the
work itself: every pattern compiled once, every line read once); a quadratic step gives 4.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time

from agents_md import Session


def _tree() -> str:
    root = tempfile.mkdtemp(prefix="agents-md-p6-")
    os.makedirs(os.path.join(root, "a"))
    with open(os.path.join(root, "a", "x.txt"), "w") as handle:
        handle.write("x\n")
    return root


def excludes(root: str, n: int) -> float:
    patterns = json.dumps({"claudeMdExcludes": [f"/nowhere/{i}/CLAUDE.md" for i in range(n)]})
    with open(os.path.join(root, "CLAUDE.md"), "w") as handle:
        handle.write("# r\n")
    start = time.perf_counter()
    session = Session(cwd=root, home=os.path.join(root, "home"), args=["--settings", patterns])
    session.start()
    session.read(os.path.join(root, "a", "x.txt"))
    return time.perf_counter() - start


_ROUND = [0]


def comments_and_imports(root: str, n: int) -> float:
    _ROUND[0] += 1  # a new text each time: what the engine keeps about a text it read is not measured
    with open(os.path.join(root, "CLAUDE.md"), "w") as handle:
        handle.write(f"# round {_ROUND[0]}\n")
        handle.write("".join(f"<!-- note {i} -->\n@missing-{i}.md\n" for i in range(n // 2)))
    start = time.perf_counter()
    Session(cwd=root, home=os.path.join(root, "home")).start()
    return time.perf_counter() - start


def one_line_of_imports(root: str, n: int) -> float:
    _ROUND[0] += 1
    with open(os.path.join(root, "a.md"), "w") as handle:
        handle.write("a\n")
    with open(os.path.join(root, "CLAUDE.md"), "w") as handle:
        handle.write(f"# round {_ROUND[0]}\n" + "@a.md " * n + "\n")
    start = time.perf_counter()
    Session(cwd=root, home=os.path.join(root, "home")).start()
    return time.perf_counter() - start


def measure(name: str, run: object, n: int, rounds: int = 5) -> None:
    root = _tree()
    small: list[float] = []
    large: list[float] = []
    for _ in range(rounds):  # interleaved: both sizes see the same machine
        small.append(run(root, n))  # type: ignore[operator]
        large.append(run(root, 2 * n))  # type: ignore[operator]
    s, big = statistics.median(small), statistics.median(large)
    spread = (max(large) - min(large)) / big * 100
    sizes = f"N={n:,} {s * 1000:.0f} ms, 2N {big * 1000:.0f} ms (spread {spread:.0f}%)"
    print(f"P6 {name}: {sizes}; ratio {big / s:.2f} (linear: 2)")


if __name__ == "__main__":
    measure("claudeMdExcludes patterns", excludes, 5_000)
    measure("CLAUDE.md lines of comments and imports", comments_and_imports, 20_000)
    measure("one CLAUDE.md line of `@a.md ` tokens", one_line_of_imports, 500_000)
