"""Rule 7, ``conflicting-command``: a doc and a doc above it naming different tools for one command."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import GitRepo

from agents_md.diagnostics import Severity
from agents_md.maintain.read.commands import classify

Repo = Callable[..., GitRepo]


def test_pnpm_at_the_root_npm_below_is_information_with_both_lines(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n\n- `pnpm install` first\n- `pnpm test` runs the tests\n",
            "apps/web/AGENTS.md": "# Web\n\n## Commands\n\n- `npm test` runs Vitest\n",
        }
    )
    assert [(f.file, f.line, f.severity, f.message) for f in r.findings("conflicting-command")] == [
        (
            "apps/web/AGENTS.md",
            5,
            Severity.INFO,
            "`npm test` here, `pnpm test` in AGENTS.md:4; both load, and the nearer file should win",
        )
    ]


def test_commands_in_shell_fences_count_and_run_is_the_same_script(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n\n```sh\npnpm run lint && pnpm build\n```\n",
            "a/b/AGENTS.md": "# B\n\n```bash\n$ yarn lint\n```\n",
        }
    )
    found = r.findings("conflicting-command")
    assert [(f.file, f.line, f.message.split(";")[0]) for f in found] == [
        ("a/b/AGENTS.md", 4, "`$ yarn lint` here, `pnpm run lint` in AGENTS.md:4")
    ]


@pytest.mark.parametrize(
    ("root", "nested"),
    [
        ("- `pnpm test`\n", "- `pnpm test -- --watch`\n"),  # the same tool
        ("- `pnpm test`\n", "- `npm run build`\n"),  # another command
        ("- The package manager is `pnpm`. `npm install` writes a second lockfile.\n", "- `pnpm install`\n"),
        ("- `pnpm test`\n", "- Do not run `npm test` here.\n"),  # said as what not to do
        ("- `pnpm test`\n", "```python\nnpm test\n```\n"),  # not a shell block
        ("- `make test`\n", "- `pytest -q`\n"),  # not one family
        ("- `npx svgo --multipass icon.svg`\n", "- `pnpm exec dotenv -- pnpm dev`\n"),  # no common job
        ("- `pnpm dev`\n", "- `npm --workspace web run dev`\n"),  # another package's
        ("- `yarn release`\n", "- `pnpm release`\n"),  # no common job
        ("- `pnpm install`\n", "- It runs `npm install @napi-rs/keyring` at run time.\n"),  # adds a package
    ],
    ids=[
        "same-tool",
        "other-action",
        "root-names-both",
        "negated",
        "not-shell",
        "other-family",
        "exec",
        "aimed",
        "job",
        "adds-a-package",
    ],
)
def test_not_a_conflict(repo: Repo, root: str, nested: str) -> None:
    r = repo({"AGENTS.md": "# Root\n\n" + root, "a/AGENTS.md": "# A\n\n" + nested})
    assert r.findings("conflicting-command") == []


@pytest.mark.parametrize(("lockfile", "conflicts"), [("bun.lock", 0), ("pnpm-lock.yaml", 1)])
def test_a_project_locked_to_its_own_tool_does_not_conflict(repo: Repo, lockfile: str, conflicts: int) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n\n- `pnpm test`\n",
            "examples/bun-app/AGENTS.md": "# Bun app\n\nUse `bun test` to run tests.\n",
            f"examples/bun-app/{lockfile}": "x\n",
        }
    )
    assert len(r.findings("conflicting-command")) == conflicts


def test_siblings_do_not_conflict(repo: Repo) -> None:
    r = repo({"a/AGENTS.md": "- `pnpm test`\n", "b/AGENTS.md": "- `npm test`\n"})
    assert r.findings("conflicting-command") == []


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("pnpm test", ("js", "test", "pnpm")),
        ("npm run test", ("js", "test", "npm")),
        ("npm ci", ("js", "install", "npm")),
        ("yarn", ("js", "install", "yarn")),
        ("npx vitest", ("js", "exec", "npm")),
        ("pnpm dlx vitest", ("js", "exec", "pnpm")),
        ("uv sync", ("python", "install", "uv")),
        ("uv pip install -e .", ("python", "install", "uv")),
        ("pip install -r requirements.txt", ("python", "install", "pip")),
        ("poetry run pytest", ("python", "run", "poetry")),
        ("CI=1 make test", ("task", "test", "make")),
        ("just", ("task", "(default)", "just")),
        ("pytest -q", None),
        ("terraform plan", None),
    ],
)
def test_classify(command: str, expected: tuple[str, str, str] | None) -> None:
    assert classify(command) == expected


def test_the_same_job_under_its_script_names_is_compared(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n\n- `pnpm typecheck`\n", "a/AGENTS.md": "# A\n\n- `npm run typecheck:all`\n"})
    assert [(f.file, f.line) for f in r.findings("conflicting-command")] == [("a/AGENTS.md", 3)]
