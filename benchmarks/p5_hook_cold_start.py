"""P5: ``agents-md hook run`` cold start for one PostToolUse event (a Read), as a ratio to
``python -c pass``.

The hook runs on every tool call Claude Code makes, so its start is paid each time. The two
commands are run interleaved, many times, in the same environment; the medians are compared
and the spread (the interquartile range) is given for each. The event is the second Read of a
session in a small tree, so the hook also replays the first from its state file.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run(argv: list[str], stdin: str, env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(argv, input=stdin, text=True, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - t


def spread(samples: list[float]) -> float:
    q = statistics.quantiles(samples, n=4)
    return q[2] - q[0]


def compile_bytecode() -> None:
    """.pyc files first: an install has them (this machine may set PYTHONDONTWRITEBYTECODE)."""
    import compileall

    import pluggy
    import wcmatch

    import agents_md

    for package in (agents_md, pluggy, wcmatch):
        compileall.compile_dir(os.path.dirname(package.__file__ or ""), quiet=1)


def main(rounds: int = 30) -> None:
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        root, home = os.path.join(tmp, "repo"), os.path.join(tmp, "home")
        for folder in ("a/b", "c", ".claude"):
            os.makedirs(os.path.join(root, folder), exist_ok=True)
        os.makedirs(os.path.join(home, ".claude"))
        for rel, text in (("AGENTS.md", "# rules\n"), ("a/AGENTS.md", "# a\n"), ("a/b/f.py", "x\n"), ("c/g.py", "y\n")):
            with open(os.path.join(root, rel), "w", encoding="utf-8") as handle:
                handle.write(text)
        with open(os.path.join(home, ".claude", "settings.json"), "w", encoding="utf-8") as handle:
            json.dump({"enabledPlugins": {"agents-md@builtin": False}}, handle)
        env = {**os.environ, "HOME": home}
        hook = [sys.executable, "-m", "agents_md", "hook", "run"]
        base = [sys.executable, "-c", "pass"]

        def event(rel: str) -> str:
            return json.dumps(
                {
                    "session_id": "bench",
                    "cwd": root,
                    "hook_event_name": "PostToolUse",
                    "tool_name": "Read",
                    "tool_input": {"file_path": os.path.join(root, rel)},
                    "tool_response": {},
                }
            )

        run(hook, event("a/b/f.py"), env)  # the session's first Read: kept in its state
        second = event("c/g.py")
        run(hook, second, env)
        a, b = [], []
        for _ in range(rounds):
            a.append(run(base, "", env))
            b.append(run(hook, second, env))
        ma, mb = statistics.median(a), statistics.median(b)
        print(
            f"P5 hook cold start: agents-md hook run (PostToolUse:Read) {mb * 1e3:.1f} ms "
            f"(spread {spread(b) * 1e3:.1f} ms); "
            f"python -c pass {ma * 1e3:.1f} ms (spread {spread(a) * 1e3:.1f} ms); ratio {mb / ma:.2f}x"
        )


if __name__ == "__main__":
    main()
