"""A generated monorepo for the benchmarks: a tree of directories with instruction files in some."""

from __future__ import annotations

import os
import random


def generate(base: str, *, directories: int = 5000, depth: int = 12, docs: int = 500, seed: int = 7) -> list[str]:
    """Build the tree under ``base``; return every directory, deepest paths included."""
    rng = random.Random(seed)
    dirs = [base]
    os.makedirs(base, exist_ok=True)
    levels = {base: 0}
    while len(dirs) < directories:
        parent = rng.choice(dirs)
        if levels[parent] >= depth:
            continue
        child = os.path.join(parent, f"d{len(dirs)}")
        os.makedirs(child, exist_ok=True)
        levels[child] = levels[parent] + 1
        dirs.append(child)
    names = ["AGENTS.md", "CLAUDE.md", os.path.join(".claude", "rules", "style.md"), "CLAUDE.local.md"]
    for i, directory in enumerate(rng.sample(dirs, docs)):
        name = names[i % len(names)]
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(f"# {directory[-20:]}\n\n- use `make test`\n- see @docs/notes.md\n" * 3)
    for directory in dirs:
        with open(os.path.join(directory, "main.py"), "w", encoding="utf-8") as handle:
            handle.write("print('x')\n")
    return sorted(dirs, key=lambda d: -levels[d])
