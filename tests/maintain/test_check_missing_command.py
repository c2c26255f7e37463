"""``missing-command``: a command in a doc that runs an entry point the repository does not have."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import GitRepo
from trees import build_tree

from agents_md.diagnostics import Severity
from agents_md.maintain.checks.checker import check

Repo = Callable[..., GitRepo]

MAKEFILE = ".PHONY: test lint\ntest:\n\tpytest\nlint: test\n\truff check .\n"


def said(r: GitRepo) -> list[tuple[str, int | None, str, str]]:
    return [(f.file, f.line, f.message, f.fix) for f in r.findings("missing-command")]


# --- make ---------------------------------------------------------------------------------------


def test_a_make_target_the_makefile_lacks_is_a_warning_with_the_nearest_names(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n\n```sh\nmake tets  # run the tests\n```\n", "Makefile": MAKEFILE})
    found = r.findings("missing-command")
    assert [(f.file, f.line, f.severity, f.message, f.fix) for f in found] == [
        ("AGENTS.md", 4, Severity.WARNING, "`make tets`: no target `tets` in Makefile", "did you mean `test`?")
    ]


def test_a_command_a_wrapper_runs_is_judged_as_its_own(repo: Repo) -> None:
    # pulumi's docs run every make target through mise: `mise exec -- make build`
    doc = (
        "# Root\n\n"
        "- `mise exec -- make test`\n"
        "- `mise exec -- make tets`\n"  # 4
        "- `mise x --jobs 2 -- make lnt`\n"  # 5
        "- `env CI=1 time make tsts`\n"  # 6
        "- `nix develop .#ci -c make tset`\n"  # 7
        "- `mise exec`\n"  # no command: nothing to judge
        "\n```sh\ndirenv exec . make lint\nmise exec -- npm run tests\n```\n"  # 11: no package.json
    )
    r = repo({"AGENTS.md": doc, "Makefile": MAKEFILE})
    assert [(line, m) for _, line, m, _ in said(r)] == [
        (4, "`mise exec -- make tets`: no target `tets` in Makefile"),
        (5, "`mise x --jobs 2 -- make lnt`: no target `lnt` in Makefile"),
        (6, "`env CI=1 time make tsts`: no target `tsts` in Makefile"),
        (7, "`nix develop .#ci -c make tset`: no target `tset` in Makefile"),
    ]


def test_a_command_missing_on_several_lines_is_said_once(repo: Repo) -> None:
    r = repo({"AGENTS.md": "- `make tets`\n- then `make tets` again\n", "Makefile": MAKEFILE})
    assert [m for _, _, m, _ in said(r)] == ["`make tets`: no target `tets` in Makefile; also line 2"]


@pytest.mark.parametrize(
    "label",
    ["❌ Wrong:", "❌ Wrong: running npm in a library", "**Bad:**", "**Bad example:**", "Anti-pattern:", "Don't:"],
)
def test_a_block_labelled_as_what_not_to_run_is_not_judged(repo: Repo, label: str) -> None:
    wrong = f"{label}\n\n```bash\ncd packages/auth && npm test\n```\n"
    doc = f"# Pitfalls\n\n{wrong}\n✅ Correct:\n\n```bash\nnpm run tset\n```\n"
    files = {"package.json": '{"scripts": {"test": "nx test"}}\n', "packages/auth/package.json": '{"name": "auth"}\n'}
    r = repo({**files, "AGENTS.md": doc})
    assert [m for _, _, m, _ in said(r)] == ["`npm run tset`: no script `tset` in package.json"]


def test_a_block_after_a_line_that_merely_says_dont_is_judged(repo: Repo) -> None:
    doc = "# Root\n\nDon't forget to run the tests:\n\n```sh\nmake tets\n```\n"
    r = repo({"AGENTS.md": doc, "Makefile": MAKEFILE})
    assert [m for _, _, m, _ in said(r)] == ["`make tets`: no target `tets` in Makefile"]


@pytest.mark.parametrize(
    ("doc", "files"),
    [
        ("`make test`", {}),
        ("`make gen`", {"Makefile": MAKEFILE + "include tools/gen.mk\n", "tools/gen.mk": "gen:\n\t./gen\n"}),
        ("`make web-build`", {"Makefile": "%-build:\n\tbuild $*\n"}),
        ("`make docker-up`", {"Makefile": "$(SERVICE)-up:\n\tup\n"}),
        ("`make gen`", {"Makefile": MAKEFILE + "-include local.mk\n"}),
        ("`make gen`", {"Makefile": MAKEFILE + "$(eval $(call rules,gen))\n"}),
        ("`make <target>`", {}),
        ("`make`", {}),
        ("`make setup.cfg`", {"setup.cfg": "[x]\n"}),  # a file of that name: nothing to be done
        ("`make hello`", {"hello.c": "int main(){}\n"}),  # a built-in rule makes it
        ("There is no `make migrate` target on purpose.", {}),
        ("Don't run `make deploy` by hand.", {}),
        ("`cd api && make serve`", {"api/Makefile": "serve:\n\trun\n"}),
        ("`make -C api serve`", {"api/Makefile": "serve:\n\trun\n"}),
        ("`make -f ci.mk check`", {"ci.mk": "check:\n\tcheck\n"}),
        ("`make serve`", {"api/Makefile": "serve:\n\trun\n"}),  # the doc's folder holds one that has it
        ("`make V=1 -j4 lint`", {}),
        ("`make anything`", {"Makefile": MAKEFILE + ".DEFAULT:\n\t@echo $@\n"}),
        ("`cd $WORKDIR && make gone`", {}),
        ("Run `make format/lint/typecheck` before committing.", {}),
        ("`docker compose exec app make gone`", {}),
        ("```python\nsubprocess.run('make deploy')\nmake deploy\n```", {}),
    ],
    ids=[
        "defined",
        "include",
        "pattern",
        "variable-target",
        "missing-include",
        "eval",
        "placeholder",
        "default",
        "a-file",
        "implicit-rule",
        "said-absent",
        "negated",
        "cd",
        "dash-C",
        "dash-f",
        "below",
        "flags",
        "default-rule",
        "cd-unknown",
        "slash-shorthand",
        "inside-another-program",
        "not-a-shell-block",
    ],
)
def test_make_says_nothing_when_the_target_is_there_or_cannot_be_known(
    repo: Repo, doc: str, files: dict[str, Any]
) -> None:
    r = repo({"AGENTS.md": f"# Root\n\n{doc}\n", "Makefile": MAKEFILE, **files})
    assert said(r) == []


def test_make_in_a_nested_doc_reads_the_makefile_above(repo: Repo) -> None:
    r = repo({"Makefile": MAKEFILE, "api/AGENTS.md": "- `make test`\n- `make serve`\n"})
    assert [m for _, _, m, _ in said(r)] == ["`make serve`: no target `serve` in Makefile"]


def test_make_aimed_at_a_folder_reads_that_makefile(repo: Repo) -> None:
    r = repo(
        {
            "Makefile": MAKEFILE,
            "api/Makefile": "serve:\n\trun\n",
            "AGENTS.md": "```bash\ncd api && make test\nmake -C api lint\n```\n",
        }
    )
    assert [m for _, _, m, _ in said(r)] == [
        "`make test`: no target `test` in api/Makefile",
        "`make -C api lint`: no target `lint` in api/Makefile",
    ]


def test_a_cd_line_moves_the_rest_of_its_shell_block(repo: Repo) -> None:
    r = repo(
        {
            "Makefile": "test:\n\tall\nlint:\n\tall\n",
            "go/Makefile": "build:\n\tgo build\nunit-test:\n\tgo test\n",
            "AGENTS.md": (
                "```bash\ncd go\nmake build\nmake test   # all of them\n```\n\n"  # 4: go/Makefile has no test
                "```bash\nmake lint\n```\n\n"  # another block: the root again
                "```bash\ncd my-new-project\nmake serve\n```\n\n"  # made on the way: not judged
                "```bash\ncd $WORKDIR\nmake gone\n```\n"
            ),
        }
    )
    assert [(line, m, fix) for _, line, m, fix in said(r)] == [
        (4, "`make test`: no target `test` in go/Makefile", "did you mean `unit-test`?")
    ]


def test_a_cd_from_where_the_line_before_went(repo: Repo) -> None:
    r = repo(
        {
            "dart/pubspec.yaml": "name: x\n",
            "go/Makefile": "build:\n\tgo build\n",
            "api/Makefile": "serve:\n\trun\n",
            "AGENTS.md": (
                "```bash\ncd dart && dart run tool/gen.dart\ncd ../go && make test\n```\n\n"  # 3: from dart/, go/
                "```bash\ncd api && make serve\nmake -C go build\n```\n"  # each line from the doc's folder
            ),
        }
    )
    assert [(line, m) for _, line, m, _ in said(r)] == [(3, "`make test`: no target `test` in go/Makefile")]


def test_a_makefile_s_error_message_defines_no_target(repo: Repo) -> None:
    makefile = (
        "UNAME := $(shell uname)\nifeq ($(UNAME), Darwin)\n    X := 1\nelse\n"
        "    $(error Unsupported platform: $(UNAME))\nendif\n\nbuild:\n\tcc\n"
    )
    r = repo({"Makefile": makefile, "AGENTS.md": "- `make build`\n- `make test`\n"})
    assert [m for _, _, m, _ in said(r)] == ["`make test`: no target `test` in Makefile"]


def test_every_target_of_one_make_line_is_checked(repo: Repo) -> None:
    r = repo({"Makefile": "up:\n\tup\n", "AGENTS.md": "```sh\nmake up / down   # start, stop\n```\n"})
    assert [m for _, _, m, _ in said(r)] == ["`make up / down`: no target `down` in Makefile"]


def test_no_makefile_in_reach_says_nothing(repo: Repo) -> None:
    r = repo({"AGENTS.md": "- `make test`\n"})
    assert said(r) == []


# --- package.json scripts ----------------------------------------------------------------------

ROOT_PACKAGE = {"json": {"name": "mono", "private": True, "scripts": {"build": "turbo build", "lint": "eslint ."}}}
WEB_PACKAGE = {"json": {"name": "@acme/web", "scripts": {"dev": "next dev", "test": "vitest"}}}


def test_a_script_the_package_lacks_is_a_warning(repo: Repo) -> None:
    r = repo({"package.json": ROOT_PACKAGE, "AGENTS.md": "- `npm run buld`\n"})
    assert said(r) == [("AGENTS.md", 1, "`npm run buld`: no script `buld` in package.json", "did you mean `build`?")]


def test_a_filter_resolves_to_the_workspace_package(repo: Repo) -> None:
    r = repo(
        {
            "package.json": ROOT_PACKAGE,
            "apps/web/package.json": WEB_PACKAGE,
            "AGENTS.md": "- `pnpm --filter @acme/web test`\n- `pnpm --filter @acme/web test:e2e`\n"
            "- `pnpm -F ./apps/web run dev`\n- `yarn workspace @acme/web dev`\n- `pnpm -w lint`\n"
            "- `npm --prefix apps/web run build`\n",
        }
    )
    assert [m for _, _, m, _ in said(r)] == [
        "`pnpm --filter @acme/web test:e2e`: no script `test:e2e` in apps/web/package.json",
        "`npm --prefix apps/web run build`: no script `build` in apps/web/package.json",
    ]


def test_a_nested_doc_finds_the_scripts_of_the_root_package(repo: Repo) -> None:
    """The root's scripts are run from the root, where agents start: ``pnpm lint`` in
    ``apps/web/AGENTS.md`` is the root's ``lint``."""
    r = repo(
        {"package.json": ROOT_PACKAGE, "apps/web/package.json": WEB_PACKAGE, "apps/web/AGENTS.md": "- `pnpm lint`\n"}
    )
    assert said(r) == []


