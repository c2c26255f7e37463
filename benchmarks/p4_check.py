"""P4: ``agents-md check`` on real clones and on a generated monorepo (50,000 files, 500 docs,
5,000 commits), against

(a) its floor: the full raw ``git log`` the check needs (its own command, read from its record,
    run to the end with the output thrown away) — interleaved with the check, several rounds;
(b) seed 001's two shell scripts on the same repository: the pull-request check (nearest
    ``AGENTS.md`` of each changed file) and the staleness loop (two ``git log -1`` per doc).

Both judge the same pull request: on the generated repository its ``feature`` branch against
``origin/main`` (100 commits); on a clone the last ``--pr N`` commits (default 100), the seed's
``origin/main`` written as ``HEAD~N`` (the one word of its script that differs). ``check`` runs
as ``check --base BASE --all --format json``: the pull request's diff and every rule.

Medians and spreads (min-max) printed, and the ratios of the medians. Targets: ``check`` at
most 1.0x the full raw ``git log`` (it stops reading the history once every doc is dated), and
at least 20x faster than the scripts. Memory: the peak resident size of ``check``'s largest git
child (``RUSAGE_CHILDREN``, a fresh process per run) when it stops early and when it reads the
whole history, beside the raw ``git log``'s; on the generated repository also the Python heap's
peak (``tracemalloc``) against one with the same 500 docs but a fifth of the files and history.

Run: ``.venv/bin/python benchmarks/p4_check.py [--repo CLONE ...] [--pr N] [--no-generated]
[--rounds N] [--script-rounds N] [--keep DIR]`` (``--keep`` keeps the generated repository
there). The README names the clones and commits its figures come from.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))

from cold_start import editable
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


def raw(argv: list[str], cwd: str) -> float:
    """The floor: a git command run to its end, its output thrown away."""
    t = time.perf_counter()
    subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):7.3f}s  ({min(times):.3f}-{max(times):.3f}, {len(times)} rounds)"


CHILD_PEAK = """
import resource, subprocess, sys, tracemalloc
what, root = sys.argv[1], sys.argv[2]
if what == "git":
    subprocess.run(sys.argv[3:], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    heap = 0
else:
    from agents_md.maintain.checks import answers
    from agents_md.maintain.checks.checker import check
    answers.READ_WHOLE_HISTORY = what == "whole"
    tracemalloc.start()
    check(root, parallel=False)
    heap = tracemalloc.get_traced_memory()[1]
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, heap // 1024)
"""


def peaks(what: str, root: str, argv: tuple[str, ...] = ()) -> tuple[int, int]:
    """(largest child's resident peak, Python heap peak), in KiB, of one run in a fresh process:
    ``check`` stopping early (``early``), reading the whole history (``whole``), or ``git`` alone."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD_PEAK, what, root, *argv], capture_output=True, text=True, check=True
    ).stdout
    rss, heap = out.split()
    return int(rss), int(heap)


def history_command(root: str) -> tuple[list[str], dict[str, int]]:
    """The ``git log`` over the whole history ``check`` starts, and what the check finds (by rule)."""
    from agents_md.maintain.checks.checker import check

    result = check(root)  # also warms the disk cache
    logs = [list(c) for c in result.git_commands if "log" in c and "--name-only" in c and not any(".." in a for a in c)]
    counts: dict[str, int] = {}
    for f in result.findings:
        counts[f.rule] = counts.get(f.rule, 0) + 1
    return logs[0], counts


def measure(name: str, root: str, base: str, scripts_dir: str, rounds: tuple[int, int]) -> str:
    """One repository, judging the pull request ``base...HEAD``: every figure, printed; a summary returned."""
    log, counts = history_command(root)
    pr_check = os.path.join(scripts_dir, "pr-check.sh")
    with open(pr_check, "w") as handle:
        handle.write(PR_CHECK.replace("origin/main...HEAD", f"{base}...HEAD"))
    check_times: list[float] = []
    git_times: list[float] = []
    for _ in range(rounds[0]):  # interleaved: the machine's mood falls on both alike
        check_times.append(timed([*AGENTS_MD, "check", "--base", base, "--all", "--format", "json"], root)[0])
        git_times.append(raw(log, root))
    script_times: list[float] = []
    for _ in range(rounds[1]):
        pr, _out = timed(["bash", pr_check], root)
        stale, _out = timed(["bash", os.path.join(scripts_dir, "staleness.sh")], root)
        script_times.append(pr + stale)
    early_rss, _ = peaks("early", root)
    whole_rss, _ = peaks("whole", root)
    git_rss, _ = peaks("git", root, tuple(log))
    commits = subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=root, capture_output=True, text=True).stdout
    files = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True).stdout.count(b"\0")
    check_median, git_median = statistics.median(check_times), statistics.median(git_times)
    scripts_median = statistics.median(script_times)
    diff = subprocess.run(["git", "diff", "--name-only", f"{base}...HEAD"], cwd=root, capture_output=True, text=True)
    changed = len(diff.stdout.splitlines())
    print(f"== {name}: {files:,} files, {int(commits):,} commits, {changed:,} files changed since {base}")
    print(f"findings (the whole repository): {counts}")
    print(f"agents-md check (CLI):       {spread(check_times)}")
    print(f"full raw git log (floor):    {spread(git_times)}")
    print(f"seed scripts (PR + stale):   {spread(script_times)}")
    print(f"ratio: check / full git log = {check_median / git_median:.2f}x  (target <= 1.0x)")
    print(f"ratio: scripts / check      = {scripts_median / check_median:.1f}x  (target >= 20x)")
    print(
        f"git child's peak resident: {early_rss // 1024} MiB stopping early, {whole_rss // 1024} MiB reading the "
        f"whole history; the raw git log alone {git_rss // 1024} MiB"
    )
    return f"{name}: {check_median / git_median:.2f}x, {scripts_median / check_median:.0f}x, {early_rss // 1024} MiB"


