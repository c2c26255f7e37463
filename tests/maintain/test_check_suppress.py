"""Inline suppression: ``<!-- agents-md: ignore RULE -- reason -->`` silences one finding, ``ignore-file``
a file's; a suppression that silences nothing is reported; ``[rules] RULE = "off"`` turns a rule off."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo

Repo = Callable[..., GitRepo]

BASE = {"AGENTS.md": "# Root\n", "src/app.py": "x\n"}


def _rules(r: GitRepo, file: str = "pkg/AGENTS.md") -> list[tuple[str, int | None]]:
    return [(f.rule, f.line) for f in r.findings() if f.file == file]


def test_the_missing_path_is_found_without_a_comment(repo: Repo) -> None:
    r = repo({**BASE, "pkg/AGENTS.md": "# Pkg\nRun `src/gone.py`.\n"})
    assert ("missing-path", 2) in _rules(r)


def test_a_comment_on_the_line_before_silences_it(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-path -- moved in the next release -->\nRun `src/gone.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    assert _rules(r) == []


def test_a_comment_at_the_end_of_the_line_silences_it(repo: Repo) -> None:
    doc = "# Pkg\nRun `src/gone.py`. <!-- agents-md: ignore missing-path -->\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    assert _rules(r) == []


def test_it_silences_only_the_next_line(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-path -->\nRun `src/gone.py`.\nThen `src/also-gone.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    assert _rules(r) == [("missing-path", 4)]


def test_it_silences_only_the_rules_it_names(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore stale-doc, line-budget -->\nRun `src/gone.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    rules = _rules(r)
    assert ("missing-path", 3) in rules
    assert [rule for rule, _ in rules].count("unused-suppression") == 2


def test_ignore_file_silences_every_finding_of_the_rule_in_the_file(repo: Repo) -> None:
    doc = "<!-- agents-md: ignore-file missing-path -->\n# Pkg\nRun `src/gone.py`.\n\nAnd `src/gone2.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    assert _rules(r) == []


def test_ignore_file_silences_a_finding_about_the_whole_file(repo: Repo) -> None:
    r = repo({**BASE, "pkg/AGENTS.md": "# Pkg\n", "pkg/CLAUDE.md": "# Mine\n"})
    assert "invisible-doc" in [rule for rule, _ in _rules(r)]
    r.write({"pkg/AGENTS.md": "<!-- agents-md: ignore-file invisible-doc -- Claude users read CLAUDE.md -->\n# Pkg\n"})
    r.commit()
    assert "invisible-doc" not in [rule for rule, _ in _rules(r)]


def test_a_suppression_that_silences_nothing_is_reported_as_information(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-path -->\nRun `src/app.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    (finding,) = [f for f in r.findings() if f.file == "pkg/AGENTS.md"]
    assert (finding.rule, finding.line, finding.severity.value) == ("unused-suppression", 2, "info")
    assert "missing-path" in finding.message


def test_a_suppression_naming_no_rule_is_reported_with_the_nearest_name(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-paths -->\nRun `src/gone.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    found = {f.rule: f for f in r.findings() if f.file == "pkg/AGENTS.md"}
    assert "missing-path" in found
    assert "did you mean missing-path?" in found["unused-suppression"].message


def test_a_directive_inside_a_code_block_is_an_example(repo: Repo) -> None:
    doc = "# Pkg\n```md\n<!-- agents-md: ignore missing-path -->\n```\nRun `src/gone.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    assert _rules(r) == [("missing-path", 5)]


def test_unused_suppressions_are_not_reported_for_a_rule_turned_off(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-path -->\nRun `src/app.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc, ".agents-md.toml": '[rules]\nmissing-path = "off"\n'})
    assert _rules(r) == []


def test_rules_off_is_accepted_beside_false(repo: Repo) -> None:
    doc = "# Pkg\nRun `src/gone.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc, ".agents-md.toml": '[rules]\nmissing-path = "off"\n'})
    assert r.findings("missing-path") == []
    assert r.findings("config-problem") == []


def test_unused_suppression_itself_can_be_turned_off(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-path -->\nRun `src/app.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc, ".agents-md.toml": "[rules]\nunused-suppression = false\n"})
    assert _rules(r) == []


def test_a_suppression_in_a_links_target_holds_for_the_link(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-path -->\nRun `src/gone.py`.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc, "pkg/CLAUDE.md": {"symlink": "AGENTS.md"}})
    assert [f for f in r.findings() if f.file.startswith("pkg/")] == []


def test_a_directive_without_a_reason_ends_at_its_own_comment(repo: Repo) -> None:
    doc = "# Pkg\n<!-- agents-md: ignore missing-path -->\nRun `src/gone.py`.\n\n<!-- a later comment -->\nMore.\n"
    r = repo({**BASE, "pkg/AGENTS.md": doc})
    assert _rules(r) == []