@pytest.mark.parametrize(
    "doc",
    [
        "`pnpm vitest run`",  # a binary as likely as a script
        "`pnpm add -D zod`",  # the package manager's own command
        "`yarn install`",
        "`pnpm --filter '@acme/*' test:e2e`",  # a glob: many packages
        "`pnpm --filter nope test:e2e`",  # no such package: not followed
        "`npm run test:e2e --if-present`",
        "`pnpm -r test:e2e`",  # recursive: every package that has it
        "`pnpm run`",
        "`bun run scripts/x.ts`",  # a file
        "`npm start`",  # with server.js, node runs it
        "`pnpm dev`",  # a package below has it
    ],
)
def test_scripts_say_nothing_when_they_cannot_know(repo: Repo, doc: str) -> None:
    r = repo(
        {
            "package.json": ROOT_PACKAGE,
            "server.js": "",
            "apps/web/package.json": {"json": {"name": "@acme/web", "scripts": {"dev": "x", "test:e2e": "x"}}},
            "AGENTS.md": f"- {doc}\n",
        }
    )
    assert said(r) == []


def test_a_script_like_name_without_run_is_read_as_a_script(repo: Repo) -> None:
    r = repo({"package.json": ROOT_PACKAGE, "AGENTS.md": "- `pnpm test:unit`\n- `yarn typecheck`\n- `npm test`\n"})
    assert [m for _, _, m, _ in said(r)] == [
        "`pnpm test:unit`: no script `test:unit` in package.json",
        "`yarn typecheck`: no script `typecheck` in package.json",
        "`npm test`: no script `test` in package.json",
    ]


