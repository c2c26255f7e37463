"""What a cold start of the hot commands imports: ``context --format json`` and ``hook run`` for
one event, each in a fresh interpreter, leave out the modules that made most of a start (not
timed: ``sys.modules`` after the run)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

Tree = Callable[..., Path]

# What each stood for: dataclasses and inspect (values), typing, argparse with gettext and locale,
# shutil's compressors (the terminal's width), pluggy (validating the built-in plugin),
# importlib.metadata (finding plugins), ntpath (is the working directory spelled the Windows way?),
# threading and contextlib (locks and context managers), the disk-failure policy (only when one fails),
# the utf-8-sig codec (settings files), errno (only an error needs it), what saving a context too
# long takes (decimal for its size, hashlib, secrets with random, and uuid with platform, for its
# file's name); and what the standard library's ``json``, ``enum``, ``functools``, ``collections``,
# ``types`` and ``operator`` cost a start (``re`` with them; ``_util.json_codec``, ``_util.std``,
# ``_value.StrEnum`` instead), ``re`` being needed only by a text with comments, imports or front
# matter.
NOT_IMPORTED = (
    "agents_md.engine.faults",
    "argparse",
    "bz2",
    "collections",
    "contextlib",
    "dataclasses",
    "decimal",
    "encodings.utf_8_sig",
    "errno",
    "enum",
    "functools",
    "gettext",
    "hashlib",
    "importlib",
    "importlib.metadata",
    "inspect",
    "json",
    "keyword",
    "locale",
    "lzma",
    "ntpath",
    "operator",
    "platform",
    "pluggy",
    "random",
    "re",
    "reprlib",
    "secrets",
    "shutil",
    "threading",
    "types",
    "typing",
    "uuid",
)

# The modules the interpreter had before the command ran (its own start: ``site`` reads the
# environment's ``.pth`` files with ``utf-8-sig`` from Python 3.13) are not the command's.
PROBE = """
import sys
before = set(sys.modules)
from agents_md.cli.main import main
code = main(sys.argv[2:])
with open(sys.argv[1], "w", encoding="utf-8") as handle:
    handle.write("\\n".join(sorted(set(sys.modules) - before)))
