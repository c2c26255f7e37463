"""Rule 6: imports that do not resolve, cycles (whole), imports leaving the repository, dangling links,
and AGENTS.md/CLAUDE.md copies side by side."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo

from agents_md.diagnostics import Severity

Repo = Callable[..., GitRepo]


def _found(r: GitRepo, rule: str) -> list[tuple[str, int | None, Severity, str]]:
    return [(f.file, f.line, f.severity, f.message) for f in r.findings(rule)]


def test_broken_import_of_a_file_is_an_error_with_its_line(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root\n\n@AGENTS.md\n@docs/gone.md\n", "AGENTS.md": "# A\n"})
    assert _found(r, "broken-import") == [
        (
            "CLAUDE.md",
            4,
            Severity.ERROR,
            "@docs/gone.md imports docs/gone.md, which does not exist: Claude Code skips it silently",
        )
    ]


def test_a_word_the_engine_reads_as_an_import_is_a_warning(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# A\n\nInstall @types/node first.\n"})
    found = r.findings("broken-import")
    assert [(f.line, f.severity) for f in found] == [(3, Severity.WARNING)]
    assert found[0].fix == "write `@types/node` in backticks if it is a name, or fix the path"


def test_not_imports_code_spans_fences_and_email_addresses(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# A\n\nRun `npm i @types/node`. Mail x@y.com.\n\n```\n@gone.md\n```\n",
            "CLAUDE.md": "@AGENTS.md\n",
        }
    )
    assert r.findings("broken-import") == []


def test_imports_of_imports_are_followed_and_resolved_from_their_own_folder(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "@docs/a.md\n", "docs/a.md": "@b.md\n@c.md\n", "docs/b.md": "b\n"})
    assert [(f.file, f.line) for f in r.findings("broken-import")] == [("docs/a.md", 2)]


def test_import_cycle_is_named_whole(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "@docs/a.md\n", "docs/a.md": "# A\n\n@b.md\n", "docs/b.md": "@../CLAUDE.md\n"})
    assert _found(r, "import-cycle") == [
        (
            "docs/b.md",
            1,
            Severity.WARNING,
            "import cycle: CLAUDE.md → docs/a.md → docs/b.md → CLAUDE.md (started from CLAUDE.md); "
            "Claude Code loads each file once and drops the import that closes it",
        )
    ]


def test_a_file_importing_itself_is_a_cycle(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# A\n\n@AGENTS.md\n"})
    assert [m for _, _, _, m in _found(r, "import-cycle")] == [
        "import cycle: AGENTS.md → AGENTS.md (started from AGENTS.md); "
        "Claude Code loads each file once and drops the import that closes it"
    ]


def test_imports_leaving_the_repository(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "# Root\n\n@~/.claude/mine.md\n@../../outside.md\n", "CLAUDE.local.md": "@~/.me.md\n"})
    found = r.findings("import-outside-repo")
    assert [(f.file, f.line, f.severity) for f in found] == [
        ("CLAUDE.md", 3, Severity.WARNING),
        ("CLAUDE.md", 4, Severity.WARNING),
    ]
    assert found[0].message.startswith("@~/.claude/mine.md leaves the repository (the home directory)")
    assert r.findings("broken-import") == []


def test_dangling_link(repo: Repo) -> None:
    r = repo({"a/CLAUDE.md": {"symlink": "AGENTS.md"}, "b/CLAUDE.md": {"symlink": "AGENTS.md"}, "b/AGENTS.md": "# B\n"})
    assert _found(r, "dangling-link") == [
        (
            "a/CLAUDE.md",
            None,
            Severity.ERROR,
            "a link to AGENTS.md, which does not exist: Claude Code skips it silently",
        )
    ]


def test_duplicate_text_says_which_file_the_and_mode_loads(repo: Repo) -> None:
    text = "# Svc\n\n- run `make test`\n"
    r = repo({"svc/AGENTS.md": text, "svc/CLAUDE.md": "<!-- copy -->\n" + text})
    assert _found(r, "duplicate-text") == [
        (
            "svc/CLAUDE.md",
            1,
            Severity.WARNING,
            "the same text as svc/AGENTS.md: claude-md-and-agents-md loads only CLAUDE.md "
            "(the other is dropped as a duplicate), and the two copies will drift apart",
        )
    ]


def test_not_duplicates_a_link_an_import_or_different_text(repo: Repo) -> None:
    r = repo(
        {
            "a/AGENTS.md": "# A\n",
            "a/CLAUDE.md": {"symlink": "AGENTS.md"},
            "b/AGENTS.md": "# B\n",
            "b/CLAUDE.md": "@AGENTS.md\n",
            "c/AGENTS.md": "# C\n",
            "c/CLAUDE.md": "# C, for Claude\n",
        }
    )
    assert r.findings("duplicate-text") == []
