"""``agents-md mcp``: each tool answers what the command line's JSON answers; bad arguments are MCP
errors. Tested through the ``mcp`` package's in-memory client and as a stdio subprocess."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from agents_md.cli.main import build_parser, main
from agents_md.cli.mcp_server import build_server

Tree = Callable[..., Path]
TREE = {
    "AGENTS.md": "# root\n\nRun `make test`.\n",
    "app/AGENTS.md": "# app\n",
    "app/main.py": "print(1)\n",
    "lib/CLAUDE.md": "# lib\n",
    "lib/x.py": "x = 1\n",
}


@pytest.fixture
def repo(tree: Tree, home: Callable[..., Path]) -> tuple[Path, Path]:
    root = tree(TREE)
    subprocess.run(["git", "init", "-q", str(root)], check=True, capture_output=True)
    return root, home({})


def cli_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> Any:
    capsys.readouterr()
    assert main(argv) in (0, 1)
    return json.loads(capsys.readouterr().out)


def server_args(root: Path, home: Path) -> argparse.Namespace:
    return build_parser("mcp").parse_args(["mcp", "--root", str(root), "--home", str(home)])


def call(root: Path, home: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[tuple[bool, str]]:
    """(is_error, text) of each tool call, through the in-memory client."""

    async def go() -> list[tuple[bool, str]]:
        out = []
        async with Client(build_server(server_args(root, home))) as client:
            for name, arguments in calls:
                result = await client.call_tool(name, arguments)
                out.append((bool(result.is_error), "".join(getattr(c, "text", "") for c in result.content)))
        return out

    return anyio.run(go)


def test_context_answers_the_clis_json(repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root, home = repo
    expected = cli_json(capsys, ["context", str(root / "app"), "--format", "json", "--home", str(home)])
    explore = cli_json(capsys, ["context", str(root), "--agent", "Explore", "--format", "json", "--home", str(home)])
    plain, by_agent = call(root, home, [("context", {"dir": "app"}), ("context", {"agent": "Explore"})])
    assert plain == (False, plain[1]) and json.loads(plain[1]) == expected
    assert json.loads(by_agent[1]) == explore


def test_context_gives_the_exact_block(repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root, home = repo
    capsys.readouterr()
    main(["context", str(root), "--format", "claude-md", "--home", str(home)])
    block = capsys.readouterr().out
    ((is_error, text),) = call(root, home, [("context", {"dir": str(root), "format": "claude-md"})])
    assert not is_error and text + "\n" == block


def test_read_answers_the_clis_json(repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root, home = repo
    argv = ["read", str(root / "app/main.py"), "--cwd", str(root), "--format", "json", "--home", str(home)]
    expected = cli_json(capsys, argv)
    again = cli_json(capsys, [*argv, "--after", str(root / "app/main.py")])
    results = call(
        root, home, [("read", {"path": "app/main.py"}), ("read", {"path": "app/main.py", "after": ["app/main.py"]})]
    )
    assert [json.loads(text) for _, text in results] == [expected, again]
    assert expected["hook_text"] is not None and again["hook_text"] is None


def test_check_answers_the_clis_json(repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root, home = repo
    expected = cli_json(capsys, ["check", "--dir", str(root), "--format", "json"])
    ((is_error, text),) = call(root, home, [("check", {})])
    assert not is_error and json.loads(text) == expected


@pytest.mark.parametrize(
    ("name", "arguments", "says"),
    [
        ("context", {"dir": "nowhere"}, "nowhere: not a directory"),
        ("context", {"format": "yaml"}, "format: expected one of json, claude-md, text, got 'yaml'"),
        ("read", {"path": "app/main.py", "cwd": "app/main.py"}, "main.py: not a directory"),
        ("read", {}, "path"),
        ("context", {"dir": 3}, "dir"),
        ("read", {"path": "app/main.py", "agent": "nope"}, "nope: no such agent type; offered: claude, Explore"),
        ("context", {"engine": "cursor"}, "engine: expected one of claude-code, codex, gemini, opencode or all"),
        ("read", {"path": "app/main.py", "engine": "codex", "agent": "Explore"}, "agent: a subagent type is Claude"),
        ("context", {"engine": "all", "format": "claude-md"}, "name one engine"),
        ("read", {"path": "app/main.py", "cwd": "nowhere", "engine": "gemini"}, "nowhere: not a directory"),
    ],
    ids=[
        "missing-dir",
        "bad-format",
        "cwd-is-a-file",
        "no-path",
        "wrong-type",
        "unknown-agent",
        "unknown-engine",
        "agent-with-engine",
        "one-text-of-all",
        "engine-missing-cwd",
    ],
)
def test_bad_arguments_are_mcp_errors(repo: tuple[Path, Path], name: str, arguments: dict[str, Any], says: str) -> None:
    root, home = repo
    ((is_error, text), (next_failed, _)) = call(root, home, [(name, arguments), ("context", {})])
    assert is_error and says in text
    assert not next_failed  # the server goes on answering


def test_each_directory_has_its_context_as_a_resource(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = repo
    capsys.readouterr()
    main(["context", str(root / "app"), "--format", "claude-md", "--home", str(home)])
    block = capsys.readouterr().out

    async def go() -> tuple[list[str], str]:
        async with Client(build_server(server_args(root, home))) as client:
            templates = await client.list_resource_templates()
            result = await client.read_resource("agents-md://context/app")
            return [t.uri_template for t in templates.resource_templates], getattr(result.contents[0], "text", "")

    templates, text = anyio.run(go)
    assert templates == ["agents-md://context/{+dir}"]
    assert text + "\n" == block


def test_the_server_answers_over_stdio(repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root, home = repo
    expected = cli_json(capsys, ["context", str(root / "app"), "--format", "json", "--home", str(home)])
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "agents_md", "mcp", "--root", str(root), "--home", str(home)],
        env={"HOME": str(home), "PATH": os.environ.get("PATH", "")},
    )

    async def go() -> tuple[list[str], Any, bool]:
        async with Client(params) as client:
            tools = await client.list_tools()
            good = await client.call_tool("context", {"dir": "app"})
            bad = await client.call_tool("read", {"path": "x", "cwd": "nowhere"})
            return sorted(t.name for t in tools.tools), json.loads(good.content[0].text), bool(bad.is_error)

    names, answer, bad_is_error = anyio.run(go)
    assert names == ["check", "context", "read"]
    assert answer == expected
    assert bad_is_error


def test_check_with_a_base_answers_the_clis_json(repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root, home = repo
    git = ["git", "-C", str(root), "-c", "user.name=x", "-c", "user.email=x@y", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "add", "-A"], check=True, capture_output=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True, capture_output=True)
    (root / "app/main.py").write_text("print(2)\n", encoding="utf-8")
    (root / "app/more.py").write_text("y = 2\n", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True, capture_output=True)
    subprocess.run([*git, "commit", "-qm", "two"], check=True, capture_output=True)
    expected = cli_json(capsys, ["check", "--dir", str(root), "--base", "HEAD~1", "--format", "json"])
    ((is_error, text),) = call(root, home, [("check", {"base": "HEAD~1"})])
    assert not is_error and json.loads(text) == expected


def test_context_and_read_answer_for_the_other_engines_as_the_cli(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = repo
    base = ["--home", str(home), "--format", "json"]
    codex = cli_json(capsys, ["context", str(root / "app"), "--engine", "codex", *base])
    every = cli_json(capsys, ["context", str(root / "app"), "--engine", "all", *base])
    read_argv = ["read", str(root / "app/main.py"), "--cwd", str(root), "--engine", "all", *base]
    reads = cli_json(capsys, read_argv)
    capsys.readouterr()
    main(["context", str(root / "app"), "--engine", "codex", "--format", "prompt", "--home", str(home)])
    prompt = capsys.readouterr().out
    results = call(
        root,
        home,
        [
            ("context", {"dir": "app", "engine": "codex"}),
            ("context", {"dir": "app", "engine": "all"}),
            ("read", {"path": "app/main.py", "engine": "all"}),
            ("context", {"dir": "app", "engine": "codex", "format": "claude-md"}),
        ],
    )
    assert not any(is_error for is_error, _ in results)
    assert [json.loads(text) for _, text in results[:3]] == [codex, every, reads]
    assert [e["engine"] for e in reads["engines"]] == ["claude-code", "codex", "gemini", "opencode"]
    assert results[3][1] + "\n" == prompt and prompt.startswith("# AGENTS.md instructions for ")
