"""``agents-md agents list|check``: output formats and exit codes."""

from __future__ import annotations

import json

import pytest

from agents_md.cli.main import main

GOOD = "---\nname: rev\ndescription: Reviews code\ntools: Read, Grep\n---\nbody\n"
DROPS = "---\nname: rev\ndescription: Reviews code\nmaxTurns: 0\n---\nbody\n"


def test_list_json_has_lines_and_skipped(tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree(
        {".git/HEAD": "", ".claude/agents/r.md": GOOD, ".claude/agents/bad.md": "---\nname: a:b\ndescription: d\n---\n"}
    )
    code = main(
        [
            "agents",
            "list",
            "--cwd",
            str(root),
            "--home",
            str(root.parent / "home"),
            "--managed-dir",
            str(root.parent / "managed"),
            "--format",
            "json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["agent_lines"] == ["- rev: Reviews code (Tools: Read, Grep)"]
    assert [s["rule"] for s in out["skipped"]] == ["name-colon"]


def test_list_refused_agents_json_exits_1(tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({".git/HEAD": ""})
    code = main(["agents", "list", "--cwd", str(root), "--home", str(root), "--agents", '{"j": {"description": "d"}}'])
    assert code == 1
    assert capsys.readouterr().err.splitlines() == [
        "Error: Invalid --agents configuration:",
        "j.prompt: Invalid input: expected string, received undefined",
    ]


@pytest.mark.parametrize(
    ("text", "code"), [(GOOD, 0), (DROPS, 1), ("\n" + GOOD, 1)], ids=["clean", "dropped-value", "skipped"]
)
def test_check_exit_code(tree, text: str, code: int, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({"a.md": text})
    assert main(["agents", "check", str(root / "a.md")]) == code


@pytest.mark.parametrize("fmt", ["json", "sarif", "github", "text"])
def test_check_formats_locate_the_problem(tree, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({"a.md": DROPS})
    main(["agents", "check", str(root / "a.md"), "--format", fmt])
    out = capsys.readouterr().out
    if fmt == "json":
        [problem] = json.loads(out)["findings"]
        assert (problem["line"], problem["key"], problem["rule"]) == (4, "maxTurns", "invalid-value")
    elif fmt == "sarif":
        result = json.loads(out)["runs"][0]["results"][0]
        assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 4
    elif fmt == "github":
        assert out.startswith(f"::warning file={root / 'a.md'},line=4,title=invalid-value::maxTurns: ")
    else:
        assert out.startswith(f"{root / 'a.md'}:4: warning: [invalid-value] maxTurns: invalid maxTurns '0'.")