@pytest.mark.parametrize(
    ("manager", "rc", "said_lines"),
    [
        ("yarn@4.17.1", False, [4]),  # Yarn 4 runs the app's `dev:reset` from the package
        ("", True, [4]),  # a .yarnrc.yml: Yarn 2 or later
        ("yarn@1.22.22", False, [3, 4]),  # Yarn 1 looks in the package and above only
    ],
    ids=["yarn-4", "yarnrc-yml", "yarn-1"],
)
def test_yarn_berry_runs_a_colon_script_only_one_workspace_defines_from_any(
    repo: Repo, manager: str, rc: bool, said_lines: list[int]
) -> None:
    # open-mercato's packages/cli/AGENTS.md: "The dev escape hatch is `yarn dev:reset`" (apps/mercato's).
    root: dict[str, Any] = {"name": "shop", "private": True, "workspaces": ["apps/*", "packages/*"]}
    if manager:
        root["packageManager"] = manager
    files: dict[str, Any] = {
        "package.json": {"json": root},
        "apps/shop/package.json": {"json": {"name": "app", "scripts": {"dev:reset": "x", "db:seed": "x"}}},
        "apps/admin/package.json": {"json": {"name": "admin", "scripts": {"db:seed": "x"}}},
        "packages/cli/package.json": {"json": {"name": "cli", "scripts": {"build": "x"}}},
        "packages/cli/AGENTS.md": "# Cli\n\n- `yarn dev:reset`\n- `yarn db:seed`\n- `yarn dev:gone`\n",
    }
    if rc:
        files[".yarnrc.yml"] = "nodeLinker: node-modules\n"
    # db:seed: two workspaces define it, Yarn cannot choose; dev:gone: none does
    assert [line for _, line, _, _ in said(repo(files))] == [*said_lines, 5]


