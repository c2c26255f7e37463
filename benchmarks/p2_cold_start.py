"""P2: ``agents-md context --format json`` cold start, as a ratio to ``python -c pass``.

The installed command (built, not editable, bytecode compiled) and the editable one are run
interleaved with ``python -c pass`` and ``python -c "import json"`` (``cold_start``), on a
small repository. Target: at most 2.0x, installed.
"""

from __future__ import annotations

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))

from cold_start import Command, Install, run_both


def main(rounds: int = 30) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "repo", "a"))
        with open(os.path.join(tmp, "repo", "AGENTS.md"), "w", encoding="utf-8") as handle:
            handle.write("# rules\n")
        args = ["context", os.path.join(tmp, "repo", "a"), "--format", "json", "--home", tmp]
        args += ["--managed-dir", os.path.join(tmp, "none")]
        env = dict(os.environ)

        def command(install: Install) -> list[Command]:
            return [Command(f"agents-md context --format json, {install.name}", [install.script, *args], env)]

        run_both("P2 cold start", command, env, rounds)


if __name__ == "__main__":
    main()
