"""P1: the start block of a new session, warm, per cwd, as a ratio to its floor.

The floor is what any loader must do for a cwd: one ``os.listdir`` per directory on the path
(from just below the filesystem root down to the cwd) plus reading the files that load (the
ones the session loaded, found beforehand). Both run in this process, interleaved, several
rounds (``interleave``); medians and spread are printed. Cases: the generated monorepo (depth 12,
5,000 directories, 500 instruction files) over its 200 deepest directories, the same at 10x, and
with ``--repo PATH`` (repeatable) a real repository's folders (up to 300, spread over the tree;
``.git`` and ``node_modules`` left out). Target: at most 1.5x.

A process's later sessions stat a folder and reuse the listing an earlier one made while its
stamp holds (``engine.shared_listings``), and answer the lookups an earlier start made while the
disk would answer them the same (``engine.shared_lookups``), a session built again as a whole
(``engine.start_memory``); the second line of each case measures a process's first session
instead, every kept listing, lookup and start forgotten before it.
The generated trees are measured once they are older than the disk clock's racy window (two
seconds), as any checkout an agent starts in is.

The generated trees are made under ``$TMPDIR``, whose folders are on every cwd's path: a crowded
one (a ``/tmp`` of hundreds of entries) makes its listing most of the floor. Point it at a folder
of few entries, as a checkout's parents mostly are.

    TMPDIR=/path/to/an/empty/folder python benchmarks/p1_context.py [--repo /path/to/a/checkout] [--small]
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
from agents_md.engine import shared_lookups
from agents_md.engine.shared_listings import RACY_NS, SHARED

SKIP = frozenset({".git", "node_modules"})


def chain(cwd: str) -> list[str]:
    out = []
    while (parent := os.path.dirname(cwd)) != cwd:
        out.append(cwd)
        cwd = parent
    return out


def floor(cwd: str, loads: list[str]) -> None:
    for directory in chain(cwd):
        os.listdir(directory)
    for path in loads:
        with open(path, "rb") as handle:
            handle.read()


def ours(cwd: str, home: str) -> str | None:
    return Session(cwd=cwd, home=home, managed_dir=os.path.join(home, "no-managed")).claude_md


def first_session(cwd: str, home: str) -> str | None:
    """A session with nothing kept from an earlier one: each folder listed, as the floor lists it."""
    SHARED.clear()
    shared_lookups.clear()
    return ours(cwd, home)


def folders(root: str, limit: int = 300) -> list[str]:
    found = []
    for directory, subdirs, _ in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIP)
        found.append(directory)
    step = max(1, len(found) // limit)
    return found[::step][:limit]


def measure(what: str, cwds: list[str], home: str, rounds: int) -> None:
    loads = {
        cwd: [f.path for f in Session(cwd=cwd, home=home, managed_dir=os.path.join(home, "no-managed")).files]
        for cwd in cwds
    }
    files = sum(len(v) for v in loads.values()) / len(cwds)
    result = compare(
        lambda: [floor(c, loads[c]) for c in cwds],
        lambda: [ours(c, home) for c in cwds],
        rounds,
    )
    print(result.line(f"P1 {what} ({len(cwds)} cwds, {files:.1f} files load each)", len(cwds)) + " (target <= 1.5x)")
    first = compare(
        lambda: [floor(c, loads[c]) for c in cwds],
        lambda: [first_session(c, home) for c in cwds],
        rounds,
    )
    print(first.line(f"   a process's first session ({what}: no listings kept)", len(cwds)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", action="append", default=[], help="a real checkout whose folders are cwds")
    parser.add_argument("--small", action="store_true", help="leave out the 10x monorepo")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        sizes = [(5_000, 500)] if args.small else [(5_000, 500), (50_000, 5_000)]
        for directories, docs in sizes:
            dirs = generate(os.path.join(tmp, f"repo{directories}"), directories=directories, docs=docs)
            time.sleep(RACY_NS / 1e9)  # older than the disk clock's racy window, as a checkout is
            measure(f"monorepo {directories:,} dirs / {docs:,} docs", dirs[:200], home, args.rounds)
        for repo in args.repo:
            measure(os.path.basename(os.path.abspath(repo)), folders(os.path.abspath(repo)), home, args.rounds)


if __name__ == "__main__":
    main()