def test_a_doc_over_packages_names_theirs(repo: Repo) -> None:
    r = repo(
        {
            "package.json": ROOT_PACKAGE,
            "guides/a/package.json": {"json": {"scripts": {"start": "vite dev", "deploy": "wrangler deploy"}}},
            "guides/b/package.json": {"json": {"scripts": {"start": "vite dev"}}},
            "guides/AGENTS.md": "A guide's README says how to run it: `pnpm run dev`.\n",
        }
    )
    assert [m for _, _, m, _ in said(r)] == [
        "`pnpm run dev`: no script `dev` in package.json, nor in guides/a/package.json, guides/b/package.json"
    ]


# --- just --------------------------------------------------------------------------------------

JUSTFILE = (
    'set shell := ["bash", "-cu"]\nalias f := fmt\n\n# format\nfmt:\n    cargo fmt\n\n'
    "test *args:\n    cargo test {{args}}\n"
)


def test_a_recipe_the_justfile_lacks_is_a_warning(repo: Repo) -> None:
    r = repo({"justfile": JUSTFILE, "AGENTS.md": "```sh\njust fmtt\njust f\njust test -p x\n```\n"})
    assert said(r) == [("AGENTS.md", 2, "`just fmtt`: no recipe `fmtt` in justfile", "did you mean `fmt`?")]


def test_just_follows_imports_and_modules(repo: Repo) -> None:
    r = repo(
        {
            "justfile": JUSTFILE + "import 'tools/ci.just'\nmod docs\n",
            "tools/ci.just": "ci:\n    just test\n",
            "docs.just": "serve:\n    mdbook serve\n",
            "AGENTS.md": "- `just ci`\n- `just docs serve`\n- `just docs::serve`\n- `just docs build`\n",
        }
    )
    assert [m for _, _, m, _ in said(r)] == ["`just docs build`: no recipe `build` in module `docs` (docs.just)"]


@pytest.mark.parametrize(
    ("doc", "files"),
    [
        ("`just --list`", {}),
        ("`just <recipe>`", {}),
        ("`just gen`", {"justfile": JUSTFILE + "import 'gone.just'\n"}),
        ("`just gen`", {"justfile": JUSTFILE + "import '{{x}}.just'\n"}),
        ("`just gen`", {"justfile": JUSTFILE + "mod gen 'missing.just'\n"}),
        ("`just gen`", {"sub/justfile": "gen:\n    x\n"}),  # a justfile below has it
    ],
    ids=["list", "placeholder", "missing-import", "templated-import", "missing-module", "below"],
)
def test_just_says_nothing_when_it_cannot_know(repo: Repo, doc: str, files: dict[str, Any]) -> None:
    r = repo({"justfile": JUSTFILE, "AGENTS.md": f"- {doc}\n", **files})
    assert said(r) == []


