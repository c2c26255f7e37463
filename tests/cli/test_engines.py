"""``context --engine``, ``read --engine`` and ``replay-engine``: the other engines on the command line."""

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


def test_prompt_is_exactly_what_codex_sends(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n"}), tree({}, "home")
    code, out, _ = run(
        capsys, "context", str(root / "a"), "--engine", "codex", "--format", "prompt", "--home", str(home)
    )
    assert code == 0
    assert out == f"# AGENTS.md instructions for {root / 'a'}\n\n<INSTRUCTIONS>\n# r\n\n\n# a\n\n</INSTRUCTIONS>\n"


def test_json_keeps_each_files_bytes_and_the_cut(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({".git/HEAD": "x", "AGENTS.md": "r" * 30, "a/AGENTS.md": "x" * 30})
    home = tree({".codex/config.toml": "project_doc_max_bytes = 40\n"}, "home")
    code, out, _ = run(capsys, "context", str(root / "a"), "--engine", "codex", "--format", "json", "--home", str(home))
    data = json.loads(out)
    assert code == 0
    assert [(f["bytes"], f["loaded"], f["cut"]) for f in data["files"]] == [(30, 30, False), (30, 10, True)]
    assert data["config"] == [str(home / ".codex" / "config.toml")]


def test_all_is_one_table_of_file_by_engine(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "CLAUDE.md": "# c\n"})
    home = tree({}, "home")
    code, out, _ = run(capsys, "context", str(root), "--engine", "all", "--home", str(home), "--managed-dir", str(home))
    assert code == 0
    rows = {line.split()[0]: line.split(None, 1)[1] for line in out.splitlines()[3:5]}
    assert rows["CLAUDE.md"].split("  ")[0] == "1. whole"
    assert "no: not a name it reads" in rows["CLAUDE.md"]
    assert "no: folder not trusted" in rows["AGENTS.md"]  # Gemini CLI, with no trusted folders


def test_all_says_a_rule_with_paths_waits_for_a_matching_read(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    rule = "---\npaths:\n  - 'src/**'\n---\n# Src rule\n"
    root = tree({".git/HEAD": "x", "CLAUDE.md": "# c\n", ".claude/rules/src.md": rule})
    home = tree({}, "home")
    code, out, _ = run(capsys, "context", str(root), "--engine", "all", "--home", str(home), "--managed-dir", str(home))
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith(".claude/rules/src.md"))
    assert row.split("  ", 1)[1].strip().startswith("no: a rule for matching Reads")


def test_all_says_a_linked_name_is_sent_under_the_other(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "CLAUDE.md": {"symlink": "AGENTS.md"}})
    home = tree({}, "home")
    code, out, _ = run(capsys, "context", str(root), "--engine", "all", "--home", str(home), "--managed-dir", str(home))
    assert code == 0
    rows = {line.split()[0]: line.split(None, 1)[1] for line in out.splitlines()[3:5]}
    assert rows["CLAUDE.md"].split("  ")[0] == "1. whole"
    assert rows["AGENTS.md"].startswith("as CLAUDE.md (a link to it)")  # Claude Code sends its text as CLAUDE.md
    assert "as AGENTS.md (its target)" in rows["CLAUDE.md"]  # Codex reads AGENTS.md, the link's target


