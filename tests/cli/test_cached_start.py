"""The installed command's start: ``context`` and ``hook run`` keep their modules' code in the
user's cache and, in a later process, read them from there, with the same answers (``_util.code_cache``)."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from test_cold_imports import NOT_IMPORTED, context_argv, hook_event

Tree = Callable[..., Path]

# The command as the console script runs it (``entry``), reporting at its exit which of the
# package's modules the cache served and where their ``__file__`` points.
PROBE = """
import atexit, sys
out = sys.argv.pop(1)
before = set(sys.modules)

def report():
    rows = {
        name: [type(module.__spec__.loader).__name__, getattr(module, "__file__", None)]
        for name, module in sys.modules.items()
        if name.startswith("agents_md")
    }
    others = sorted(set(sys.modules) - before - set(rows))
    import json  # after looking: it imports some of what the command must not
    with open(out, "w", encoding="utf-8") as handle:
        json.dump({"modules": rows, "others": others}, handle)

atexit.register(report)
from agents_md.cli.main import entry
entry()
"""


def command(tmp_path: Path, argv: list[str], *, stdin: str = "", **env: str) -> tuple[str, dict[str, object]]:
    """One process of the command: its output, and the probe's report."""
    out = tmp_path / "report.json"
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(out), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": str(tmp_path / "cache"), **env},
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return result.stdout, report


def served(report: dict[str, object]) -> set[str]:
    modules = report["modules"]
    assert isinstance(modules, dict)
    return {name for name, (loader, _) in modules.items() if loader == "CodeCache"}


def cache_files(tmp_path: Path) -> list[str]:
    folder = tmp_path / "cache" / "agents-md" / "code"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_hook_run_reads_its_modules_from_the_cache_the_second_time(tree: Tree, tmp_path: Path) -> None:
    event = hook_event(tree)
    first_out, first = command(tmp_path, ["hook", "run"], stdin=event)
    assert served(first) == set()
    assert len(cache_files(tmp_path)) == 1

    second_out, second = command(tmp_path, ["hook", "run"], stdin=event.replace('"cold"', '"cold2"'))
    assert second_out == first_out  # a new session's same Read: the same answer
    assert "# a" in first_out  # the Read was answered with a/AGENTS.md
    assert {"agents_md.engine.fs", "agents_md.claude_code.answer", "agents_md.host.session"} <= served(second)
    modules = second["modules"]
    assert isinstance(modules, dict)
    import agents_md.engine.fs

    assert modules["agents_md.engine.fs"][1] == agents_md.engine.fs.__file__  # the source, as usual
    # Only the command line's first modules, loaded before the cache was open, are read as usual.
    usual = set(modules) - served(second)
    assert usual == {"agents_md", "agents_md._util", "agents_md._util.std", "agents_md._util.code_cache"} | {
        "agents_md.cli",
        "agents_md.cli.main",
    }
    others = second["others"]
    assert isinstance(others, list)
    assert sorted(set(others) & set(NOT_IMPORTED)) == []  # the cache brings none of them in


def test_context_answers_the_same_from_the_cache(tree: Tree, tmp_path: Path) -> None:
    argv = context_argv(tree)
    first_out, _ = command(tmp_path, argv)
    second_out, second = command(tmp_path, argv)
    assert json.loads(first_out)  # the context was printed
    assert second_out == first_out
    assert "agents_md.host.session" in served(second)


def test_a_changed_module_is_read_as_usual_until_kept_again(tree: Tree, tmp_path: Path) -> None:
    argv = context_argv(tree)
    command(tmp_path, argv)
    path = next((tmp_path / "cache" / "agents-md" / "code").iterdir())
    kept = path.read_bytes()
    # The file records each source's time and size: one that no longer matches is not served.
    header, magic, folder, rows = marshal.loads(kept)
    origin, mtime, size, package, code, cached = rows["agents_md.host.session"]
    rows["agents_md.host.session"] = (origin, mtime - 1, size, package, code, cached)
    path.write_bytes(marshal.dumps((header, magic, folder, rows)))
    path.chmod(0o600)

    _, second = command(tmp_path, argv)
    assert "agents_md.host.session" not in served(second)
    assert "agents_md.engine.fs" in served(second)
    _, third = command(tmp_path, argv)
    assert "agents_md.host.session" in served(third)  # kept again by the second


def test_turned_off_the_command_writes_no_cache(tree: Tree, tmp_path: Path) -> None:
    argv = context_argv(tree)
    out, report = command(tmp_path, argv, AGENTS_MD_CODE_CACHE="0")
    again, _ = command(tmp_path, argv, AGENTS_MD_CODE_CACHE="0")
    assert served(report) == set()
    assert again == out
    assert cache_files(tmp_path) == []


def test_a_cache_that_cannot_be_written_changes_nothing_of_the_answer(tree: Tree, tmp_path: Path) -> None:
    argv = context_argv(tree)
    (tmp_path / "cache").write_text("not a folder\n")
    out, report = command(tmp_path, argv)
    assert served(report) == set()
    assert json.loads(out)
    assert (tmp_path / "cache").read_text() == "not a folder\n"