def test_just_with_fallback_reads_the_justfile_above(repo: Repo) -> None:
    r = repo(
        {
            "justfile": JUSTFILE,
            "crates/x/justfile": "set fallback\nbench:\n    cargo bench\n",
            "crates/x/AGENTS.md": "- `just bench`\n- `just fmt`\n- `just lint`\n",
        }
    )
    assert [m for _, _, m, _ in said(r)] == ["`just lint`: no recipe `lint` in crates/x/justfile, justfile"]


# --- tox and nox -------------------------------------------------------------------------------

TOX_INI = (
    "[tox]\nenvlist = py{311,312}-django{4,5}, lint\n\n[testenv]\ncommands = pytest\n\n"
    "[testenv:docs]\ncommands = mkdocs build\n"
)


def test_tox_environments(repo: Repo) -> None:
    r = repo(
        {
            "tox.ini": TOX_INI,
            "AGENTS.md": "- `tox -e lnt`\n- `tox -e lint,docs`\n- `tox -e py313`\n- `tox -e py311-django5`\n"
            "- `tox run -e py312-django4`\n- `tox -e ALL`\n- `uv run tox -e dosc`\n",
        }
    )
    assert said(r) == [
        ("AGENTS.md", 1, "`tox -e lnt`: no tox environment `lnt` in tox.ini", "did you mean `lint`?"),
        ("AGENTS.md", 7, "`uv run tox -e dosc`: no tox environment `dosc` in tox.ini", "did you mean `docs`?"),
    ]


@pytest.mark.parametrize(
    "config",
    [
        {"pyproject.toml": '[tool.tox]\nlegacy_tox_ini = """\n[tox]\nenvlist = lint\n"""\n'},
        {"tox.toml": 'env_list = ["lint"]\n[env.docs]\ncommands = [["mkdocs"]]\n'},
        {"pyproject.toml": '[tool.tox]\nenv_list = ["lint"]\n[tool.tox.env.docs]\ncommands = [["mkdocs"]]\n'},
    ],
    ids=["legacy-ini", "tox-toml", "pyproject-native"],
)
def test_tox_reads_its_other_configurations(repo: Repo, config: dict[str, str]) -> None:
    r = repo({**config, "AGENTS.md": "- `tox -e lint`\n- `tox -e lnt`\n"})
    assert [m for _, _, m, _ in said(r)] == [f"`tox -e lnt`: no tox environment `lnt` in {next(iter(config))}"]


def test_tox_runs_a_name_made_of_the_factors_its_settings_are_conditional_on(repo: Repo) -> None:
    tox_ini = (
        "[tox]\nenvlist =\n  py3{10,14}-ci-{openai,openai-latest}\n\n[testenv]\n"
        "commands_pre =\n  openai-latest: uv pip install -U openai\n"
        "commands =\n  ruff: ruff format .\n  mypy: mypy .\n  test: pytest {posargs:.}\n  !ci,py310: python -V\n"
    )
    doc = "```bash\ntox run -e test-openai\ntox run -e ruff-mypy-test-openai\ntox run -e lint-openai\n```\n"
    r = repo({"python/tox.ini": tox_ini, "python/AGENTS.md": doc})
    missing = "`tox run -e lint-openai`: no tox environment `lint-openai` in python/tox.ini"
    assert [m for _, _, m, _ in said(r)] == [missing]


def test_tox_ranges_are_not_expanded_so_say_nothing(repo: Repo) -> None:
    r = repo({"tox.ini": "[tox]\nenvlist = py3{9-13}-x\n", "AGENTS.md": "- `tox -e weird`\n"})
    assert said(r) == []


NOXFILE = (
    "import nox\n\n@nox.session(python=['3.11', '3.12'])\ndef tests(session):\n    session.run('pytest')\n\n"
    "@nox.session(name='type-check')\ndef mypy(session):\n    session.run('mypy')\n"
)


def test_nox_sessions(repo: Repo) -> None:
    r = repo(
        {
            "noxfile.py": NOXFILE,
            "AGENTS.md": "- `nox -s tests-3.12`\n- `nox -s type-check`\n- `nox -s mypy`\n- `nox -s tsts`\n",
        }
    )
    assert [(m, fix) for _, _, m, fix in said(r)] == [
        ("`nox -s mypy`: no nox session `mypy` in noxfile.py", "correct the command, or add what it runs"),
        ("`nox -s tsts`: no nox session `tsts` in noxfile.py", "did you mean `tests`?"),
    ]