def main() -> None:
    args = sys.argv[1:]
    repos = [args[i + 1] for i, a in enumerate(args) if a == "--repo"]
    keep = args[args.index("--keep") + 1] if "--keep" in args else None
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 7
    script_rounds = int(args[args.index("--script-rounds") + 1]) if "--script-rounds" in args else 3
    pr = int(args[args.index("--pr") + 1]) if "--pr" in args else 100
    editable()  # the bytecode compiled, as an install has it
    rows: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        base = keep or tmp
        with open(os.path.join(base, "staleness.sh"), "w") as handle:
            handle.write(STALENESS)
        for clone in repos:
            head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=clone, capture_output=True, text=True)
            name = f"{os.path.basename(clone.rstrip('/'))} @ {head.stdout.strip()}"
            rows.append(measure(name, clone, f"HEAD~{pr}", base, (rounds, script_rounds)))
        if "--no-generated" not in args:
            rows.append(generated(base, (rounds, script_rounds)))
    print("summary (check / git log, scripts / check, git peak):", "; ".join(rows))


def generated(base: str, rounds: tuple[int, int]) -> str:
    root = os.path.join(base, "repo")
    t = time.perf_counter()
    generate(root, files=50_000, docs=500, commits=5_000)
    print(f"generated 50,000 files, 500 docs, 5,000 commits in {time.perf_counter() - t:.1f}s")
    row = measure("generated", root, "origin/main", base, rounds)
    _, report = timed([*AGENTS_MD, "check", "--base", "origin/main", "--all", "--format", "json"], root)
    _, pr_out = timed(["bash", os.path.join(base, "pr-check.sh")], root)
    # The seed's check says one line per changed file; check says one finding per doc, and over
    # a long range (this one is 100 commits) only for docs that name what changed: compare docs.
    ours = {f["file"] for f in json.loads(report)["findings"] if f["rule"] == "doc-not-updated"}
    theirs = {
        line.rsplit(" but ", 1)[1].removesuffix(" was not updated")
        for line in pr_out.splitlines()
        if line.startswith("note: ")
    }
    print(f"doc-not-updated: {len(ours)} docs, all among the seed PR check's {len(theirs)}: {ours <= theirs}")
    small = os.path.join(base, "small")
    generate(small, files=10_000, docs=500, commits=1_000)
    _, big_heap = peaks("early", root)
    _, small_heap = peaks("early", small)
    print(
        f"memory: Python heap peak {big_heap:,} KiB (50,000 files, 5,000 commits) vs {small_heap:,} KiB "
        "(10,000 files, 1,000 commits, same 500 docs)"
    )
    return row


if __name__ == "__main__":
    main()
