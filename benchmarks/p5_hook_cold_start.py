"""P5: ``agents-md hook run`` cold start for one PostToolUse event (a Read), as a ratio to
``python -c pass``.

The hook runs on every tool call Claude Code makes, so its start is paid each time. The event
is the second Read of a session in a small tree, so the hook also replays the first from its
state file. The installed command and the editable one are run interleaved with ``python -c
pass`` and ``python -c "import json"`` (``cold_start``). Target: at most 2.0x, installed.

A second event shows what a long session adds: a Read, in the generated monorepo (``P1``), of a
file read before, after ``long`` Reads spread over the tree (100): the hook takes back what the
plugin was given from its state before answering.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))

from cold_start import Command, Install, editable, run_both
from monorepo import generate


def main(rounds: int = 30, long: int = 100) -> None:
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

        def event(rel: str, cwd: str = root, session: str = "bench") -> str:
            return json.dumps(
                {
                    "session_id": session,
                    "cwd": cwd,
                    "hook_event_name": "PostToolUse",
                    "tool_name": "Read",
                    "tool_input": {"file_path": os.path.join(cwd, rel)},
                    "tool_response": {},
                }
            )

        # The session's first Read, kept in its state (the state lives under the home).
        hook = [editable().script, "hook", "run"]
        subprocess.run(hook, input=event("a/b/f.py"), text=True, check=True, env=env, stdout=subprocess.DEVNULL)
        second = event("c/g.py")
        # A long session in the generated monorepo, each of its Reads a hook call as in Claude Code.
        mono = os.path.join(tmp, "mono")
        reads = [os.path.join(d, "main.py") for d in generate(mono)[:long]]
        for path in reads:
            read = event(path, mono, "long")
            subprocess.run(hook, input=read, text=True, check=True, env=env, stdout=subprocess.DEVNULL)
        state = os.path.join(home, ".cache", "agents-md", "hook", "long.json")
        with open(state, encoding="utf-8") as handle:
            given = sum(map(len, json.load(handle)["plugin"]["given"].values()))
        again = event(reads[0], mono, "long")

        uncached = {**env, "AGENTS_MD_CODE_CACHE": "0"}  # each module read from its own .pyc

        def command(install: Install) -> list[Command]:
            script = [install.script, "hook", "run"]
            return [
                Command(f"agents-md hook run (PostToolUse Read), {install.name}", script, env, second),
                Command(f"  after {long} Reads in the monorepo ({given} given), {install.name}", script, env, again),
                Command(f"  without the code cache, {install.name}", script, uncached, second),
            ]

        run_both("P5 hook cold start", command, env, rounds)


if __name__ == "__main__":
    main()
