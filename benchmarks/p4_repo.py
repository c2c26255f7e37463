"""A generated monorepo with history, for P4: files, docs and commits, written with ``git fast-import``.

``generate(base, files=50_000, docs=500, commits=5_000)`` builds a repository whose first
commit adds every file, and whose later commits each change a few files (one in twelve also
changes a doc). ``main`` (and ``origin/main``, ``origin/HEAD``) stops 100 commits before the
end; ``feature`` holds the rest and is checked out — a pull request to check.
"""

from __future__ import annotations

import os
import random
import subprocess

IDENTITY = ["-c", "user.name=x", "-c", "user.email=x@y", "-c", "init.defaultBranch=main"]
EPOCH = 1_700_000_000
FEATURE_COMMITS = 100


def _dirs(rng: random.Random, count: int, depth: int) -> list[str]:
    dirs = [""]
    levels = {"": 0}
    while len(dirs) < count:
        parent = rng.choice(dirs)
        if levels[parent] >= depth:
            continue
        name = f"{parent}/d{len(dirs)}" if parent else f"d{len(dirs)}"
        levels[name] = levels[parent] + 1
        dirs.append(name)
    return dirs


def _doc(rng: random.Random, directory: str, files_here: list[str], tool: str) -> str:
    title = directory or "the repository"
    existing = rng.choice(files_here).rsplit("/", 1)[-1] if files_here else "main.py"
    lines = [
        f"# {title}",
        "",
        f"Code for {title}. Keep this file short.",
        "",
        "## Commands",
        "",
        f"- `{tool} install` installs; `{tool} test` runs the tests.",
        "- `make lint` before pushing.",
        "",
        "## Conventions",
        "",
        f"- The entry point is `./{existing}`.",
        "- Generated code lives in `src/**/*.gen.ts`; see https://example.com/docs/x and `@scope/pkg`.",
        "- Use `<name>/config.toml` for each environment.",
    ]
    if rng.random() < 0.1:
        lines.append("- The old client is `src/legacy/client.ts`.")  # a path that does not exist
    lines += ["", "```sh", "cat src/example/*.ts", "```", ""]
    return "\n".join(lines) + "\n"


class _Stream:
    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdin is not None
        self.out = proc.stdin

    def data(self, payload: bytes) -> None:
        self.out.write(b"data %d\n" % len(payload))
        self.out.write(payload)
        self.out.write(b"\n")

    def commit(self, ref: str, mark: int, when: int, parent: int | None, changes: list[tuple[str, bytes]]) -> None:
        self.out.write(f"commit {ref}\nmark :{mark}\ncommitter x <x@y> {when} +0000\n".encode())
        self.data(f"change {mark}".encode())
        if parent is not None:
            self.out.write(f"from :{parent}\n".encode())
        for path, content in changes:
            self.out.write(f"M 100644 inline {path}\n".encode())
            self.data(content)


def generate(base: str, *, files: int = 50_000, docs: int = 500, commits: int = 5_000, seed: int = 4) -> str:
    rng = random.Random(seed)
    os.makedirs(base, exist_ok=True)
    subprocess.run(["git", *IDENTITY, "init", "-q", base], check=True)
    directories = _dirs(rng, max(docs * 10, 50), depth=8)
    doc_dirs = ["", *rng.sample(directories[1:], docs - 1)]
    code: list[str] = []
    by_dir: dict[str, list[str]] = {}
    for i in range(files - docs):
        directory = rng.choice(directories)
        path = f"{directory}/f{i}.{'py' if i % 2 else 'ts'}" if directory else f"f{i}.py"
        code.append(path)
        by_dir.setdefault(directory, []).append(path)
    tools = {d: ("pnpm" if rng.random() < 0.9 else "npm") for d in doc_dirs}
    doc_paths = {d: (f"{d}/AGENTS.md" if d else "AGENTS.md") for d in doc_dirs}
    proc = subprocess.Popen(["git", "fast-import", "--quiet"], cwd=base, stdin=subprocess.PIPE)
    stream = _Stream(proc)
    first = [(p, f"# {p}\nvalue = 0\n".encode()) for p in code]
    first += [(doc_paths[d], _doc(rng, d, by_dir.get(d, []), tools[d]).encode()) for d in doc_dirs]
    when = EPOCH
    stream.commit("refs/heads/main", 1, when, None, first)
    main_end = commits - FEATURE_COMMITS
    for mark in range(2, commits + 1):
        when += rng.randint(600, 14_400)
        changes = [(p, f"# {p}\nvalue = {mark}\n".encode()) for p in rng.sample(code, rng.randint(1, 8))]
        if rng.random() < 1 / 12:
            d = rng.choice(doc_dirs)
            changes.append((doc_paths[d], _doc(rng, d, by_dir.get(d, []), tools[d]).encode() + b"\n"))
        ref = "refs/heads/main" if mark <= main_end else "refs/heads/feature"
        stream.commit(ref, mark, when, mark - 1, changes)
    stream.out.write(f"reset refs/remotes/origin/main\nfrom :{main_end}\n\n".encode())
    stream.out.close()
    if proc.wait() != 0:
        raise RuntimeError("git fast-import failed")
    git = ["git", *IDENTITY, "-C", base]
    subprocess.run([*git, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"], check=True)
    subprocess.run([*git, "checkout", "-q", "feature"], check=True)
    return base
