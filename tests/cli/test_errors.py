"""The exit-code edge: expected errors 1, usage 2, an unexpected error 3 with one line and a log."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents_md.cli.main import main


def _crash(*args: object, **kwargs: object) -> object:
    raise RuntimeError("a bug")


def test_an_unexpected_error_exits_3_with_one_line_and_the_traceback_in_a_log(
    tree, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({"AGENTS.md": "x\n"})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("AGENTS_MD_DEBUG", raising=False)
    monkeypatch.setattr("agents_md.host.report.context_report", _crash)
    assert main(["context", str(root), "--home", str(tmp_path / "home")]) == 3
    err = capsys.readouterr().err
    log = tmp_path / "cache" / "agents-md" / "crash.log"
    assert err == f"agents-md: an unexpected error has occurred: RuntimeError: a bug; details in {log}\n"
    text = log.read_text()
    assert text.startswith("agents-md ") and "command: agents-md context" in text
    assert "Traceback (most recent call last):" in text and "RuntimeError: a bug" in text


def test_with_debug_the_traceback_itself_is_raised(tree, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tree({"AGENTS.md": "x\n"})
    monkeypatch.setattr("agents_md.host.report.context_report", _crash)
    with pytest.raises(RuntimeError, match="a bug"):
        main(["--debug", "context", str(root), "--home", str(tmp_path / "home")])


def test_an_expected_error_exits_1_and_a_usage_error_2(tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({})
    assert main(["context", str(root / "nowhere")]) == 1
    assert capsys.readouterr().err == f"agents-md: error: {root / 'nowhere'}: not a directory\n"
    assert main(["context", str(root), "--env", "NOEQUALS"]) == 2
    assert capsys.readouterr().err == "agents-md: usage error: --env 'NOEQUALS': expected K=V\n"


def test_an_interrupt_exits_130(tree, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr("agents_md.host.report.context_report", interrupted)
    assert main(["context", str(tree({}))]) == 130


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["agents", "--cwd", "a b", "list"], "options of 'list' go after it: agents-md agents list --cwd 'a b'"),
        (["hook", "--force", "run"], "options of 'run' go after it: agents-md hook run --force"),
        (["--home", "/h", "context", "x"], "options of 'context' go after it: agents-md context --home /h x"),
    ],
)
def test_options_before_their_command_are_shown_where_they_go(
    argv: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert capsys.readouterr().err.endswith(f"\n{hint}\n")


@pytest.mark.parametrize("argv", [["agents", "lst"], ["--debug", "agents", "lst"], ["nope"]])
def test_a_mistyped_command_gets_no_such_hint(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    err = capsys.readouterr().err
    assert "invalid choice" in err and "go after it" not in err