def test_nox_sessions_made_otherwise_say_nothing(repo: Repo) -> None:
    noxfile = NOXFILE + "\nfor name in ('a', 'b'):\n    nox.session(name=name)(lambda session: None)\n"
    r = repo({"noxfile.py": noxfile, "AGENTS.md": "- `nox -s a`\n"})
    assert said(r) == []


# --- python -m, uv run, cargo xtask ------------------------------------------------------------

PYPROJECT = '[project]\nname = "acme"\ndependencies = ["httpx"]\n[project.scripts]\nacme = "acme.cli:main"\n'


def test_python_modules_of_the_project(repo: Repo) -> None:
    r = repo(
        {
            "pyproject.toml": PYPROJECT,
            "src/acme/__init__.py": "",
            "src/acme/cli.py": "",
            "src/acme/tools/gen.py": "",  # a namespace package: no __init__.py
            "AGENTS.md": "```sh\npython -m acme.cli\npython3 -m acme.tools\nuv run python -m acme.gone\n"
            "uv run -m acme.cli\npython -m pytest -q\npython -m http.server\npython -m acme\n```\n",
        }
    )
    assert said(r) == [
        (
            "AGENTS.md",
            4,
            "`uv run python -m acme.gone`: no module `acme.gone` in the project's package src/acme",
            "did you mean `acme.tools`?",
        )
    ]


def test_uv_run_of_a_script_named_after_the_project(repo: Repo) -> None:
    r = repo(
        {
            "pyproject.toml": PYPROJECT,
            "AGENTS.md": "- `uv run acme`\n- `uv run acme-serve`\n- `uv run pytest -x`\n- `uv run httpx`\n",
        }
    )
    assert said(r) == [
        (
            "AGENTS.md",
            2,
            "`uv run acme-serve`: no script `acme-serve` in pyproject.toml",
            "correct the command, or add what it runs",
        )
    ]


XTASK_MAIN = """use clap::{Parser, Subcommand};

#[derive(Subcommand)]
enum Commands {
    /// Regenerate the schema
    Codegen,
    #[command(name = "ts")]
    TypeScript { out: String },
    CompressTreeSitter,
}
"""


def test_cargo_xtask_subcommands_from_clap(repo: Repo) -> None:
    r = repo(
        {
            "xtask/Cargo.toml": '[package]\nname = "xtask"\n',
            "xtask/src/main.rs": XTASK_MAIN,
            "AGENTS.md": "- `cargo xtask codegen`\n- `cargo xtask ts`\n- `cargo xtask compress-tree-sitter`\n"
            "- `cargo xtask gen`\n",
        }
    )
    assert said(r) == [
        ("AGENTS.md", 4, "`cargo xtask gen`: no xtask subcommand `gen` in xtask/src", "did you mean `codegen`?")
    ]


def test_cargo_xtask_with_another_parser_says_nothing(repo: Repo) -> None:
    r = repo(
        {
            "xtask/src/main.rs": "fn main() { let task = std::env::args().nth(1); run(task) }\n",
            "AGENTS.md": "- `cargo xtask gen`\n",
        }
    )
    assert said(r) == []


# --- ./path ------------------------------------------------------------------------------------


def test_a_script_that_cannot_be_executed(repo: Repo) -> None:
    r = repo(
        {
            "scripts/dev.sh": "#!/bin/sh\n",
            "scripts/ok.sh": "#!/bin/sh\n",
            "AGENTS.md": "```sh\n./scripts/dev.sh --watch\n./scripts/ok.sh\n./scripts/gone.sh\n```\n"
            "See [the readme](./README.md), `./api`, `./docs/` and `./scripts/dev.sh` for how it works.\n"
            "Run `./scripts/dev.sh` to start.\n",
            "README.md": "",
        },
        commit=False,
    )
    os.chmod(r.path / "scripts" / "ok.sh", 0o755)
    r.commit()
    assert said(r) == [
        (
            "AGENTS.md",
            2,
            "`./scripts/dev.sh --watch`: scripts/dev.sh is not executable; also line 7",
            "make it executable (`git update-index --chmod=+x scripts/dev.sh`), or say how to run it",
        )
    ]
    # The one that is not there is missing-path's to say.
    assert [f.message for f in r.findings("missing-path") if f.line == 4] == [
        "`./scripts/gone.sh` (in a code block) does not exist (in the repository)"
    ]


