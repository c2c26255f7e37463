"""Inline suppression: ``<!-- agents-md: ignore RULE[, RULE] -- reason -->`` in a doc silences
those rules' findings on the next line (on a line of its own) or on its own line (at the end
of a line of text); ``<!-- agents-md: ignore-file RULE[, RULE] -->`` silences them in the whole
file, findings about the file as a whole among them.

1. Each doc holding a finding or a directive is read once: directives inside code blocks are
   examples, not directives, and are passed over.
2. A finding is silenced by a directive of its holder (the file whose text it is about: a
   link's target) naming its rule, for its line or for the file.
3. A directive that silenced nothing of a rule that ran is itself reported
   (``unused-suppression``, information); so is one naming no rule.

A comment on a line of its own is an HTML block, which Claude Code drops before the model sees
the file: it costs the model nothing. At the end of a line of text it stays in the text sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

from agents_md._util.std import lazy_compile
from agents_md._value import Value
from agents_md.diagnostics import Diagnostic
from agents_md.maintain.checks.rules.unused_suppression import RULE

_DIRECTIVE = lazy_compile(
    r"<!--\s*agents-md:\s*(?P<kind>ignore-file|ignore)\b(?P<rules>[^>]*?)(?:\s--(?!>)\s*(?P<reason>(?:(?!-->).)*?))?\s*-->",
    re.S,
)


class Directive(Value):
    file: str
    line: int  # where the comment ends
    rule: str
    whole_file: bool
    own_line: bool  # alone on its line (then it applies to the next line)

    def covers(self, line: int | None) -> bool:
        if self.whole_file:
            return True
        if line is None:
            return False
        return line == (self.line + 1 if self.own_line else self.line)


def directives(file: str, text: str, code_lines: Callable[[], Collection[int]]) -> list[Directive]:
    """Step 1: the directives of one doc, the lines of code blocks (asked for only when there is one) left out."""
    if "agents-md:" not in text:
        return []
    in_code = code_lines()
    out: list[Directive] = []
    for match in _DIRECTIVE.finditer(text):
        start_line = text.count("\n", 0, match.start()) + 1
        if start_line in in_code:
            continue
        end_line = start_line + match.group(0).count("\n")
        line_start = text.rfind("\n", 0, match.start()) + 1
        line_end = text.find("\n", match.end())
        rest = text[match.end() : None if line_end < 0 else line_end]
        own = not text[line_start : match.start()].strip() and not rest.strip()
        whole = match.group("kind") == "ignore-file"
        for rule in re.split(r"[\s,]+", match.group("rules").strip()):
            if rule:
                out.append(Directive(file=file, line=end_line, rule=rule, whole_file=whole, own_line=own))
    return out


def apply(
    findings: Iterable[Diagnostic],
    found: dict[str, list[Directive]],
    *,
    holder: Callable[[str], str],
    ran: Callable[[str], bool],
    known: Collection[str],
    report: bool = True,
) -> list[Diagnostic]:
    """Steps 2 and 3: the findings no directive silences, then the unused directives'."""
    used: set[Directive] = set()
    kept: list[Diagnostic] = []
    for finding in findings:
        hit = next(
            (d for d in found.get(holder(finding.file), ()) if d.rule == finding.rule and d.covers(finding.line)),
            None,
        )
        if hit is None:
            kept.append(finding)
        else:
            used.add(hit)
    if not report:
        return kept
    for file in sorted(found):
        for d in found[file]:
            if d in used:
                continue
            if d.rule not in known:
                import difflib  # lazy: only a misspelt rule's name needs it

                close = difflib.get_close_matches(d.rule, list(known), n=1)
                hint = f"; did you mean {close[0]}?" if close else ""
                message = f"the suppression names {d.rule!r}, which is no rule of check{hint}"
                fix = "correct the rule's name, or remove the comment"
                kept.append(RULE.diagnostic(file, message, fix, line=d.line))
            elif ran(d.rule):
                where = "this file" if d.whole_file else "the next line" if d.own_line else "this line"
                message = f"the suppression of {d.rule} silences nothing on {where}"
                kept.append(RULE.diagnostic(file, message, "remove the comment", line=d.line, subject=d.rule))
    return kept


__all__ = ["Directive", "apply", "directives"]
