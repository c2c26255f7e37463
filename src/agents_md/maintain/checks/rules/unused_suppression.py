"""``unused-suppression``: an ``<!-- agents-md: ignore RULE -->`` comment that silences no finding
(the finding was fixed, or the comment names the wrong rule or line), or that names no rule of
``check``. Remove it, or correct the rule's name. Checked after every other rule
(``checks.suppress``)."""

from __future__ import annotations

from agents_md.diagnostics import RuleInfo, Severity

RULE = RuleInfo("unused-suppression", Severity.INFO, "a suppression comment that silences nothing", __doc__)
