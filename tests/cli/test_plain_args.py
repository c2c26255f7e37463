"""A plain ``context`` or ``hook run`` command line is read without argparse exactly as argparse
reads it; every other line is left to argparse (``cli.options``)."""

from __future__ import annotations

import pytest

from agents_md.cli.main import _read_plain, build_parser

PLAIN = {
    "bare": ["context"],
    "directory": ["context", "some/dir"],
    "the-benchmark": ["context", "d", "--format", "json", "--home", "h", "--managed-dir", "m"],
    "switches": ["context", "--format", "claude-md", "--absolute", "--bare", "--bare"],
    "every-session-input": [
        "context",
        "d",
        "--add-dir",
        "a",
        "--add-dir",
        "b",
        "--env",
        "K=V",
        "--no-plugin",
        "agents-md",
        "--profile",
        "complete",
        "--platform",
        "macos",
        "--outside-links",
        "refuse",
        "--approve-external-imports",
        "--safe-mode",
        "--settings",
        "{}",
        "--setting-sources",
        "user,project",
        "--agents",
        "{}",
        "--plugin-dir",
        "p",
        "--engine",
        "all",
        "--agent",
        "Explore",
    ],
    "the-last-value-wins": ["context", "--format", "text", "--format", "json", "--home", ""],
    "hook-run": ["hook", "run"],
    "hook-run-profile": ["hook", "run", "--profile", "complete"],
    "hook-run-force": ["hook", "run", "--force", "--profile", "reference"],
}

NOT_PLAIN = {
    "help": ["context", "-h"],
    "abbreviation": ["context", "--form", "json"],
    "equals": ["context", "--format=json"],
    "bad-choice": ["context", "--format", "yaml"],
    "two-directories": ["context", "a", "b"],
    "directory-after-options": ["context", "--format", "json", "d"],
    "double-dash": ["context", "--", "d"],
    "dash-value": ["context", "--home", "-x"],
    "missing-value": ["hook", "run", "--profile"],
    "global-flag-first": ["--debug", "context"],
    "other-hook-action": ["hook", "install", "--scope", "user"],
    "hook-positional": ["hook", "run", "x"],
    "other-command": ["read", "f"],
    "nothing": [],
}


@pytest.mark.parametrize("argv", PLAIN.values(), ids=PLAIN.keys())
def test_a_plain_line_reads_as_argparse_reads_it(argv: list[str]) -> None:
    plain = _read_plain(argv)
    assert plain is not None
    assert vars(plain) == vars(build_parser(argv[0]).parse_args(argv))


def test_append_options_start_empty_each_time() -> None:
    first, second = _read_plain(["context", "--add-dir", "a"]), _read_plain(["context"])
    assert first is not None and second is not None
    assert (first.add_dir, second.add_dir) == (["a"], [])


@pytest.mark.parametrize("argv", NOT_PLAIN.values(), ids=NOT_PLAIN.keys())
def test_any_other_line_is_left_to_argparse(argv: list[str]) -> None:
    assert _read_plain(argv) is None


def test_help_and_errors_still_come_from_argparse(capsys: pytest.CaptureFixture[str]) -> None:
    from agents_md.cli.main import main

    with pytest.raises(SystemExit) as exit_:
        main(["context", "--format", "yaml"])
    assert exit_.value.code == 2
    assert "agents-md context: error: argument --format: invalid choice: 'yaml'" in capsys.readouterr().err
