"""A rule's ``paths:``: commas split outside braces, brace pairs expanded as the engine expands
them (``g_rule_paths_*`` recordings), hostile braces bounded."""

from __future__ import annotations

import time

import pytest

from agents_md.engine.rules import MOST_GLOBS, rule_globs, rule_matches


@pytest.mark.parametrize(
    ("paths", "globs"),
    [
        ('"**/*.{ts,tsx}"', ("**/*.ts", "**/*.tsx")),
        ('"**/*.{ts,tsx}, **/*.py"', ("**/*.ts", "**/*.tsx", "**/*.py")),
        ('["{a,b}/{c,d}.ts"]', ("a/c.ts", "a/d.ts", "b/c.ts", "b/d.ts")),
        ('"**/*.{t{s,sx},js}"', ("**/*.ts", "**/*.tjs", "**/*.sx,js}")),  # not a shell's nesting
        ('"w/{ a ,b}.ts"', ("w/a.ts", "w/b.ts")),
        ('"w/{,b}a.ts"', ("w/a.ts", "w/ba.ts")),
        ('"src/{a}/x.ts"', ("src/a/x.ts",)),
        ('"w/{}a.ts"', ("w/{}a.ts",)),
        ('"**/*.{ts,w/a.tsx"', ("**/*.{ts,w/a.tsx",)),  # unclosed: its comma does not split
        ('"w/}{a,b}.ts"', ("w/}{a", "b}.ts")),  # a "}" first: the comma is outside
        ('"w/f{1..3}.txt"', ("w/f1..3.txt",)),  # no ranges
        ('"{**,**/**}"', None),  # match everything: unconditional
        ('"{,**}"', None),
    ],
)
def test_braces(paths: str, globs: tuple[str, ...] | None) -> None:
    assert rule_globs(f"paths: {paths}") == globs


def test_hostile_braces_are_bounded() -> None:
    began = time.perf_counter()
    assert len(rule_globs('paths: "' + "{a,b}" * 60 + '"') or ()) == MOST_GLOBS
    assert rule_globs('paths: "' + "{a}" * 5000 + '"') == ("a" * 5000,)
    assert time.perf_counter() - began < 5


@pytest.mark.parametrize(
    ("front", "globs"),
    [
        ("paths: **/tests/**, libs", ("**/tests/**", "libs")),  # YAML refuses the *: read again quoted
        ("paths: {src,lib}/**", ("src/**", "lib/**")),
        ("paths: @scope/**", ("@scope/**",)),
        ("description: a: b\npaths: w/**", ("w/**",)),
        ("paths: [**/*.ts]", ("[**/*.ts]",)),
        ("paths:\n  - **/*.ts\n  - w/**", None),  # a list item is not rewritten: no front matter
    ],
)
def test_values_yaml_refuses_unquoted(front: str, globs: tuple[str, ...] | None) -> None:
    assert rule_globs(front) == globs


@pytest.mark.parametrize(
    ("front", "globs"),
    [
        ('paths:\n  - ["src/a.ts", "docs/d.md"]', ("src/a.ts", "docs/d.md")),  # a list in the list
        ('paths:\n  - [["docs/**"]]', ("docs/**",)),  # at any depth
        ("paths: [[lib/**, docs/**]]", ("lib/**", "docs/**")),
        ('paths:\n  - ["lib/**, docs/**"]', ("lib/**", "docs/**")),  # its strings split as any
        ('paths:\n  - [123, "docs/**"]', ("docs/**",)),  # what is not a string is dropped
        ("paths:\n  - [123]", None),
        ("paths:\n  - []", None),
        ("paths:\n  - {k: v}", None),
    ],
)
def test_lists_in_the_list(front: str, globs: tuple[str, ...] | None) -> None:
    """``g7_rule_paths_nested_list*``: the engine reads a list inside ``paths:`` through."""
    assert rule_globs(front) == globs


@pytest.mark.parametrize(
    ("globs", "path", "matched"),
    [
        (("packages\\*",), "packages/ui/a.ts", True),  # a trailing escaped star: a wildcard
        (("packages\\*",), "packagesX", True),
        (("pack\\*ages",), "packXages/a", False),  # elsewhere a literal star
        (("pack\\*ages",), "pack*ages/a", True),
        (("packages\\\\*",), "packages/a", False),  # an escaped backslash, then the wildcard
        (("packages\\", "src/**"), "packages/a", False),  # a lone backslash: nothing
        (("packages\\", "src/**"), "a/src/b.ts", True),
    ],
)
def test_escapes(globs: tuple[str, ...], path: str, matched: bool) -> None:
    assert rule_matches(globs, f"/base/{path}", "/base") is matched


@pytest.mark.parametrize(
    ("globs", "path", "matched"),
    [
        (("src/**/*.ts", "!src/**/*.test.ts"), "src/a.test.ts", False),  # the last match decides
        (("!src/gen/**", "src/**/*.ts"), "src/gen/a.ts", True),
        (("src/gen/", "!src/gen/a.ts"), "src/gen/a.ts", True),  # below an ignored folder
        (("docs/**/*.md",), "Docs/Guide.MD", True),  # either case
        (("[A-Z].ts",), "b.ts", True),
        (("[^a].ts",), "b.ts", False),  # ^ and ! are characters of the class
        (("[!a].ts",), "!.ts", True),
        (("docs/**/", "!docs/**"), "docs/adr/a.md", True),  # a pattern matches its path, not below it
        (("docs/**/",), "docs/a.md", False),  # docs/ itself is not inside docs
        (("#a.ts",), "#a.ts", False),  # a comment
        (("\\#a.ts",), "#a.ts", True),
        (("a.ts   ",), "a.ts", True),  # trailing spaces dropped
        (("src/**/index.ts",), "src/index.ts", True),
        (("**/src/*.ts",), "x/y/src/b.ts", True),
        (("*/a.ts",), "x/y/a.ts", False),
    ],
)
def test_read_together_as_the_ignore_package_does(globs: tuple[str, ...], path: str, matched: bool) -> None:
    assert rule_matches(globs, f"/base/{path}", "/base") is matched
