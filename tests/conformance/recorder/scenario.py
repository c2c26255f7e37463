"""Scenario files, and the run directory each one is laid out in.

A scenario is a JSON object (see ``tests/conformance/README.md``).  Its tree is
written under ``<base>/<name>/root``, its home under ``<base>/<name>/home``, and
the placeholders ``<ROOT>``, ``<HOME>`` and ``<RUN>`` in its strings are
replaced by those paths before anything is written or run.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_PROMPT = "go"
DEFAULT_TIMEOUT = 90.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Subagent:
    key: str
    type: str | None  # None: the Agent call leaves subagent_type unset
    reads: tuple[str, ...]
    prompt: str | None
    expect_not_started: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn:
    key: str | None  # None: a bare prompt such as "/compact", not scripted
    prompt: str
    reads: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Run:
    """One scenario, resolved against its run directory (all paths absolute)."""

    name: str
    run_dir: Path
    root: Path
    home: Path
    cwd: Path
    tree: dict[str, Any]
    home_tree: dict[str, Any]
    managed_tree: dict[str, Any]
    git: tuple[str, ...]  # folders to `git init`, relative to the root
    worktrees: tuple[dict[str, str], ...]  # {"path", "repo"?} linked worktrees; {"path", "git_dir"} separate git dirs
    args: tuple[str, ...]
    env: dict[str, str]
    prompt: str
    reads: tuple[str, ...]
    reads_after: tuple[str, ...]
    subagents: tuple[Subagent, ...]
    turns: tuple[Turn, ...]
    timeout: float
    debug: bool
    debug_grep: tuple[str, ...]
    expect_exit: int
    settings_hooks: bool = False  # agents-md hook run is installed as settings hooks

    @property
    def config_dir(self) -> Path:
        """Where the engine keeps its own files (transcripts, the plugin store):
        ``$CLAUDE_CONFIG_DIR`` (relative: to the cwd), else ``$HOME/.claude`` (the run's home
        unless the scenario's ``env`` names another)."""
        given = self.env.get("CLAUDE_CONFIG_DIR")
        if given:
            return self.cwd / given
        return Path(self.env.get("HOME") or self.home) / ".claude"

    @property
    def placeholders(self) -> dict[str, Path]:
        return {"<ROOT>": self.root, "<HOME>": self.home, "<RUN>": self.run_dir}


def _number_first(path: Path) -> tuple[int, str]:
    # "100_x.json" sorts after "99_x.json"
    m = re.match(r"(\d+)_", path.name)
    return (int(m.group(1)) if m else 10**9, path.name)


def load_scenarios(folder: Path, substring: str | None = None) -> list[tuple[Path, dict[str, Any]]]:
    """(file, scenario) for every ``*.json`` in `folder`, numbered files in number order."""
    from .settings_hooks import turn_off_builtin, with_base

    loaded = []
    for path in sorted(folder.glob("*.json"), key=_number_first):
        scn = json.loads(path.read_text(encoding="utf-8"))
        scn.setdefault("name", path.stem)
        loaded.append((path, scn))
    by_name = {scn["name"]: scn for _, scn in loaded}
    # a scenario "like" another runs its tree; its result holds the scenario as run
    return [
        (path, turn_off_builtin(with_base(scn, by_name)))
        for path, scn in loaded
        if substring is None or substring in scn["name"]
    ]


def substitute(value: Any, mapping: Mapping[str, Path]) -> Any:
    """`value` with every placeholder in its strings (not its keys) replaced."""
    if isinstance(value, str):
        for tag, path in mapping.items():
            value = value.replace(tag, str(path))
        return value
    if isinstance(value, list):
        return [substitute(x, mapping) for x in value]
    if isinstance(value, dict):
        return {k: substitute(v, mapping) for k, v in value.items()}
    return value


# A read spelled so is sent as it is (the engine takes it under its home or its cwd).
AS_SPELLED = ("~/", "./", "../")


def _absolute(path: Any, root: Path) -> Any:
    """A read's path made absolute (one under ``~`` or starting ``./`` or ``../`` left as
    spelled); a read may also be another tool's call,
    ``{"tool": "Write", "file_path": ..., ...}`` (its ``file_path``, if any, made absolute; a
    ``Glob`` or ``Grep`` names its folder as ``path``, written with ``<ROOT>``)."""
    if isinstance(path, dict):
        return {**path, "file_path": _absolute(path["file_path"], root)} if "file_path" in path else path
    return path if path.startswith(("/", *AS_SPELLED)) or path == "~" else str(root / path)


def _git_dirs(git: Any) -> list[str]:
    if git is True:
        return [""]
    if isinstance(git, str):
        return [git]
    return list(git or [])


def _turn(raw: str | dict[str, Any], root: Path) -> Turn:
    if isinstance(raw, str):  # README form: a bare command
        return Turn(key=None, prompt=raw, reads=())
    return Turn(
        key=raw.get("key"),
        prompt=raw.get("prompt", DEFAULT_PROMPT),
        reads=tuple(_absolute(p, root) for p in raw.get("reads", [])),
    )


def resolve(scn: dict[str, Any], base: Path) -> Run:
    """The run of `scn` under `base` (nothing is written yet)."""
    run_dir = base / scn["name"]
    root, home = run_dir / "root", run_dir / "home"
    mapping = {"<ROOT>": root, "<HOME>": home, "<RUN>": run_dir}
    s = substitute({k: v for k, v in scn.items() if k != "name"}, mapping)
    # The engine keys a project's folder under the home by its path with punctuation as dashes
    # (auto memory): a tree key may name that folder as <DASHED-ROOT>.
    dashed = re.sub(r"[^A-Za-z0-9]", "-", str(root))
    for tree in ("tree", "home_tree"):
        if isinstance(s.get(tree), dict):
            s[tree] = {k.replace("<DASHED-ROOT>", dashed): v for k, v in s[tree].items()}
    return Run(
        name=scn["name"],
        run_dir=run_dir,
        root=root,
        home=home,
        cwd=root / (s.get("cwd") or ""),
        tree=s.get("tree") or {},
        home_tree=s.get("home_tree") or {},
        managed_tree=s.get("managed_tree") or {},
        git=tuple(_git_dirs(s.get("git", False))),
        worktrees=tuple(w if isinstance(w, dict) else {"path": w} for w in s.get("worktrees", [])),
        args=tuple(s.get("args", [])),
        env={k: str(v) for k, v in s.get("env", {}).items()},
        prompt=s.get("prompt", DEFAULT_PROMPT),
        reads=tuple(_absolute(p, root) for p in s.get("reads", [])),
        reads_after=tuple(_absolute(p, root) for p in s.get("reads_after", [])),
        subagents=tuple(
            Subagent(
                key=sa["key"],
                type=sa.get("type"),
                prompt=sa.get("prompt"),
                reads=tuple(_absolute(p, root) for p in sa.get("reads", [])),
                expect_not_started=bool(sa.get("expect_not_started", False)),
            )
            for sa in s.get("subagents", [])
        ),
        turns=tuple(_turn(t, root) for t in s.get("turns", [])),
        timeout=float(s.get("timeout", DEFAULT_TIMEOUT)),
        debug=bool(s.get("debug", False)),
        debug_grep=tuple(s.get("debug_grep", [])),
        expect_exit=int(s.get("expect_exit", 0)),
        settings_hooks=bool(s.get("agents_md_hook")),
    )


def write_tree(base: Path, tree: Mapping[str, Any], source_dir: Path | None = None) -> None:
    """Write `tree` ({relative path: entry}) under `base`, byte-exact.

    An entry is a string (UTF-8 text), {"json": value}, {"b64": data},
    {"symlink": target}, {"dir": true}, or {"file": path, "sha256": hex} (a file
    next to the scenario, copied as is; refused when the hash differs)."""
    for rel, entry in tree.items():
        path = base / rel
        if rel.endswith("/") or (isinstance(entry, dict) and entry.get("dir")):
            path.mkdir(parents=True, exist_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(entry, str):
            path.write_bytes(entry.encode("utf-8"))
        elif isinstance(entry, dict) and "symlink" in entry:
            if path.is_symlink() or path.exists():
                path.unlink()
            path.symlink_to(entry["symlink"])
        elif isinstance(entry, dict) and "json" in entry:
            path.write_bytes((json.dumps(entry["json"], indent=2) + "\n").encode("utf-8"))
        elif isinstance(entry, dict) and "b64" in entry:
            path.write_bytes(base64.b64decode(entry["b64"]))
        elif isinstance(entry, dict) and "file" in entry:
            data = ((source_dir or Path.cwd()) / entry["file"]).read_bytes()
            if entry.get("sha256") and hashlib.sha256(data).hexdigest() != entry["sha256"]:
                raise ValueError(f"{entry['file']}: content differs from the pinned sha256")
            path.write_bytes(data)
        else:
            raise ValueError(f"tree entry {rel!r}: cannot write {entry!r}")


def lay_out(run: Run, source_dir: Path | None = None) -> None:
    """Build the run directory afresh: tree, home, git repositories, cwd."""
    if run.run_dir.is_symlink() or run.run_dir.exists():
        shutil.rmtree(run.run_dir)
    run.root.mkdir(parents=True)
    run.home.mkdir(parents=True)
    write_tree(run.root, run.tree, source_dir)
    write_tree(run.home, run.home_tree, source_dir)
    # git reads no config of the developer's: the fake home, no system file
    git_env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(run.home),
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    for rel in run.git:
        target = run.root / rel
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q", str(target)], check=True, env=git_env)
    for worktree in run.worktrees:
        add_worktree(run.root, worktree, git_env)
    run.cwd.mkdir(parents=True, exist_ok=True)


def listing(run: Run, rel: str) -> list[str] | None:
    """The entries of a folder of the run (relative to the root, or with a placeholder), unsorted."""
    folder = Path(substitute(rel, run.placeholders)) if rel.startswith("<") else run.root / rel
    try:
        return os.listdir(folder)
    except OSError:
        return None


GIT_IDENTITY = ["-c", "user.name=x", "-c", "user.email=x@y", "-c", "commit.gpgsign=false"]


def add_worktree(root: Path, worktree: Mapping[str, str], env: Mapping[str, str]) -> None:
    """A git checkout at ``worktree["path"]`` whose ``.git`` is a file, its tree files kept.

    With ``git_dir``: ``git init --separate-git-dir`` (a submodule's layout). Otherwise a linked
    worktree of the repository at ``repo`` (default the root): its first commit is made empty if
    it has none, and ``git worktree add --detach`` runs on an empty folder, the files put back.
    """
    target = root / worktree["path"]
    aside = target.with_name(target.name + ".aside")
    if target.exists():
        target.rename(aside)
    if worktree.get("git_dir"):
        git_dir = root / worktree["git_dir"]
        git_dir.parent.mkdir(parents=True, exist_ok=True)
        cmd = ["git", "-c", "init.defaultBranch=main", "init", "-q", f"--separate-git-dir={git_dir}", str(target)]
        subprocess.run(cmd, check=True, env=dict(env))
    else:
        repo = root / worktree.get("repo", "")
        has_commit = (
            subprocess.run(
                ["git", "-C", str(repo), "rev-parse", "-q", "--verify", "HEAD"], env=dict(env), capture_output=True
            ).returncode
            == 0
        )
        if not has_commit:
            subprocess.run(
                ["git", *GIT_IDENTITY, "-C", str(repo), "commit", "-q", "--allow-empty", "-m", "init"],
                check=True,
                env=dict(env),
            )
        subprocess.run(
            ["git", "-C", str(repo), "worktree", "add", "-q", "--detach", str(target)],
            check=True,
            env=dict(env),
            capture_output=True,
        )
    if aside.exists():
        for entry in aside.iterdir():
            entry.rename(target / entry.name)
        aside.rmdir()
