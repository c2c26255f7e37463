"""P3: the Read decision in a warm session, as a ratio to its floor.

The floor is what a cache that notices changes must do for a Read: one ``os.stat`` per directory
between the cwd and the read file. On the generated monorepo (depth 12, 5,000 directories, 500
instruction files) one session, started at the repository's root, first reads 2,000 files spread
over the tree (attaching what they bring); then passes over the same Reads (which attach nothing
new) and passes of the floor run interleaved, several rounds (``interleave``); medians and spread
are printed, and the first two passes for reference (the second keeps each Read's decision for
the ones after it). Target: at most 2.5x. Memory per session is
reported as the number of paths the session remembers, against the files in the repository.
The tree is measured once it is older than the disk clock's racy window (two seconds), as any
checkout an agent reads in is: a session lists a folder of that window again on every Read.

With ``--repo PATH`` (repeatable) the same on a real checkout: a session at its root reads up
to 2,000 of its files, spread over the tree (``.git`` and ``node_modules`` left out).

    python benchmarks/p3_read.py [--repo /path/to/a/checkout]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

from interleave import compare
from monorepo import generate

from agents_md import Session
from agents_md.engine.shared_listings import RACY_NS


def between(root: str, path: str) -> list[str]:
    out = []
    current = os.path.dirname(path)
    while len(current) > len(root):
        out.append(current)
        current = os.path.dirname(current)
    return out


SKIP = frozenset({".git", "node_modules"})


def repo_files(root: str, limit: int = 2000) -> list[str]:
    """Up to ``limit`` files of a checkout, spread over its tree."""
    found = []
    for directory, subdirs, names in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIP)
        found += [os.path.join(directory, name) for name in sorted(names)]
    step = max(1, len(found) // limit)
    return found[::step][:limit]


def measure(what: str, root: str, files: list[str], home: str, managed: str, rounds: int) -> None:
    ladders = [between(root, path) for path in files]

    def floor() -> None:
        for ladder in ladders:
            for directory in ladder:
                os.stat(directory)

    session = Session(cwd=root, home=home, managed_dir=managed)
    session.start()
    passes = []
    attached = 0
    for _ in range(2):
        t = time.perf_counter()
        attached += sum(len(session.read(path).files) for path in files)
        passes.append((time.perf_counter() - t) / len(files) * 1e6)
    result = compare(floor, lambda: [session.read(path) for path in files], rounds)
    remembered = len(session.loop().delivered)
    steps = sum(map(len, ladders)) / len(files)
    print(
        result.line(f"P3 {what}: Read decision, warm ({len(files)} Reads, {steps:.1f} folders each)", len(files), "us")
        + " (target <= 2.5x)"
    )
    print(
        f"   first pass {passes[0]:.0f} us per Read ({attached} files attached), second {passes[1]:.0f} us; the "
        f"session remembers {remembered} paths"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repo", action="append", default=[], help="a real checkout to read in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "repo")
        dirs = generate(root)
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        time.sleep(RACY_NS / 1e9)  # older than the disk clock's racy window, as a checkout is
        files = [os.path.join(d, "main.py") for d in dirs[:2000]]
        total = sum(len(f) for _, _, f in os.walk(root))
        measure(f"monorepo of {total} files", root, files, home, os.path.join(tmp, "none"), args.rounds)
        for repo in args.repo:
            checkout = os.path.abspath(repo)
            name = os.path.basename(checkout)
            measure(name, checkout, repo_files(checkout), home, os.path.join(tmp, "none"), args.rounds)


if __name__ == "__main__":
    main()
