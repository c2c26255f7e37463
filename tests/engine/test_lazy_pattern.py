"""Patterns compiled on first use answer as ``re.compile``'s do, and the Markdown lexer's and the
import finder's are not compiled by importing them."""

from __future__ import annotations

import re
import subprocess
import sys

from agents_md._util.std import lazy_compile


def compiled(pattern: object) -> bool:
    return bool(set(vars(pattern)) - {"_source", "_flags"})


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    lazy, eager = lazy_compile(r"<(script|pre)\b", re.I), re.compile(r"<(script|pre)\b", re.I)
    assert not compiled(lazy)
    found, expected = lazy.match("<PRE>"), eager.match("<PRE>")
    assert found is not None and expected is not None and found.group(1) == expected.group(1) == "PRE"
    assert compiled(lazy)
    text = "a <pre> <script>"
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert (lazy.pattern, lazy.flags) == (eager.pattern, eager.flags)


PROBE = """
import agents_md.engine.imports as imports, agents_md.engine.markdown.blocks as blocks
from agents_md._util.std import _LazyPattern
for module in (blocks, imports):
    patterns = [v for v in vars(module).values() if isinstance(v, _LazyPattern)]
    print(len(patterns), sum(bool(set(vars(p)) - {"_source", "_flags"}) for p in patterns))
"""


def test_importing_the_lexer_and_the_import_finder_compiles_none_of_their_patterns() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    lexer, finder = (tuple(map(int, line.split())) for line in out.splitlines())
    assert lexer[0] >= 20 and lexer[1] == 0
    assert finder == (4, 0)
