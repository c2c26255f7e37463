"""The public face of ``agents_md.maintain``, the pre-commit hooks, and a cheap CLI start."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import yaml
from conftest import GitRepo

import agents_md.maintain as maintain
from agents_md.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[2]
Repo = Callable[..., GitRepo]


def test_every_public_name_loads() -> None:
    for name in maintain.__all__:
        assert getattr(maintain, name) is not None
    assert maintain.check.__module__ == "agents_md.maintain.checks.checker"
    assert set(maintain.RULES) >= {
        "doc-not-updated",
        "stale-doc",
        "missing-path",
        "line-budget",
        "byte-budget-claude",
        "byte-budget-codex",
        "invisible-doc",
        "broken-import",
        "import-cycle",
        "import-outside-repo",
        "dangling-link",
        "duplicate-text",
        "conflicting-command",
        "missing-command",
    }


def test_pre_commit_hooks_name_real_commands() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    by_id = {h["id"]: h for h in hooks}
    assert set(by_id) == {"agents-md-check", "agents-md-agents-check"}
    assert by_id["agents-md-check"]["entry"] == "agents-md check --pre-commit"
    assert by_id["agents-md-check"]["pass_filenames"] is True
    assert by_id["agents-md-check"]["verbose"] is True
    from agents_md.maintain.repo.files import HOOK_FILES

    assert by_id["agents-md-check"]["files"] == HOOK_FILES  # what --pre-commit compares with
    parser = build_parser()
    for hook in hooks:
        args = hook["entry"].split()[1:]
        parsed = parser.parse_args([*args, "x.md"] if hook.get("pass_filenames", True) else args)
        assert callable(parsed.run)
        assert hook["language"] == "python"


def test_the_command_line_starts_without_the_maintenance_code() -> None:
    code = (
        "import sys\n"
        "from agents_md.cli.main import build_parser\n"
        "build_parser()\n"
        "heavy = [m for m in ('agents_md.maintain.checks.checker', 'agents_md.host.session',"
        " 'agents_md.maintain.views.engine')"
        " if m in sys.modules]\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_readme_names_every_rule_of_check() -> None:
    from agents_md.maintain.checks.rules import RULES

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| rule | what it finds |") :]
    table = table[: table.index("\n\n")]
    missing = [rule for rule in RULES if rule != "config" and f"`{rule}`" not in table]
    assert missing == []


def test_a_check_imports_only_what_its_repository_needs(repo: Repo) -> None:
    """The other engines' modules (engine-divergence, for a team of two or more), a baseline's, a
    change's scope (not --all), a misspelt name's suggestions, tox's parser and URL decoding (a link
    with a ``%``) are imported only when a check meets what needs them."""
    r = repo({"AGENTS.md": "# Root\n\nSee [the guide](docs/guide.md).\n", "docs/guide.md": "# Guide\n", "tox.ini": ""})
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"src/a.py": "a\n"})
    code = (
        "import sys\n"
        "from agents_md.cli.main import main\n"
        "main(['check', '--dir', sys.argv[1], '--base', 'main', '--all', '--format', 'json'])\n"
        "lazy = ('agents_md.engines.registry', 'agents_md.engines.gemini', 'agents_md.engines.opencode',"
        " 'agents_md.host.engines', 'agents_md.maintain.checks.baseline', 'agents_md.maintain.checks.scope',"
        " 'difflib', 'configparser', 'urllib.parse')\n"
        "print([m for m in lazy if m in sys.modules], file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(r.path)], capture_output=True, text=True, env=r.env)
    assert done.stderr.strip() == "[]"


def test_the_configurations_engine_name_is_claude_codes() -> None:
    from agents_md.host.engines import CLAUDE_CODE
    from agents_md.maintain.repo import config

    assert config.CLAUDE_CODE == CLAUDE_CODE
    assert config.Config().engines == (CLAUDE_CODE,)
