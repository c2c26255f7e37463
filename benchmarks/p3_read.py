"""P3: the Read decision in a warm session, as a ratio to one ``os.stat`` per candidate file.

On the generated monorepo (depth 12, 5,000 directories, 500 instruction files), one session
answers Reads of files spread over the tree; the baseline stats, for the same Reads, every
candidate name in every directory between the cwd and the file. Target: at most 2x. Memory
per session is reported as the number of paths the session remembers, against the files
in the repository.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

from monorepo import generate, stat_candidates

from agents_md import Session


def baseline(root: str, files: list[str]) -> int:
    found = 0
    for path in files:
        current = os.path.dirname(path)
        while len(current) > len(root):
            found += stat_candidates(current)
            current = os.path.dirname(current)
    return found


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "repo")
        dirs = generate(root)
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        files = [os.path.join(d, "main.py") for d in dirs[:2000]]
        t = time.perf_counter()
        baseline(root, files)
        base = time.perf_counter() - t
        session = Session(cwd=root, home=home, managed_dir=os.path.join(tmp, "none"))
        session.start()
        t = time.perf_counter()
        for path in files:
            session.read(path)
        ours = time.perf_counter() - t
        t = time.perf_counter()
        baseline(root, files)
        base = min(base, time.perf_counter() - t)
        loop = session.loop()
        remembered = len(loop.delivered)
        total = sum(len(f) for _, _, f in os.walk(root))
        print(
            f"P3 read decision: {ours / len(files) * 1e6:.0f} us per Read; os.stat per candidate "
            f"{base / len(files) * 1e6:.0f} us; ratio {ours / base:.2f}x (target <= 2x); the session remembers "
            f"{remembered} paths for a repository of {total} files"
        )


if __name__ == "__main__":
    main()
