"""``check --fix``: a dry run shows the safe fixes as a diff; ``--write`` applies them (never over other
content, never through a link, atomically) and checks again; ``--unsafe`` adds the rest."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from conftest import GitRepo

from agents_md.cli.main import main
from agents_md.maintain.fix import apply_fixes, plan_fixes
from agents_md.maintain.map import MAP_END, MAP_START

Repo = Callable[..., GitRepo]


def _fix(r: GitRepo, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", "--dir", str(r.path), "--format", "concise", "--fix", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _rules(r: GitRepo) -> set[str]:
    return {f.rule for f in r.findings()}


@pytest.fixture
def hidden(repo: Repo) -> GitRepo:
    """A project CLAUDE.md at the root hides pkg/AGENTS.md (invisible-doc)."""
    return repo({"CLAUDE.md": "# Mine\n", "AGENTS.md": "# Root\n", "pkg/AGENTS.md": "# Pkg\n"})


def test_a_dry_run_shows_the_shim_as_a_diff_and_writes_nothing(
    hidden: GitRepo, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _fix(hidden, capsys)
    assert code == 1
    assert out == "--- /dev/null\n+++ b/pkg/CLAUDE.md\n@@ -0,0 +1 @@\n+@AGENTS.md\n"
    assert "1 file would change; apply with --fix --write" in err
    assert not (hidden.path / "pkg/CLAUDE.md").exists()


def test_write_applies_it_and_checks_again(hidden: GitRepo, capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = _fix(hidden, capsys, "--write")
    assert "fixed 1 file" in err
    assert "new, not yet tracked by git (check sees tracked files): git add pkg/CLAUDE.md" in err
    assert (hidden.path / "pkg/CLAUDE.md").read_text() == "@AGENTS.md\n"
    hidden.git("add", "-A")
    assert [f.file for f in hidden.findings("invisible-doc")] == ["AGENTS.md"]  # its fix is unsafe


def test_the_shim_is_a_link_where_links_are_the_repositorys_convention(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    r = repo(
        {
            "CLAUDE.md": "# Mine\n",
            "AGENTS.md": "# Root\n",
            "a/AGENTS.md": "# A\n",
            "a/CLAUDE.md": {"symlink": "AGENTS.md"},
            "b/AGENTS.md": "# B\n",
            "b/CLAUDE.md": {"symlink": "AGENTS.md"},
            "pkg/AGENTS.md": "# Pkg\n",
        }
    )
    _fix(r, capsys, "--write")
    assert os.readlink(r.path / "pkg/CLAUDE.md") == "AGENTS.md"
    r.git("add", "-A")
    assert "pkg/AGENTS.md" not in [f.file for f in r.findings("invisible-doc")]


def test_an_at_in_a_code_span_is_quoted_so_it_imports_nothing(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n\n- build: `pnpm --filter @acme/web build`\n"})
    assert "broken-import" in _rules(r)
    code, out, _ = _fix(r, capsys)
    assert code == 1
    assert '-- build: `pnpm --filter @acme/web build`\n+- build: `pnpm --filter "@acme/web" build`\n' in out
    _fix(r, capsys, "--write")
    assert (r.path / "AGENTS.md").read_text() == '# Root\n\n- build: `pnpm --filter "@acme/web" build`\n'
    assert "broken-import" not in _rules(r)


def test_a_name_in_prose_is_put_in_backticks(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n\nWe use @types/node for types.\n"})
    _fix(r, capsys, "--write")
    assert (r.path / "AGENTS.md").read_text() == "# Root\n\nWe use `@types/node` for types.\n"


def test_the_map_is_rewritten_between_its_markers(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    root = f"# Root\n\n{MAP_START}\n{MAP_END}\n\nMore.\n"
    r = repo({"AGENTS.md": root, "web/AGENTS.md": "# The web app\n"})
    assert "stale-map" in _rules(r)
    _fix(r, capsys, "--write")
    assert (r.path / "AGENTS.md").read_text() == f"# Root\n\n{MAP_START}\n- `web` — The web app\n{MAP_END}\n\nMore.\n"
    assert "stale-map" not in _rules(r)


def test_a_dangling_link_is_removed_only_with_unsafe(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "pkg/CLAUDE.md": {"symlink": "AGENTS.md"}})
    code, out, err = _fix(r, capsys)
    assert (code, out) == (0, "") and "1 unsafe fix not shown (--unsafe)" in err
    code, out, err = _fix(r, capsys, "--unsafe")
    assert code == 1
    assert out == "remove link pkg/CLAUDE.md (-> AGENTS.md)\n"
    _fix(r, capsys, "--unsafe", "--write")
    assert not os.path.lexists(r.path / "pkg/CLAUDE.md")


def test_a_file_changed_after_the_plan_is_left_as_it_is(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n\nWe use @types/node for types.\n"})
    plan = plan_fixes(str(r.path), r.check().findings)
    assert [f.file for f in plan.fixes] == ["AGENTS.md"]
    (r.path / "AGENTS.md").write_text("# Someone else's edit\n")
    done = apply_fixes(plan)
    assert done.applied == () and done.refused == ("AGENTS.md: changed meanwhile; left as it is",)
    assert (r.path / "AGENTS.md").read_text() == "# Someone else's edit\n"


def test_a_shim_that_appeared_meanwhile_is_not_replaced(hidden: GitRepo) -> None:
    plan = plan_fixes(str(hidden.path), hidden.check().findings)
    (hidden.path / "pkg/CLAUDE.md").write_text("# mine now\n")
    done = apply_fixes(plan)
    assert done.refused == ("pkg/CLAUDE.md: appeared meanwhile; left as it is",)
    assert (hidden.path / "pkg/CLAUDE.md").read_text() == "# mine now\n"


def test_never_through_a_link(repo: Repo, tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    outside = tmp_path / "outside.md"
    outside.write_text("# Root\n\nWe use @types/node for types.\n")
    r = repo({"AGENTS.md": {"symlink": str(outside)}})
    _fix(r, capsys, "--write")
    assert outside.read_text() == "# Root\n\nWe use @types/node for types.\n"


def test_write_and_unsafe_need_fix(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    assert main(["check", "--dir", str(r.path), "--write"]) == 2
    assert "--write and --unsafe go with --fix" in capsys.readouterr().err


def test_every_such_at_of_the_name_is_quoted_in_one_run(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    doc = "# Root\n\n- dev: `pnpm --filter @acme/web dev`\n- lint: `pnpm --filter @acme/web lint`\n- `@acme/web`\n"
    r = repo({"AGENTS.md": doc})
    _fix(r, capsys, "--write")
    assert (r.path / "AGENTS.md").read_text() == doc.replace(" @acme/web ", ' "@acme/web" ')
    assert "broken-import" not in _rules(r)


def test_quoting_an_at_outside_a_shell_command_is_unsafe(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    doc = "# Root\n\n- colours: `.btn { color: @brand/primary; }`\n"
    r = repo({"AGENTS.md": doc})
    _fix(r, capsys, "--write")
    assert (r.path / "AGENTS.md").read_text() == doc
    code, out, _ = _fix(r, capsys, "--unsafe")
    assert code == 1 and '"@brand/primary' in out


def test_no_backticks_are_added_on_a_line_a_code_span_runs_through(
    repo: Repo, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = "# Root\n\n- Run `pnpm --filter\n  @scope/pkg run test` now.\n"
    r = repo({"AGENTS.md": doc})
    _fix(r, capsys, "--write", "--unsafe")
    assert "`@scope/pkg`" not in (r.path / "AGENTS.md").read_text()


def test_a_link_written_as_text_becomes_the_import(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "CLAUDE.md": "AGENTS.md"})
    code, out, _ = _fix(r, capsys)
    assert code == 1
    assert "-AGENTS.md\n" in out and "+@AGENTS.md\n" in out
    assert (r.path / "CLAUDE.md").read_text() == "AGENTS.md"  # a dry run
    _fix(r, capsys, "--write")
    assert (r.path / "CLAUDE.md").read_text() == "@AGENTS.md"
    r.git("add", "-A")
    assert "link-as-text" not in _rules(r)


@pytest.mark.parametrize("home", ["", "pkg/"])
def test_a_claude_folders_claude_md_imports_the_doc_from_its_own_folder(
    repo: Repo, capsys: pytest.CaptureFixture[str], home: str
) -> None:
    """A ``.claude/CLAUDE.md`` claims the folder above ``.claude/``, and its imports are read from
    ``.claude/``: the doc beside the folder is ``@../AGENTS.md`` (``@AGENTS.md`` finds nothing)."""
    r = repo({f"{home}.claude/CLAUDE.md": "# Mine\n", f"{home}AGENTS.md": "# Doc\n", "README.md": "x\n"})
    [finding] = [f for f in r.findings("invisible-doc") if f.file == f"{home}AGENTS.md"]
    assert finding.fix == f"add @../AGENTS.md as the first line of {home}.claude/CLAUDE.md"
    _fix(r, capsys, "--unsafe", "--write")
    assert (r.path / f"{home}.claude/CLAUDE.md").read_text() == "@../AGENTS.md\n# Mine\n"
    r.commit()
    assert [f for f in r.findings() if f.file == f"{home}AGENTS.md" or f.rule == "broken-import"] == []
