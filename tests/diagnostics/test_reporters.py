"""One model, every reporter: each renders the same diagnostics, escaping and fingerprints in one place."""

from __future__ import annotations

import dataclasses
import json

import pytest

from agents_md.diagnostics import Edit, Report, RuleInfo, Severity, render
from agents_md.diagnostics.model import describe

RULE = RuleInfo("odd-rule", Severity.WARNING, "something odd", "``odd-rule``: an odd thing in a ``doc``.\n\nMore.")
A = RULE.diagnostic("dir,x/a:b.md", "first line\nsecond 100%", "do it", line=3, column=7, key="tools[1]")
B = RULE.diagnostic("z.md", "plain", severity=Severity.ERROR)
REPORT = Report(diagnostics=(A, B), rules={RULE.id: RULE}, root="/repo", checked=2, checked_what="doc")


def test_github_escapes_properties_and_data_in_one_place() -> None:
    assert render(REPORT, "github").splitlines() == [
        "::warning file=dir%2Cx/a%3Ab.md,line=3,col=7,title=odd-rule::"
        "tools[1]: first line%0Asecond 100%25 (fix: do it)",
        "::error file=z.md,title=odd-rule::plain",
    ]


def test_concise_is_a_line_each_and_grouped_text_has_a_summary() -> None:
    assert render(REPORT, "concise").splitlines()[1] == "z.md: error: [odd-rule] plain"
    grouped = render(REPORT, "text")
    assert grouped.startswith("dir,x/a:b.md\n  3:    warning [odd-rule] tools[1]: first line")
    assert grouped.rstrip().endswith("1 error, 1 warning in 2 files (2 docs checked)")


def test_json_and_sarif_carry_the_same_fingerprint() -> None:
    data = json.loads(render(REPORT, "json"))
    sarif = json.loads(render(REPORT, "sarif"))["runs"][0]
    assert [f["fingerprint"] for f in data["findings"]] == [
        r["partialFingerprints"]["agentsMd/v1"] for r in sarif["results"]
    ]
    [rule] = sarif["tool"]["driver"]["rules"]
    assert rule["fullDescription"]["text"] == "an odd thing in a `doc`."
    assert rule["help"]["text"] == "an odd thing in a doc."
    assert sarif["results"][0]["locations"][0]["physicalLocation"]["region"] == {"startLine": 3, "startColumn": 7}


def test_a_fingerprint_survives_a_moved_line_and_a_changed_count_but_not_another_subject() -> None:
    moved = RULE.diagnostic("a.md", "12 files changed", line=40)
    assert moved.fingerprint() == RULE.diagnostic("a.md", "13 files changed", line=2).fingerprint()
    assert moved.fingerprint() != RULE.diagnostic("b.md", "12 files changed", line=40).fingerprint()
    keyed = RULE.diagnostic("a.md", "x", key="tools[1]", subject="tools[1]")
    assert keyed.fingerprint() != RULE.diagnostic("a.md", "x", key="tools[2]", subject="tools[2]").fingerprint()


@pytest.mark.parametrize("fmt", ["yaml", "TEXT"])
def test_an_unknown_format_is_refused(fmt: str) -> None:
    with pytest.raises(ValueError, match="unknown format"):
        render(REPORT, fmt)


def test_a_rule_description_is_its_docstring_s_first_paragraph() -> None:
    assert describe("``x-rule`` (a note): what it finds, with ``code``.\n\nDetails.") == "what it finds, with `code`."
    assert RuleInfo("r", Severity.INFO, "sum").description == "sum"


def test_a_diagnostic_is_a_frozen_value_whose_fix_edits_are_not_compared() -> None:
    rule = RuleInfo("x-rule", Severity.WARNING, "x")
    made = rule.diagnostic("a.md", "m", "f", line=3, severity=Severity.INFO, edits=(Edit(kind="create", file="a.md"),))
    assert (made.rule, made.severity, made.file, made.message, made.fix, made.line) == (
        "x-rule",
        Severity.INFO,
        "a.md",
        "m",
        "f",
        3,
    )
    plain = dataclasses.replace(made, edits=())
    assert plain == made and hash(plain) == hash(made)  # edits say how to fix it, not what it is
    assert dataclasses.replace(made, line=4) != made
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 5  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(made)][:4] == ["rule", "severity", "file", "message"]