@pytest.mark.parametrize("lang", ["", "text"])
def test_a_drawn_folder_tree_runs_nothing(repo: Repo, lang: str) -> None:
    # amiberry: a map of the nested docs, ``./AGENTS.md (this file)`` atop ``├── src/AGENTS.md``.
    tree = "./AGENTS.md (this file)\n├── src/AGENTS.md   — core\n│   └── src/jit/AGENTS.md\n"
    r = repo(
        {
            "src/AGENTS.md": "# Src\n",
            "src/jit/AGENTS.md": "# Jit\n",
            "run.sh": "#!/bin/sh\n",
            "AGENTS.md": f"# Root\n\n```{lang}\n{tree}```\n\n```sh\n./run.sh\n```\n",
        }
    )
    assert [m for _, _, m, _ in said(r)] == ["`./run.sh`: run.sh is not executable"]


# --- what other projects run, and what is made locally -----------------------------------------


@pytest.mark.parametrize(
    "doc",
    [
        "In a project made from one of the templates, run `npm run deploy`.",
        "Then `cd` into your project and run `npm run deploy`.",
        "`npm run deploy` is gone; use `npm run build`.",
    ],
    ids=["template", "your-project", "gone"],
)
def test_another_projects_commands_say_nothing(repo: Repo, doc: str) -> None:
    r = repo({"package.json": ROOT_PACKAGE, "AGENTS.md": f"{doc}\n"})
    assert said(r) == []


def test_a_module_git_ignores_is_made_locally(repo: Repo) -> None:
    r = repo(
        {
            ".gitignore": "src/acme/_version.py\nsrc/acme/proto/\n",
            "src/acme/__init__.py": "",
            "AGENTS.md": "- `python -m acme._version`\n- `python -m acme.proto.api_pb2`\n- `python -m acme.gone`\n",
        }
    )
    assert [m for _, _, m, _ in said(r)] == [
        "`python -m acme.gone`: no module `acme.gone` in the project's package src/acme"
    ]


def test_nox_under_another_decorator_name_says_nothing(repo: Repo) -> None:
    noxfile = "from nox import session as nox_session\n\n@nox_session\ndef lint(session):\n    pass\n"
    r = repo({"noxfile.py": noxfile, "AGENTS.md": "- `nox -s lint`\n- `nox -s tests`\n"})
    assert said(r) == []


def test_cargo_xtask_taking_any_subcommand_says_nothing(repo: Repo) -> None:
    main = XTASK_MAIN.replace(
        "    CompressTreeSitter,\n", "    #[command(external_subcommand)]\n    Other(Vec<String>),\n"
    )
    r = repo({"xtask/src/main.rs": main, "AGENTS.md": "- `cargo xtask gen`\n"})
    assert said(r) == []


def test_outside_git_the_files_on_disk_are_read(tmp_path: Path) -> None:
    build_tree(
        tmp_path / "proj",
        {
            "Makefile": MAKEFILE,
            "package.json": ROOT_PACKAGE,
            "run.sh": "#!/bin/sh\n",
            "AGENTS.md": "```sh\nmake tets\nnpm run lint\nnpm run lnt\n./run.sh\n```\n",
        },
    )
    found = check(str(tmp_path / "proj")).findings
    assert [f.message for f in found if f.rule == "missing-command"] == [
        "`make tets`: no target `tets` in Makefile",
        "`npm run lnt`: no script `lnt` in package.json",
        "`./run.sh`: run.sh is not executable",
    ]