raise SystemExit(code)
"""


def imported(tmp_path: Path, argv: list[str], *, stdin: str = "", env: dict[str, str] | None = None) -> set[str]:
    out = tmp_path / "modules.txt"
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(out), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(tmp_path / "home"), **(env or {})},
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    return set(out.read_text(encoding="utf-8").split("\n"))


def context_argv(tree: Tree) -> list[str]:
    root, home = tree({"AGENTS.md": "# rules\n", "a/CLAUDE.md": "# a\n"}), tree({}, "home")
    return ["context", str(root / "a"), "--format", "json", "--home", str(home), "--managed-dir", str(root / "none")]


def hook_event(tree: Tree, read: str = "a/b/f.py") -> str:
    root = tree({"AGENTS.md": "# rules\n", "a/AGENTS.md": "# a\n", "a/b/f.py": "x\n", "c/g.py": "y\n"})
    tree({".claude/settings.json": {"json": {"enabledPlugins": {"agents-md@builtin": False}}}}, "home")
    return json.dumps(
        {
            "session_id": "cold",
            "cwd": str(root),
            "hook_event_name": "PostToolUse",
            "tool_name": "Read",
            "tool_input": {"file_path": str(root / read)},
            "tool_response": {},
        }
    )


# What only a Read needs: the built-in plugin's lookup of nested AGENTS.md files, and the memory
# of lookups that serves a session's later Reads (and a process's later starts, with what a
# lookup consulted); what only a settings file found needs: the engine's schema check; what only
# exclusions need: their glob reading.
NOT_ON_A_START = (
    "agents_md.plugins.agents_md.nested",
    "agents_md.engine.lookup_memory",
    "agents_md.engine.read_memory",
    "agents_md.engine.shared_lookups",
    "agents_md.engine.consulted",
    "agents_md.engine.settings_schema",
    "agents_md.engine.exclude_globs",
)
# What only the files that have them need: the front matter fence (a text starting with
# ``---``), the rules' reading (a ``rules`` folder, or a file with front matter), and a linked
# worktree's pointer (a ``.git`` file). The trees here have none.
NOT_WITHOUT_THEIR_FILES = ("agents_md._util.front_matter", "agents_md.engine.rules", "agents_md._util.git_pointer")
# What only a hook that sends text needs: the context limit; and the engine's rendering, which a
# hook never sends (it frames the files itself).
NOT_WHEN_NOTHING_IS_SENT = ("agents_md.claude_code.budget", "agents_md.engine.render")


def test_context_json_imports_none_of_them(tree: Tree, tmp_path: Path) -> None:
    modules = imported(tmp_path, context_argv(tree))
    assert "agents_md.host.session" in modules  # the probe ran the command
    assert sorted(modules & {*NOT_IMPORTED, *NOT_ON_A_START, *NOT_WITHOUT_THEIR_FILES}) == []
    assert "agents_md._version" not in modules  # the package's version loads when asked for
    assert "agents_md.engine.permissions" not in modules  # no settings, no permission rules


def test_hook_run_imports_none_of_them(tree: Tree, tmp_path: Path) -> None:
    modules = imported(tmp_path, ["hook", "run"], stdin=hook_event(tree))
    assert "agents_md.claude_code.answer" in modules
    assert sorted(modules & {*NOT_IMPORTED, *NOT_WITHOUT_THEIR_FILES}) == []
    assert "agents_md.engine.render" not in modules
    assert "agents_md.claude_code.budget" in modules  # a/AGENTS.md was sent
    assert "agents_md.engine.nested" not in modules  # Claude Code attaches its own nested files


def test_a_hook_read_that_attaches_nothing_loads_neither_the_limit_nor_the_rendering(
    tree: Tree, tmp_path: Path
) -> None:
    modules = imported(tmp_path, ["hook", "run"], stdin=hook_event(tree, read="c/g.py"))
    assert "agents_md.plugins.agents_md.nested" in modules  # the Read was looked at
    assert sorted(modules & {*NOT_IMPORTED, *NOT_WHEN_NOTHING_IS_SENT}) == []
    # The hook's session answers one Read: it keeps no memory of lookups, or of Reads, for a next one.
    kept = {"agents_md.engine.lookup_memory", "agents_md.engine.read_memory", "agents_md.engine.consulted"}
    assert sorted(modules & kept) == []


def test_a_settings_file_found_loads_the_schema_check(tree: Tree, tmp_path: Path) -> None:
    argv = context_argv(tree)
    tree({".claude/settings.json": {"json": {"env": {"A": "1"}}}}, "home")
    modules = imported(tmp_path, argv)
    assert "agents_md.engine.settings_schema" in modules  # the file was checked as the engine checks it
    assert "agents_md.engine.lookup_memory" not in modules


def test_a_command_line_that_is_not_plain_still_reads_with_argparse(tree: Tree, tmp_path: Path) -> None:
    argv = context_argv(tree)
    argv[2:2] = ["--format=json"]  # argparse's spelling of an option and its value
    assert "argparse" in imported(tmp_path, argv)


@pytest.fixture
def third_party(tmp_path: Path) -> dict[str, str]:
    """An installed distribution whose entry point seats a plugin of its own."""
    site = tmp_path / "site"
    (site / "shout-1.0.dist-info").mkdir(parents=True)
    (site / "shout-1.0.dist-info" / "entry_points.txt").write_text("[agents_md.plugins]\nshout = shout:Shout\n")
    (site / "shout.py").write_text(
        "from agents_md.plugin_api import hookimpl\n\n\n"
        "class Shout:\n"
        "    @hookimpl\n"
        "    def prompt_context(self, files):\n"
        "        return None\n"
    )
    return {"PYTHONPATH": os.pathsep.join([str(site), *sys.path])}


def test_pluggy_validates_a_third_party_plugin_when_one_is_seated(
    tree: Tree, tmp_path: Path, third_party: dict[str, str]
) -> None:
    modules = imported(tmp_path, context_argv(tree), env=third_party)
    assert "shout" in modules
    assert "pluggy" in modules


COLLECTOR = """
import atexit, gc, sys
from agents_md.cli.main import entry
atexit.register(lambda: print("collector", "on" if gc.isenabled() else "off", file=sys.stderr))
sys.argv = ["agents-md", *sys.argv[1:]]
entry()
"""


def collector_during(tmp_path: Path, argv: list[str], stdin: str = "") -> str:
    result = subprocess.run(
        [sys.executable, "-c", COLLECTOR, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(tmp_path / "home")},
        cwd=tmp_path,
    )
    assert result.returncode in (0, 1), result.stderr
    return result.stderr.strip().splitlines()[-1]


def test_the_hot_commands_run_without_the_cyclic_collector_and_the_long_ones_keep_it(
    tree: Tree, tmp_path: Path
) -> None:
    assert collector_during(tmp_path, context_argv(tree)) == "collector off"
    assert collector_during(tmp_path, ["hook", "run"], stdin=hook_event(tree)) == "collector off"
    root = tree({"AGENTS.md": "# rules\n"})
    assert collector_during(tmp_path, ["check", str(root)]) == "collector on"


def test_main_called_in_a_process_leaves_the_collector_as_it_was(tree: Tree) -> None:
    import gc

    from agents_md.cli.main import main

    assert gc.isenabled()
    assert main(context_argv(tree)) == 0
    assert gc.isenabled()


LEAVING = """
import sys, threading, time
from agents_md.cli.main import entry


