"""Paths a doc names to say they are not there, or to have the reader make them: no stale
reference to report.

1. Said absent before it, in its clause (a sentence wrapped over lines is read whole): "there
   is no `x`", "no top-level `x`", "not present: `x`", "forbids reintroducing `x`", "formerly
   `x`", "the former gateway (`x`", "renamed from `x`", or before the names listed ahead of it
   ("Deleted `a`, `b`, `x`"); or a counter-example wrapped over lines ("**not** a flat\n`Classes/` layout").
2. Said absent right after it, or after the names listed with it: "`x`, which was deleted",
   "`x` does not exist", "`x`/`y` are gone", "`x` was renamed", "`x`, removed in May", "`x`: **DEPRECATED**".
3. Said absent of several at once, in its sentence: "`x` and `y` ... none of those paths exist".
   In Chinese or Japanese too: "当前仓库没有 `x` 目录", "未发现 `a`、`b` 或 `x`", "`x` 已删除".
4. Named to be made: "Create `x`", "add a new file `x`", "scaffold `x`", "Generate `x`", or as
   an example of what to make ("Create a new example in `examples/` (e.g., `examples/x`)"); or what a program
   makes: "writes a feature branch plus `.x/` artifacts", where it copies to: "copies `a/` to
   `x/`", what a build makes of it: "`a/` becomes `x/`"; or where a rule puts a kind of file once
   one is made: "`webhooks` components must be in the `x/` directory", "place test fixtures in `x/`".
5. Named as what may not be there: hedged before it in its sentence ("Read any available docs:
   [examples/](./examples/)") or right after it ("`x` (if present)"); or placed, before it in its
   paragraph or list item, in another copy of the repository ("in the internal checkout, read
   `x`": a file the public copy never holds); or kept for what is to come, right after it or the
   names listed with it ("`a` and `x` are env-only placeholders for a future split", "`x` is
   reserved for", "`x` is not yet created").
"""

from __future__ import annotations

import re

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.commands import NEGATION
from agents_md.maintain.read.markdown import Item

# Where a clause ends: punctuation, a dash between words, "but", a table's cell.
# Chinese and Japanese punctuation ends a clause with no space after it; their list comma (、) does not.
_CLAUSE_END = lazy_compile(r"[,;:.!?](?=\s|$)|[，。；：！？]|\s[-\u2013\u2014]\s|\bbut\b|\|", re.I)
_SENTENCE_END = lazy_compile(r"[.!?](?=\s|$)|[。！？]")
# A list item, a heading, a table row or a quote starts a block of its own: the clause goes no further back.
_BLOCK_START = lazy_compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#{1,6}\s|\||>)")
_WRAPPED = 3  # lines a sentence may be wrapped over, looking back

