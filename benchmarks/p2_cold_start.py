"""P2: ``agents-md context --format json`` cold start, as a ratio to ``python -c pass``.

The installed command (built, not editable, bytecode compiled) and the editable one are run
interleaved with ``python -c pass`` and ``python -c "import json"`` (``cold_start``), on a
small repository. Target: at most 2.0x, installed. A second repository's ``AGENTS.md`` holds an
``@`` import and an HTML comment, as many do: reading them needs the Markdown lexer, so ``re``
and the lexer's patterns load too (shown beside, not the target's case).
"""

from __future__ import annotations

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))

from cold_start import Command, Install, run_both


def main(rounds: int = 30) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        texts = {"repo": "# rules\n", "lexed": "# rules\n<!-- for people -->\nSee @docs/style.md.\n"}
        for repo, text in texts.items():
            os.makedirs(os.path.join(tmp, repo, "a"))
            os.makedirs(os.path.join(tmp, repo, "docs"))
            with open(os.path.join(tmp, repo, "AGENTS.md"), "w", encoding="utf-8") as handle:
                handle.write(text)
            with open(os.path.join(tmp, repo, "docs", "style.md"), "w", encoding="utf-8") as handle:
                handle.write("# style\n")

        def args(repo: str) -> list[str]:
            folder = os.path.join(tmp, repo, "a")
            return ["context", folder, "--format", "json", "--home", tmp, "--managed-dir", os.path.join(tmp, "none")]

        env = dict(os.environ)

        uncached = {**env, "AGENTS_MD_CODE_CACHE": "0"}  # each module read from its own .pyc

        def command(install: Install) -> list[Command]:
            return [
                Command(f"agents-md context --format json, {install.name}", [install.script, *args("repo")], env),
                Command(f"  an import and a comment to read, {install.name}", [install.script, *args("lexed")], env),
                Command(f"  without the code cache, {install.name}", [install.script, *args("repo")], uncached),
            ]

        run_both("P2 cold start", command, env, rounds)


if __name__ == "__main__":
    main()
