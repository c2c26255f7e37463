"""The subcommands of the repository's ``xtask`` crate, when its source says them plainly.

1. The crate is the ``xtask`` folder at the repository's root (the ``cargo xtask`` alias of
   ``.cargo/config.toml`` runs it), its sources ``xtask/src/**.rs``.
2. clap: the variants of each ``#[derive(...Subcommand...)]`` enum, in kebab case, and the
   ``name = "..."``/``alias = "..."`` its attributes give; xflags: each ``cmd NAME``; a
   ``match`` on the argument: each ``"name" =>`` arm.
3. Sources that say none of these (another argument parser), or take any name
   (``external_subcommand``), tell nothing: incomplete.
"""

from __future__ import annotations

import os
import re

from agents_md._util.std import lazy_compile
from agents_md._util.tree_walk import walk
from agents_md.maintain.read.runners.known import Known, read_text

_SUBCOMMAND = lazy_compile(r"#\[derive\([^)]*\bSubcommand\b[^)]*\)\][^{]*?\benum\s+\w+\s*\{", re.S)
_VARIANT = lazy_compile(r"^\s*([A-Z]\w*)\s*(?:[({,]|$)", re.M)
_NAMED = lazy_compile(r"\b(?:name|alias|visible_alias)\s*=\s*\"([\w-]+)\"")
_XFLAGS_CMD = lazy_compile(r"^\s*cmd\s+([\w-]+)", re.M)
_ARM = lazy_compile(r"\"([\w-]+)\"\)?\s*(?:\|\s*(?:Some\()?\"[\w-]+\"\)?\s*)*=>")
_ARM_ALT = lazy_compile(r"\"([\w-]+)\"\s*(?=\|)")


def _kebab(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).lower()


def _enum_body(text: str, start: int) -> str:
    depth, at = 1, start
    while at < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[at], 0)
        at += 1
    return text[start:at]


def _top_level(body: str) -> str:
    """An enum's body without what its variants nest (struct fields, attributes' insides)."""
    out, depth = [], 0
    for ch in body:
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def subcommands(root: str) -> Known | None:
    """Step 1-3, or ``None`` when the repository has no xtask crate."""
    src = os.path.join(root, "xtask", "src")
    if not os.path.isdir(src):
        return None
    files: list[str] = []
    names: set[str] = set()
    external = False  # ``#[command(external_subcommand)]``: any name is taken
    for directory, _dirs, entries in walk(src):
        for entry in sorted(entries):
            if not entry.endswith(".rs"):
                continue
            path = os.path.join(directory, entry)
            text = read_text(path)
            if text is None:
                continue
            files.append(path)
            external = external or "external_subcommand" in text
            for m in _SUBCOMMAND.finditer(text):
                body = _enum_body(text, m.end())
                names.update(_kebab(v) for v in _VARIANT.findall(_top_level(body)))
                names.update(_NAMED.findall(body))
            if "xflags!" in text:
                names.update(_XFLAGS_CMD.findall(text))
            names.update(_ARM.findall(text))
            names.update(_ARM_ALT.findall(text))
    return Known(names=frozenset(names), files=tuple(files), complete=bool(names) and not external)