# Words between "no" and the path that keep it one phrase ("no top-level `x`"); not a preposition
# ("no changes to `x`" speaks of changes, not of `x`).
_FILLER = r"(?:(?!(?:to|in|on|under|into|from|for|of|with|at|by)\b)[\w-]+\s+){0,2}"
_ABSENT_BEFORE = lazy_compile(
    r"(?:\bthere (?:is|are) no|\bno|\bnot present|\bnone of|\breintroduc\w*|\bremoved|\bdeleted"
    r"|\bformer(?:ly)?|\bpreviously|\b(?:renamed|moved) from)\s+" + _FILLER + r"$",
    re.I,
)
_ABSENT_AFTER = lazy_compile(
    r"^\W{0,3}(?:which |that )?(?:(?:was|were|has been|have been|got|is|are)\s+(?:now\s+)?"
    r"(?:deleted|removed|gone|retired|dropped|renamed|moved)"
    r"|(?:does|do) not exist|(?:doesn|don)'?t exist|never existed"
    # an aside after a comma: "the former gateway (`go/gateway/`, removed 2026-04-14)"
    r"|,\s*(?:now\s+)?(?:deleted|removed|retired|dropped|gone))\b",
    re.I,
)
# "`packages/mcp`: **DEPRECATED** - moved to core": a path the doc marks as on its way out.
_DEPRECATED_AFTER = lazy_compile(r"^\W{0,5}(?:(?:is|are|was|now)\s+)?(?:deprecated|obsolete)\b", re.I)
# The same said in Chinese or Japanese, anywhere in the clause before it (the words bind without
# spaces, and a list's 、 or 或 keeps them for every name listed: "未发现 `a`、`b` 或 `c`"), or right
# after it ("`x` 不存在", "`x` 已删除").
# Chinese "already" is 已 or 已经; Japanese says it plainly or politely ("存在しない", "存在しません",
# "`x` はもうありません", "`x` がありません"), a bare "ありません" after it being another's ("問題ありません").
_ABSENT_CJK_BEFORE = lazy_compile(
    r"没有|未发现|未找到|不存在|不再|已经?(?:被)?(?:删除|移除|废弃)|存在しない|存在しません|ありません"
)
_ABSENT_CJK_AFTER = lazy_compile(
    r"^[\W_]{0,3}(?:(?:目录|文件|文件夹)?(?:不存在|已经?不存在|已经?(?:被)?(?:删除|移除|废弃|弃用)|被(?:删除|移除))"
    r"|(?:は|が)?(?:もう)?存在し(?:ない|ません)|(?:は|が)(?:もう)?(?:ありません|ない)|は削除)"
)
_NONE_EXIST = lazy_compile(r"\bnone of (?:these|those|them|which)\b[^.!?]*\bexists?\b", re.I)
_TO_BE_MADE = lazy_compile(
    r"\b(?:create|scaffold|generate|add (?:a |an )?new|write (?:a |an )?new)\s+(?:(?:a|an|the|new|empty|file|folder|"
    r"directory|module|package|called|named)\s+)*$"
    # what a program makes when it runs: "writes a feature branch plus `.x/` artifacts"
    r"|\b(?:writes|generates|emits|produces|outputs)\s+" + _FILLER.replace("{0,2}", "{0,4}") + r"$"
    # where a copy goes: "copies `a/` to `b/`", "`a/` is copied into `b/`"; what a build makes: "`a/` becomes `b/`"
    r"|\bcop(?:y|ies|ied|ying)\b.*\b(?:to|into)\s+$|\bbecomes\s+$"
    # where a rule puts a kind of file when one is made: "`webhooks` components must be in the `app/webhooks`
    # directory" (a rule, with no such component yet: the folder comes with the first one)
    r"|\b(?:must|should|shall|(?:need|needs|have|has) to)\s+(?:be\s+)?"
    r"(?:(?:placed|put|kept|located|stored|created|added|written|go|live)\s+)?(?:in|into|under|inside|within)\s+"
    r"(?:the\s+)?$"
    # the same told as an imperative: "place test fixtures in `src/test/resources/`"
    r"|^[^\w`]*(?:place|put|store)\s+(?:[\w-]+\s+){0,4}(?:in|into|under|inside|within)\s+(?:the\s+)?$",
    re.I,
)


# "any available", "if present", "(if any)", "where it exists": the doc does not say the path is there
# ("if any races need it" is a condition on races, not on the path).
_HEDGE = (
    r"\b(?:any|whatever|whichever)\s+(?:available|existing)\b|\bif\s+(?:present|available|it exists|they exist)\b"
    r"|\bif\s+any\b(?!\s+\w)"
    r"|\b(?:where|when)\s+(?:present|available|it exists|they exist)\b"
)
_HEDGE_BEFORE = lazy_compile(_HEDGE, re.I)
# "`apps/ai` and `apps/auth` are env-only placeholders for a future split", "`x` is reserved for later":
# a name kept for what is to come, which the checkout need not hold yet.
_TO_COME = (
    r"|(?:is|are)\s+(?:(?:just|only|still|currently|empty|an?)\s+)*(?:(?!the\b)[\w-]+\s+)?placeholders?\b"
    r"|(?:is|are)\s+(?:(?:just|only|still|currently)\s+)*(?:reserved|planned)\s+(?:for|as)\b"
    r"|(?:is|are)\s+(?:not\s+yet|yet\s+to\s+be)\s+(?:created|added|written|made)\b"
    # a list item's description after a dash: "- `apps/ai`, `apps/auth` — env-only placeholders for a future split"
    r"|(?<=[-\u2013\u2014:]\s)(?:(?:just|only|empty|an?)\s+)*(?:(?!the\b)[\w-]+\s+)?placeholders?\s+for\b"
)
_HEDGE_AFTER = lazy_compile(r"^\W{0,3}(?:" + _HEDGE + _TO_COME + r")", re.I)
# "`a` (if present) and `b`": a hedge right after a name is that name's, not the ones after it.
_HEDGE_OF_ANOTHER = lazy_compile(r"[`)\]]\W{0,3}(?:" + _HEDGE + r")", re.I)
# A copy of the repository the public one is not: "Meta-internal checkout", "not exported to GitHub".
_ANOTHER_COPY = lazy_compile(
    r"\binternal\s+(?:checkout|clone|repo|repository|monorepo|mirror|codebase|copy)s?\b"
    r"|\bnot\s+(?:exported|published|mirrored|synced)\s+to\s+(?:github|the public)\b",
    re.I,
)


