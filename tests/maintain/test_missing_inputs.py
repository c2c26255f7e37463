"""Missing inputs are errors: a PATH that is not there, a repository git refuses, a walk outside git
that would never end, a missing agent file, a Read of a file that does not exist."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md.cli.main import main
from agents_md.maintain.repo import files

Repo = Callable[..., GitRepo]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["check", "link"])
def test_a_path_that_does_not_exist_is_a_usage_error_naming_it(
    repo: Repo, command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    r = repo({"AGENTS.md": "# Root\n", "web/AGENTS.md": "# Web\n"})
    monkeypatch.chdir(r.path)
    code, out, err = run(capsys, command, "web", "nope-path", "gone/x.md")
    assert (code, out) == (2, "")
    assert err == (
        "agents-md: usage error: nope-path: no such file or directory; gone/x.md: no such file or directory\n"
    )


def test_a_path_outside_the_repository_is_a_usage_error(
    repo: Repo, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(r.path)
    code, _, err = run(capsys, "check", str(tmp_path / "elsewhere"))
    assert code == 2
    assert err == f"agents-md: usage error: {tmp_path / 'elsewhere'}: outside the repository {r.path}\n"


def test_a_dir_that_does_not_exist_is_a_usage_error(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    code, _, err = run(capsys, "check", "--dir", str(r.path / "nope"))
    assert code == 2
    assert err == f"agents-md: usage error: --dir {r.path / 'nope'}: no such directory\n"


def test_an_existing_path_still_narrows_the_report(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    r = repo({"AGENTS.md": "# Root\n\n@gone-root.md\n", "web/AGENTS.md": "# Web\n\n@gone-web.md\n"})
    monkeypatch.chdir(r.path)
    assert [f.file for f in r.check("web").findings] == ["web/AGENTS.md"]


def test_outside_git_only_the_given_paths_and_the_folders_above_them_are_walked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proj = tmp_path / "proj"
    for rel, text in {
        "CLAUDE.md": "# Root\n",
        "web/AGENTS.md": "# Web\n",
        "api/AGENTS.md": "# Api\n\n@gone.md\n",
    }.items():
        (proj / rel).parent.mkdir(parents=True, exist_ok=True)
        (proj / rel).write_text(text)
    monkeypatch.chdir(proj)
    code, out, _ = run(capsys, "check", "web", "--format", "json")
    data = json.loads(out)
    assert code == 0
    # The root's CLAUDE.md is read (it stands over web/), api/ is never looked into.
    assert data["files_checked"] == ["CLAUDE.md", "web/AGENTS.md"]
    assert [f["rule"] for f in data["findings"]] == ["invisible-doc"]


def test_outside_git_installed_and_cache_folders_are_not_walked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    proj = tmp_path / "proj"
    for rel in ("AGENTS.md", "node_modules/pkg/AGENTS.md", ".venv/lib/AGENTS.md", ".tox/py/CLAUDE.md", "a/AGENTS.md"):
        (proj / rel).parent.mkdir(parents=True, exist_ok=True)
        (proj / rel).write_text("# Doc\n")
    code, out, _ = run(capsys, "check", "--dir", str(proj), "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["files_checked"] == ["AGENTS.md", "a/AGENTS.md"]
    assert data["notes"][0].startswith("not a git repository: doc-not-updated and stale-doc need git history")


def test_outside_git_a_walk_past_the_bound_is_an_error_naming_the_way_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "MAX_WALK_DIRS", 5)
    big = tmp_path / "big"
    for i in range(8):
        (big / f"d{i}").mkdir(parents=True)
    (big / "d3" / "AGENTS.md").write_text("# Three\n")
    code, out, err = run(capsys, "check", "--dir", str(big))
    assert (code, out) == (1, "")
    assert err == (
        f"agents-md: error: {big}: not a git repository, and more than 5 folders below it; "
        "run it inside a repository, or name the paths to check\n"
    )
    monkeypatch.chdir(big)
    code, out, _ = run(capsys, "check", "d3", "--format", "json")
    assert code == 0
    assert json.loads(out)["files_checked"] == ["d3/AGENTS.md"]


def _owned_by_another_user(r: GitRepo) -> None:
    for directory, dirs, names in os.walk(r.path):
        for name in [*dirs, *names]:
            os.lchown(os.path.join(directory, name), 65534, 65534)
    os.lchown(r.path, 65534, 65534)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a repository another user's needs root (chown)")
def test_a_repository_git_refuses_says_why_how_to_trust_it_and_which_rules_are_off(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo({"AGENTS.md": "# Root\n\n@gone.md\n", "web/AGENTS.md": "# Web\n", "web/x.ts": "x\n"})
    _owned_by_another_user(r)
    code, out, _ = run(capsys, "check", "--dir", str(r.path / "web"), "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert data["root"] == str(r.path)  # the work tree git names, not the folder asked about
    assert [f["file"] for f in data["findings"]] == ["AGENTS.md"]
    assert data["notes"][0] == (
        f"git refuses the repository: detected dubious ownership in repository at '{r.path}'; to trust it: "
        f"git config --global --add safe.directory {r.path}. Until then doc-not-updated and stale-doc are off, "
        "and the instruction files on disk are checked, tracked or not"
    )
    assert "not a git repository" not in out
    refusal = (
        f"agents-md: git refuses the repository: detected dubious ownership in repository at '{r.path}'; to trust "
        f"it: git config --global --add safe.directory {r.path}; until then the files on disk are read, tracked or "
        "not\n"
    )
    for command in ("link", "map"):
        code, out, err = run(capsys, command, "--dir", str(r.path))
        assert (code, err) == (0, refusal), command
    assert out == "- `web` — Web\n"


@pytest.mark.skipif(os.geteuid() != 0, reason="making a repository another user's needs root (chown)")
def test_a_trusted_repository_of_another_user_is_read_with_git(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    _owned_by_another_user(r)
    home = Path(r.env["HOME"])
    done = subprocess.run(
        ["git", "config", "--global", "--add", "safe.directory", str(r.path)],
        env={**r.env, "HOME": str(home)},
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0
    code, out, _ = run(capsys, "check", "--dir", str(r.path), "--format", "json")
    assert code == 0
    assert not any("git" in n for n in json.loads(out)["notes"])


def test_agents_check_of_a_missing_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "agents", "check", str(tmp_path / "nope.md"))
    assert code == 1
    assert out == f"{tmp_path / 'nope.md'}: error: [unreadable] cannot read the file: No such file or directory\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_agents_check_of_an_unreadable_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.md"
    path.write_text("---\nname: a\ndescription: d\n---\n")
    path.chmod(0)
    code, out, _ = run(capsys, "agents", "check", str(path))
    assert code == 1
    assert out == f"{path}: error: [unreadable] cannot read the file: Permission denied\n"


def test_agents_check_of_an_unreadable_file_exits_1_as_another_user(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The same, as an unprivileged user (the suite may run as root, who reads anything)."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to drop privileges")
    python = os.path.realpath(sys.executable)  # the interpreter itself, not the environment's link to it
    drop = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    if subprocess.run([*drop, python, "-I", "-c", "pass"], capture_output=True, check=False).returncode != 0:
        pytest.skip(f"{python} is not one other users may run")
    # pytest's temporary folders, the checkout and its environment may all sit where that user cannot
    # go (a clone in a private temporary folder): a folder of its own, the package and what it imports
    # copied there, so the one thing it cannot read is the file.
    place = Path(tempfile.mkdtemp(prefix="agents-md-other-user-"))
    try:
        place.chmod(0o755)
        packages = place / "packages"
        for name in ("agents_md", "yaml", "pathspec", "wcmatch", "bracex", "pluggy"):
            shutil.copytree(Path(__import__(name).__file__ or "").parent, packages / name)
        for folder, _, names in os.walk(packages):
            os.chmod(folder, 0o755)
            for n in names:
                os.chmod(os.path.join(folder, n), 0o644)
        path = place / "a.md"
        path.write_text("---\nname: a\ndescription: d\n---\n")
        path.chmod(0)
        program = (
            "import sys; sys.path.insert(0, sys.argv.pop(1)); from agents_md.cli.main import main; sys.exit(main())"
        )
        done = subprocess.run(
            [*drop, python, "-I", "-c", program, str(packages), "agents", "check", str(path)],
            env={"PATH": os.environ["PATH"], "HOME": str(place)},
            capture_output=True,
            text=True,
            check=False,
            cwd=place,
        )
        assert done.returncode == 1, done.stderr
        assert done.stdout == f"{path}: error: [unreadable] cannot read the file: Permission denied\n"
    finally:
        shutil.rmtree(place, ignore_errors=True)


def test_read_of_a_missing_file_says_so_and_shows_what_the_read_attaches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "AGENTS.md").write_text("# Sub\n")
    (root / "sub" / "CLAUDE.md").write_text("# Sub's own\n")
    (tmp_path / "home").mkdir()
    base = ["--cwd", str(root), "--home", str(tmp_path / "home"), "--managed-dir", str(tmp_path / "managed")]
    code, out, err = run(capsys, "read", str(root / "sub" / "gone.ts"), *base)
    assert code == 0
    assert out.splitlines() == [
        "A Read of sub/gone.ts (no such file)",
        "  engine   sub/CLAUDE.md  (nested project)",
    ]
    assert err == (
        f"agents-md: {root / 'sub' / 'gone.ts'}: no such file; the Read fails, and the engine attaches nested "
        "files even so\n"
    )
    code, out, _ = run(capsys, "read", str(root / "sub" / "gone.ts"), *base, "--format", "json")
    data = json.loads(out)
    # As recorded from the reference: the engine's nested block comes, the plugin's hook (which
    # sees only a Read that succeeded) adds nothing.
    assert (data["exists"], data["plugin_files"]) == (False, [])
    assert [f["path"] for f in data["engine_files"]] == [str(root / "sub" / "CLAUDE.md")]


def test_read_of_a_folder_says_the_read_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "root"
    (root / "sub" / "deeper").mkdir(parents=True)
    (root / "sub" / "CLAUDE.md").write_text("# Sub's own\n")
    (tmp_path / "home").mkdir()
    base = ["--cwd", str(root), "--home", str(tmp_path / "home"), "--managed-dir", str(tmp_path / "managed")]
    code, out, err = run(capsys, "read", str(root / "sub" / "deeper"), *base)
    assert code == 0
    assert out.splitlines() == ["A Read of sub/deeper (a folder)", "  engine   sub/CLAUDE.md  (nested project)"]
    assert err == (
        f"agents-md: {root / 'sub' / 'deeper'}: a folder, not a file; the Read fails, and the engine attaches "
        "nested files even so\n"
    )


def test_check_names_the_docs_git_does_not_track(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    r.write({"web/AGENTS.md": "# Web\n", "CLAUDE.md": "# Mine\n", ".gitignore": "private/\n"})
    r.write({"private/AGENTS.md": "# Ignored, so meant to stay out\n", "web/notes.md": "n\n"})
    result = r.check()
    assert "CLAUDE.md, web/AGENTS.md: not tracked by git: not checked (git add to check)" in result.notes
    assert result.files == ("AGENTS.md",)
    assert "web/AGENTS.md: not tracked by git: not checked (git add to check)" in r.check("web").notes
    r.commit()
    assert not any("not tracked" in n for n in r.check().notes)


def test_the_untracked_docs_are_named_before_what_the_rules_say(repo: Repo) -> None:
    # The walk for untracked docs is read after the rules ran; its note keeps its place.
    r = repo(
        {"AGENTS.md": b"# Root\n\n- caf\xe9\n", ".claude/skills/x/SKILL.md": "s\n", ".claude/skills/x/AGENTS.md": "k\n"}
    )
    r.write({"web/AGENTS.md": "# Web\n"})
    assert r.check().notes == (
        ".claude/skills/x/AGENTS.md: a skill's, an agent's, a template's, a test's, a tool's or a vendored "
        "project's own file, not a folder's instructions; not checked",
        "web/AGENTS.md: not tracked by git: not checked (git add to check)",
        "AGENTS.md: not valid UTF-8; invalid bytes read as U+FFFD",
    )


def test_agents_check_with_nothing_to_check_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "agents", "check")
    assert (code, out) == (0, "")
    assert err == (
        "agents-md: no .claude/agents here and no PATH given: nothing checked "
        "(agents-md agents check . searches the folders below)\n"
    )
