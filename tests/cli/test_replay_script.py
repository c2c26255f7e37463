"""``replay`` with a script that does not follow the schema: every faulty field named, exit 1."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from agents_md.cli.main import main
from agents_md.host.script import ScriptError, check_script


@pytest.mark.parametrize(
    ("script", "said"),
    [
        ([], "expected a JSON object, not list"),
        ({"cwd": "/", "home": "/", "reads": [1]}, "reads[0]: expected a string"),
        ({"cwd": "/", "home": "/", "reads": "a"}, "reads: expected a list of strings"),
        ({"home": "/"}, "cwd: expected a string"),
        ({"cwd": "/", "home": "/", "subagents": [3]}, "subagents[0]: expected an object"),
        ({"cwd": "/", "home": "/", "turns": [{"reads": [None]}]}, "turns[0].reads[0]: expected a string"),
        ({"cwd": "/", "home": "/", "env": {"A": [1]}}, "env: expected an object of strings"),
        ({"cwd": "/a\x00b", "home": "/"}, "cwd: expected a string"),
    ],
)
def test_replay_with_a_malformed_script_names_the_field(
    tmp_path: Path, script: object, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: " in err and said in err and "unexpected" not in err


def test_check_script_collects_every_problem() -> None:
    with pytest.raises(ScriptError) as caught:
        check_script({"cwd": 1, "home": 2, "reads": [1, "a", 2]})
    assert caught.value.problems == (
        "cwd: expected a string",
        "home: expected a string",
        "reads[0]: expected a string",
        "reads[2]: expected a string",
    )


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_replay_never_reads_a_pipe_or_a_device(tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "script.json"
    if target == "fifo":
        os.mkfifo(path)
    else:
        os.symlink(target, path)
    assert main(["replay", str(path)]) == 1
    assert "cannot be read (not a regular file" in capsys.readouterr().err
