"""What the git rules count as code (``repo.code``), which docs only point elsewhere
(``read.pointer``), and which commits are releases (``repo.history``)."""

from __future__ import annotations

import pytest

from agents_md.maintain.read.markdown import scan
from agents_md.maintain.read.pointer import is_pointer
from agents_md.maintain.repo.code import manifest_metadata_only, manifest_versions_only, not_code
from agents_md.maintain.repo.history import is_release


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("pnpm-lock.yaml", "lockfile"),
        ("crates/x/Cargo.lock", "lockfile"),
        ("go.sum", "lockfile"),
        ("sdks/python/uv.lock", "lockfile"),
        ("infra/prod/.terraform.lock.hcl", "lockfile"),
        ("web/src/__generated__/types.ts", "generated"),
        ("api/foo.pb.go", "generated"),
        ("api/foo_pb2.py", "generated"),
        ("web/theme/antd-overrides.generated.ts", "generated"),
        (".github/workflows/review.lock.yml", "generated"),
        ("web/dist.min.js", "generated"),
        ("sdk/go/testdata/case/main.go", "test data"),
        ("src/__snapshots__/a.test.ts.snap", "generated"),
        ("crates/but/tests/snapshots/x.svg", "test data"),
        ("crates/x/vendor/debouncer/lib.rs", "vendored"),
        ("CHANGELOG.md", "release notes"),
        (".changeset/brave-cats.md", "release notes"),
        ("changelog/pending/x.yaml", "release notes"),
        ("docs/guide.md", "prose"),
        ("web/README.md", "prose"),
        ("docs/x.mdx", "prose"),
        ("web/public/logo.png", "asset"),
        ("fonts/x.woff2", "asset"),
        ("VERSION", "version file"),
        ("docs/docs.json", "docs navigation"),
        ("website/sidebars.ts", "docs navigation"),
        ("mkdocs.yml", "docs navigation"),
        ("pages/guide/_meta.json", "docs navigation"),
        ("ktor-compiler-plugin/testData/openapi/routes.kt", "test data"),
        ("ktor-http/api/ktor-http.api", "generated"),
        ("ktor-http/api/ktor-http.klib.api", "generated"),
        ("crates/ag-store/.sqlx/query-03466a51.json", "generated"),  # agentty: `cargo sqlx prepare`'s
        ("gradle/wrapper/gradle-wrapper.properties", "version file"),
        (".bumpversion.toml", "version file"),
        ("LICENSE", "prose"),
        ("LICENSE-MIT", "prose"),
        ("go/THIRD_PARTY_LICENSES_GO", "prose"),
        ("THIRD-PARTY-NOTICES.TXT", "prose"),
        ("CONTRIBUTING", "prose"),
        ("manual/intro.typ", "prose"),
    ],
)
def test_what_is_not_code(path: str, kind: str) -> None:
    assert not_code(path) == kind


@pytest.mark.parametrize(
    "path",
    [
        "web/src/app.ts",
        "pkg/codegen/go/gen.go",
        "python/packages/core/pyproject.toml",
        "requirements.txt",
        "Makefile",
        ".github/workflows/ci.yml",
        "tests/test_x.py",
        "src/generator.py",
        "tools/vendor",  # a file named as a vendored folder is
        "web/generated",
        "server/api/routes.go",
        "idl/gateway.api",  # an ``.api`` file outside an API dump's folder
        "pkg/license.go",
        "app/security.py",
        "web/src/Readme.tsx",
    ],
)
def test_what_is_code(path: str) -> None:
    assert not_code(path) is None


@pytest.mark.parametrize(
    ("removed", "added", "only"),
    [
        (['  "version": "1.0.0",'], ['  "version": "1.1.0",'], True),
        (['    "react": "^18.2.0",'], ['    "react": "^18.3.1",'], True),
        (['version = "0.4.1"'], ['version = "0.5.0"'], True),
        (["require example.com/x v1.2.3"], ["require example.com/x v1.3.0"], True),
        (['    "react": "^18.2.0",'], ['    "vue": "^3.0.0",'], False),
        ([], ['    "zod": "^3.0.0",'], False),
        (['  "dev": "vite",'], ['  "dev": "vite --host",'], False),
        (['    "url": "x.git",', '    "type": "git"'], ['    "type": "git",', '    "url": "x.git"'], True),
        (['    "url": "x.git",'], ['    "url": "y.git",'], False),
        # ``go mod tidy``: a Go module's indirect requirements added and dropped as the direct ones move
        (["\tgithub.com/cheggaaa/pb v1.0.29 // indirect"], [], True),
        (
            ["\tgoogle.golang.org/grpc v1.83.0", "\tgithub.com/cheggaaa/pb v1.0.29 // indirect"],
            ["\tgoogle.golang.org/grpc v1.83.1", "\tgithub.com/deckarep/golang-set/v2 v2.5.0 // indirect"],
            True,
        ),
        (["\tgithub.com/cheggaaa/pb v1.0.29"], [], False),  # a direct requirement dropped is a change
        ([], ["require github.com/spf13/cobra v1.9.1"], False),
    ],
)
def test_a_manifest_change_of_version_numbers_only(removed: list[str], added: list[str], only: bool) -> None:
    assert manifest_versions_only(removed, added) is only


