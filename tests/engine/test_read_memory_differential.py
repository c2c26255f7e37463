"""A session that gives Reads again from memory does what a session that decides every Read does:
random sessions of Reads, mentions and other tools' touches (through links, outside the cwd,
relative and ``~`` spellings, folders, missing files), subagents, compactions, edits, links
pointed elsewhere, conditional rules and folders made old, compared step by step."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from test_read_memory import aged, summary

from agents_md import PluginSpec, Session
from agents_md.plugin_api import HookSession, InstructionFile, Kind, Provenance, Reason, ToolCall, hookimpl

Tree = Callable[..., Path]
AND_MODE = {
    "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
}
PROJECT_SETTINGS = {
    "json": {
        "permissions": {"deny": ["Read(./d/secret/**)"]},
        "claudeMdExcludes": ["**/a/b/c/CLAUDE.md"],
    }
}
FOLDERS = ("", "a", "a/b", "a/b/c", "d", "d/secret", "l", "l/b", "a/lk", "lo", "lo/in")
FILES = ("CLAUDE.md", "AGENTS.md", ".claude/CLAUDE.md", ".claude/AGENTS.md", "CLAUDE.local.md", "x.md")
TEXTS = ("one\n", "two\n", "@x.md\n", "@../x.md\nthree\n", "@lx.md\n", "---\npaths: ['**/*.py']\n---\nr\n")
READ_NAMES = ("f.py", "CLAUDE.md", "AGENTS.md", "x.md", "lx.md", "missing.py", "pic.png", "big.txt", "nb.ipynb", "")
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 21


class Telling:
    """A plugin that says its state (it has none): it tells of every call, and answers a Read of
    a file called ``lx.md``."""

    def read_state(self) -> object:
        return None

    @hookimpl
    def tool_call(
        self, session: HookSession, call: ToolCall, files: tuple[InstructionFile, ...]
    ) -> list[InstructionFile] | None:
        session.log("telling", f"{call.tool} {call.path} in {call.agent_id}")
        if call.path is None or not call.path.endswith("lx.md"):
            return None
        provenance = Provenance(reason=Reason.PLUGIN, via="telling")
        return [InstructionFile(path=call.path + ".note", kind=Kind.PROJECT, content="note\n", provenance=provenance)]


def write(path: Path, data: str | bytes) -> None:
    """``data`` written in place when the file is there (its folder's entries unchanged)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode() if isinstance(data, str) else data
    if path.is_symlink() or not path.exists():
        if path.is_symlink():
            path.unlink()
        path.write_bytes(raw)
        return
    with open(path, "r+b") as f:
        f.truncate(0)
        f.write(raw)


def relink(link: Path, target: str) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    if link.is_symlink() or link.is_file():
        link.unlink()
    elif link.is_dir():
        shutil.rmtree(link)
    os.symlink(target, link)


class Deciding(Session):
    """A session that decides every Read (``Session.restore`` makes one of its own class)."""

    def __init__(self, **options: object) -> None:
        super().__init__(remember_lookups=False, **options)  # type: ignore[arg-type]


ARGS = {
    "plain": [],
    "anywhere": ["--allowedTools", "Read"],
    "added": ["--add-dir", "{out}", "--allowedTools", "Read"],
}


class Run:
    """Two sessions of the same inputs, one keeping Reads and one deciding each, done alike."""

    def __init__(self, tree: Tree, profile: str, seed: int, args: str = "plain") -> None:
        spec: dict[str, object] = {f"{f}/f.py".lstrip("/"): "x\n" for f in ("", "a", "a/b", "a/b/c", "d", "d/secret")}
        spec.update(
            {
                ".git/HEAD": "ref: refs/heads/main\n",
                ".claude/settings.json": PROJECT_SETTINGS,
                "a/CLAUDE.md": "a\n",
                "a/b/AGENTS.md": "b\n",
                "x.md": "x\n",
                "a/x.md": "ax\n",
                "d/CLAUDE.md": "d\n",
                "d/secret/CLAUDE.md": "secret\n",
                "a/b/c/CLAUDE.md": "excluded\n",
                "l": {"symlink": "a"},
                "a/lk": {"symlink": "../d"},
                "a/lx.md": {"symlink": "x.md"},
            }
        )
        self.out = tree({"f.py": "o\n", "CLAUDE.md": "out\n", "in/f.py": "o\n"}, "outside")
        spec["lo"] = {"symlink": str(self.out)}
        self.root = tree(spec)
        home = tree({".claude/settings.json": AND_MODE, "h.py": "h\n"}, "home")
        self.rng = random.Random(seed)
        aged(self.root)
        aged(self.out)
        options: dict[str, object] = {
            "cwd": str(self.root),
            "home": str(home),
            "managed_dir": str(self.root.parent / "m"),
            "profile": profile,
            "args": [a.replace("{out}", str(self.out)) for a in ARGS[args]],
            "env": {"CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD": "1"},
        }
        self.kept = Session(extra_plugins=self.telling(), **options)  # type: ignore[arg-type]
        self.fresh: Session = Deciding(extra_plugins=self.telling(), **options)
        self.sessions = (self.kept, self.fresh)
        for s in self.sessions:
            s.start()
        assert self.kept.loop().reads is not None and self.fresh.loop().reads is None
        self.done: list[str] = []
        self.targets: list[str] = []

    @staticmethod
    def telling() -> list[PluginSpec]:
        return [PluginSpec(name="telling", plugin=Telling())]

    def target(self) -> str:
        rng = self.rng
        if self.targets and rng.random() < 0.6:
            return rng.choice(self.targets[-4:])  # a Read asked again
        target = self.new_target()
        self.targets.append(target)
        return target

    def new_target(self) -> str:
        rng = self.rng
        where = rng.random()
        if where < 0.08:
            return str(self.out / rng.choice(("f.py", "in/f.py", "CLAUDE.md", "missing.py")))
        if where < 0.12:
            return rng.choice(("~/h.py", "~/missing.py"))
        folder = rng.choice(FOLDERS)
        name = rng.choice(READ_NAMES)
        rel = os.path.join(folder, name) if name else folder
        if where < 0.25:
            return rel or "."  # relative to the cwd
        if where < 0.3:
            return str(self.root) + "/" + rel.replace("/", "/./", 1)  # spelled with a ``.``
        return str(self.root / rel)

    def touch(self) -> None:
        rng = self.rng
        target = self.target()
        kind = rng.random()
        loops: list[object] = list(self.sessions)
        key = rng.choice(["", "", *sorted(self.kept.subagents)[-2:]])
        if key:
            loops = [s.subagents[key] for s in self.sessions]
        if kind < 0.75:
            gave = [summary(loop.read(target)) for loop in loops]  # type: ignore[attr-defined]
            step = f"read {key} {target}"
        elif kind < 0.85 and not key:
            gave = [summary(s.mention(target)) for s in self.sessions]
            step = f"mention {target}"
        else:
            tool = rng.choice(("Write", "Edit", "IdeSelection", "LS", "Grep"))
            gave = [
                [summary(r) for r in loop.touch(tool, target).results]  # type: ignore[attr-defined]
                for loop in loops
            ]
            step = f"touch {key} {tool} {target}"
        self.done.append(step)
        assert gave[0] == gave[1], self.done

    def change(self) -> None:
        rng = self.rng
        root = self.root
        kind = rng.random()
        folder = root / rng.choice(("", "a", "a/b", "a/b/c", "d", "d/secret"))
        if kind < 0.35:
            path = folder / rng.choice(FILES)
            text = rng.choice(TEXTS)
            write(path, text)
            self.done.append(f"write {path} {text!r}")
        elif kind < 0.45:
            path = folder / rng.choice(FILES)
            if path.is_symlink() or path.exists():
                path.unlink()
            self.done.append(f"remove {path}")
        elif kind < 0.55:
            rule = folder / ".claude/rules" / rng.choice(("r.md", "s/t.md"))
            text = rng.choice(("rule\n", "---\npaths: ['**/*.py']\n---\nrule\n", "---\npaths: ['b/**']\n---\nrb\n"))
            write(rule, text)
            self.done.append(f"rule {rule} {text!r}")
        elif kind < 0.65:
            link, target = rng.choice(
                (
                    ("l", rng.choice(("a", "d", "a/b", "missing"))),
                    ("a/lk", rng.choice(("../d", "b", "../a"))),
                    ("a/lx.md", rng.choice(("x.md", "CLAUDE.md", "../x.md", "nothing.md"))),
                    (f"{rng.choice(('a', 'a/b', 'd'))}/AGENTS.md", rng.choice(("x.md", "../x.md", "CLAUDE.md"))),
                    (f"{rng.choice(('a', 'a/b', 'd'))}/CLAUDE.md", rng.choice(("AGENTS.md", "../AGENTS.md", "x.md"))),
                )
            )
            relink(root / link, target)
            self.done.append(f"link {link} -> {target}")
        elif kind < 0.72:
            path = folder / rng.choice(("pic.png", "nb.ipynb", "big.txt"))
            data: str | bytes = rng.choice(
                (PNG, b"not an image\n", '{"cells": []}', "not json", "y" * (256 * 1024 + rng.randrange(2)))
            )
            write(path, data)
            self.done.append(f"write {path} ({len(data)})")
        elif kind < 0.77:
            gone = root / rng.choice(("a/b/c", "d/secret", "a/b"))
            if gone.exists():
                shutil.rmtree(gone)
            self.done.append(f"rmtree {gone}")
        elif kind < 0.82:
            write(self.out / rng.choice(("CLAUDE.md", "in/AGENTS.md", "in/f.py")), rng.choice(TEXTS))
            self.done.append("write outside")
        else:
            aged(root)
            aged(self.out)
            self.done.append("aged")

    def session_step(self) -> None:
        rng = self.rng
        kind = rng.random()
        if kind < 0.3:
            fork = rng.random() < 0.5
            agent = None if fork else rng.choice((None, "Explore"))
            for s in self.sessions:
                s.spawn(agent, fork=fork)
            self.done.append(f"spawn {agent} fork={fork}")
        elif kind < 0.6:
            for s in self.sessions:
                s.turn()
            self.done.append("turn")
        elif kind < 0.9:
            for s in self.sessions:
                s.compact()
            self.done.append("compact")
        elif kind < 0.93:
            for s in self.sessions:
                s.clear()
            self.done.append("clear")
        elif kind < 0.97:
            where = str(self.root / rng.choice(("", "", "a", "l", "d")))
            for s in self.sessions:
                s.cd(where)
            self.done.append(f"cd {where}")
        else:
            self.kept = Session.restore(self.kept.snapshot(), extra_plugins=self.telling())
            self.fresh = Deciding.restore(self.fresh.snapshot(), extra_plugins=self.telling())
            self.sessions = (self.kept, self.fresh)
            self.done.append("restore")

    def step(self) -> None:
        kind = self.rng.random()
        if kind < 0.7:
            self.touch()
        elif kind < 0.92:
            self.change()
        else:
            self.session_step()

    def same(self) -> None:
        kept, fresh = self.kept, self.fresh
        assert kept.steps == fresh.steps, self.done
        assert [n.text for n in kept.notices] == [n.text for n in fresh.notices], self.done
        assert kept.loops_given() == fresh.loops_given(), self.done
        assert sorted(kept.loop().delivered) == sorted(fresh.loop().delivered), self.done
        assert kept.loop().recent.ordered() == fresh.loop().recent.ordered(), self.done
        for key, sub in kept.subagents.items():
            assert sub.delivered == fresh.subagents[key].delivered, self.done
        assert kept._memories() == fresh._memories(), self.done
        assert kept.snapshot() == fresh.snapshot(), self.done


@pytest.mark.parametrize("args", sorted(ARGS))
@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("seed", range(int(os.environ.get("AGENTS_MD_FUZZ_SEEDS", "4"))))
def test_every_read_is_what_deciding_it_again_gives(tree: Tree, profile: str, seed: int, args: str) -> None:
    run = Run(tree, profile, seed, args)
    for _ in range(250):
        run.step()
        run.same()
