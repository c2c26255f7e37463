"""``agents-md context``: the table, the JSON, the exact block, and clear errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md.cli.main import main

Tree = Callable[..., Path]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def base(root: Path, home: Path) -> list[str]:
    return ["--home", str(home), "--managed-dir", str(root.parent / "managed")]


def test_the_block_is_printed_exactly(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = tree({"CLAUDE.md": "# rules\n"}), tree({}, "home")
    code, out, _ = run(capsys, "context", str(root), "--format", "claude-md", *base(root, home))
    assert code == 0
    assert out == (
        "<system-reminder>\nCodebase and user instructions are shown below. Be sure to adhere to these "
        "instructions. IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly "
        f"as written.\n\nContents of {root}/CLAUDE.md (project instructions, checked into the codebase):\n\n"
        "# rules\n</system-reminder>\n"
    )


def test_json_says_what_loaded_why_and_what_was_left_out(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree(
        {
            "proj/AGENTS.md": "@docs/a.md\n@../outside.md\n",
            "proj/docs/a.md": "a\n",
            "outside.md": "o\n",
            "proj/CLAUDE.local.md": "   \n",
        }
    )
    home = tree({".claude/settings.json": {"json": {"claudeMdExcludes": ["**/nothing/**"]}}}, "home")
    code, out, _ = run(capsys, "context", str(root / "proj"), "--format", "json", *base(root, home))
    report = json.loads(out)
    assert code == 0
    assert report["mode"] == {"value": "claude-md-or-agents-md", "source": "default", "key": "agents-md@builtin"}
    assert [(f["path"], f["reason"], f["added_by_plugin"]) for f in report["files"]] == [
        (str(root / "proj/AGENTS.md"), "plugin", True),
        (str(root / "proj/docs/a.md"), "import", True),
    ]
    assert report["files"][1]["parent"] == str(root / "proj/AGENTS.md")
    assert {(s["path"], s["reason"]) for s in report["skipped"]} >= {
        (str(root / "proj/CLAUDE.local.md"), "empty"),
        (str(root / "outside.md"), "external-import"),
    }


def test_the_table_marks_kinds_and_reasons(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({"CLAUDE.md": "c\n@x.md\n", "x.md": "x\n"})
    home = tree({".claude/CLAUDE.md": "u\n"}, "home")
    code, out, _ = run(capsys, "context", str(root), *base(root, home))
    assert code == 0
    assert "mode: claude-md-or-agents-md  (from default)" in out
    assert "user     ~/.claude/CLAUDE.md" in out
    assert "└ x.md" in out and "import of CLAUDE.md" in out


def test_an_agent_that_omits_instructions_gets_none(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = tree({"CLAUDE.md": "c\n"}), tree({}, "home")
    code, out, _ = run(capsys, "context", str(root), "--agent", "Explore", "--format", "json", *base(root, home))
    assert code == 0 and json.loads(out)["claude_md"] is None


def test_errors_name_what_is_wrong(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = tree({}), tree({}, "home")
    code, _, err = run(capsys, "context", str(root / "missing"), *base(root, home))
    assert (code, err.strip()) == (1, f"agents-md: error: {root / 'missing'}: not a directory")
    code, _, err = run(capsys, "context", str(root), "--settings", '{"a": ', *base(root, home))
    assert code == 1 and "--settings: not valid JSON at line 1" in err
    code, _, err = run(capsys, "context", str(root), "--env", "NOEQUALS", *base(root, home))
    assert code == 2 and "--env 'NOEQUALS': expected K=V" in err


def test_a_broken_user_settings_file_is_named_and_the_context_still_builds(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({"CLAUDE.md": "c\n"})
    text = '{\n  "model": "x",\n}\n'
    home = tree({".claude/settings.json": text}, "home")
    code, out, err = run(capsys, "context", str(root), "--format", "claude-md", *base(root, home))
    assert code == 0 and "Contents of" in out
    with pytest.raises(json.JSONDecodeError) as where:  # the line Python's json names (3.13 names the comma's)
        json.loads(text)
    assert f"{home / '.claude/settings.json'}:{where.value.lineno}: not valid JSON" in err