def test_read_shows_what_opencode_attaches(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n", "a/x": "x"}), tree({}, "home")
    argv = ["read", str(root / "a" / "x"), "--cwd", str(root), "--engine", "opencode", "--home", str(home)]
    code, out, _ = run(capsys, *argv, "--format", "prompt")
    assert (code, out) == (
        0,
        f"<system-reminder>\nInstructions from: {root / 'a' / 'AGENTS.md'}\n# a\n\n</system-reminder>\n",
    )
    code, out, _ = run(capsys, *argv, "--after", str(root / "a" / "x"), "--format", "prompt")
    assert (code, out) == (0, "")


def test_an_unknown_engine_is_a_usage_error(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({})
    code, _, err = run(capsys, "context", str(root), "--engine", "cursor", "--home", str(root))
    assert code == 2 and "--engine 'cursor'" in err
    code, _, err = run(capsys, "read", str(root / "x"), "--engine", "cursor", "--home", str(root))
    assert code == 2 and "--engine 'cursor'" in err


def test_read_with_codex_says_it_attaches_nothing_on_a_read(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n", "a/x": "x"}), tree({}, "home")
    argv = ["read", str(root / "a" / "x"), "--cwd", str(root), "--engine", "codex", "--home", str(home)]
    code, out, _ = run(capsys, *argv)
    assert (code, out) == (
        0,
        f"A read of {root / 'a' / 'x'} attaches nothing (Codex CLI loads its instruction files at start only).\n",
    )
    code, out, _ = run(capsys, *argv, "--format", "json")
    assert (code, json.loads(out)["files"], json.loads(out)["text"]) == (0, [], None)


def _read_all(tree: Tree, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[Path, int, str, str]:
    files = {".git/HEAD": "x", "AGENTS.md": "# r\n", "a/CLAUDE.md": "# ac\n", "a/AGENTS.md": "# aa\n", "a/b/x": "x"}
    root, home = tree(files), tree({}, "home")
    argv = ["read", str(root / "a" / "b" / "x"), "--cwd", str(root), "--engine", "all", "--home", str(home)]
    code, out, err = run(capsys, *argv, "--managed-dir", str(home / "none"), *extra)
    return root, code, out, err


def test_read_all_is_one_table_of_file_by_engine_with_why_not(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    _root, code, out, _ = _read_all(tree, capsys, "--env", "GEMINI_CLI_TRUST_WORKSPACE=true")
    assert code == 0
    lines = out.splitlines()
    assert lines[2].split() == ["file", "Claude", "Code", "Codex", "CLI", "Gemini", "CLI", "OpenCode"]
    rows = {line.split()[0]: [c.strip() for c in line.split("  ") if c.strip()][1:] for line in lines[3:5]}
    assert rows["a/CLAUDE.md"] == [
        "1. attached",
        "no: files load at start only",
        "no: not a name it reads",
        "no: another name won",
    ]
    # Claude Code leaves the AGENTS.md out because the folder's CLAUDE.md claims it (the plugin's record).
    assert rows["a/AGENTS.md"] == [
        "no: another name won",
        "no: files load at start only",
        "no: not a name it reads",
        "1. attached",
    ]
    assert "Codex CLI: nothing on a read (its instruction files load at start only)" in lines


def test_read_all_as_json_keeps_each_engines_text_and_why_not(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root, code, out, _ = _read_all(tree, capsys, "--format", "json")
    engines = {e["engine"]: e for e in json.loads(out)["engines"]}
    assert code == 0 and list(engines) == ["claude-code", "codex", "gemini", "opencode"]
    claude = engines["claude-code"]
    assert [f["path"] for f in claude["files"]] == [str(root / "a" / "CLAUDE.md")]
    assert claude["text"] == f"<system-reminder>\nContents of {root / 'a' / 'CLAUDE.md'}:\n\n# ac\n\n</system-reminder>"
    claimed = {x["path"]: (x["why"], x["detail"]) for x in claude["left_out"]}
    assert claimed[str(root / "a" / "AGENTS.md")] == ("shadowed", "CLAUDE.md claims the folder")
    assert (engines["codex"]["files"], engines["codex"]["text"]) == ([], None)
    assert [f["path"] for f in engines["opencode"]["files"]] == [str(root / "a" / "AGENTS.md")]


def test_read_all_refuses_one_engines_text_and_a_missing_cwd(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    _root, code, _, err = _read_all(tree, capsys, "--format", "prompt")
    assert code == 2 and "name one engine" in err
    root = tree({})
    code, _, err = run(capsys, "read", str(root / "x"), "--cwd", str(root / "nope"), "--engine", "gemini")
    assert code == 1 and f"{root / 'nope'}: not a directory" in err


def test_replay_engine_answers_the_candidate_protocol(
    tree: Tree, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root, home = tree({".git/HEAD": "x", "GEMINI.md": "# g\n", "a/GEMINI.md": "# a\n", "a/x": "x"}), tree({}, "home")
    (home / ".gemini").mkdir()
    (home / ".gemini" / "trustedFolders.json").write_text(json.dumps({str(root): "TRUST_FOLDER"}))
    data = {
        "engine": "gemini",
        "root": str(root),
        "home": str(home),
        "cwd": str(root),
        "env": {},
        "reads": [str(root / "a" / "x")],
    }
    (tmp_path / "in.json").write_text(json.dumps(data))
    code, _, _ = run(capsys, "replay-engine", str(tmp_path / "in.json"), "-o", str(tmp_path / "out.json"))
    got = json.loads((tmp_path / "out.json").read_text())
    block = f"--- Context from: {root}/a/GEMINI.md ---\n# a\n--- End of Context from: {root}/a/GEMINI.md ---\n"
    assert code == 0
    assert got["reads"] == [f"--- Newly Discovered Project Context ---\n{block}--- End Project Context ---"]
    assert got["prompt"].startswith("<loaded_context>\n<project_context>\n--- Context from: ")


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", "in.json:1: not valid JSON"), ('{"engine": "codex"}', "expected a string 'cwd'"), ("[]", "a JSON object")],
    ids=["not-json", "no-cwd", "not-an-object"],
)
def test_replay_engine_names_a_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    (tmp_path / "in.json").write_text(text)
    code, _, err = run(capsys, "replay-engine", str(tmp_path / "in.json"))
    assert code == 1 and message in err


def test_read_through_a_linked_cwd_gemini_reads_the_target_opencode_attaches_nothing(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(
        {".git/HEAD": "x", "real/GEMINI.md": "# r\n", "real/b/GEMINI.md": "# b\n", "real/b/AGENTS.md": "# ab\n"}
    )
    (root / "real" / "b" / "x").write_text("x\n")
    (root / "alias").symlink_to(root / "real")
    home = tree({}, "home")
    argv = ["read", str(root / "alias" / "b" / "x"), "--cwd", str(root / "alias"), "--home", str(home)]
    env = ["--env", "GEMINI_CLI_TRUST_WORKSPACE=true"]
    code, out, _ = run(capsys, *argv, *env, "--engine", "gemini", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert (data["path"], [f["path"] for f in data["files"]]) == (
        str(root / "real" / "b" / "x"),
        [str(root / "real" / "b" / "GEMINI.md")],
    )
    code, out, _ = run(capsys, *argv, "--engine", "opencode", "--format", "prompt")
    assert (code, out) == (0, "")


def test_read_all_says_a_linked_name_is_attached_under_the_other(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(
        {".git/HEAD": "x", "AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n", "a/CLAUDE.md": {"symlink": "AGENTS.md"}}
    )
    (root / "a" / "x").write_text("x\n")
    home = tree({}, "home")
    argv = ["read", str(root / "a" / "x"), "--cwd", str(root), "--engine", "all", "--home", str(home)]
    code, out, _ = run(capsys, *argv, "--managed-dir", str(home / "none"))
    rows = {line.split()[0]: [c.strip() for c in line.split("  ") if c.strip()][1:] for line in out.splitlines()[3:5]}
    assert code == 0
    assert rows["a/CLAUDE.md"][0] == "1. attached" and rows["a/CLAUDE.md"][3] == "as a/AGENTS.md (its target)"
    assert rows["a/AGENTS.md"][0] == "as a/CLAUDE.md (a link to it)" and rows["a/AGENTS.md"][3] == "1. attached"


def test_engine_views_name_files_outside_the_project_absolute(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({".git/HEAD": "x", "AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n"})
    elsewhere = tree({"notes.txt": "x\n"}, "elsewhere")
    home = tree({}, "home")
    argv = ["read", str(elsewhere / "notes.txt"), "--cwd", str(root / "a"), "--engine", "all", "--home", str(home)]
    code, out, _ = run(capsys, *argv, "--managed-dir", str(home / "none"))
    assert code == 0 and out.splitlines()[0].startswith(f"A read of {elsewhere / 'notes.txt'}, per engine")
    code, out, _ = run(capsys, "context", str(root / "a"), "--engine", "all", "--home", str(home))
    assert code == 0 and "../AGENTS.md" in out.split()  # the project's own, above the cwd: relative
