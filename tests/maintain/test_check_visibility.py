"""Rule 5: ``invisible-doc`` and ``shadowed-doc`` — decided by the engine's sessions and Reads."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import GitRepo

from agents_md.diagnostics import Severity
from agents_md.maintain.checks.checker import check
from agents_md.maintain.link import apply_link, plan_link

Repo = Callable[..., GitRepo]


def _found(r: GitRepo, rule: str) -> list[tuple[str, str, str]]:
    return [(f.file, f.message, f.fix) for f in r.findings(rule)]


def test_invisible_when_a_claude_md_of_the_project_stands_above_and_none_beside(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root rules\n", "apps/web/AGENTS.md": "# Web\n", "apps/web/x.ts": "x\n"})
    found = r.findings("invisible-doc")
    assert [(f.file, f.severity, f.message, f.fix) for f in found] == [
        (
            "apps/web/AGENTS.md",
            Severity.WARNING,
            "Claude Code never loads it: with CLAUDE.md above it, Claude Code reads an AGENTS.md only "
            "where a CLAUDE.md imports it, and no CLAUDE.md beside it does",
            "agents-md link --write --form import (creates apps/web/CLAUDE.md holding @AGENTS.md)",
        )
    ]


def test_a_claude_md_made_but_not_yet_tracked_is_to_be_added_not_made_again(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root rules\n", "apps/web/AGENTS.md": "# Web\n", "apps/web/x.ts": "x\n"})
    r.write({"apps/web/CLAUDE.md": "@AGENTS.md\n"})  # as `check --fix --write` leaves it
    found = r.findings("invisible-doc")
    assert [(f.file, f.fix, f.edits) for f in found] == [
        ("apps/web/AGENTS.md", "git add apps/web/CLAUDE.md (it is on disk, not tracked by git)", ())
    ]
    r.git("add", "apps/web/CLAUDE.md")
    assert r.findings("invisible-doc") == []


def test_the_fix_follows_the_repositorys_links(repo: Repo) -> None:
    r = repo(
        {
            "CLAUDE.md": "# Root rules\n",
            "apps/api/AGENTS.md": "# Api\n",
            "apps/api/CLAUDE.md": {"symlink": "AGENTS.md"},
            "apps/web/AGENTS.md": "# Web\n",
        }
    )
    assert [(f.file, f.fix) for f in r.findings("invisible-doc")] == [
        (
            "apps/web/AGENTS.md",
            "agents-md link --write --form symlink (links apps/web/CLAUDE.md to AGENTS.md, as this repository does)",
        )
    ]


@pytest.mark.parametrize(
    "layout",
    [
        {"apps/web/.agents/skills/react/AGENTS.md": "# Rules\n" * 300, "apps/web/.agents/skills/react/SKILL.md": "x\n"},
        {"tools/lint-skill/SKILL.md": "---\nname: x\n---\n", "tools/lint-skill/refs/AGENTS.md": "# Ref\n" * 300},
        {"services/runner/config/agent.json": "{}\n", "services/runner/config/AGENTS.md": "You are a bot.\n"},
        # copied into the projects a generator makes: their paths, not this repository's
        {"cli/src/Templates/flow/AGENTS.md": "# Flow\n\nEdit `src/flow/main.py`.\n" + "- x\n" * 300},
        {"gen/{{cookiecutter.slug}}/AGENTS.md": "# App\n\nSee `src/app/settings.py`.\n"},
        # a vendored copy of another project (go mod vendor): its docs are that project's
        {
            "vendor/go.opentelemetry.io/otel/AGENTS.md": "# otel\n\nSee `.github/copilot-instructions.md`.\n",
            "vendor/go.opentelemetry.io/otel/CLAUDE.md": "@AGENTS.md\n",
            "vendor/github.com/grafana/sobek/AGENTS.md": "# sobek\n" + "- x\n" * 300,
        },
        # a test's project below its fixtures: its CLAUDE.md shadows nothing of this repository's
        {
            "AGENTS.md": "# Root\n",
            "CLAUDE.md": {"symlink": "AGENTS.md"},
            "tests/e2e/fixtures/repos/adoption/AGENTS.md": "# Root agent instructions for Codex\n",
            "tests/e2e/fixtures/repos/adoption/CLAUDE.md": "# Claude adoption instructions\n",
        },
        # what a tool writes below a folder of .agents for agents to read, linked from where it is needed
        {
            "app/src/agent/CLAUDE.md": "See [the guide](../../.agents/acme/sdk/agent/AGENTS.md).\n",
            "app/.agents/acme/sdk/agent/AGENTS.md": "# Agents\n\nEdit `src/agent/x.ts`.\n" + "- x\n" * 300,
        },
        # a docs site's static file, served for users to download into their own projects
        {"docs/_static/CLAUDE.md": "# Notebook assistant\n\nUse `@app.cell`.\nSee `src/app.py`.\n" + "- x\n" * 300},
        # a tool's own instructions, rewritten by ``openspec update`` (1code): its layout is made as it is used
        {
            "CLAUDE.md": "<!-- OPENSPEC:START -->\nAlways open `@/openspec/AGENTS.md` when planning.\n"
            "<!-- OPENSPEC:END -->\n",
            "openspec/project.md": "# Project\n",
            "openspec/AGENTS.md": "# OpenSpec Instructions\n\n- `specs/` - Built and deployed\n" + "- x\n" * 300,
        },
    ],
    ids=[
        "skills-folder",
        "skill-md",
        "agent-definition",
        "templates-folder",
        "cookiecutter",
        "vendored",
        "fixture",
        "agents-folder",
        "docs-static",
        "openspec",
    ],
)
def test_reference_docs_get_no_folder_rules(repo: Repo, layout: dict[str, object]) -> None:
    r = repo({"CLAUDE.md": "# Root rules\n", **layout})
    rules = {"invisible-doc", "line-budget", "byte-budget-codex", "shadowed-doc", "missing-path"}
    result = r.check()
    assert [f for f in result.findings if f.rule in rules] == []
    assert [n for n in result.notes if "not a folder's instructions; not checked" in n] != []


def test_the_agents_folders_own_doc_is_still_a_folder_doc(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root rules\n", ".agents/AGENTS.md": "# Agents\n", ".agents/x.md": "x\n"})
    assert [f.file for f in r.findings("invisible-doc")] == [".agents/AGENTS.md"]


def test_a_doc_directly_in_a_fixtures_folder_tells_of_it_and_is_checked(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root rules\n", "tests/fixtures/AGENTS.md": "# Fixtures\n", "tests/fixtures/db.py": "x\n"})
    assert [f.file for f in r.findings("invisible-doc")] == ["tests/fixtures/AGENTS.md"]


def test_the_fix_link_makes_it_visible(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root rules\n", "apps/web/AGENTS.md": "# Web\n", "apps/web/x.ts": "x\n"})
    apply_link(plan_link(str(r.path)))
    r.git("add", "-A")
    assert r.findings("invisible-doc") == []
    assert r.findings("shadowed-doc") == []


def test_a_root_claude_md_linked_to_agents_md_switches_off_every_nested_agents_md(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            "CLAUDE.md": {"symlink": "AGENTS.md"},
            "go/AGENTS.md": "# Go\n",
            "go/main.go": "package main\n",
        }
    )
    assert [f for f, _, _ in _found(r, "invisible-doc")] == ["go/AGENTS.md"]


def test_invisible_when_the_claude_md_beside_it_does_not_import_it(repo: Repo) -> None:
    r = repo({"svc/AGENTS.md": "# Svc\n", "svc/CLAUDE.md": "# Claude only\n", "svc/x.py": "x\n"})
    assert _found(r, "invisible-doc") == [
        (
            "svc/AGENTS.md",
            "Claude Code never loads it: svc/CLAUDE.md claims svc and does not import it",
            "add @AGENTS.md as the first line of svc/CLAUDE.md",
        )
    ]


def test_an_agents_md_the_claude_md_beside_it_holds_whole_misses_nothing(repo: Repo) -> None:
    # 1code: AGENTS.md is OpenSpec's managed block alone; CLAUDE.md holds that block, then its own text.
    block = "<!-- OPENSPEC:START -->\n# OpenSpec Instructions\n\nOpen `@/openspec/AGENTS.md`.\n<!-- OPENSPEC:END -->"
    r = repo({"AGENTS.md": block, "CLAUDE.md": block + "\n\n# Project\n\nRun `make`.\n", "x.py": "x\n"})
    assert _found(r, "invisible-doc") == []
    r.write({"AGENTS.md": block + "\nAlso this.\n"})  # a line of its own: that line never loads
    assert [f for f, *_ in _found(r, "invisible-doc")] == ["AGENTS.md"]


def test_a_claude_md_that_only_links_to_it_is_told_so(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "CLAUDE.md": "# Claude\n\nSee [AGENTS.md](./AGENTS.md) for conventions.\n"})
    assert _found(r, "invisible-doc") == [
        (
            "AGENTS.md",
            "Claude Code never loads it: CLAUDE.md claims the root and only links to it: "
            "the model sees the link, not the text",
            "add @AGENTS.md as the first line of CLAUDE.md",
        )
    ]


@pytest.mark.parametrize(
    "agents_md",
    [
        "# Guidelines for AI agents\n\nSee [CLAUDE.md](./CLAUDE.md) for codebase conventions (commit format, etc.).\n",
        "# Agents\n\nRead `CLAUDE.md` first: everything is there.\n",
    ],
    ids=["link", "code-span"],
)
def test_an_agents_md_that_only_points_to_the_claude_md_beside_it_misses_nothing(repo: Repo, agents_md: str) -> None:
    r = repo({"AGENTS.md": agents_md, "CLAUDE.md": "# Conventions\n\n" + "- rule\n" * 30, "x.py": "x\n"})
    assert r.findings("invisible-doc") == []


@pytest.mark.parametrize(
    ("title", "invisible"),
    [
        ("# takopi-smithers instructions for Codex", False),  # cairo-coder: Codex's own, beside CLAUDE.md
        ("# Instructions for GitHub Copilot and Gemini", False),
        ("# Instructions for Codex and Claude Code", True),  # Claude Code's too: it misses them
        ("# Agents", True),
    ],
)
def test_an_agents_md_its_title_gives_to_another_agent_is_not_claude_codes_to_miss(
    repo: Repo, title: str, invisible: bool
) -> None:
    r = repo({"AGENTS.md": f"{title}\n\nRead and follow: TOOL.md\n", "CLAUDE.md": "# Conventions\n", "TOOL.md": "x\n"})
    assert [f.file for f in r.findings("invisible-doc")] == (["AGENTS.md"] if invisible else [])


def test_a_pointer_to_another_file_beside_a_claude_md_is_still_invisible(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Agents\n\nSee [the guide](docs/guide.md) for everything.\n",
            "CLAUDE.md": "# Conventions\n",
            "docs/guide.md": "# Guide\n",
        }
    )
    assert [f.file for f in r.findings("invisible-doc")] == ["AGENTS.md"]


def test_visible_when_the_claude_md_beside_it_imports_or_links_it(repo: Repo) -> None:
    r = repo(
        {
            "CLAUDE.md": "# Root\n",
            "a/AGENTS.md": "# A\n",
            "a/CLAUDE.md": "@AGENTS.md\n\n## Claude\n",
            "b/AGENTS.md": "# B\n",
            "b/CLAUDE.md": {"symlink": "AGENTS.md"},
        }
    )
    assert r.findings("invisible-doc") == []


def test_visible_without_any_claude_md(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "a/AGENTS.md": "# A\n", "a/b/AGENTS.md": "# B\n"})
    assert r.findings("invisible-doc") == []
    assert r.findings("shadowed-doc") == []


def test_an_untracked_personal_claude_local_md_does_not_count(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "a/AGENTS.md": "# A\n"})
    r.write({"CLAUDE.local.md": "mine\n"})
    assert r.findings("invisible-doc") == []


def test_shadowed_when_a_claude_md_below_makes_the_default_mode_stand_down(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            "services/worker/AGENTS.md": "# Worker\n",
            "services/worker/CLAUDE.md": "@AGENTS.md\n",
            "apps/web/AGENTS.md": "# Web\n",
        }
    )
    assert _found(r, "shadowed-doc") == [
        (
            "AGENTS.md",
            "not loaded when Claude Code starts in services/worker "
            "(there, services/worker/CLAUDE.md is found, and Claude Code then loads an AGENTS.md only where a "
            "CLAUDE.md imports it)",
            "agents-md link --write --form symlink (CLAUDE.md as a link to it loads everywhere below; "
            "the import form does too, after an approval)",
        )
    ]


def test_shadowed_in_its_own_directory_when_it_loads_only_on_a_read_from_above(repo: Repo) -> None:
    r = repo({"apps/CLAUDE.md": "# Apps\n", "apps/web/AGENTS.md": "# Web\n", "apps/web/x.ts": "x\n"})
    assert r.findings("invisible-doc") == []
    assert [(f.file, f.message) for f in r.findings("shadowed-doc")] == [
        (
            "apps/web/AGENTS.md",
            "not loaded when Claude Code starts in apps/web (there, apps/CLAUDE.md is found, and Claude Code then "
            "loads an AGENTS.md only where a CLAUDE.md imports it)",
        )
    ]


def test_an_imported_agents_md_needs_approval_below_its_directory(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            "CLAUDE.md": "@AGENTS.md\n",
            "svc/AGENTS.md": "# Svc\n",
            "svc/CLAUDE.md": "@AGENTS.md\n",
            "svc/api/AGENTS.md": "# Api\n",
            "svc/api/CLAUDE.md": {"symlink": "AGENTS.md"},
        }
    )
    assert r.findings("shadowed-doc") == []
    assert [(f.file, f.severity, f.message, f.fix) for f in r.findings("needs-approval")] == [
        (
            "AGENTS.md",
            Severity.INFO,
            "Claude Code started in svc, svc/api loads it only once the person approves external imports: "
            "CLAUDE.md imports it from outside that working directory",
            "approve when Claude Code asks, or make CLAUDE.md a link to AGENTS.md, which needs no approval",
        ),
        (
            "svc/AGENTS.md",
            Severity.INFO,
            "Claude Code started in svc/api loads it only once the person approves external imports: "
            "svc/CLAUDE.md imports it from outside that working directory",
            "approve when Claude Code asks, or make svc/CLAUDE.md a link to AGENTS.md, which needs no approval",
        ),
    ]


def test_a_worker_process_gives_the_same_findings(repo: Repo) -> None:
    r = repo(
        {
            "CLAUDE.md": "# Root\n",
            "AGENTS.md": "# Root agents\n",
            "a/AGENTS.md": "# A\n",
            "b/AGENTS.md": "# B\n" + "x" * 50000,
            "b/CLAUDE.md": "@AGENTS.md\n",
            "b/c/AGENTS.md": "# C\n",
        }
    )
    serial = r.check(parallel=False)
    parallel = r.check(parallel=True)
    assert parallel.findings == serial.findings
    assert {f.rule for f in serial.findings} >= {"invisible-doc", "byte-budget-claude"}


def test_check_in_a_linked_worktree_judges_it_as_its_own_session_sees_it(repo: Repo) -> None:
    """A worktree at ``.claude/worktrees/x`` of a repository whose root has a CLAUDE.md: its sessions do
    not load the main checkout's files, and neither do check's; its findings are the checkout's own."""
    r = repo({"CLAUDE.md": "# Root\n", "apps/web/AGENTS.md": "# Web\n", "apps/web/x.ts": "x\n"})
    r.git("worktree", "add", "-q", "--detach", ".claude/worktrees/x")
    worktree = r.path / ".claude" / "worktrees" / "x"
    main = sorted((f.rule, f.file, f.message) for f in r.findings())
    inside = sorted((f.rule, f.file, f.message) for f in check(str(worktree)).findings)
    assert inside == main  # the same checkout, judged the same: nothing of the main checkout leaks in
    assert ("invisible-doc", "apps/web/AGENTS.md") in {(rule, file) for rule, file, _ in inside}


