"""A baseline: ``--write-baseline`` records today's findings, ``--baseline`` fails only on new ones;
fingerprints survive edits elsewhere in the file; a file that is not a baseline is never replaced."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md.cli.main import main
from agents_md.maintain.checks.baseline import load_baseline, render_baseline

Repo = Callable[..., GitRepo]

DOC = "# Pkg\nRun `src/gone.py`.\n"


def _run(r: GitRepo, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["check", "--dir", str(r.path), "--format", "concise", "--strict", *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_a_baseline_holds_out_old_findings_and_lets_new_ones_fail(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": DOC, "src/app.py": "x\n"})
    base = tmp_path / "baseline.json"
    assert _run(r, capsys)[0] == 1
    code, out = _run(r, capsys, "--write-baseline", str(base))
    assert (code, out) == (0, f"wrote 1 finding to {base}\n")
    data = json.loads(base.read_text())
    assert [(e["rule"], e["file"]) for e in data["findings"]] == [("missing-path", "pkg/AGENTS.md")]

    code, out = _run(r, capsys, "--baseline", str(base))
    assert code == 0 and "missing-path" not in out and "1 finding in the baseline" in out

    # Lines move (a paragraph added above): the finding is still the baseline's.
    r.commit({"pkg/AGENTS.md": "# Pkg\n\nIntro.\n\nMore intro.\n" + DOC.split("\n", 1)[1]})
    assert _run(r, capsys, "--baseline", str(base))[0] == 0

    # A new finding fails.
    r.commit({"pkg/AGENTS.md": r.path.joinpath("pkg/AGENTS.md").read_text() + "And `src/also-gone.py`.\n"})
    code, out = _run(r, capsys, "--baseline", str(base))
    assert code == 1 and "also-gone" in out and "`src/gone.py`" not in out


def test_fixed_entries_are_counted(repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": DOC, "src/app.py": "x\n"})
    base = tmp_path / "b.json"
    _run(r, capsys, "--write-baseline", str(base))
    r.commit({"pkg/AGENTS.md": "# Pkg\nRun `src/app.py`.\n"})
    code, out = _run(r, capsys, "--baseline", str(base))
    assert code == 0
    assert (
        f"1 of the baseline's entries no longer found (fixed): rewrite it smaller with --write-baseline {base}" in out
    )


def test_the_same_fingerprint_twice_needs_two_entries(repo: Repo, tmp_path: Path) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": DOC, "src/app.py": "x\n"})
    (finding,) = r.findings("missing-path")
    path = tmp_path / "b.json"
    path.write_text(render_baseline([finding]))
    new, held, fixed = load_baseline(str(path)).split([finding, finding])
    assert (len(new), held, fixed) == (1, 1, 0)


def test_a_file_that_is_not_a_baseline_is_never_replaced(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    other = tmp_path / "notes.json"
    other.write_text('{"mine": true}\n')
    code = main(["check", "--dir", str(r.path), "--write-baseline", str(other)])
    assert code == 1
    assert "not a baseline of agents-md" in capsys.readouterr().err
    assert other.read_text() == '{"mine": true}\n'


def test_a_baseline_is_never_written_through_a_link(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    target = tmp_path / "elsewhere.json"
    target.write_text(render_baseline([]))
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert main(["check", "--dir", str(r.path), "--write-baseline", str(link)]) == 1
    assert "is a link; not writing through it" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "b.json:1: not a baseline"),
        ("[]", 'not a baseline of agents-md (expected an object with "agents-md-baseline": 1)'),
        ('{"agents-md-baseline": 1, "findings": [{"rule": "x"}]}', "findings[0] has no fingerprint"),
    ],
)
def test_a_bad_baseline_is_an_error_naming_the_file(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    bad = tmp_path / "b.json"
    bad.write_text(text)
    assert main(["check", "--dir", str(r.path), "--baseline", str(bad)]) == 1
    assert message in capsys.readouterr().err


def test_a_missing_baseline_says_how_to_write_one(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    assert main(["check", "--dir", str(r.path), "--baseline", str(tmp_path / "none.json")]) == 1
    assert "no such baseline (write one with --write-baseline" in capsys.readouterr().err


def test_sarif_fingerprints_are_the_baselines(repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": DOC, "src/app.py": "x\n"})
    base, sarif = tmp_path / "b.json", tmp_path / "out.sarif"
    _run(r, capsys, "--write-baseline", str(base))
    _run(r, capsys, "--sarif-file", str(sarif))
    (result,) = json.loads(sarif.read_text())["runs"][0]["results"]
    (entry,) = json.loads(base.read_text())["findings"]
    assert result["partialFingerprints"]["agentsMd/v1"] == entry["fingerprint"]


def test_a_stale_docs_fingerprint_survives_more_code_changes(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "a/AGENTS.md": "# A\n", "a/x.py": "x\n"}, date="2023-01-01T12:00:00Z")
    for i, day in enumerate(("2023-06-01", "2023-07-01", "2023-08-01", "2023-09-01")):
        r.commit({"a/x.py": f"x{i}\n"}, date=f"{day}T12:00:00Z")
    (before,) = [f for f in r.findings("stale-doc") if f.file == "a/AGENTS.md"]
    r.commit({"a/y.py": "y\n"}, date="2023-10-01T12:00:00Z")
    (after,) = [f for f in r.findings("stale-doc") if f.file == "a/AGENTS.md"]
    assert before.message != after.message
    assert before.fingerprint() == after.fingerprint()


def test_a_baseline_asked_about_one_folder_does_not_call_the_others_fixed(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": DOC, "lib/AGENTS.md": DOC, "src/app.py": "x\n"})
    base = tmp_path / "b.json"
    _run(r, capsys, "--write-baseline", str(base))
    code, out = _run(r, capsys, "--baseline", str(base), str(r.path / "pkg"))
    assert code == 0 and "no longer found" not in out and "1 finding in the baseline" in out


def test_a_narrowed_check_cannot_write_a_baseline(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": DOC, "src/app.py": "x\n"})
    base = tmp_path / "b.json"
    assert main(["check", "--dir", str(r.path), "--staged", "--write-baseline", str(base)]) == 2
    assert "--write-baseline records every finding of the repository" in capsys.readouterr().err
    assert not base.exists()
