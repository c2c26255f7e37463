"""A hostile repository against ``check``, ``map`` and ``link``: they judge the repository and never
read, quote or write what a link inside it leads out to, and nothing they read blocks or grows."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md.cli.main import main
from agents_md.diagnostics import Severity
from agents_md.engine.markdown.blocks import MAX_NESTING

Repo = Callable[..., GitRepo]
SECRET = "SECRET-OUTSIDE-THE-REPOSITORY"


def nested_list(depth: int, last: str) -> str:
    return "".join("  " * i + "- a\n" for i in range(depth - 1)) + "  " * (depth - 1) + f"- {last}\n"


def _private(tmp_path: Path) -> Path:
    private = tmp_path / "private"
    private.mkdir()
    (private / "notes.md").write_text(f"# {SECRET}\n\nRun `{SECRET}.sh` first.\n")
    return private


def test_links_carry_no_outside_file_into_check_or_map(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    private = _private(tmp_path)
    r = repo(
        {
            "AGENTS.md": "# Root\n\n<!-- agents-md:map:start -->\n<!-- agents-md:map:end -->\n",
            "CLAUDE.md": {"symlink": str(private / "notes.md")},
            "pkg/AGENTS.md": {"symlink": str(private / "notes.md")},
            "pkg/x.py": "x = 1\n",
        }
    )
    found = r.findings("outside-link")
    assert [(f.file, f.severity) for f in found] == [("CLAUDE.md", Severity.ERROR), ("pkg/AGENTS.md", Severity.ERROR)]
    assert found[0].message == (
        f"a link to {private / 'notes.md'}, outside the repository: each clone loads whatever is there "
        "(it is not read here)"
    )
    for args in (
        ["check", "--dir", str(r.path), "--format", "json"],
        ["map", str(r.path)],
        ["map", str(r.path), "--write"],
    ):
        main(args)
        out, err = capsys.readouterr()
        assert SECRET not in out and SECRET not in err, args
    assert SECRET not in (r.path / "AGENTS.md").read_text()


def test_link_reads_no_outside_claude_md(repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    private = _private(tmp_path)
    r = repo({"pkg/AGENTS.md": "# Pkg\n", "pkg/CLAUDE.md": {"symlink": str(private / "notes.md")}})
    main(["link", "--dir", str(r.path)])
    out, err = capsys.readouterr()
    assert SECRET not in out + err
    assert "pkg/CLAUDE.md" in out


@pytest.mark.parametrize("name", ["AGENTS.md", "pyproject.toml", ".agents-md.toml"])
@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "fifo"])
def test_bounded_reads_in_check(repo: Repo, name: str, target: str, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"sub/AGENTS.md": "# Sub\n"})
    if target == "fifo":
        os.mkfifo(r.path / name)
    else:
        os.symlink(target, r.path / name)
    r.commit()
    code = main(["check", "--dir", str(r.path), "--format", "concise"])  # returns: nothing blocks or fills the memory
    err = capsys.readouterr().err
    if name == "AGENTS.md":
        assert code in (0, 1)
    else:
        why = "not a regular file" if target == "fifo" else f"a link to {target}, outside the repository"
        assert code == 1 and f"{name}: cannot be read ({why}" in err


def test_a_config_file_past_the_cap_is_refused(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({".agents-md.toml": "# " + "x" * (1 << 20) + "\n"})
    assert main(["check", "--dir", str(r.path)]) == 1
    assert ".agents-md.toml: cannot be read (larger than 1,048,576 bytes; not read)" in capsys.readouterr().err


def test_map_write_on_a_root_doc_that_is_not_utf8_is_a_clear_error(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo(
        {
            "AGENTS.md": b"# Root \xff\n<!-- agents-md:map:start -->\n<!-- agents-md:map:end -->\n",
            "a/AGENTS.md": "# A\n",
        }
    )
    for flag in ("--write", "--check"):
        assert main(["map", str(r.path), flag]) == 1
        err = capsys.readouterr().err
        assert f"{r.path / 'AGENTS.md'}: not valid UTF-8 (byte 7)" in err and "Traceback" not in err


def test_map_write_on_a_full_disk_is_a_clear_error_and_leaves_the_doc(
    repo: Repo, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "# Root\n<!-- agents-md:map:start -->\n<!-- agents-md:map:end -->\n"
    r = repo({"AGENTS.md": text, "a/AGENTS.md": "# A\n"})

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["map", str(r.path), "--write"]) == 1
    assert "AGENTS.md: cannot be written (No space left on device); left as it was" in capsys.readouterr().err
    assert (r.path / "AGENTS.md").read_text() == text
    assert not [n for n in os.listdir(r.path) if n.startswith(".agents-md-")]


def test_check_and_map_note_it_and_go_on(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    map_markers = "<!-- agents-md:map:start -->\n<!-- agents-md:map:end -->\n"
    r = repo({"AGENTS.md": "# Root\n" + map_markers, "deep/AGENTS.md": nested_list(800, "`x`"), "x.md": "x\n"})
    main(["check", "--dir", str(r.path), "--format", "concise"])
    err = capsys.readouterr().err
    assert (
        "note: deep/AGENTS.md: nested too deep to read (line 201: quotes or lists nested more than "
        f"{MAX_NESTING} deep); its text not checked"
    ) in err
    assert "Traceback" not in err and "unexpected error" not in err
    assert main(["map", str(r.path)]) == 0
    assert "- `deep`" in capsys.readouterr().out