@pytest.mark.parametrize(
    ("removed", "added", "only"),
    [
        # dockview's packages moved to another GitHub organization
        (
            [
                '    "homepage": "https://github.com/mathuo/dockview",',
                '        "url": "git+https://github.com/mathuo/x.git",',
            ],
            [
                '    "homepage": "https://github.com/dockview/dockview",',
                '        "url": "git+https://github.com/dockview/x.git",',
            ],
            True,
        ),
        (['repository = "https://github.com/a/x"'], ['repository = "https://github.com/b/x"'], True),
        (['  "type": "commonjs",'], ['  "type": "module",'], False),  # how the package loads: a change
        (['  "main": "dist/index.js",'], ['  "main": "dist/index.mjs",'], False),
        ([], [], False),
    ],
)
def test_a_manifest_change_of_where_the_project_lives_only(removed: list[str], added: list[str], only: bool) -> None:
    assert manifest_metadata_only(removed, added) is only


@pytest.mark.parametrize(
    ("text", "pointer"),
    [
        ("@AGENTS.md\n", True),
        ("# Pkg\n\nSee [the README](README.md).\n", True),
        ("# Pkg\n\nRead `CONTRIBUTING.md` first.\n", True),
        ("<!-- generated -->\n# X\n\nThe instructions live in [docs](docs/agents.md).\n", True),
        ("# Cli\n\nDocument the commands in `doc.go` instead of here.\n\n- Go.\n- Lint.\n", True),
        ("# Web\n\nThe client is `src/client.ts`.\n", False),
        ("# Web\n\n- Use pnpm.\n- Run `pnpm test`.\n", False),
        ("# Web\n\n" + "".join(f"- rule {n}\n" for n in range(30)) + "\nUpdate `x.md` instead.\n", False),
    ],
)
def test_a_pointer_doc(text: str, pointer: bool) -> None:
    assert is_pointer(text, scan(text)) is pointer


@pytest.mark.parametrize(
    ("subject", "release"),
    [
        ("chore(release): 1.4.0", True),
        ("Release 2.0", True),
        ("v1.2.3", True),
        ("1.2.3", True),
        ("Bump react from 18.2.0 to 18.3.1", True),
        ("build(deps): bump the npm group across 3 directories with 5 updates from 1 to 2", True),
        ("chore: version packages", True),
        ("Prepare release 0.9", True),
        ("chore: update GitHub repository stats [skip ci]", True),  # a bot's bookkeeping CI need not see
        ("docs: regenerate the API reference [ci skip]", True),
        ("chore: bump minor version number", True),
        ("Turso 0.8.0-pre.7", True),  # turso's releases: the project's name and its version
        ("turso-cli v0.8.0", True),
        ("Version: bump 5.11.0-SNAPSHOT", True),  # mongo-java-driver's
        ("bump to v2.3.0", True),
        ("Bump timeout to 30s", False),
        ("chore(evi): upgrade eve from 0.39.0 to 0.40.0 (#626)", True),  # evlog's bot
        ("Update Gradle from 8.14 to 9.0.0", True),
        ("Upgrade the parser from regexes to a grammar", False),
        ("Update docs from 2.0 onwards to say so", False),
        ("Support Python 3.12.1 wheels", False),
        ("Fix parsing of 1.2.3 ranges", False),
        ("feat(web): add a release page", False),
        ("fix: bump timeout in tests", False),
        ("Refactor the publisher", False),
        # a formatter's run or a linter quieted: no change a doc describes
        ("style: auto-fix formatting", True),
        ("Clean up existing Biome lint warnings (#608)", True),
        ("style: fix gofmt formatting in import.go and store.go", True),
        ("chore: apply formatting fixes missed by merged PRs (#8380)", True),
        ("fix(parser): fix clippy warnings (#23943)", True),
        ("Formatting (#2750)", True),
        # a change that speaks of formatting or linting is a change
        ("fix(formatter): fix template literal formatting (#24786)", False),
        ("feat: update SSE format (#4524)", False),
        ("fix: use debug format for object store provider errors (#4313)", False),
        ("perf(oxlint/lsp): only invoke lint on code actions when document is not opened (#24676)", False),
        ("style(desktop): session hover cards styling (#13256)", False),
        ("Fix all old golangci-lint errors, add check for un-generated files", False),
        # the suppressions a linter no longer needs, dropped: no change a doc describes
        ("disallow unused lint rules (#24418)", True),  # pulumi: 180 files' `//nolint:x` comments
        ("Remove unused nolint directives", True),
        ("chore: drop stale eslint-disable comments", True),
        ("refactor(lint): remove unnecessary noqa comments across the package", True),
        # dropping what else is unused is a change
        ("Remove unused code", False),
        ("remove unused rules engine", False),
        ("Disallow unused variables", False),
    ],
)
def test_a_release_commit(subject: str, release: bool) -> None:
    assert is_release(subject) is release


@pytest.mark.parametrize(
    "subject",
    [
        "chore(deps): update actions/checkout action to v5",
        "fix(deps): update dependency zod to v3.23.8",
        "Update dependency @types/node to v22",
        "build(deps-dev): bump vite",
        "Bump the workerd-and-workers-types group with 2 updates (#15294)",  # Dependabot's group, no prefix
        "Bump the npm group across 3 directories with 5 updates",
    ],
)
def test_a_dependency_update_is_a_bump(subject: str) -> None:
    assert is_release(subject)


@pytest.mark.parametrize(
    ("removed", "added"),
    [
        (['    "packaging>=21.3,<26.3",'], ['    "packaging>=21.3,<27",']),
        (["      - uses: actions/checkout@v4"], ["      - uses: actions/checkout@v5"]),
        (["ARG PREK_SHA256=" + "8a8210d6" * 8], ["ARG PREK_SHA256=" + "d1eacb82" * 8]),  # a checksum moved
    ],
)
def test_more_version_only_changes(removed: list[str], added: list[str]) -> None:
    assert manifest_versions_only(removed, added)


@pytest.mark.parametrize("path", [".nvmrc", "rust-toolchain.toml", ".python-version"])
def test_toolchain_pins_are_version_files(path: str) -> None:
    assert not_code(path) == "version file"
