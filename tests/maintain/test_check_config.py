"""Configuration: ``.agents-md.toml`` or ``[tool.agents-md]``; rules on/off, severities, ignore, problems."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import GitRepo

from agents_md.diagnostics import Severity
from agents_md.errors import AgentsMdError
from agents_md.maintain.repo.config import Config, load_config, parse_config

Repo = Callable[..., GitRepo]
BROKEN = {"AGENTS.md": "# Root\n\n@gone.md\n- `src/gone/x.ts`\n", "src/y.ts": "y\n"}


def test_defaults_without_a_file(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# x\n"})
    assert load_config(str(r.path)) == Config()


def test_rules_turned_off_and_severity_changed_in_pyproject(repo: Repo) -> None:
    r = repo(
        {
            **BROKEN,
            "pyproject.toml": '[project]\nname = "x"\n\n[tool.agents-md.rules]\nbroken-import = false\n'
            'missing-path = "error"\n',
        }
    )
    result = r.check()
    assert [(f.rule, f.severity) for f in result.findings] == [("missing-path", Severity.ERROR)]
    assert result.config_source == "pyproject.toml"


def test_dot_file_wins_over_pyproject(repo: Repo) -> None:
    r = repo(
        {
            **BROKEN,
            "pyproject.toml": "[tool.agents-md]\nmax-lines = 1\n",
            ".agents-md.toml": "[rules]\nbroken-import = false\n",
        }
    )
    result = r.check()
    assert result.config_source == ".agents-md.toml"
    assert [f.rule for f in result.findings] == ["missing-path"]


def test_ignored_paths_are_neither_checked_nor_counted_as_code(repo: Repo) -> None:
    r = repo({**BROKEN, "vendor/lib/AGENTS.md": "@gone.md\n", ".agents-md.toml": 'ignore = ["AGENTS.md", "vendor"]\n'})
    result = r.check()
    assert result.findings == ()
    assert result.files == ()


def test_every_problem_is_collected_with_its_line(repo: Repo) -> None:
    toml = 'max-line = 10\nstale-days = "x"\n[rules]\nstale-docs = false\nmissing-path = "fatal"\n'
    r = repo({"AGENTS.md": "# x\n", ".agents-md.toml": toml})
    found = r.findings("config")
    assert [(f.file, f.line, f.message) for f in found] == [
        (".agents-md.toml", 1, "unknown key 'max-line'; did you mean 'max-lines'?"),
        (".agents-md.toml", 2, "stale-days must be a whole number ≥ 0, not 'x'"),
        (".agents-md.toml", 4, "unknown rule 'stale-docs'; did you mean 'stale-doc'?"),
        (
            ".agents-md.toml",
            5,
            'rules.missing-path must be true, false (or "off"), "error", "warning" or "info", not \'fatal\'',
        ),
    ]
    assert all(f.severity is Severity.ERROR for f in found)


def test_invalid_toml_is_an_error(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# x\n", ".agents-md.toml": "max-lines = \n"})
    with pytest.raises(AgentsMdError, match=r"\.agents-md\.toml: not valid TOML"):
        r.check()


def test_parse_config_reads_every_key() -> None:
    config = parse_config(
        {
            "max-lines": 100,
            "claude-max-bytes": 1,
            "codex-max-bytes": 2,
            "codex-fallback-filenames": ["TEAM.md"],
            "stale-days": 3,
            "doc-names": ["AGENTS.md", "CLAUDE.md"],
            "base": "origin/develop",
            "ignore": ["x"],
            "rules": {"stale-doc": False, "missing-path": "info"},
        },
        source="t",
    )
    assert config == Config(
        max_lines=100,
        claude_max_bytes=1,
        codex_max_bytes=2,
        codex_fallback_filenames=("TEAM.md",),
        stale_days=3,
        doc_names=("AGENTS.md", "CLAUDE.md"),
        base="origin/develop",
        ignore=("x",),
        rules={"stale-doc": False, "missing-path": Severity.INFO},
        source="t",
    )
    assert not config.enabled("stale-doc")
    assert config.severity("missing-path") is Severity.INFO


def test_doc_names_can_make_claude_md_govern(repo: Repo) -> None:
    r = repo(
        {"svc/CLAUDE.md": "# Svc\n", "svc/x.py": "x\n", ".agents-md.toml": 'doc-names = ["AGENTS.md", "CLAUDE.md"]\n'}
    )
    r.git("checkout", "-q", "-b", "feature")
    r.commit({"svc/x.py": "y\n"})
    assert [f.message for f in r.findings("doc-not-updated")] == [
        "1 file changed in svc (svc/x.py) but svc/CLAUDE.md was not updated"
    ]


def test_governs_must_name_docs_with_lists_of_globs(repo: Repo) -> None:
    r = repo(
        {"AGENTS.md": "# Root\n", ".agents-md.toml": '[governs]\n"AGENTS.md" = ["src/**"]\n"web/AGENTS.md" = []\n'}
    )
    assert [(f.file, f.line, f.message) for f in r.findings("config")] == [
        (
            ".agents-md.toml",
            3,
            "governs names web/AGENTS.md, which is no doc of the repository (a tracked AGENTS.md or CLAUDE.md "
            "a folder loads)",
        )
    ]


def test_governs_of_the_wrong_type_is_a_config_problem(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n", ".agents-md.toml": '[governs]\n"AGENTS.md" = "src/**"\n'})
    found = r.findings("config")
    assert [f.message.split(",")[0] for f in found] == ["governs must be a table of doc = [globs]"]