def _at(item: Item) -> int:
    """Where the item stands on its line (a code span: after its backticks)."""
    at = item.line_text.find(item.text)
    return at if at >= 0 else 0


def _before(lines: list[str], item: Item) -> str:
    """The text of the item's paragraph before it, back to where its block starts."""
    text = item.line_text[: _at(item)]
    index = item.line - 2
    if _BLOCK_START.match(item.line_text):
        return text
    for _ in range(_WRAPPED):
        if index < 0 or not lines[index].strip():
            break
        text = lines[index] + " " + text
        if _BLOCK_START.match(lines[index]):
            break
        index -= 1
    return text


# Names listed ahead of it ("Deleted `a.ts`, `b.ts`, `x.ts`"): what is said before them is said of it too.
_PRIOR_SIBLINGS = lazy_compile(r"(?:`[^`]+`\s*(?:,|/|&|\band\b|\bor\b)\s*(?:(?:and|or)\s+)?)+$")
# Names listed with it ("`a.ts`/`b.ts` were deleted"): what is said after them is said of it too.
_SIBLINGS = lazy_compile(r"^(?:\s*(?:,|/|\band\b|\bor\b|&)\s*`[^`]+`)+")


def _after(lines: list[str], item: Item) -> str:
    """The text of the item's paragraph after it (and the names listed with it), to the end of its sentence."""
    at = _at(item) + len(item.text)
    text = _SIBLINGS.sub("", item.line_text[at:].lstrip("`"), count=1)
    index = item.line
    while not _SENTENCE_END.search(text) and index < len(lines) and lines[index].strip():
        if _BLOCK_START.match(lines[index]):
            break
        text += " " + lines[index]
        index += 1
    return text


def _clause(before: str) -> str:
    """The last clause of the text before an item, up to the item's own quotes and emphasis."""
    return _CLAUSE_END.split(before)[-1].rstrip("`*_\"'([ ") + " "


def said_absent(lines: list[str], item: Item) -> bool:
    """Steps 1 to 3: whether the doc names the item to say it is not there."""
    before = _before(lines, item)
    after = _after(lines, item)
    clause = _clause(before)
    # "Don't forget [the guide](x.md)": a link is followed even so, so a negation says nothing of it.
    negated = item.kind != "link" and NEGATION.search(clause) is not None
    if negated or _ABSENT_BEFORE.search(clause) or _ABSENT_AFTER.match(after) or _DEPRECATED_AFTER.match(after):
        return True
    ahead = _PRIOR_SIBLINGS.sub("", before[:-1] if before.endswith("`") else before)
    if ahead != before.removesuffix("`") and _ABSENT_BEFORE.search(_clause(ahead)):
        return True  # "Deleted `a.ts`, `b.ts`, `x.ts`": the names listed ahead of it share its clause
    if _ABSENT_CJK_BEFORE.search(clause) or _ABSENT_CJK_AFTER.match(after):
        return True
    sentence = _SENTENCE_END.split(before)[-1] + item.text + _SENTENCE_END.split(after, maxsplit=1)[0]
    return _NONE_EXIST.search(sentence) is not None


# An example of what the clause before it makes: "Create a new example in `examples/` (e.g., `examples/x`)".
_EXAMPLE_MARK = lazy_compile(r"\(?\s*\b(?:e\.g\.|for example|for instance|such as)\s*,?\s*[`*_\"'\[]*$", re.I)
_MAKE_VERB = lazy_compile(r"\b(?:create|scaffold|generate|add (?:a |an )?new|write (?:a |an )?new)\b", re.I)


def to_be_made(lines: list[str], item: Item) -> bool:
    """Step 4: whether the doc tells the reader to make it, or gives it as an example of what to make."""
    before = _before(lines, item)
    if _TO_BE_MADE.search(_clause(before)) is not None:
        return True
    example = _EXAMPLE_MARK.search(before)
    return example is not None and _MAKE_VERB.search(_SENTENCE_END.split(before[: example.start()])[-1]) is not None


def maybe_absent(lines: list[str], item: Item) -> bool:
    """Step 5: whether the doc names the item as what may not be there, or as another copy's file."""
    before = _before(lines, item)
    sentence = _HEDGE_OF_ANOTHER.sub("", _SENTENCE_END.split(before)[-1])
    if _HEDGE_BEFORE.search(sentence) or _HEDGE_AFTER.match(_after(lines, item)):
        return True
    return _ANOTHER_COPY.search(before) is not None


__all__ = ["maybe_absent", "said_absent", "to_be_made"]
