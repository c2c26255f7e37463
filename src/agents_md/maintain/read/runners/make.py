"""The targets a Makefile defines, read as GNU make would list them, conservatively.

1. Lines continued with ``\\`` are joined; recipe lines (a tab first) and ``define`` blocks
   say nothing.
2. A rule line (``a b: deps``, ``a::``, ``a: VAR = x``) defines its targets; ``.PHONY``'s
   names count too. A target with ``%`` is a pattern a name may match.
3. ``include``/``-include`` files are read too, relative to the Makefile's folder.
4. ``$(error ...)``, ``$(warning ...)`` and ``$(info ...)`` at the top print a message and
   define nothing (their ``:`` is no rule's).
5. What cannot be known makes the list incomplete: a target or an include spelled with a
   variable or a function, an include that is not there, ``$(eval``/``$(call`` at the top,
   a ``.DEFAULT`` rule (it makes any target).
"""

from __future__ import annotations

import os
import re

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.runners.known import Known, read_text

NAMES = ("GNUmakefile", "makefile", "Makefile")
_RULE = lazy_compile(r"^([^\t#=:][^#=:]*?)\s*(?:::?|&:)(?!=)")
_ASSIGN = lazy_compile(r"^(?:export\s+|override\s+)?[^\s:#=]+\s*(?::{1,3}=|\?=|\+=|!=|=)")
_INCLUDE = lazy_compile(r"^(-?include|sinclude)\s+(.*)$")
_DIRECTIVE = lazy_compile(r"^(?:ifn?eq|ifn?def|else|endif|export|unexport|override|vpath|undefine|private)\b")


def find(directory: str) -> str | None:
    """The Makefile make reads in a folder (absolute), if any."""
    for name in NAMES:
        path = os.path.join(directory, name)
        if os.path.isfile(path):
            return path
    return None


def _lines(text: str) -> list[str]:
    out: list[str] = []
    pending = ""
    for line in text.split("\n"):
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        out.append(pending + line)
        pending = ""
    if pending:
        out.append(pending)
    return out


def targets(path: str) -> Known:
    names: set[str] = set()
    patterns: list[str] = []
    files: list[str] = []
    complete = True
    queue = [path]
    while queue:
        current = queue.pop(0)
        if current in files:
            continue
        text = read_text(current)
        if text is None:
            complete = False
            continue
        files.append(current)
        in_define = False
        for line in _lines(text):
            if in_define:
                in_define = not re.match(r"^\s*endef\b", line)
                continue
            if line.startswith("\t") or not line.strip() or line.lstrip().startswith("#"):
                continue
            stripped = line.strip()
            if re.match(r"^(?:override\s+|export\s+)?define\b", stripped):
                in_define = True
                continue
            if stripped.startswith(("$(eval", "$(call", "${eval", "${call")):
                complete = False
                continue
            if re.match(r"^\$[({](?:error|warning|info)\s", stripped):
                continue  # a message make prints (``$(error Unsupported platform: $(UNAME))``): no rule

            include = _INCLUDE.match(stripped)
            if include:
                for word in include.group(2).split():
                    if "$" in word or any(c in word for c in "*?["):
                        complete = False
                    else:
                        queue.append(os.path.join(os.path.dirname(path), word))
                continue
            if _ASSIGN.match(stripped) or _DIRECTIVE.match(stripped):
                continue
            rule = _RULE.match(stripped)
            if rule is None:
                continue
            for target in rule.group(1).split():
                if "$" in target or "(" in target:
                    complete = False
                elif "%" in target:
                    patterns.append(target.replace("*", "[*]").replace("%", "*"))
                elif target == ".DEFAULT":
                    complete = False  # its recipe makes any target asked for
                elif target == ".PHONY":
                    after = stripped.split(":", 1)[1]
                    names.update(w for w in after.split() if "$" not in w)
                    if "$" in after:
                        complete = False
                elif not target.startswith("."):
                    names.add(target)
    return Known(names=frozenset(names), files=tuple(files), complete=complete, patterns=tuple(patterns))
