"""P3: the Read decision in a warm session, as a ratio to its floor.

The floor is what a cache that notices changes must do for a Read: one ``os.stat`` per directory
between the cwd and the read file. On the generated monorepo (depth 12, 5,000 directories, 500
instruction files) one session, started at the repository's root, first reads 2,000 files spread
over the tree (attaching what they bring); then passes over the same Reads (which attach nothing
new) and passes of the floor run interleaved, several rounds (``interleave``); medians and spread
are printed, and the first pass for reference. Target: at most 2.5x. Memory per session is
reported as the number of paths the session remembers, against the files in the repository.
The tree is measured once it is older than the disk clock's racy window (two seconds), as any
checkout an agent reads in is: a session lists a folder of that window again on every Read.

    python benchmarks/p3_read.py
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "repo")
        dirs = generate(root)
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        time.sleep(RACY_NS / 1e9)  # older than the disk clock's racy window, as a checkout is
        files = [os.path.join(d, "main.py") for d in dirs[:2000]]
        ladders = [between(root, path) for path in files]

        def floor() -> None:
            for ladder in ladders:
                for directory in ladder:
                    os.stat(directory)

        session = Session(cwd=root, home=home, managed_dir=os.path.join(tmp, "none"))
        session.start()
        t = time.perf_counter()
        attached = sum(len(session.read(path).files) for path in files)
        first = time.perf_counter() - t
        result = compare(floor, lambda: [session.read(path) for path in files], args.rounds)
        remembered = len(session.loop().delivered)
        total = sum(len(f) for _, _, f in os.walk(root))
        steps = sum(map(len, ladders)) / len(files)
        print(
            result.line(f"P3 Read decision, warm ({len(files)} Reads, {steps:.1f} directories each)", len(files), "us")
            + " (target <= 2.5x)"
        )
        print(
            f"P3 first pass: {first / len(files) * 1e6:.0f} us per Read, {attached} files attached; the session "
            f"remembers {remembered} paths for a repository of {total} files"
        )


if __name__ == "__main__":
    main()