def test_a_justfile_linking_out_of_the_repository_is_never_read(repo: Repo, tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "secret.just"
    outside.parent.mkdir()
    outside.write_text("deploy-secret-xyz:\n    echo\n")
    r = repo({"justfile": {"symlink": str(outside)}, "AGENTS.md": "```sh\njust deploy-secret\n```\n"})
    found = [f for f in r.check().findings if f.rule == "missing-command"]
    assert found == []  # it cannot tell what the recipes are: nothing is said, nothing quoted
    assert "deploy-secret-xyz" not in str(r.check().findings)


# --- where a command runs elsewhere ---------------------------------------------------------------


def test_a_ci_folders_doc_names_what_workflows_run_in_any_package(repo: Repo) -> None:
    doc = (
        "# Workflows\n\n## Desktop build\n- runs `npm run package-mac` (all cross-compiled)\n"
        "## Frontend\n- one `npm run build` makes every bundle; `npm run deploy-all` uploads them\n"
    )
    r = repo(
        {
            ".github/workflows/AGENTS.md": doc,
            ".github/workflows/ci.yml": "on: push\n",
            "package.json": '{"name": "root"}\n',
            "desktop/package.json": '{"scripts": {"package-mac": "x"}}\n',
            "web/package.json": '{"scripts": {"build": "x"}}\n',
        }
    )
    # a script no package has is still missing
    assert [(f.line, f.message) for f in r.findings("missing-command")] == [
        (6, "`npm run deploy-all`: no script `deploy-all` in package.json")
    ]


def test_a_folders_doc_still_runs_its_commands_in_its_own_package(repo: Repo) -> None:
    r = repo(
        {
            "tools/AGENTS.md": "# Tools\n\nRun `npm run package-mac`.\n",
            "tools/package.json": '{"scripts": {"build": "x"}}\n',
            "desktop/package.json": '{"scripts": {"package-mac": "x"}}\n',
        }
    )
    assert [f.line for f in r.findings("missing-command")] == [3]


@pytest.mark.parametrize(
    ("line", "lines"),
    [
        ("| `migrate` | Runs inside the `api` container: args are appended to `npm run migrate`. |", []),
        ("The worker runs `npm run migrate` in the docker container on start.", []),
        ("Run `npm run migrate` to migrate the database.", [3]),
    ],
    ids=["inside-the-api-container", "in-the-docker-container", "run-here"],
)
def test_a_command_said_to_run_in_a_container_is_the_images(repo: Repo, line: str, lines: list[int]) -> None:
    r = repo({"cli/AGENTS.md": f"# CLI\n\n{line}\n", "cli/package.json": '{"scripts": {"build": "x"}}\n'})
    assert [f.line for f in r.findings("missing-command")] == lines


@pytest.mark.parametrize(
    ("block", "lines"),
    [
        # a project made on the way: the commands after the cd run in it
        ("npx @acme/cli my-app && cd my-app && npm install && npm run dev", []),
        # a block whose first line scaffolds: the lines after it work in the new project
        ("npx @acme/cli my-app          # scaffold\nnpm run dev                   # dev server", []),
        ("npm create vite@latest my-app\nnpm run dev", []),
        # a folder of the repository: judged there
        ("cd web && npm run dev", [4]),
        ("npm run dev", [4]),
    ],
    ids=["cd-made-folder", "scaffold-comment", "npm-create", "cd-real-folder", "plain"],
)
def test_commands_in_a_project_made_on_the_way_are_not_judged(repo: Repo, block: str, lines: list[int]) -> None:
    r = repo(
        {
            "AGENTS.md": f"# Root\n\n```bash\n{block}\n```\n",
            "package.json": '{"scripts": {"build": "x"}}\n',
            "web/package.json": '{"scripts": {"build": "x"}}\n',
        }
    )
    assert [f.line for f in r.findings("missing-command")] == lines


def test_a_script_of_the_packages_beside_the_doc_on_a_line_about_them_is_theirs(repo: Repo) -> None:
    def package(scripts: str) -> str:
        return '{"name": "x", "scripts": {' + scripts + "}}\n"

    doc = (
        "# E2e harness\n\nNext.js-only examples start with `pnpm dev`.\n\n"
        "For hybrid examples the `webServer.command` is:\n\n- `pnpm dev:ui`\n\n"
        "1. Ensure the example starts via `pnpm dev:ui` (hybrid).\n"
        "2. Run the harness with `pnpm test:ui`.\n"  # its own: not the examples'
        "3. Every example has `pnpm dev:agent`.\n"  # one example alone has it: stale
        "4. For example, `pnpm dev:ui:watch` works too.\n"  # "for example" speaks of no example
    )
    r = repo(
        {
            "examples/e2e/package.json": package('"test": "playwright test"'),
            "examples/canvas/a/package.json": package(
                '"dev": "x", "dev:ui": "x", "dev:agent": "x", "dev:ui:watch": "x"'
            ),
            "examples/canvas/b/package.json": package('"dev": "x", "dev:ui": "x", "dev:ui:watch": "x"'),
            "examples/chat/package.json": package('"dev": "x", "dev:ui": "x"'),
            "packages/web/package.json": package('"test:ui": "x"'),
            "examples/e2e/AGENTS.md": doc,
        }
    )
    assert [(line, m.partition(": no")[0]) for _, line, m, _ in said(r)] == [
        (10, "`pnpm test:ui`"),
        (11, "`pnpm dev:agent`"),
        (12, "`pnpm dev:ui:watch`"),
    ]
