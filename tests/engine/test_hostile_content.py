"""Content and settings that used to end in a traceback: each is now a told skip or a clear error,
and the rest of the context is handed as computed."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md import Session
from agents_md.cli.main import main

Tree = Callable[..., Path]


def _start(root: Path, **options: object) -> Session:
    return Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"), **options)  # type: ignore[arg-type]


def test_a_nul_byte_in_an_import_path_is_a_missing_import(tree: Tree) -> None:
    root = tree({"CLAUDE.md": b"# Root\n\n@a\x00b/c.md\n"})
    start = _start(root).start()
    assert "# Root" in (start.claude_md or "")
    assert [s.path for s in start.skipped] == [str(root / "a\x00b/c.md")]


@pytest.mark.parametrize(
    "text",
    ["> " * 500 + "@x.md\n", "".join("  " * i + "- a\n" for i in range(800)) + "@x.md\n", "> " * 500 + "<!-- c -->\n"],
    ids=["quotes", "lists", "comment"],
)
def test_deep_nesting_is_told_and_the_rest_loads(tree: Tree, text: str) -> None:
    root = tree({"CLAUDE.md": text, "x.md": "imported\n", "sub/CLAUDE.md": "# Sub\n"})
    start = _start(root / "sub").start()
    assert "# Sub" in (start.claude_md or "")
    assert any("nested too deep" in w for w in start.warnings)


@pytest.mark.parametrize(
    "text", ["[" * 100_000 + "]" * 100_000, '{"model": ' + "1" * 5000 + "}"], ids=["deep", "digits"]
)
def test_a_settings_file_that_cannot_be_read_as_json_is_ignored_and_told(tree: Tree, text: str) -> None:
    root = tree({"CLAUDE.md": "# Root\n", ".claude/settings.json": text})
    start = _start(root).start()
    assert "# Root" in (start.claude_md or "")
    assert any(w.startswith(str(root / ".claude/settings.json")) for w in start.warnings)


def test_a_five_thousand_digit_number_in_settings_flag_is_a_clear_error(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({})
    args = ["context", str(root), "--home", str(root), "--managed-dir", str(root / "m")]
    assert main([*args, "--settings", '{"a": ' + "1" * 5000 + "}"]) == 1
    assert capsys.readouterr().err.startswith("agents-md: error: --settings: cannot be read (Exceeds the limit")


def test_many_exclusion_patterns_are_no_error(tree: Tree) -> None:
    excludes = [f"/{i}/CLAUDE.md" for i in range(1, 2001)]
    root = tree({"CLAUDE.md": "# Root\n", ".claude/settings.json": {"json": {"claudeMdExcludes": excludes}}})
    assert "# Root" in (_start(root).start().claude_md or "")


# Root reads every file: these run the command line as an unprivileged user. The interpreter may
# live where that user cannot go, so a forked child runs the command once as root (every module
# it needs is then imported), drops to the user, and runs it again.
NOBODY = 65534


def _as_user(args: list[str], cwd: str) -> tuple[int, str, str]:
    out_path, err_path = os.path.join(cwd, "out.txt"), os.path.join(cwd, "err.txt")
    for path in (out_path, err_path):
        Path(path).touch(mode=0o666)
        os.chmod(path, 0o666)
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 99
        try:
            os.chdir(cwd)
            with open(os.devnull, "w") as quiet:
                sys.stdout = sys.stderr = quiet
                main(args)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            with open(out_path, "w") as out, open(err_path, "w") as err:
                sys.stdout, sys.stderr = out, err
                code = main(args)
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    with open(out_path) as out, open(err_path) as err:
        return os.waitstatus_to_exitcode(status), out.read(), err.read()


@pytest.mark.parametrize(
    "unreadable", [".claude/settings.json", ".claude", "home/.claude/settings.json", "managed/managed-settings.d"]
)
def test_unreadable_settings_and_folders_are_told_for_a_user_who_is_not_root(unreadable: str) -> None:
    base = tempfile.mkdtemp(prefix="agents-md-nobody-")
    try:
        root = Path(base)
        for rel in ("repo/.claude", "home/.claude", "managed/managed-settings.d"):
            (root / rel).mkdir(parents=True)
        (root / "repo/CLAUDE.md").write_text("# Root\n")
        for rel in ("repo/.claude/settings.json", "home/.claude/settings.json"):
            (root / rel).write_text("{}\n")
        (root / "managed/managed-settings.d/a.json").write_text("{}\n")
        for dirpath, _dirnames, filenames in os.walk(root):
            os.chmod(dirpath, 0o755)
            for name in filenames:
                os.chmod(os.path.join(dirpath, name), 0o644)
        target = root / (unreadable if unreadable.startswith(("home", "managed")) else f"repo/{unreadable}")
        os.chmod(target, 0)
        code, out, err = _as_user(
            ["context", "repo", "--home", "home", "--managed-dir", "managed", "--format", "claude-md"], str(root)
        )
        assert (code, "unexpected error" in err) == (0, False), err
        assert "# Root" in out
        assert "Permission denied" in err
    finally:
        shutil.rmtree(base)
