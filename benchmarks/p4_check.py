"""P4: ``agents-md check`` on a generated monorepo — 50,000 files, 500 docs, 5,000 commits — against

(a) seed 001's two shell scripts on the same repository: the pull-request check (nearest
    ``AGENTS.md`` of each changed file) and the staleness loop (two ``git log -1`` per doc);
(b) the raw git commands ``check`` itself runs (read from its own record, replayed one after
    the other, output written to a file as ``check`` does).

All timed in the same run; ratios printed. Targets: at least 20x faster than the scripts, at
most 2x the raw git commands. Memory: the Python heap's peak (``tracemalloc``) of ``check`` on
this repository and on one with the same 500 docs but a fifth of the files and of the history
— it should stay about the same (bounded by the docs, not the files).

Run: ``.venv/bin/python benchmarks/p4_check.py`` (``--keep DIR`` keeps the repository there).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

from p2_cold_start import compile_bytecode
from p4_repo import generate

# Seed 001's pull-request check, verbatim.
PR_CHECK = r"""#!/usr/bin/env bash
# Warn when code changed but the nearest AGENTS.md above it did not.
changed=$(git diff --name-only origin/main...HEAD)

nearest_doc() {
  d=$(dirname "$1")
  while [ "$d" != "." ]; do
    if [ -f "$d/AGENTS.md" ]; then echo "$d/AGENTS.md"; return; fi
    d=$(dirname "$d")
  done
  echo "AGENTS.md"
}

printf '%s\n' "$changed" | while read -r f; do
  [ -n "$f" ] || continue
  case "$f" in AGENTS.md|*/AGENTS.md) continue ;; esac
  doc=$(nearest_doc "$f")
  printf '%s\n' "$changed" | grep -Fqx "$doc" && continue
  echo "note: $f changed but $doc was not updated"
done
"""

# Seed 001's staleness loop, verbatim.
STALENESS = r"""for f in $(git ls-files '*AGENTS.md'); do
  d=$(dirname "$f")
  printf '%s  doc:%s  code:%s\n' "$f" \
    "$(git log -1 --format=%cs -- "$f")" \
    "$(git log -1 --format=%cs -- "$d")"
done
"""

AGENTS_MD = [sys.executable, "-m", "agents_md"]


def timed(argv: list[str], cwd: str) -> tuple[float, str]:
    t = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - t
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{argv[:4]} failed: {done.stderr}")
    return elapsed, done.stdout


def best(fn, rounds: int = 3) -> float:  # type: ignore[no-untyped-def]
    return min(fn() for _ in range(rounds))


def raw_git(commands: list[list[str]], cwd: str) -> float:
    t = time.perf_counter()
    for argv in commands:
        with tempfile.TemporaryFile() as out:
            subprocess.run(argv, cwd=cwd, stdout=out, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def heap_peak(root: str) -> tuple[int, int]:
    """(traced Python heap peak, resident set peak) of ``check`` in a fresh process, in KiB."""
    code = (
        "import resource, sys, tracemalloc\n"
        "from agents_md.maintain.checks.checker import check\n"
        "tracemalloc.start()\n"
        "check(sys.argv[1], parallel=False)\n"
        "print(tracemalloc.get_traced_memory()[1] // 1024, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, root], capture_output=True, text=True, check=True).stdout
    heap, rss = out.split()
    return int(heap), int(rss)


def main() -> None:
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        base = keep or tmp
        root = os.path.join(base, "repo")
        t = time.perf_counter()
        generate(root, files=50_000, docs=500, commits=5_000)
        print(f"generated 50,000 files, 500 docs, 5,000 commits in {time.perf_counter() - t:.1f}s")
        for name, text in (("pr-check.sh", PR_CHECK), ("staleness.sh", STALENESS)):
            with open(os.path.join(base, name), "w") as handle:
                handle.write(text)

        from agents_md.maintain.checks.checker import check

        result = check(root)  # warm the disk cache, and read which git commands check runs
        commands = [list(c) for c in result.git_commands]

        check_time = best(lambda: timed([*AGENTS_MD, "check", "--format", "json"], root)[0])
        _, report = timed([*AGENTS_MD, "check", "--format", "json"], root)
        git_time = best(lambda: raw_git(commands, root))
        pr_time, pr_out = timed(["bash", os.path.join(base, "pr-check.sh")], root)
        stale_time, _ = timed(["bash", os.path.join(base, "staleness.sh")], root)
        scripts = pr_time + stale_time

        # The seed's check says one line per changed file; check says one finding per doc, and over
        # a long range (this one is 100 commits) only for docs that name what changed: compare docs.
        ours = {f["file"] for f in json.loads(report)["findings"] if f["rule"] == "doc-not-updated"}
        theirs = {
            line.rsplit(" but ", 1)[1].removesuffix(" was not updated")
            for line in pr_out.splitlines()
            if line.startswith("note: ")
        }
        counts: dict[str, int] = {}
        for f in json.loads(report)["findings"]:
            counts[f["rule"]] = counts.get(f["rule"], 0) + 1

        print(f"agents-md check (CLI, best of 3):   {check_time:7.2f}s  findings: {counts}")
        print(f"seed scripts: PR check {pr_time:.2f}s + staleness loop {stale_time:.2f}s = {scripts:.2f}s")
        print(f"raw git commands check runs ({len(commands)}, one after the other): {git_time:.2f}s")
        for argv in commands:
            print("    " + " ".join(argv))
        print(f"ratio: scripts / check = {scripts / check_time:.1f}x   (target >= 20x)")
        print(f"ratio: check / raw git = {check_time / git_time:.2f}x  (target <= 2x)")
        print(f"doc-not-updated: {len(ours)} docs, all among the seed PR check's {len(theirs)}: {ours <= theirs}")

        small = os.path.join(base, "small")
        generate(small, files=10_000, docs=500, commits=1_000)
        big_heap, big_rss = heap_peak(root)
        small_heap, small_rss = heap_peak(small)
        print(
            f"memory: Python heap peak {big_heap:,} KiB (50,000 files, 5,000 commits) vs {small_heap:,} KiB "
            f"(10,000 files, 1,000 commits, same 500 docs); resident {big_rss // 1024} MiB vs {small_rss // 1024} MiB"
        )


if __name__ == "__main__":
    main()
