"""Rule 6: imports that do not resolve, cycles (whole), imports leaving the repository, dangling links,
and AGENTS.md/CLAUDE.md copies side by side."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import GitRepo

from agents_md.diagnostics import Severity
from agents_md.maintain.fix import apply_fixes, plan_fixes

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


def test_a_name_the_engine_reads_as_an_import_is_information(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# A\n\nInstall @types/node first.\n"})
    found = r.findings("broken-import")
    assert [(f.line, f.column, f.severity) for f in found] == [(3, 9, Severity.INFO)]
    assert found[0].message == "@types/node reads as an import of types/node; nothing is there, so nothing loads"
    assert found[0].fix == "write `@types/node` in backticks if it is a name"


def test_a_name_in_a_link_s_text_is_found_where_it_is_written_and_fixed_there(repo: Repo) -> None:
    doc = "<!-- BEGIN:docs -->\n\n# Alloy\n\n- [@alloy-js/core](./node_modules/@alloy-js/core/docs/index.md)\n"
    r = repo({"AGENTS.md": doc})
    found = r.findings("broken-import")
    assert [(f.line, f.column, f.severity) for f in found] == [(5, 4, Severity.INFO)]
    plan = plan_fixes(str(r.path), found)
    apply_fixes(plan)
    fixed = "- [`@alloy-js/core`](./node_modules/@alloy-js/core/docs/index.md)\n"
    assert (r.path / "AGENTS.md").read_text().endswith(fixed)


def test_a_mention_and_a_linked_mention_are_no_file_and_not_said(repo: Repo) -> None:
    doc = "# A\n\nReviewers: [@alice](https://github.com/alice), @bob-2 and @team_x.\nThen @types/node.\n"
    r = repo({"AGENTS.md": doc})
    # the engine reads each as an import (the link's text and URL too); only the scoped name is said
    assert [(f.line, f.subject, f.severity) for f in r.findings("broken-import")] == [(4, "types/node.", Severity.INFO)]


def test_a_file_named_in_prose_that_is_missing_is_a_warning(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# A\n\nSee @docs/gone.md for the rest.\n"})
    assert [(f.line, f.severity) for f in r.findings("broken-import")] == [(3, Severity.WARNING)]


def test_an_import_in_a_list_items_code_span_is_information_at_its_own_line(repo: Repo) -> None:
    doc = (
        "# Guide for `@acme/shared`\n\n- `@acme/shared` via `src/index.ts`\n\n"
        "- Build: `pnpm --filter @acme/shared build`\n"
    )
    r = repo({"packages/shared/AGENTS.md": doc})
    found = r.findings("broken-import")
    assert [(f.file, f.line, f.column, f.severity) for f in found] == [
        ("packages/shared/AGENTS.md", 5, 25, Severity.INFO)
    ]
    assert found[0].fix == (
        'quote it ("@acme/shared") or write --filter=@acme/shared: an @ after a space is an import even in a code span'
    )


def test_an_import_in_a_code_span_that_finds_a_file_is_a_warning_with_its_size(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# A\n\n- Run `cat @notes.txt first`\n", "notes.txt": "x" * 1500})
    found = r.findings("broken-import")
    assert [(f.line, f.severity) for f in found] == [(3, Severity.WARNING)]
    assert "pulls notes.txt (1,500 bytes) into every session that loads AGENTS.md" in found[0].message


def test_an_import_ending_a_code_span_keeps_the_backtick_and_finds_nothing(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# A\n\n- Link it via `npm link @acme/sdk`, then build\n"})
    found = r.findings("broken-import")
    assert [(f.line, f.severity, f.subject) for f in found] == [(3, Severity.INFO, "acme/sdk`,")]
    assert found[0].fix.startswith('quote it ("@acme/sdk")')


def test_a_quoted_name_in_a_list_items_code_span_is_no_import(repo: Repo) -> None:
    r = repo({"AGENTS.md": '# A\n\n- Build: `pnpm --filter "@acme/shared" build`\n- `pnpm --filter=@acme/ui dev`\n'})
    assert r.findings("broken-import") == []


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


def test_an_instruction_file_named_in_another_case_is_a_warning_naming_the_platforms(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            "claude.md": {"symlink": "AGENTS.md"},
            "apps/web/Agents.md": "# Web\n",
            "apps/api/AGENTS.md": "# Api\n",
            "apps/api/agents.md": "# Api, again\n",
        }
    )
    found = [(f.file, f.severity, f.message, f.fix) for f in r.findings("name-case")]
    assert found == [
        (
            "apps/api/agents.md",
            Severity.WARNING,
            "agents.md beside AGENTS.md: on a disk that ignores case (macOS, Windows) the two are one file, "
            "and only one of them is checked out",
            "merge it into apps/api/AGENTS.md and delete apps/api/agents.md",
        ),
        (
            "apps/web/Agents.md",
            Severity.WARNING,
            "named Agents.md, not AGENTS.md: Claude Code and Codex load it on a disk that ignores case "
            "(macOS, Windows) and never on one that keeps case (Linux, most CI runners and containers)",
            "git mv apps/web/Agents.md apps/web/AGENTS.md",
        ),
        (
            "claude.md",
            Severity.WARNING,
            "named claude.md, not CLAUDE.md: Claude Code and Codex load it on a disk that ignores case "
            "(macOS, Windows) and never on one that keeps case (Linux, most CI runners and containers)",
            "git mv claude.md CLAUDE.md",
        ),
    ]


def test_names_in_their_own_case_and_other_markdown_are_not_flagged(repo: Repo) -> None:
    files = {"AGENTS.md": "# Root\n", "CLAUDE.md": "@AGENTS.md\n", "docs/agents.mdx": "x\n", "docs/my-claude.md": "x\n"}
    r = repo(files)
    assert r.findings("name-case") == []


@pytest.mark.parametrize(
    "files",
    [
        # a documentation set's page about agents
        {"docs/agents.md": "# Agents\n", "docs/tools.md": "# Tools\n", "docs/handoffs.md": "# Handoffs\n"},
        # a skill's reference page
        {"skills/custom/SKILL.md": "---\nname: c\n---\n", "skills/custom/refs/agents.md": "# About agents\n"},
        {"cli/templates/claude.md": "# For your project\n"},
        {"docs/source/hi/reference/agents.md": "# Agents\n", "docs/source/hi/reference/tools.md": "# Tools\n"},
        # a rule set's file, named for its subject
        {".llms/rules/agents.md": "# Guidance for project agents\n"},
    ],
    ids=["docs-page", "skill-reference", "template", "docs-folder", "rules-folder"],
)
def test_a_page_that_only_shares_the_name_is_not_flagged(repo: Repo, files: dict[str, str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", **files})
    assert r.findings("name-case") == []


def test_a_lone_lowercase_agents_md_and_any_claude_md_are_still_flagged(repo: Repo) -> None:
    pages = {"web/README.md": "x\n", "web/notes.md": "x\n", "aoc.md": "x\n", "jokes.md": "x\n"}
    r = repo({"AGENTS.md": "# Root\n", "web/agents.md": "# Web\n", "claude.md": "# Instructions\n", **pages})
    assert [f.file for f in r.findings("name-case")] == ["claude.md", "web/agents.md"]


def test_a_path_alias_read_as_an_absolute_import_is_information(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# A\n\n- Mocks come from `import x from @/mocks-that-are-not-here`\n"})
    found = r.findings("import-outside-repo")
    assert [(f.line, f.severity) for f in found] == [(3, Severity.INFO)]
    assert "a path alias such as @/ is no file" in found[0].message


def test_a_link_checked_out_as_text_and_committed_is_an_error_with_the_import_as_its_fix(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            "CLAUDE.md": "AGENTS.md",  # what a checkout without links writes for CLAUDE.md -> AGENTS.md
            "web/AGENTS.md": "# Web\n",
            "web/CLAUDE.md": "../AGENTS.md\n",
            "api/CLAUDE.md": {"symlink": "AGENTS.md"},  # a real link: fine
            "api/AGENTS.md": "# Api\n",
            "docs/CLAUDE.md": "AGENTS.md is the file to read\n",  # a sentence, not a name
            "lib/CLAUDE.md": "gone/AGENTS.md",  # names nothing: not this
        }
    )
    found = r.findings("link-as-text")
    assert [(f.file, f.severity, [(e.new, e.safe) for e in f.edits]) for f in found] == [
        ("CLAUDE.md", Severity.ERROR, [("@AGENTS.md", True)]),
        ("web/CLAUDE.md", Severity.ERROR, [("@../AGENTS.md", False)]),  # reaches out of web/: an approval
    ]
    assert found[0].message == (
        "holds only the text 'AGENTS.md': a link to AGENTS.md checked out as text (as on Windows) and committed; "
        "Claude Code loads these 9 bytes, not AGENTS.md"
    )


def test_a_copy_retitled_is_a_duplicate_not_a_hidden_doc(repo: Repo) -> None:
    body = "\n\n- **@scope/core** (`packages/core`): the core\n- run `make test`\n"
    r = repo({"svc/AGENTS.md": "# AGENTS.md" + body, "svc/CLAUDE.md": "# CLAUDE.md" + body})
    assert _found(r, "duplicate-text") == [
        (
            "svc/CLAUDE.md",
            1,
            Severity.WARNING,
            "the same text as svc/AGENTS.md but for its title: claude-md-and-agents-md loads "
            "CLAUDE.md and AGENTS.md, and the two copies will drift apart",
        )
    ]
    assert r.findings("invisible-doc") == []


def test_an_exact_copy_is_told_once_as_a_duplicate(repo: Repo) -> None:
    text = "# Svc\n\n- run `make test`\n"
    r = repo({"AGENTS.md": text, "CLAUDE.md": text})
    assert [f.rule for f in r.findings() if f.rule in ("duplicate-text", "invisible-doc")] == ["duplicate-text"]


def test_a_copy_that_drifted_is_a_duplicate_not_a_hidden_doc(repo: Repo) -> None:
    rules = "".join(f"- rule {n}: keep `x{n}` as it is\n" for n in range(30))
    agents = "# AGENTS.md\n\nFor any agent.\n\n" + rules
    claude = "# CLAUDE.md\n\nFor Claude Code.\n\n" + rules + "- one more rule, added here only\n"
    r = repo({"AGENTS.md": agents, "CLAUDE.md": claude})
    assert r.findings("invisible-doc") == []
    assert [(f.file, f.message.split(":")[0]) for f in r.findings("duplicate-text")] == [
        ("CLAUDE.md", "the text of AGENTS.md but for 5 lines found in only one of them")
    ]


def test_a_claude_md_of_its_own_still_hides_the_agents_md(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# AGENTS.md\n\n- run `make test`\n", "CLAUDE.md": "# CLAUDE.md\n\n- run `make lint`\n"})
    assert [f.file for f in r.findings("invisible-doc")] == ["AGENTS.md"]
    assert r.findings("duplicate-text") == []


def test_a_package_the_repository_names_is_no_import_to_tell_of(repo: Repo) -> None:
    doc = (
        "# Web\n\n"
        "- **@acme/core** (`packages/core`): the core\n"
        "- Docs images go through @nuxt/image.\n"
        "- Run `pnpm --filter @acme/core test`.\n"
        "- Install @types/node first.\n"
    )
    r = repo(
        {
            "AGENTS.md": doc,
            "package.json": '{"name": "root", "devDependencies": {"@nuxt/image": "1"}}',
            "packages/core/package.json": '{"name": "@acme/core"}',
        }
    )
    assert [(f.line, f.subject) for f in r.findings("broken-import")] == [(6, "types/node")]


def test_a_keyword_or_annotation_in_a_code_span_that_finds_nothing_is_not_said(repo: Repo) -> None:
    doc = "# A\n\n- Import it: `@import SentryObjC; @import XCTest;`\n- Mark it `@Override`\n- Run `cat @gone.txt`\n"
    r = repo({"AGENTS.md": doc})
    found = r.findings("broken-import")
    assert [(f.line, f.severity, f.subject) for f in found] == [(5, Severity.INFO, "gone.txt`")]


def test_code_in_a_code_span_that_finds_nothing_is_not_said(repo: Repo) -> None:
    # ghostty: `size: usize = @sizeOf(Self)` (Zig); upper-town: `sort_key: @sort_key.presence || "x"` (Ruby).
    doc = (
        "# A\n\n- `size: usize = @sizeOf(Self)`\n- `key: @sort_key.presence || x`\n"
        "- Run `cat @notes.txt`\n- Run `cat @gone.md,`\n"
    )
    r = repo({"AGENTS.md": doc, "notes.txt": "", "docs/x.md": ""})
    found = r.findings("broken-import")
    assert [(f.line, f.severity, f.subject) for f in found] == [
        (5, Severity.INFO, "notes.txt`"),  # a text file's extension: a file meant
        (6, Severity.INFO, "gone.md,`"),
    ]


def test_an_at_in_an_imported_justfile_or_script_is_its_own_syntax_and_not_said(repo: Repo) -> None:
    justfile = '# Build all packages\n[group("all")]\n@build-all:\n    just for-each build\n'
    script = "import pytest\n\n@pytest.fixture\ndef db(): ...\n"
    doc = "# A\n\nRecipes:\n\n- @justfile\n- @scripts/conftest.py\n- @docs/gone.md\n"
    r = repo({"AGENTS.md": doc, "CLAUDE.md": "@AGENTS.md\n", "justfile": justfile, "scripts/conftest.py": script})
    # the imported files' own @ words load nothing and are theirs; a Markdown import gone is still said
    assert [(f.file, f.line, f.severity) for f in r.findings("broken-import")] == [("AGENTS.md", 7, Severity.WARNING)]


def test_an_at_in_an_imported_markdown_file_is_still_said(repo: Repo) -> None:
    r = repo({"CLAUDE.md": "@docs/guide.md\n", "docs/guide.md": "# Guide\n\n@docs/gone.md\n"})
    assert [(f.file, f.line, f.severity) for f in r.findings("broken-import")] == [("docs/guide.md", 3, Severity.ERROR)]
