"""``agents-md link``: a CLAUDE.md beside each AGENTS.md — dry run by default, never overwriting, never
writing through a link, refusing (by name) a CLAUDE.md with other content."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md._util.atomic import create_new
from agents_md.cli.main import main
from agents_md.maintain.link import IMPORT_TEXT, apply_link, plan_link

Repo = Callable[..., GitRepo]
TREE = {
    "AGENTS.md": "# Root\n",
    "apps/web/AGENTS.md": "# Web\n",
    "services/worker/AGENTS.md": "# Worker\n",
    "services/worker/CLAUDE.md": "@AGENTS.md\n\n## Claude Code\n",
    "infra/AGENTS.md": "# Infra\n",
    "infra/CLAUDE.md": "# Something else\n",
}


def _link(r: GitRepo, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(["link", "--dir", str(r.path), *args])
    return code, capsys.readouterr().out.splitlines()


def test_dry_run_prints_the_plan_and_writes_nothing(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(TREE)
    code, out = _link(r, capsys)
    assert code == 1
    assert out == [
        "would create  CLAUDE.md  (@AGENTS.md)",
        "would create  apps/web/CLAUDE.md  (@AGENTS.md)",
        "refused       infra/CLAUDE.md: infra/CLAUDE.md exists with other content; add @AGENTS.md as its first line "
        "yourself",
        "ok            services/worker/CLAUDE.md  (imports AGENTS.md)",
        "dry run: 2 to create, 1 refused; --write creates them",
        "note: Claude Code started in a folder below one of these loads the AGENTS.md it imports only after an "
        "approval (the import leaves its working directory); --form symlink needs none",
    ]
    assert not (r.path / "CLAUDE.md").exists()
    assert not (r.path / "apps/web/CLAUDE.md").exists()


def test_write_creates_the_import_form_and_leaves_the_rest(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(TREE)
    code, out = _link(r, capsys, "--write")
    assert code == 1
    assert out[-2] == "2 created, 1 refused"
    assert (r.path / "apps/web/CLAUDE.md").read_bytes() == b"@AGENTS.md\n"
    assert (r.path / "CLAUDE.md").read_text() == IMPORT_TEXT
    assert (r.path / "infra/CLAUDE.md").read_text() == "# Something else\n"
    assert (r.path / "services/worker/CLAUDE.md").read_text() == "@AGENTS.md\n\n## Claude Code\n"
    assert oct((r.path / "CLAUDE.md").stat().st_mode & 0o777) == oct(0o666 & ~_umask())
    assert not [p for p in r.path.rglob(".agents-md-*")]
    code, out = _link(r, capsys, "--write", str(r.path / "apps"))
    assert (code, out) == (0, ["ok            apps/web/CLAUDE.md  (imports AGENTS.md)", "0 created, 0 refused"])


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_symlink_form(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"a/AGENTS.md": "# A\n"})
    assert _link(r, capsys, "--write", "--form", "symlink") == (
        0,
        ["created       a/CLAUDE.md  (-> AGENTS.md)", "1 created, 0 refused"],
    )
    assert os.readlink(r.path / "a/CLAUDE.md") == "AGENTS.md"
    assert _link(r, capsys)[1][0] == "ok            a/CLAUDE.md  (a link to AGENTS.md)"


def test_never_writes_through_a_link(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(
        {
            "a/AGENTS.md": "# A\n",
            "a/CLAUDE.md": {"symlink": "../elsewhere.md"},
            "b/AGENTS.md": "# B\n",
            "b/CLAUDE.md": {"symlink": "../other.md"},
            "other.md": "other\n",
        }
    )
    code, out = _link(r, capsys, "--write")
    assert code == 1
    assert out[:2] == [
        "refused       a/CLAUDE.md: a/CLAUDE.md is a link to ../elsewhere.md, which does not exist; remove it first",
        "refused       b/CLAUDE.md: b/CLAUDE.md is a link to ../other.md, not to AGENTS.md",
    ]
    assert not (r.path / "elsewhere.md").exists()
    assert (r.path / "other.md").read_text() == "other\n"


def test_refuses_a_directory_reached_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "AGENTS.md").write_text("# R\n")
    (tmp_path / "proj").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "proj" / "linked")
    (tmp_path / "proj" / "AGENTS.md").write_text("# P\n")
    plan = plan_link(str(tmp_path / "proj"))
    assert [(a.claude, a.status) for a in plan.actions] == [("CLAUDE.md", "create")]


def test_a_file_appearing_meanwhile_is_not_overwritten(repo: Repo) -> None:
    r = repo({"a/AGENTS.md": "# A\n"})
    plan = plan_link(str(r.path))
    (r.path / "a/CLAUDE.md").write_text("mine\n")
    [action] = apply_link(plan)
    assert action.status == "refuse"
    assert (r.path / "a/CLAUDE.md").read_text() == "mine\n"


def test_create_new_never_replaces(tmp_path: Path) -> None:
    target = tmp_path / "x.md"
    target.write_text("keep\n")
    with pytest.raises(FileExistsError):
        create_new(str(target), "new\n")
    assert target.read_text() == "keep\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.md"]


def test_link_then_check_has_no_invisible_or_shadowed_doc(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"CLAUDE.md": "# Own\n", "a/AGENTS.md": "# A\n", "a/b/AGENTS.md": "# B\n", "a/x": "x"})
    assert {f.rule for f in r.findings()} == {"invisible-doc"}
    _link(r, capsys, "--write")
    r.git("add", "-A")
    # The import form: from a/b, a/CLAUDE.md's @AGENTS.md leaves the working directory.
    assert [(f.rule, f.file) for f in r.findings()] == [("needs-approval", "a/AGENTS.md")]


def test_the_symlink_form_needs_no_approval(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"CLAUDE.md": "# Own\n", "a/AGENTS.md": "# A\n", "a/b/AGENTS.md": "# B\n", "a/x": "x"})
    _link(r, capsys, "--write", "--form", "symlink")
    r.git("add", "-A")
    assert r.findings() == []


def test_no_shim_for_a_skills_file_or_a_links_target(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(
        {
            "AGENTS.md": {"symlink": ".agents/AGENTS.md"},
            ".agents/AGENTS.md": "# Root\n",
            "web/.agents/skills/react/AGENTS.md": "# React rules\n",
            "web/.agents/skills/react/SKILL.md": "---\nname: react\n---\n",
        }
    )
    _, out = _link(r, capsys, "--write")
    assert out[:3] == [
        "skipped       .agents/AGENTS.md: another folder's doc (a link's target), loaded there",
        "created       CLAUDE.md  (@AGENTS.md)",
        "skipped       web/.agents/skills/react/AGENTS.md: a skill's, an agent's, a template's, a test's, a tool's "
        "or a vendored project's own file, not a folder's instructions",
    ]
    assert not (r.path / ".agents/CLAUDE.md").exists()
    assert not (r.path / "web/.agents/skills/react/CLAUDE.md").exists()


def test_link_names_the_docs_git_does_not_track(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "CLAUDE.md": "@AGENTS.md\n"})
    r.write({"web/AGENTS.md": "# Web\n", "api/CLAUDE.md": "# Api\n", "CLAUDE.local.md": "mine\n", ".gitignore": "x\n"})
    r.write({".gitignore": "CLAUDE.local.md\nprivate/\n", "private/AGENTS.md": "# Private\n"})
    assert main(["link", "--dir", str(r.path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "untracked     api/CLAUDE.md: not tracked by git: not checked",
        "untracked     web/AGENTS.md: not tracked by git: not checked",
        "ok            CLAUDE.md  (imports AGENTS.md)",
        "dry run: 0 to create, 0 refused",
    ]


def test_without_a_form_the_repository_s_own_is_followed(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    """relayfile: its root CLAUDE.md is a link to AGENTS.md; the nested ones are planned so too."""
    r = repo({"AGENTS.md": "# Root\n", "CLAUDE.md": {"symlink": "AGENTS.md"}, "site/AGENTS.md": "# Site\n"})
    assert _link(r, capsys) == (
        0,
        [
            "ok            CLAUDE.md  (a link to AGENTS.md)",
            "would create  site/CLAUDE.md  (-> AGENTS.md)",
            "dry run: 1 to create, 0 refused; --write creates them",
            "form: symlink (the repository's own: 1 of its 1 CLAUDE.md beside an AGENTS.md link to it; --form chooses)",
        ],
    )
    assert _link(r, capsys, "--form", "import", "--write")[0] == 0  # asked for: the import form
    assert (r.path / "site/CLAUDE.md").read_text() == IMPORT_TEXT
    assert plan_link(str(r.path)).form == "import"  # one link, one import: links are no longer the most


def test_the_repository_s_form_is_read_from_all_of_it_when_paths_are_given(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    """``link site``: the AGENTS.md under site/ is the one planned, but the form is the repository's,
    whose only CLAUDE.md beside an AGENTS.md (outside site/) is a link."""
    r = repo({"AGENTS.md": "# Root\n", "CLAUDE.md": {"symlink": "AGENTS.md"}, "site/AGENTS.md": "# Site\n"})
    assert plan_link(str(r.path), paths=["site"]).form == "symlink"
    code, out = _link(r, capsys, str(r.path / "site"))
    assert code == 0
    assert out[0] == "would create  site/CLAUDE.md  (-> AGENTS.md)"
