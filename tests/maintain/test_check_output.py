"""Output and exit codes: the grouped text report, JSON, SARIF 2.1.0, GitHub annotations; 0/1/2, --strict."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md.cli.main import main

Repo = Callable[..., GitRepo]

TREE = {
    "AGENTS.md": "# Root\n\n- `apps/gone/x.ts`\n",
    "apps/web/AGENTS.md": "# Web\n\n@notes.md\n",
    "apps/web/x.ts": "x\n",
}


def _run(r: GitRepo, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["check", "--dir", str(r.path), *args])
    return code, capsys.readouterr().out


def test_text_report_is_grouped_by_file_with_fixes_and_a_summary(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(repo(TREE), capsys)
    assert code == 1
    assert out == (
        "AGENTS.md\n"
        "  3:    warning [missing-path] `apps/gone/x.ts` does not exist (in the repository)\n"
        "        fix: point it at apps/web/x.ts if that is the file, or remove it\n"
        "\n"
        "apps/web/AGENTS.md\n"
        "  3:    error [broken-import] @notes.md imports apps/web/notes.md, which does not exist: "
        "Claude Code skips it silently\n"
        "        fix: fix the path, or remove the import\n"
        "\n"
        "1 error, 1 warning in 2 files (2 instruction files checked)\n"
    )


def test_doc_not_updated_is_grouped_by_doc(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "a/AGENTS.md": "# A\n", "a/x": "x", "a/y": "y", "b.py": "b"})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"a/x": "x2", "a/y": "y2", "b.py": "b2"})
    code, out = _run(r, capsys)
    assert code == 0
    assert out.splitlines() == [
        "AGENTS.md",
        "        warning [doc-not-updated] 1 file changed in the root (b.py) but AGENTS.md was not updated",
        "        fix: read AGENTS.md against the change (main...HEAD): update what it says that no longer holds",
        "",
        "a/AGENTS.md",
        "        warning [doc-not-updated] 2 files changed in a (a/x, a/y) but a/AGENTS.md was not updated",
        "        fix: read a/AGENTS.md against the change (main...HEAD): update what it says that no longer holds",
        "",
        "2 warnings in 2 files (2 instruction files checked)",
    ]


def test_a_clean_repository(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(repo({"AGENTS.md": "# Root\n"}), capsys)
    assert (code, out) == (0, "no problems (1 instruction file checked)\n")


def test_exit_codes_warnings_pass_strict_fails(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n\n- `apps/gone/x.ts`\n", "apps/web/y.ts": "y\n"})
    assert _run(r, capsys)[0] == 0
    assert _run(r, capsys, "--strict")[0] == 1


def test_information_never_fails(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "- `pnpm test`\n", "a/AGENTS.md": "- `npm test`\n"})
    assert _run(r, capsys, "--strict")[0] == 0


def test_usage_errors_exit_2(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    with pytest.raises(SystemExit) as exc:
        main(["check", "--dir", str(r.path), "--base", "main", "--staged"])
    assert exc.value.code == 2


def test_an_unknown_base_is_an_error(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    assert main(["check", "--dir", str(r.path), "--base", "no-such-ref"]) == 1
    assert capsys.readouterr().err == "agents-md: error: --base 'no-such-ref': not a commit of this repository\n"


def test_paths_narrow_the_report(
    repo: Repo, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    r = repo(TREE)
    monkeypatch.chdir(r.path / "apps")
    code, out = _run(r, capsys, "web")
    assert code == 1
    assert out.startswith("apps/web/AGENTS.md\n")
    assert "AGENTS.md\n  3:    warning" not in out


def test_json(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(TREE)
    _, out = _run(r, capsys, "--format", "json")
    data = json.loads(out)
    assert data["summary"] == {"error": 1, "warning": 1, "info": 0}
    first = data["findings"][0]
    fingerprint = first.pop("fingerprint")
    assert first == {
        "rule": "missing-path",
        "severity": "warning",
        "file": "AGENTS.md",
        "line": 3,
        "column": None,
        "key": "",
        "message": "`apps/gone/x.ts` does not exist (in the repository)",
        "fix": "point it at apps/web/x.ts if that is the file, or remove it",
        "tags": [],
        "also": [],
        "about": [],
    }
    assert re.fullmatch(r"[0-9a-f]{32}", fingerprint)
    assert data["files_checked"] == ["AGENTS.md", "apps/web/AGENTS.md"]
    assert data["root"] == os.path.realpath(r.path)


def test_sarif(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(TREE)
    _, out = _run(r, capsys, "--format", "sarif")
    log = json.loads(out)
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    run = log["runs"][0]
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["broken-import", "missing-path"]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == Path(os.path.realpath(r.path)).as_uri() + "/"
    first = run["results"][0]
    assert first["ruleId"] == "missing-path"
    assert first["ruleIndex"] == 1
    assert first["level"] == "warning"
    assert first["locations"] == [
        {
            "physicalLocation": {
                "artifactLocation": {"uri": "AGENTS.md", "uriBaseId": "%SRCROOT%"},
                "region": {"startLine": 3},
            }
        }
    ]
    assert run["results"][1]["level"] == "error"


def test_github_annotations(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({**TREE, "b/AGENTS.md": "- `npm test`, 100%\n", "AGENTS.md": "- `pnpm test`\n"})
    _, out = _run(r, capsys, "--format", "github")
    assert out.splitlines() == [
        "::error file=apps/web/AGENTS.md,line=3,col=1,title=broken-import::@notes.md imports apps/web/notes.md, "
        "which does not exist: Claude Code skips it silently (fix: fix the path, or remove the import)",
        "::notice file=b/AGENTS.md,line=1,title=conflicting-command::`npm test` here, `pnpm test` in AGENTS.md:1; "
        "both load, and the nearer file should win (fix: use one tool in both, or say in b/AGENTS.md why this "
        "directory differs)",
    ]


def test_list_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--list-rules"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:2] == ["doc-not-updated", "warning"]
    assert "conflicting-command" in out


def test_outside_git_the_file_rules_still_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "AGENTS.md").write_text("# Root\n\n@gone.md\n")
    code = main(["check", "--dir", str(tmp_path / "proj"), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [f["rule"] for f in data["findings"]] == ["broken-import"]
    assert data["notes"] == [
        "not a git repository: doc-not-updated and stale-doc need git history; the instruction files on disk "
        "were checked (version-control, dependency and cache folders left out)"
    ]


def test_absent_is_not_broken_and_bad_bytes_are_told(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": b"# Root\n\n- caf\xe9 `apps/gone/x.ts`\n",
            "a/CLAUDE.md": {"symlink": "../nowhere.md"},
            "apps/y.ts": "y\n",
        }
    )
    result = r.check()
    assert result.notes == ("AGENTS.md: not valid UTF-8; invalid bytes read as U+FFFD",)
    assert [(f.rule, f.file, f.line) for f in result.findings] == [
        ("missing-path", "AGENTS.md", 3),
        ("dangling-link", "a/CLAUDE.md", None),
    ]


def test_an_unreadable_doc_is_told_and_the_check_goes_on(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    r = repo({"AGENTS.md": "# Root\n", "a/AGENTS.md": "# A\n\n@gone.md\n"})
    real_open = builtins.open

    def faulty(file: object, *args: object, **kwargs: object) -> object:
        if str(file).endswith(os.path.join("repo", "AGENTS.md")):
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "open", faulty)
    result = r.check()
    assert "AGENTS.md: cannot be read (Permission denied); not checked" in result.notes
    assert [(f.rule, f.file) for f in result.findings] == [("broken-import", "a/AGENTS.md")]