def test_a_lowercase_claude_md_is_renamed_not_doubled(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", "claude.md": {"symlink": "AGENTS.md"}, "crates/CLAUDE.md": "# Crates\n"})
    assert [f.fix for f in r.findings("shadowed-doc")] == [
        "git mv claude.md CLAUDE.md (a link named so loads only on a disk that ignores case)"
    ]
    plan = plan_link(str(r.path))
    assert [(a.claude, a.status, a.reason) for a in plan.actions] == [
        (
            "CLAUDE.md",
            "refuse",
            "claude.md is there (the same file where case is ignored); rename it to CLAUDE.md instead",
        )
    ]


def test_an_empty_agents_md_is_not_invisible_it_is_empty(repo: Repo) -> None:
    r = repo(
        {
            "CLAUDE.md": "# Root rules\n",
            "js/cli/AGENTS.md": "",
            "js/cli/CLAUDE.md": {"symlink": "AGENTS.md"},
            "js/web/AGENTS.md": " \n\n",
            "js/api/AGENTS.md": "# Api\n",
        }
    )
    assert [f.file for f in r.findings("invisible-doc")] == ["js/api/AGENTS.md"]


def test_a_tracked_claude_md_that_loads_nothing_is_not_said_to_be_untracked(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root rules\n", "js/cli/AGENTS.md": "# Cli\n", "js/cli/CLAUDE.md": "<!-- todo -->\n"})
    fixes = [f.fix for f in r.findings("invisible-doc")]
    assert fixes and not any("git add" in fix for fix in fixes)


def test_the_fix_s_command_makes_what_it_says_where_link_reads_the_convention_otherwise(repo: Repo) -> None:
    """The root's CLAUDE.md says more than its AGENTS.md (no form), the one in apps/api links to it:
    the fix holds to the import form, and names it, since ``link`` alone would follow that one link."""
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            "CLAUDE.md": "# Root rules\n",
            "apps/api/AGENTS.md": "# Api\n",
            "apps/api/CLAUDE.md": {"symlink": "AGENTS.md"},
            "apps/web/AGENTS.md": "# Web\n",
        }
    )
    [fix] = [f.fix for f in r.findings("invisible-doc") if f.file == "apps/web/AGENTS.md"]
    assert "holding @AGENTS.md" in fix
    form = "symlink" if "--form symlink" in fix else "import" if "--form import" in fix else None
    assert plan_link(str(r.path), form=form).form == "import"


def test_an_agents_md_whose_text_the_claude_md_holds_only_mid_line_is_still_invisible(repo: Repo) -> None:
    # "Run `pnpm test`" is not said by "Run `pnpm test` only in CI": the text is held as whole lines only.
    r = repo({"AGENTS.md": "# Web\n\nRun `pnpm test`\n", "CLAUDE.md": "# Web\n\nRun `pnpm test` only in CI.\n"})
    assert [f for f, *_ in _found(r, "invisible-doc")] == ["AGENTS.md"]
