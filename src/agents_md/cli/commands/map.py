"""``agents-md map``: the map of nested AGENTS.md files (directory and first heading), printed, written
between the map markers of the root AGENTS.md (``--write``), or checked (``--check``, exit 1 when stale)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "map",
        help="print the map of nested AGENTS.md files, or write it into the root AGENTS.md",
        description="Print a map of the repository's nested AGENTS.md files — one line each: its directory "
        "and what it is about (its first heading, or first sentence) — for the root AGENTS.md, so an agent "
        "starting at the root knows where the nearer instructions are. Skills' and agents' own files, and "
        "the target of the root file's link, are left out. --write replaces the lines between "
        "<!-- agents-md:map:start --> and <!-- agents-md:map:end --> in the root AGENTS.md (nothing else "
        "changes; the engine drops both markers); --check exits 1 when that map is out of date (for CI).",
    )
    parser.add_argument("directory", nargs="?", help="a directory in the repository (default: .)")
    parser.add_argument("--dir", default=".", help="the same, as an option")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="update the map in the root AGENTS.md")
    mode.add_argument("--check", action="store_true", help="exit 1 when the root AGENTS.md's map is out of date")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return map_docs(args.directory or args.dir, write=args.write, check=args.check)


def map_docs(directory: str, *, write: bool, check: bool) -> int:
    """Print the map, write it into the root AGENTS.md, or check it there (1 when out of date)."""
    import sys

    from agents_md.errors import AgentsMdError
    from agents_md.maintain.map import MAP_END, MAP_START, build_map, map_is_current, update_map

    doc_map = build_map(directory)
    if doc_map.refusal:
        print(f"agents-md: {doc_map.refusal}; until then the files on disk are read, tracked or not", file=sys.stderr)
    if write:
        changed, _ = update_map(doc_map)
        print(f"{doc_map.root_doc}: map {'updated' if changed else 'already up to date'} ({len(doc_map.entries)} docs)")
        return 0
    if check:
        current = map_is_current(doc_map)
        if current is None:
            raise AgentsMdError(f"no root AGENTS.md with {MAP_START} and {MAP_END} to check")
        if not current:
            print(f"{doc_map.root_doc}: the map is out of date; run agents-md map --write", file=sys.stderr)
            return 1
        print(f"{doc_map.root_doc}: the map is up to date")
        return 0
    sys.stdout.write(doc_map.render())
    return 0
