"""Rule 3, ``missing-path``: paths that no longer exist are found; nothing else is (no noise)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import GitRepo

from agents_md.maintain.read import packages

Repo = Callable[..., GitRepo]

FILES = {
    "apps/web/src/api/client.ts": "x\n",
    "apps/web/src/components/Button.tsx": "x\n",
    "schemas/schema.graphql": "x\n",
    "docs/guide.md": "x\n",
    "AGENTS.md": "# Root\n",
}


def _missing(repo: Repo, doc: str) -> list[tuple[int | None, str]]:
    r = repo({**FILES, "apps/web/AGENTS.md": doc})
    return [(f.line, f.message) for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("`src/api/gone.ts`", "`src/api/gone.ts` does not exist (neither in apps/web/ nor above it)"),
        ("`src/gone/`", "`src/gone/` does not exist (neither in apps/web/ nor above it)"),
        ("`./gone`", "`./gone` does not exist (neither in apps/web/ nor above it)"),
        ("`../web/gone/x`", "`../web/gone/x` does not exist (neither in apps/web/ nor above it)"),
        ("`src/util/x`", "`src/util/x` does not exist (neither in apps/web/ nor above it)"),
        ("`src/nothing`", "`src/nothing` does not exist (neither in apps/web/ nor above it)"),
        (
            "[guide](docs/gone.md)",
            "link target docs/gone.md does not exist (neither in apps/web/ nor above it)",
        ),
        (
            "[guide](/docs/gone.md#part)",
            "link target /docs/gone.md#part does not exist (neither in apps/web/ nor above it)",
        ),
        ("[ref]: gone.md", "link target gone.md does not exist (neither in apps/web/ nor above it)"),
        (
            "`src/api/gone.ts:12`",
            "`src/api/gone.ts:12` does not exist (neither in apps/web/ nor above it)",
        ),
        ("`src/api/mystery.ts`", "`src/api/mystery.ts` does not exist (neither in apps/web/ nor above it)"),
        (
            "`src/api/platform-specific-tests.ts`",
            "`src/api/platform-specific-tests.ts` does not exist (neither in apps/web/ nor above it)",
        ),
        ("`src/api/some_client.ts`", "`src/api/some_client.ts` does not exist (neither in apps/web/ nor above it)"),
    ],
    ids=[
        "file",
        "folder",
        "dot-slash",
        "dot-dot",
        "three-parts",
        "existing-first-part",
        "link",
        "root-link",
        "def",
        "line",
        "my-is-a-real-name's-start",
        "specific-within-a-name",
        "some-before-no-generic-noun",
    ],
)
def test_a_path_that_does_not_exist_is_found_with_its_line(repo: Repo, text: str, message: str) -> None:
    assert _missing(repo, f"# Web\n\nSee {text} here.\n" if not text.startswith("[ref]") else f"# Web\n\n{text}\n") == [
        (3, message)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "`src/api/client.ts`",  # relative to the doc
        "`apps/web/src/components/`",  # relative to the root
        "`schemas/schema.graphql`",
        "`src/api/client.ts:42`",  # with a line number
        "[guide](../../docs/guide.md)",
        "[guide](/docs/guide.md)",
        "`src/**/*.ts`",  # globs
        "`*.md`",
        "`src/{a,b}/x.ts`",
        "`https://example.com/a/b.md`",  # URLs
        "[site](https://example.com/x/y)",
        "`github.com/org/repo`",
        "`www.example.org/x`",
        "`localhost:5173/api`",
        "`@scope/name`",  # packages
        "`@types/node`",
        "`pnpm test`",  # commands
        "`cat src/api/client.ts`",  # a command whose paths are there
        "`tsc --noEmit`",
        "`<name>/AGENTS.md`",  # placeholders
        "`src/{x}.ts`",
        "`services/$NAME/x.py`",
        "`path/to/file.ts`",
        "`services/SERVICE/x.py`",
        "`src/.../x.ts`",
        "`src/api/test_action_EventNameHere.py`",
        "`src/api/YourComponent.tsx`",
        "`src/my-feature/x.ts`",
        "`src/api/mytest.ts`",  # workadventure: ``npm run test -- tests/mytest.ts``
        "`src/api/MyComponent.tsx`",
        "`src/api/test_specific_test.py`",  # "Run single test: `pytest tests/ci/test_specific_test.py`"
        "`src/api/SomeComponent.tsx`",
        "`src/api/some-file.ts`",
        "`src/journals/YYYY-MM-DD.md`",  # a date the reader fills in
        "`src/migrations/yyyymmdd_init.sql`",
        "`src/api/foo.ts`",  # workerd: ``src/workerd/io/foo.c++``, a metasyntactic file
        "`src/api/file.ts`",  # "run a single test file: `tests/e2e/file.ts`"
        "`%s/x.md`",
        "`./x`",  # open-mercato: "relative imports for same-folder/local siblings (`./x`, `../x`)"
        "`../x`",
        "`and/or`",  # words with a slash
        "`origin/main`",
        "`refs/heads/main/x`",
        "`application/json`",
        "`1/2`",
        "`.env.local`",  # bare names
        "`generated/`",
        "`package.json`",
        "`/etc/hosts`",  # the machine's paths
        "`.git/hooks/pre-push`",  # blueprint: "The local `.git/hooks/pre-push` runs": each clone's own
        "`~/.claude/CLAUDE.md`",
        "`-p/x`",
        "`A=b/c`",
        "`src/api/ClientService`",  # a folder and a class
        "[top](#rules)",  # anchors
        "[mail](mailto:x@y.z)",
    ],
)
def test_not_a_missing_path(repo: Repo, text: str) -> None:
    assert _missing(repo, f"# Web\n\nSee {text} here.\n") == []


def test_paths_in_fenced_and_indented_examples_are_not_checked(repo: Repo) -> None:
    doc = (
        "# Web\n\n```sh\ncat lib/missing/file.ts\nls `src/gone/`\ncat src/**/*.ts\n```\n\n"
        "- item\n\n  ```\n  `src/also/gone`\n  ```\n\n"
        "```ts\nimport x from './gone/x.ts'\n```\n\n"
        "Paragraph.\n\n    indented src/gone/again\n"
    )
    assert _missing(repo, doc) == []


def test_a_clearly_a_path_word_in_a_shell_block_is_checked(repo: Repo) -> None:
    doc = "# Web\n\n```bash\n$ node src/api/gone.js --flag && cat src/api/client.ts\n```\n"
    assert _missing(repo, doc) == [
        (4, "`src/api/gone.js` (in a code block) does not exist (neither in apps/web/ nor above it)")
    ]


def test_paths_in_html_comments_and_front_matter_are_not_checked(repo: Repo) -> None:
    doc = "---\ntitle: `src/fm/gone.ts`\n---\n# Web\n\n<!-- `src/comment/gone.ts` -->\n\nSee `src/real/gone.ts`.\n"
    assert _missing(repo, doc) == [(8, "`src/real/gone.ts` does not exist (neither in apps/web/ nor above it)")]


def test_every_missing_path_is_reported_with_its_own_line(repo: Repo) -> None:
    doc = "# Web\n\n- `src/a/gone.ts`\n- `src/api/client.ts`\n- [x](src/b/gone.md) and `src/c/gone.ts`\n"
    assert [line for line, _ in _missing(repo, doc)] == [3, 5, 5]


def test_missing_paths_of_the_root_doc_say_so(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n\n- `apps/gone/x.ts`\n", "apps/web/y.ts": "y\n"})
    assert [(f.file, f.line, f.message) for f in r.findings("missing-path")] == [
        ("AGENTS.md", 3, "`apps/gone/x.ts` does not exist (in the repository)")
    ]


def test_claude_md_paths_are_checked_too(repo: Repo) -> None:
    r = repo({**FILES, "apps/web/CLAUDE.md": "@AGENTS.md\n\nUse `src/api/client.ts` and `src/api/old.ts`.\n"})
    assert [(f.file, f.line) for f in r.findings("missing-path")] == [("apps/web/CLAUDE.md", 3)]


@pytest.mark.parametrize(
    ("doc", "lines"),
    [
        ("Use `src/api/client.ts`, not `src/api/old.ts`.", []),
        ("`src/api/old.ts` is no longer used.", []),
        ("Import from `src/api/` instead of `src/legacy/api.ts`.", []),
        ("Never touch `src/gen/x.ts`; read `src/gone/y.ts` first.", [3]),
        ("Don't guess - see `src/gone/y.ts`.", [3]),
        ("See `src/gone/y.ts`, but do not edit it by hand.", [3]),
    ],
)
def test_a_counter_example_in_its_clause_is_not_checked(repo: Repo, doc: str, lines: list[int]) -> None:
    assert [line for line, _ in _missing(repo, f"# Web\n\n{doc}\n")] == lines


def test_a_path_into_a_dependency_or_a_package_or_an_ignored_file_is_not_checked(repo: Repo) -> None:
    files = {
        **FILES,
        ".gitignore": ".env.*\n",
        "apps/web/package.json": '{"name": "web", "dependencies": {"prettier": "3"}}\n',
        "packages/ui/package.json": '{"name": "@acme/ui"}\n',
        "apps/web/AGENTS.md": (
            "# Web\n\n- `node_modules/.bin/tsc`\n- `dist/index.js`\n- `prettier/plugins/babel`\n"
            "- `@acme/ui/button`\n- `.env.test/x`\n- `src/really/gone.ts`\n"
        ),
    }
    r = repo(files)
    assert [f.line for f in r.findings("missing-path")] == [8]


def test_a_path_the_code_spells_is_one_it_makes_or_reads_at_run_time(repo: Repo) -> None:
    # deer-flow's extensions/AGENTS.md: "the managed `extensions/sources/` snapshots", a folder
    # its manager.py builds as ``self.backend_dir / "extensions" / "sources"``
    manager = 'root = self.backend_dir / "extensions" / "sources"\ncache = os.path.join(home, "config", "cache")\n'
    doc = (
        "# Web\n\n"
        "- Snapshots go in the managed `extensions/sources/` folder.\n"
        "- The cache: `config/cache/`.\n"
        "- Settings: `config/local.yaml`.\n"
        "- The old client: `src/api/old_client.ts`.\n"  # 6: the code spells it nowhere
        "- The extensions' `extensions/other/` folder.\n"  # 7: spelled only in a doc
        "- `config/cache` spelled in a comment: `config/gone/`.\n"  # 8: as a comment spells it
    )
    files = {
        **FILES,
        "apps/web/manager.py": manager + "# config/gone/ was here\n",
        "apps/web/extensions/__init__.py": "",
        "apps/web/config/default.yaml": "x: 1\n",
        "apps/web/settings.ts": "const path = './config/local.yaml';\n",
        "docs/extensions.md": 'The `"extensions/other/"` folder.\n',
        "apps/web/AGENTS.md": doc,
    }
    r = repo(files)
    assert [f.line for f in r.findings("missing-path")] == [6, 7, 8]


def test_a_dependency_of_the_workspace_root_is_a_package_in_every_package_below(repo: Repo) -> None:
    # laxdb: "Use `Flag` from `effect/unstable/cli`" in packages/cli, whose own package.json does not
    # list ``effect``: the workspace root's does, and every package imports it from there.
    files = {
        "package.json": '{"name": "mono", "workspaces": ["packages/*"], "dependencies": {"effect": "4"}}\n',
        "packages/cli/package.json": '{"name": "@lx/cli", "dependencies": {"@lx/api": "workspace:*"}}\n',
        "packages/cli/src/main.ts": "x\n",
        "AGENTS.md": "# Root\n",
        "packages/cli/CLAUDE.md": "# CLI\n\n4. Use `Flag` from `effect/unstable/cli` for args\n5. See `src/gone.ts`\n",
    }
    assert [(f.file, f.line) for f in repo(files).findings("missing-path")] == [("packages/cli/CLAUDE.md", 4)]


def test_a_dart_package_a_pubspec_names_is_no_path(repo: Repo) -> None:
    # bluebubbles: "`kIsWeb` from `flutter/foundation.dart`" (``package:flutter/foundation.dart``).
    pubspec = (
        "name: bluebubbles\n# deps\ndependencies:\n  flutter:\n    sdk: flutter\n  dio: ^5.0.0\n"
        "  flutter_local:\n    path: ./local\ndev_dependencies:\n  lints: any\nflutter:\n  assets:\n"
    )
    files = {
        **FILES,
        "apps/web/pubspec.yaml": pubspec,
        "apps/web/sdk/x.dart": "x\n",
        "apps/web/linux/flutter/CMakeLists.txt": "x\n",  # a ``flutter`` folder: the path is not plainly another's
        "apps/web/lints/x.yaml": "x\n",
        "apps/web/assets/x.dart": "x\n",
        "apps/web/AGENTS.md": (
            "# Web\n\n- `flutter/foundation.dart`\n- `dio/dio.dart`\n- `lints/recommended.yaml`\n"
            "- `bluebubbles/main.dart`\n- `sdk/gone.dart`\n- `assets/gone.dart`\n"
        ),
    }
    assert [f.line for f in repo(files).findings("missing-path")] == [7, 8]


def test_a_doc_linked_from_another_folder_is_read_from_there_too(repo: Repo) -> None:
    r = repo(
        {
            **FILES,
            "apps/web/AGENTS.md": {"symlink": "../../docs/agents/AGENTS.md"},
            "docs/agents/AGENTS.md": "# Web\n\n- `src/api/client.ts`\n- `src/api/gone.ts`\n- `../guide.md`\n",
        }
    )
    found = [(f.file, f.line, f.also) for f in r.findings("missing-path")]
    assert found == [("docs/agents/AGENTS.md", 4, ("apps/web/AGENTS.md",))]


@pytest.mark.parametrize(
    ("doc_path", "text"),
    [
        ("AGENTS.md", "`../sibling-repo/x.ts`"),
        ("apps/web/AGENTS.md", "`../../../sibling-repo/x.ts`"),
        ("apps/web/AGENTS.md", "`../other-checkout/x.ts`"),  # read from the root, it leaves
    ],
)
def test_a_path_leaving_the_repository_is_said_once_as_information(repo: Repo, doc_path: str, text: str) -> None:
    files = {**FILES, doc_path: f"# Doc\n\n- {text}\n- {text.replace('x.ts', 'y.ts')}\n"}
    found = [(f.file, f.line, f.severity.value, f.message) for f in repo(files).findings("missing-path")]
    shown = text.strip("`")
    assert found == [(doc_path, 3, "info", f"`{shown}` and 1 more lead outside the repository: not checked")]


def test_a_path_written_from_a_deeper_folder_is_found_by_its_end(repo: Repo) -> None:
    files = {
        **FILES,
        "python/core/agent_framework/_harness/_file_access.py": "x\n",
        "python/core/AGENTS.md": (
            "# Core\n\n- `_harness/_file_access.py`\n- `agent_framework/_harness/`\n"
            "- `_harness/_gone.py`\n- `src/_file_access.py`\n"
        ),
    }
    found = [(f.line, f.subject) for f in repo(files).findings("missing-path") if f.file == "python/core/AGENTS.md"]
    assert found == [(5, "_harness/_gone.py"), (6, "src/_file_access.py")]


def test_a_rules_paths_glob_whose_folder_is_gone_never_loads_the_rule(repo: Repo) -> None:
    # A TS and Rust monorepo: a package was folded into another, its rule left scoped to it; another
    # rule names four files, one renamed away.
    files = {
        **FILES,
        "crates/broker/src/spawner.rs": "x\n",
        ".claude/rules/hooks.md": "---\npaths:\n  - 'packages/hooks/src/**/*.ts'\n---\n# Hooks\n",
        ".claude/rules/inject.md": (
            "---\npaths:\n  - 'crates/broker/src/spawner.rs'\n  - 'crates/broker/src/inject.rs'\n---\n# Inject\n"
        ),
        # what is there, what matches at any depth, and a rules folder of a package: read from the package
        ".claude/rules/web.md": "---\npaths: ['apps/web/src/**/*.tsx', '**/*.test.ts', '*.md']\n---\n# Web\n",
        "apps/web/.claude/rules/api.md": "---\npaths: ['src/api/**']\n---\n# API\n",
    }
    found = [(f.file, f.line, f.message) for f in repo(files).findings("missing-path") if ".claude/" in f.file]
    assert found == [
        (
            ".claude/rules/hooks.md",
            3,
            "`packages/hooks/src/**/*.ts` in its `paths:` matches no file: packages/hooks/src/ does not exist, "
            "so the rule never loads",
        ),
        (
            ".claude/rules/inject.md",
            4,
            "`crates/broker/src/inject.rs` in its `paths:` matches no file: crates/broker/src/inject.rs does not "
            "exist (the rule's other paths still load it)",
        ),
    ]


def test_a_rules_paths_are_read_from_its_scope_too(repo: Repo) -> None:
    files = {
        **FILES,
        "apps/webapp/app/v3/services/triggerTask.server.ts": "x\n",
        ".claude/rules/legacy.md": (
            '---\npaths: "apps/webapp/app/v3/**"\n---\n# Legacy\n\n'
            "- `services/triggerTask.server.ts`\n- `services/gone.server.ts`\n"
        ),
    }
    found = [(f.file, f.line) for f in repo(files).findings("missing-path") if f.file.startswith(".claude")]
    assert found == [(".claude/rules/legacy.md", 7)]


@pytest.mark.parametrize(
    "line",
    [
        "(see `agent_docs/conventions.md` in that repo)",
        "The drafts live in `docs/design/local-drafts/`, outside git.",
        "Its guide is `docs/handbook/x.md` in the langfuse-docs repository.",
    ],
)
def test_a_path_said_to_be_another_repositorys_is_not_checked(repo: Repo, line: str) -> None:
    assert _missing(repo, f"# Web\n\n{line}\n") == []


def test_a_sentence_going_on_over_the_next_line_says_its_paths_are_another_repositorys(repo: Repo) -> None:
    doc = (
        "# Web\n\nChanges raised against `third_party/web/` in google3, or against `external/web` in the\n"
        "internal Android repository, are not accepted.\n"
    )
    r = repo({**FILES, "third_party/README.md": "x\n", "apps/web/AGENTS.md": doc})
    assert [f.line for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == []


@pytest.mark.parametrize(
    "doc",
    [
        "# Web\n\nThe guide lives in the docs repository.\n`third_party/web/` holds our copy.\n",
        "# Web\n\n- `third_party/web/`: our copy\n- `guide.md` lives in the docs repository\n",
    ],
    ids=["sentence-ended", "next-list-item"],
)
def test_a_sentence_that_ended_says_nothing_of_the_next_line(repo: Repo, doc: str) -> None:
    r = repo({**FILES, "third_party/README.md": "x\n", "apps/web/AGENTS.md": doc})
    assert [f.subject for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == ["third_party/web/"]


@pytest.mark.parametrize(
    ("line", "lines"),
    [
        # cloudflare/agents' docs/AGENTS.md: "ported to `cloudflare/cloudflare-docs`
        # (the `src/content/docs/agents/` folder)"
        ("Port changes to `acme/acme-docs` (the `src/content/docs/web/` folder).", []),
        ("Its twin is `src/content/docs/web.mdx` in `acme/acme-docs`.", []),
        ("See `acme/site`'s `src/content/docs/web/`.", []),
        # foundry's AGENTS.md: "Document the setting in `foundry-rs/book` under\n`src/pages/config/reference/`"
        ("Document it in `acme/book` under\n`src/pages/config/reference/`, with an example.", []),
        # an owner that is a folder here: `apps/web` names this repository's, and its neighbour is stale
        ("Port changes to `apps/web` (the `src/content/docs/web/` folder).", [3]),
        ("Port changes to `acme/acme-docs`, then edit `src/gone/`.", [3]),  # not by the owner/name
    ],
    ids=["parenthesis-after", "in-after", "possessive", "under-wrapped", "own-folder", "apart"],
)
def test_a_path_by_another_repositorys_owner_and_name_is_not_checked(repo: Repo, line: str, lines: list[int]) -> None:
    assert [n for n, _ in _missing(repo, f"# Web\n\n{line}\n")] == lines


@pytest.mark.parametrize(
    ("line", "lines"),
    [
        # TanStack/router: "Use internal docs links relative to `docs/` folder (e.g., `./guide/data-loading`)"
        ("Use docs links relative to `docs/` (e.g., `./guide/routing`).", []),
        # cloudflare/agents' docs/AGENTS.md: "Link within a package directory using relative paths (`./state.md`)"
        ("Link within a package folder using relative paths (`./state.md`).", []),
        ("Use docs links relative to `docs/` (e.g., `./guide/gone`).", [3]),  # no such page
        ("Run the generator (e.g., `./guide/routing`).", [3]),  # no line about links: a module, missing
    ],
    ids=["extensionless-page", "page-elsewhere", "no-such-page", "not-about-links"],
)
def test_a_link_given_as_an_example_is_written_from_a_doc_below(repo: Repo, line: str, lines: list[int]) -> None:
    files = {"apps/web/docs/router/guide/routing.md": "x\n", "apps/web/docs/agents/state.md": "x\n"}
    r = repo({**FILES, **files, "apps/web/AGENTS.md": f"# Web\n\n{line}\n"})
    assert [f.line for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == lines


def test_a_numbered_record_cited_by_its_number_is_found(repo: Repo) -> None:
    # ArcReel's .claude/rules: "(`docs/adr/0028`)" for docs/adr/0028-session-actor-single-task-serialization.md
    files = {"docs/adr/0028-session-actor.md": "x\n", "docs/rfcs/0042_sync/README.md": "x\n"}
    doc = "# Web\n\n- Actors (`docs/adr/0028`), sync (`docs/rfcs/0042`).\n- Gone: `docs/adr/0031`, `docs/adr/002`.\n"
    r = repo({**FILES, **files, "apps/web/AGENTS.md": doc})
    found = sorted(f.subject for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md")
    assert found == ["docs/adr/002", "docs/adr/0031"]  # no record of that number ("002" is not "0028")


def test_an_owner_and_name_called_a_repository_is_not_checked(repo: Repo) -> None:
    # ``cloudflare/`` is a folder here too (workerd): the owner/name is still the other repository's
    doc = "# Web\n\nThese bindings came from the former `cloudflare/widget-cxx` repository.\n- `cloudflare/gone.md`\n"
    r = repo({**FILES, "cloudflare/README.md": "x\n", "apps/web/AGENTS.md": doc})
    assert [f.line for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == [4]


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("- Branch naming: `src/feature-description`", []),
        ("Name branches `fix/short-topic`, then open a pull request.", []),
        ("Run `git checkout -b feat/my-change` first.", []),
        # a file on a line about branches is still a file
        ("On the release branch, edit `src/gone/notes.md`.", ["src/gone/notes.md"]),
        # without a word about branches, a slash path is a path
        ("- Naming: `src/feature-description`", ["src/feature-description"]),
    ],
)
def test_a_branch_name_is_not_a_path(repo: Repo, line: str, found: list[str]) -> None:
    r = repo({**FILES, "apps/web/AGENTS.md": f"# Web\n\n{line}\n"})
    assert [f.subject for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == found


def test_a_folder_the_doc_also_names_in_the_home_folder_is_where_a_program_looks(repo: Repo) -> None:
    doc = (
        "# Web\n\nHooks load from, lowest first:\n\n"
        "- `~/.claude/settings.json` (user)\n"
        "- `.claude/settings.json`, `.claude/settings.local.json` (project)\n"
        "- `src/api/gone.json` (no home twin: still a path)\n"
    )
    # settings files elsewhere: the names are the repository's, so only the home twin tells
    others = {"tools/settings.json": "{}\n", "tools/settings.local.json": "{}\n"}
    r = repo({**FILES, **others, "apps/web/AGENTS.md": doc})
    assert [f.subject for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == ["src/api/gone.json"]


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("cat > src/api/new.md << 'EOF'", []),
        ("mkdir -p src/api/newdir/x.d && touch src/api/new.ts", []),
        ("cp src/api/client.ts src/api/copy.ts", []),
        ("echo x | tee src/api/out.log", []),
        ("node --config=src/api/gone.yml src/api/client.ts", ["src/api/gone.yml"]),
        ("cat src/api/gone.ts > src/api/out.ts", ["src/api/gone.ts"]),
    ],
)
def test_a_file_a_command_writes_is_not_checked(repo: Repo, line: str, found: list[str]) -> None:
    r = repo({**FILES, "apps/web/AGENTS.md": f"# Web\n\n```sh\n{line}\n```\n"})
    assert [f.subject for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == found


def test_a_path_git_ignores_where_it_resolves_above_the_doc_is_not_checked(repo: Repo) -> None:
    r = repo({**FILES, ".gitignore": "/.cursor/\n", "apps/web/AGENTS.md": "# Web\n\n- `.cursor/mcp.json`\n"})
    assert r.findings("missing-path") == []


def test_a_missing_path_is_said_once_per_doc_with_its_other_lines(repo: Repo) -> None:
    doc = "# Web\n\n- `src/gone/x.ts` first\n- then `src/gone/x.ts` again\n- and `src/gone/x.ts`\n"
    assert _missing(repo, doc) == [
        (3, "`src/gone/x.ts` does not exist (neither in apps/web/ nor above it; also line 4, 5)")
    ]


@pytest.mark.parametrize(
    "files",
    [
        {"apps/web/.gitignore": "public/fonts/GT-*\n"},  # a folder whose contents a .gitignore names
        {"apps/web/AGENTS.md": "# Web\n\nFonts are gitignored and copied\nat build time into `public/fonts/`.\n"},
        {"apps/web/AGENTS.md": "# Web\n\nThe toolchain is pre-installed in the VM: the fonts (`public/fonts/`).\n"},
        # 1code: "runs migrations from `drizzle/` folder (dev) or `resources/migrations` (packaged)"
        {
            "apps/web/drizzle/0001.sql": "x\n",
            "apps/web/resources/icon.png": "x\n",
            "apps/web/AGENTS.md": "# Web\n\nOn start, `initDatabase()` runs migrations from `drizzle/` folder (dev) or "
            "`resources/migrations` (packaged).\n",
        },
    ],
    ids=["gitignore-names-its-contents", "the-doc-says-so", "pre-installed", "packaged"],
)
def test_a_folder_made_locally_is_not_checked(repo: Repo, files: dict[str, str]) -> None:
    doc = files.get("apps/web/AGENTS.md", "# Web\n\nThe fonts go in `public/fonts/`.\n")
    r = repo({**FILES, **files, "apps/web/AGENTS.md": doc})
    assert r.findings("missing-path") == []


def test_a_folder_git_ignores_by_a_folder_pattern_is_not_checked(repo: Repo) -> None:
    r = repo({**FILES, ".gitignore": "apps/web/prettier/\n", "apps/web/AGENTS.md": "# Web\n\n- `prettier/`\n"})
    assert r.findings("missing-path") == []


def test_a_path_through_a_folder_name_a_gitignore_spells_out_is_not_checked(repo: Repo) -> None:
    # 86d: "spreading `...templateOverrides` last in `generated/components.ts`", with `generated/` in
    # apps/store/.gitignore: a generator writes it.
    doc = "# Web\n\n- `generated/components.ts`\n- `src/gone.ts`\n- `src/lib/gone.ts`\n"
    files = {
        **FILES,
        "packages/contracts/src/generated/artifact.ts": "x\n",  # a folder of that name is tracked elsewhere
        "apps/web/src/lib/util.ts": "x\n",
        "apps/store/.gitignore": "generated/\n*.log\nlib/\n",  # lib/: a package's own output, not src/lib/
        "apps/web/AGENTS.md": doc,
    }
    assert [f.line for f in repo(files).findings("missing-path")] == [4, 5]


def test_a_path_below_a_folder_the_doc_named_before_is_found(repo: Repo) -> None:
    files = {
        "src/pkg/cli/main.py": "x\n",
        "src/pkg/server/api/routes.py": "x\n",
        "tools/cli/main.py": "x\n",
        "tools/server/api/x.py": "x\n",
    }
    doc = (
        "# Client build\n\n`build.sh` copies `src/pkg/` into a temp folder, then deletes:\n\n"
        "- `cli/`\n- `server/` (keeps only `server/api/`)\n- `server/models/`\n"
    )
    r = repo({**files, "client/build.sh": "x\n", "client/AGENTS.md": doc})
    # cli/ and server/api/ are src/pkg's; server/models/ is nowhere
    assert [f.subject for f in r.findings("missing-path")] == ["server/models/"]


def test_a_link_to_a_line_of_a_file_checks_the_file(repo: Repo) -> None:
    doc = (
        "# Web\n\n- CSP: see [`client.ts`](src/api/client.ts:777)\n- [`Button`](src/components/Button.tsx:2:5)\n"
        "- [`gone.ts`](src/gone.ts:12)\n- [local](localhost:3000) and [site](example.com:8080)\n"
    )
    assert _missing(repo, doc) == [(5, "link target src/gone.ts:12 does not exist (neither in apps/web/ nor above it)")]


def test_a_path_in_a_block_labelled_a_bad_example_is_not_checked(repo: Repo) -> None:
    # reth's AGENTS.md: "**Bad example:**" above a PR description naming `crates/net/discv4/src/tests/ip.rs`
    doc = (
        "# Web\n\n**Bad example:**\n\n```\n- Added tests in src/old/x.ts\n```\n\n"
        "**Good example:**\n\n```\ncat src/gone/y.ts\n```\n"
    )
    assert [line for line, _ in _missing(repo, doc)] == [12]


def test_a_path_in_a_block_labelled_wrong_is_not_checked(repo: Repo) -> None:
    doc = "# Web\n\n❌ Wrong:\n\n```sh\ncat src/old/x.ts\n```\n\n✅ Correct:\n\n```sh\ncat src/gone/y.ts\n```\n"
    assert _missing(repo, doc) == [
        (12, "`src/gone/y.ts` (in a code block) does not exist (neither in apps/web/ nor above it)")
    ]


def test_a_dotted_folder_git_ignores_by_a_folder_pattern_is_not_checked(repo: Repo) -> None:
    # ``.astro/`` reads like a file's extension; written with its slash, it is asked of git as a folder
    doc = "# Agents\n\n## Generated/Avoid\n\n- `website/docs/.astro/`, `website/docs/.vitepress/`\n"
    files = {**FILES, "website/docs/.gitignore": ".astro/\n", "website/docs/index.md": "x\n"}
    r = repo({**files, ".agents/AGENTS.md": doc, "AGENTS.md": {"symlink": ".agents/AGENTS.md"}})
    assert [f.subject for f in r.findings("missing-path")] == ["website/docs/.vitepress/"]


def test_a_deeper_match_counts_within_the_docs_folder_or_when_it_is_the_only_one(repo: Repo) -> None:
    files = {
        **FILES,
        "crates/other/src/options.rs": "x\n",
        "crates/third/src/options.rs": "x\n",
        "backend/tests/test_boundary.py": "x\n",
        "crates/json/src/lib.rs": "x\n",
        "crates/json/src/config/settings.rs": "x\n",
        "crates/json/AGENTS.md": "# Json\n\n- `src/options.rs`\n- `config/settings.rs`\n- `tests/test_boundary.py`\n",
    }
    found = [(f.line, f.fix) for f in repo(files).findings("missing-path") if f.file == "crates/json/AGENTS.md"]
    assert found == [(3, "point it at the file's new place, or remove it")]


def test_a_module_specifier_without_its_extension_is_found(repo: Repo) -> None:
    files = {**FILES, "apps/web/src/generate-url.ts": "x\n", "apps/web/src/api/index.ts": "x\n"}
    doc = "# Web\n\n- `./generate-url`\n- `./api`\n- `./gone-module`\n"
    r = repo({**files, "apps/web/AGENTS.md": doc})
    assert [f.line for f in r.findings("missing-path") if f.file == "apps/web/AGENTS.md"] == [5]


def test_the_fix_names_the_one_file_of_that_name_in_the_docs_folder(repo: Repo) -> None:
    files = {**FILES, "apps/web/src/engine/locking.ts": "x\n", "apps/web/AGENTS.md": "# Web\n\n- `src/locking.ts`\n"}
    found = [f.fix for f in repo(files).findings("missing-path") if f.file == "apps/web/AGENTS.md"]
    assert found == ["point it at apps/web/src/engine/locking.ts if that is the file, or remove it"]


def test_the_fix_names_the_folder_of_that_name_but_for_a_plural_s(repo: Repo) -> None:
    # valkey-glide's java/AGENTS.md: "`benchmark/` - Performance benchmarking tool", of java/benchmarks/
    doc = "# Web\n\n- `benchmark/` - the benchmarks\n"
    files = {**FILES, "apps/web/benchmarks/run.py": "x\n", "apps/web/AGENTS.md": doc}
    found = [(f.line, f.fix) for f in repo(files).findings("missing-path") if f.file == "apps/web/AGENTS.md"]
    assert found == [(3, "point it at apps/web/benchmarks/ if that is the file, or remove it")]


def test_a_link_into_the_writers_own_checkout_is_pointed_at_the_repositorys_path(repo: Repo) -> None:
    doc = (
        "# Web\n\n- [layout](/home/ann/src/shop/apps/web/app/layout.tsx)\n- [routes](/home/ann/src/shop/apps/web/app)\n"
    )
    files = {**FILES, "apps/web/app/layout.tsx": "x\n", "apps/web/app/page.tsx": "x\n", "apps/web/AGENTS.md": doc}
    found = [(f.line, f.fix) for f in repo(files).findings("missing-path") if f.file == "apps/web/AGENTS.md"]
    assert found == [
        (3, "point it at apps/web/app/layout.tsx if that is the file, or remove it"),
        (4, "point it at apps/web/app if that is the file, or remove it"),
    ]


def test_a_file_name_alone_is_said_gone_when_git_deleted_it_under_the_doc(repo: Repo) -> None:
    r = repo(
        {
            **FILES,
            "apps/web/src/redis.py": "x\n",
            "apps/web/AGENTS.md": "# Web\n\n- The cache is `redis.py`.\n- Never `legacy.py`.\n- Tests: `conftest.py`\n",
        }
    )
    assert r.findings("missing-path") == []
    r.git("mv", "apps/web/src/redis.py", "apps/web/src/cache.py")
    r.commit(message="rename", date="2024-02-01T12:00:00Z")
    found = r.findings("missing-path")
    assert [(f.line, f.message) for f in found] == [
        (
            3,
            "`redis.py` no longer exists: apps/web/src/redis.py was deleted in "
            + r.git("log", "-1", "--format=%h").strip()
            + ", and no file of that name is left",
        )
    ]


def test_a_path_written_from_a_folder_above_the_doc_points_at_where_its_file_is_there(repo: Repo) -> None:
    # A crate's ``config/`` doc names its server modules from the crate's root; one module moved
    # up a folder, another never existed under that name.
    r = repo(
        {
            **FILES,
            "crates/qos/Cargo.toml": "[package]\n",
            "crates/qos/src/unified.rs": "x\n",
            "crates/qos/src/servers/loki.rs": "x\n",
            "crates/qos/config/AGENTS.md": "# Config\n\n- Used by `src/servers/unified.rs`, `src/servers/loki.rs`\n"
            "- And by `src/servers/gone.rs`\n",
        }
    )
    found = [f for f in r.findings("missing-path") if f.file == "crates/qos/config/AGENTS.md"]
    assert [(f.line, f.fix) for f in found] == [
        (3, "point it at crates/qos/src/unified.rs if that is the file, or remove it"),
        (4, "point it at the file's new place, or remove it"),
    ]


def test_a_path_git_deleted_lately_is_told_with_the_commit_that_deleted_it(repo: Repo) -> None:
    # A Rust workspace dropped a protocol: its crate and a module went in one commit; the docs
    # naming them by path, a folder and a file, were left behind.
    doc = (
        "# Web\n\n- Extended by `apps/web/eigen/` (`EigenEnv`).\n"
        "- Events: `src/protocol/eigen/handler.py`.\n- Never had: `src/protocol/other.py`.\n"
    )
    r = repo(
        {
            **FILES,
            "apps/web/eigen/lib.rs": "x\n",
            "apps/web/src/protocol/eigen/handler.py": "x\n",
            "apps/web/AGENTS.md": doc,
        }
    )
    r.git("rm", "-q", "-r", "apps/web/eigen", "apps/web/src/protocol/eigen")
    r.commit(message="remove eigen support", date="2024-02-01T12:00:00Z")
    commit = r.git("log", "-1", "--format=%h").strip()
    found = r.findings("missing-path")
    assert [(f.line, f.message) for f in found] == [
        (
            3,
            f"`apps/web/eigen/` no longer exists: apps/web/eigen/ was deleted in {commit} "
            "(neither in apps/web/ nor above it)",
        ),
        (
            4,
            "`src/protocol/eigen/handler.py` no longer exists: apps/web/src/protocol/eigen/handler.py was deleted "
            f"in {commit} (neither in apps/web/ nor above it)",
        ),
        (5, "`src/protocol/other.py` does not exist (neither in apps/web/ nor above it)"),
    ]


def test_a_file_name_alone_the_doc_says_is_generated_is_not_said_gone(repo: Repo) -> None:
    # committed once, then made by the build; the doc says so where it names it
    r = repo(
        {
            **FILES,
            "apps/web/src/Protocol.kt": "x\n",
            "apps/web/src/redis.py": "x\n",
            "apps/web/AGENTS.md": (
                "# Web\n\n`Protocol.kt` is generated from the schema and has no source-tree copy.\n\n"
                "- The cache is `redis.py`.\n"
            ),
        }
    )
    r.git("rm", "-q", "apps/web/src/Protocol.kt", "apps/web/src/redis.py")
    r.commit(message="generate it", date="2024-02-01T12:00:00Z")
    assert [(f.line, f.subject) for f in r.findings("missing-path")] == [(5, "redis.py")]


def test_a_file_name_alone_that_is_a_package_is_not_said_gone(repo: Repo) -> None:
    r = repo(
        {
            **FILES,
            "apps/web/package.json": '{"name": "web", "dependencies": {"chart.js": "4"}}\n',
            "apps/web/src/chart.js": "x\n",
            "apps/web/src/redis.py": "x\n",
            "apps/web/AGENTS.md": "# Web\n\n- Charts: `chart.js`.\n- The cache is `redis.py`.\n",
        }
    )
    r.git("rm", "-q", "apps/web/src/chart.js", "apps/web/src/redis.py")
    r.commit(message="remove", date="2024-02-01T12:00:00Z")
    assert [(f.line, f.subject) for f in r.findings("missing-path")] == [(4, "redis.py")]


def test_no_manifest_is_read_while_every_path_is_found(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    real = packages._read

    def reading(path: str) -> str | None:
        read.append(path)
        return real(path)

    monkeypatch.setattr(packages, "_read", reading)
    files = {
        **FILES,
        "apps/web/package.json": '{"name": "web", "dependencies": {"prettier": "3"}}\n',
        "apps/web/AGENTS.md": "# Web\n\n- `src/api/client.ts`\n- `../../docs/guide.md`\n- `client.ts`\n",
    }
    r = repo(files)
    assert r.findings("missing-path") == [] and read == []
    r.write({"apps/web/AGENTS.md": "# Web\n\n- `src/api/client.ts`\n- `prettier/plugins/babel`\n"})
    r.commit()
    assert r.findings("missing-path") == [] and read == [str(r.path / "apps" / "web" / "package.json")]


def test_a_file_name_alone_that_exists_elsewhere_or_never_did_is_not_checked(repo: Repo) -> None:
    r = repo({**FILES, "apps/web/src/util.py": "x\n", "apps/web/AGENTS.md": "# Web\n\n- `util.py`\n- `helper.py`\n"})
    (r.path / "lib").mkdir()
    r.git("mv", "apps/web/src/util.py", "lib/util.py")
    r.commit(message="move", date="2024-02-01T12:00:00Z")
    assert r.findings("missing-path") == []


def test_a_climb_written_from_a_file_deeper_down_is_inside(repo: Repo) -> None:
    files = {**FILES, "apps/web/e2e/fixtures/index.ts": "x\n", "apps/web/e2e/AGENTS.md": "# E2e\n\n- `../fixtures`\n"}
    assert [f for f in repo(files).findings("missing-path") if f.file == "apps/web/e2e/AGENTS.md"] == []


def test_another_codebases_files_are_not_checked_unless_git_deleted_them_lately(repo: Repo) -> None:
    doc = "# Css\n\nDivergences: `css/stylefmt-repo/at-media/at-media.css`, `legacy/old_client.ts`.\n"
    r = repo({**FILES, "tools/legacy/old_client.ts": "x\n", "crates/fmt_css/AGENTS.md": doc})
    assert r.findings("missing-path") == []
    r.git("rm", "-q", "-r", "tools")
    r.commit(message="drop the legacy client", date="2024-02-01T12:00:00Z")
    assert [f.subject for f in r.findings("missing-path")] == []
    r2_doc = "# Css\n\n- `tools/legacy/old_client.ts`\n"
    r.commit({"crates/fmt_css/AGENTS.md": r2_doc}, date="2024-02-02T12:00:00Z")
    assert [f.subject for f in r.findings("missing-path")] == ["tools/legacy/old_client.ts"]


def test_a_path_each_folder_of_a_family_holds_is_found_from_a_doc_outside_the_family(repo: Repo) -> None:
    files = {
        **FILES,
        "charts/v8/test/ci-config.yaml": "x\n",
        "charts/v9/test/ci-config.yaml": "x\n",
        "charts/v9/templates/orchestration/sts.yaml": "x\n",
        "charts/v10/templates/orchestration/sts.yaml": "x\n",
        "scripts/testdata/charts/v99/test/ci-config.yaml": "x\n",  # a test-data copy elsewhere
        "charts/v10/values.yaml": "x\n",
        ".github/AGENTS.md": "# CI\n\n- Each chart version has a `test/ci-config.yaml`.\n"
        "- Templates: `templates/orchestration/`\n- `test/gone.yaml`\n",
        # within the family, a doc speaks of its own chart: v10 has no test/ci-config.yaml
        "charts/v10/AGENTS.md": "# v10\n\n- `test/ci-config.yaml`\n",
    }
    found = sorted((f.file, f.line) for f in repo(files).findings("missing-path"))
    assert found == [(".github/AGENTS.md", 5), ("charts/v10/AGENTS.md", 3)]


def test_a_path_going_on_from_a_folder_the_doc_named_before_is_found(repo: Repo) -> None:
    files = {
        "crates/minify/src/peephole/mod.rs": "x\n",
        "crates/minify/src/peephole/fold.rs": "x\n",
        "crates/minify/tests/peephole/mod.rs": "x\n",  # a second mod.rs: the name alone says nothing
    }
    doc = (
        "# Minifier\n\n1. Implement: add to `src/peephole/` following the existing patterns\n"
        "2. Hook up: add it to the traversal in `peephole/mod.rs`\n3. Register it in `peephole/gone.rs`\n"
        "4. Before: `compress/mod.rs`\n5. Then `src/compress/`\n"
    )
    compress = {"crates/minify/src/compress/mod.rs": "x\n", "crates/minify/tests/compress/mod.rs": "x\n"}
    r = repo({**files, **compress, "crates/minify/docs/CLAUDE.md": doc})
    # peephole/mod.rs goes on from src/peephole/; gone.rs is nowhere, and compress/mod.rs comes
    # before the doc names src/compress/
    assert [(f.line, f.subject) for f in r.findings("missing-path")] == [
        (5, "peephole/gone.rs"),
        (6, "compress/mod.rs"),
    ]


def test_a_path_of_the_packages_beside_the_doc_on_a_line_about_them_is_theirs(repo: Repo) -> None:
    files = {
        "crates/fmt_css/tests/fixtures/mod.rs": "x\n",
        "crates/fmt_css/tests/fixtures/options.rs": "x\n",
        "crates/fmt_css/tests/fixtures/data.rs": "x\n",
        "crates/fmt_json/tests/fixtures/mod.rs": "x\n",
        "crates/fmt_json/tests/fixtures/options.rs": "x\n",
        "crates/fmt_json/tests/fixtures/data.rs": "x\n",
        "crates/fmt_tests/src/lib.rs": "x\n",
    }
    doc = (
        "# Formatter tests\n\n"
        "- Consumers implement `Fixture` in `tests/fixtures/mod.rs` via `[dev-dependencies]`\n"
        "- Options are shared per crate via `tests/fixtures/options.rs`\n"
        "- Each consumer invokes the macro from its own `tests/fixtures/mod.rs`\n"
        "- The fixtures' data: `tests/fixtures/data.rs`\n"  # no word of the others: this crate's, stale
        "- Each crate keeps `tests/gone.rs`\n"  # no crate has it
    )
    r = repo({**files, "crates/fmt_tests/AGENTS.md": doc})
    assert [(f.line, f.subject) for f in r.findings("missing-path")] == [
        (6, "tests/fixtures/data.rs"),
        (7, "tests/gone.rs"),
    ]


def test_the_fix_names_the_file_a_path_means_but_for_its_route_groups(repo: Repo) -> None:
    files = {
        "docs/app/(home)/docs/layout.tsx": "x\n",
        "docs/app/(home)/(shop)/cart/page.tsx": "x\n",
        "docs/app/(home)/layout.tsx": "x\n",
        "docs/app/layout.tsx": "x\n",
        "docs/CLAUDE.md": "# Docs\n\n- `app/docs/layout.tsx`\n- `app/cart/page.tsx`\n- `app/gone/layout.tsx`\n",
    }
    assert [(f.subject, f.fix) for f in repo(files).findings("missing-path")] == [
        ("app/docs/layout.tsx", "point it at docs/app/(home)/docs/layout.tsx if that is the file, or remove it"),
        ("app/cart/page.tsx", "point it at docs/app/(home)/(shop)/cart/page.tsx if that is the file, or remove it"),
        ("app/gone/layout.tsx", "point it at the file's new place, or remove it"),
    ]


def test_the_fix_names_where_a_file_went_when_one_file_can_be_it(repo: Repo) -> None:
    files = {
        # dockview-vue: `scripts/copy-css.js`, renamed in place to `.cjs`
        "web/scripts/copy-css.cjs": "x\n",
        # agenta: `components/CustomWorkflowBanner/index.tsx` moved into `CustomWorkflow/`
        "web/src/components/CustomWorkflow/CustomWorkflowBanner/index.tsx": "x\n",
        "web/src/components/Other/index.tsx": "x\n",
        # two files of that name, in two folders of that name: none is named
        "web/src/components/EvalRunDetails/state/rowHeight.ts": "x\n",
        "web/src/components/TestcasesTable/state/rowHeight.ts": "x\n",
        "web/AGENTS.md": (
            "# Web\n\n"
            "- `node scripts/copy-css.js`\n"
            "- `src/components/CustomWorkflowBanner/index.tsx`\n"
            "- `src/components/EvalRunDetails2/state/rowHeight.ts`\n"
            "- `src/gone/copy-css.js`\n"  # no `src/gone/`: nothing of that name there
        ),
    }
    found = [(f.line, f.fix) for f in repo({**FILES, **files}).findings("missing-path") if f.file == "web/AGENTS.md"]
    assert found == [
        (3, "point it at web/scripts/copy-css.cjs if that is the file, or remove it"),
        (
            4,
            "point it at web/src/components/CustomWorkflow/CustomWorkflowBanner/index.tsx"
            " if that is the file, or remove it",
        ),
        (5, "point it at the file's new place, or remove it"),
        (6, "point it at the file's new place, or remove it"),
    ]


def test_whether_the_doc_says_a_path_is_gone_is_asked_only_of_paths_not_there(
    repo: Repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agents_md.maintain.checks.rules import missing_path

    asked: list[str] = []
    told = missing_path._Places.told

    def recording(self: Any, item: Any) -> bool:
        asked.append(item.text)
        return told(self, item)

    monkeypatch.setattr(missing_path._Places, "told", recording)
    doc = (
        "# Web\n\n- `src/api/client.ts` holds the client.\n- `src/api/old.ts` was removed.\n"
        "- `src/api/gone.ts` is what the tests import.\n"
    )
    assert _missing(repo, doc) == [(5, "`src/api/gone.ts` does not exist (neither in apps/web/ nor above it)")]
    assert sorted(asked) == ["src/api/gone.ts", "src/api/old.ts"]