class Kept:
    def __del__(self):
        print("torn down", file=sys.stderr)


kept = Kept()  # emptied with its module by the interpreter's teardown, and only then
if sys.argv[1] == "--thread":
    del sys.argv[1]
    threading.Thread(target=lambda: (time.sleep(0.2), print("thread done", file=sys.stderr))).start()
sys.argv = ["agents-md", *sys.argv[1:]]
entry()
"""


def leaving(tmp_path: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", LEAVING, *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(tmp_path / "home")},
        cwd=tmp_path,
    )


def test_the_hot_commands_leave_without_the_teardown_their_output_whole(tree: Tree, tmp_path: Path) -> None:
    big = "".join(f"- rule {n}: keep it\n" for n in range(20_000))  # far more than a pipe's buffer
    root, home = tree({"AGENTS.md": big}), tree({}, "home")
    argv = ["context", str(root), "--format", "json", "--home", str(home), "--managed-dir", str(root / "none")]
    result = leaving(tmp_path, argv)
    assert result.returncode == 0, result.stderr
    assert big in json.loads(result.stdout)["claude_md"]
    assert "torn down" not in result.stderr
    missing = leaving(tmp_path, ["context", str(root / "nowhere")])
    assert (missing.returncode, missing.stderr) == (1, f"agents-md: error: {root / 'nowhere'}: not a directory\n")
    # A long command keeps the normal exit.
    assert "torn down" in leaving(tmp_path, ["check", str(root)]).stderr


def test_a_thread_still_running_is_waited_for(tree: Tree, tmp_path: Path) -> None:
    result = leaving(tmp_path, ["--thread", *context_argv(tree)])
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["thread done", "torn down"]  # the normal exit, thread joined


def test_re_loads_for_a_text_that_needs_it_and_the_answer_is_the_same(tree: Tree, tmp_path: Path) -> None:
    root, home = tree({"AGENTS.md": "# rules\n@b.md\n<!-- a note -->\n", "b.md": "# b\n"}), tree({}, "home")
    argv = ["context", str(root), "--format", "json", "--home", str(home), "--managed-dir", str(root / "none")]
    assert "re" in imported(tmp_path, argv)  # the import and the comment are read with the lexer
    shown = subprocess.run([sys.executable, "-m", "agents_md", *argv], capture_output=True, text=True, check=True)
    paths = [f["path"] for f in json.loads(shown.stdout)["files"]]
    assert paths == [str(root / "AGENTS.md"), str(root / "b.md")]


def test_the_files_that_need_them_load_them(tree: Tree, tmp_path: Path) -> None:
    """A rule with front matter loads the fence rule and the rules' reading; a worktree's ``.git``
    file loads its pointer's reading."""
    root = tree(
        {
            "AGENTS.md": "# rules\n",
            ".claude/rules/py.md": "---\npaths: '**/*.py'\n---\n# python\n",
            ".git": "gitdir: ../main/.git/worktrees/w\n",
        }
    )
    home = tree({}, "home")
    argv = ["context", str(root), "--format", "json", "--home", str(home), "--managed-dir", str(root / "none")]
    assert set(NOT_WITHOUT_THEIR_FILES) <= imported(tmp_path, argv)
