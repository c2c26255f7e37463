"""Gemini CLI's engine module: settings, trust, names, imports and what a read attaches."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from trees import build_tree

from agents_md.engines import gemini
from agents_md.engines.gemini_settings import GeminiSettingsError
from agents_md.engines.model import Left


def _session(
    tmp_path: Path, tree: dict[str, object], cwd: str = "", settings: object = None, trust: object = "root"
) -> tuple[Path, gemini.Session]:
    root, home = tmp_path / "root", tmp_path / "home"
    build_tree(root, {".git/HEAD": "x", **tree})
    spec: dict[str, object] = {}
    if settings is not None:
        spec[".gemini/settings.json"] = settings if isinstance(settings, str) else {"json": settings}
    if trust == "root":
        spec[".gemini/trustedFolders.json"] = {"json": {str(root): "TRUST_FOLDER"}}
    elif trust is not None:
        spec[".gemini/trustedFolders.json"] = {"json": trust}
    build_tree(home, spec)
    os.makedirs(root / cwd, exist_ok=True)
    return root, gemini.Session(str(root / cwd), home=str(home), env={})


def test_gemini_md_alone_by_default(tmp_path: Path) -> None:
    root, s = _session(tmp_path, {"GEMINI.md": "# g\n", "AGENTS.md": "# a\n"})
    assert [f.path for f in s.started.files] == [str(root / "GEMINI.md")]


def test_configured_names_come_first_and_gemini_md_is_always_read(tmp_path: Path) -> None:
    _root, s = _session(tmp_path, {}, settings={"context": {"fileName": "AGENTS.md"}})
    assert s.started.names == ("AGENTS.md", "GEMINI.md")


def test_an_untrusted_folder_sends_nothing(tmp_path: Path) -> None:
    _root, s = _session(tmp_path, {"GEMINI.md": "# g\n"}, trust={})
    assert s.started.prompt is None
    assert [x.why for x in s.started.left_out] == [Left.UNTRUSTED]
    assert "exit 55" in s.started.notices[0]


def test_trust_parent_trusts_the_folder_above_and_below_it(tmp_path: Path) -> None:
    root = tmp_path / "root"
    _root, s = _session(
        tmp_path, {"GEMINI.md": "# g\n", "a/GEMINI.md": "# a\n"}, "a", trust={str(root / "a"): "TRUST_PARENT"}
    )
    assert s.trusted and s.started.prompt is not None


def test_the_working_directorys_own_settings_apply(tmp_path: Path) -> None:
    tree = {"AGENTS.md": "# a\n", ".gemini/settings.json": json.dumps({"context": {"fileName": ["AGENTS.md"]}})}
    _root, s = _session(tmp_path, tree)
    assert [os.path.basename(f.path) for f in s.started.files] == ["AGENTS.md"]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"context": {"fileName": 5}}, "context.fileName must be a name or a list of names"),
        ({"context": {"memoryBoundaryMarkers": [".git", 5]}}, "context.memoryBoundaryMarkers must be a list of names"),
        ("{ not json\n", "not valid JSON"),
    ],
    ids=["file-name-a-number", "markers-holding-a-number", "not-json"],
)
def test_settings_gemini_refuses_are_an_error_naming_the_file(tmp_path: Path, settings: object, message: str) -> None:
    with pytest.raises(GeminiSettingsError) as caught:
        _session(tmp_path, {}, settings=settings)
    assert str(tmp_path / "home" / ".gemini" / "settings.json") in str(caught.value)
    assert message in str(caught.value)


def test_missing_settings_are_the_defaults_and_trust_is_on(tmp_path: Path) -> None:
    root = build_tree(tmp_path / "root", {"GEMINI.md": "# g\n"})
    s = gemini.Session(root, home=str(tmp_path / "nohome"), env={})
    assert s.started.prompt is None and not s.trusted
    s = gemini.Session(root, home=str(tmp_path / "nohome"), env={"GEMINI_CLI_TRUST_WORKSPACE": "true"})
    assert s.started.prompt is not None


def test_imports_expand_in_place_and_a_traversal_is_refused(tmp_path: Path) -> None:
    tree = {"GEMINI.md": "@./docs/x.md\n@../up.md\n`@docs/x.md`\n", "docs/x.md": "# x\n"}
    _root, s = _session(tmp_path, tree)
    assert s.started.files[0].text == (
        "<!-- Imported from: ./docs/x.md -->\n# x\n\n<!-- End of import from: ./docs/x.md -->\n"
        "<!-- Import failed: ../up.md - Path traversal attempt -->\n`@docs/x.md`"
    )


def test_a_read_attaches_new_files_once_root_most_first(tmp_path: Path) -> None:
    tree = {"GEMINI.md": "# r\n", "a/GEMINI.md": "# a\n", "a/b/GEMINI.md": "# b\n", "a/b/x": "x", "a/b/y": "y"}
    root, s = _session(tmp_path, tree)
    first = s.read(str(root / "a" / "b" / "x"))
    assert [f.path for f in first.files] == [str(root / "a" / "GEMINI.md"), str(root / "a" / "b" / "GEMINI.md")]
    assert first.text is not None and first.text.startswith(gemini.JIT_HEAD)
    assert s.read(str(root / "a" / "b" / "y")).text is None
    assert s.read(str(tmp_path / "elsewhere")).text is None


def test_quotes_nested_thousands_deep_are_read_and_their_import_followed(tmp_path: Path) -> None:
    # Gemini CLI finds code by two patterns, not by Markdown's blocks: nesting costs nothing.
    deep = "> " * 5000 + "@./x.md\n"
    root, s = _session(tmp_path, {"GEMINI.md": deep, "x.md": "X\n"})
    (f,) = s.started.files
    assert f.path == str(root / "GEMINI.md")
    assert f.text.endswith("<!-- Imported from: ./x.md -->\nX\n\n<!-- End of import from: ./x.md -->")


def test_an_import_in_an_indented_block_or_a_tilde_fence_is_followed_one_in_backticks_is_not(
    tmp_path: Path,
) -> None:
    text = "p\n\n    @./a.md\n\n~~~\n@./a.md\n~~~\n\nsay ```\n@./b.md\n``` done\n"
    _root, s = _session(tmp_path, {"GEMINI.md": text, "a.md": "A\n", "b.md": "B\n"})
    (f,) = s.started.files
    assert f.text.count("<!-- Imported from: ./a.md -->") == 2
    assert "@./b.md" in f.text and "./b.md -->" not in f.text


def test_a_read_of_an_ignored_file_attaches_nothing(tmp_path: Path) -> None:
    tree = {
        ".gitignore": "*.log\n",
        ".geminiignore": "secret/\n",
        "w/GEMINI.md": "# w\n",
        "w/x.log": "l\n",
        "secret/GEMINI.md": "# s\n",
        "secret/f": "f\n",
        "w/.gitignore": "!keep.log\n",
        "w/keep.log": "k\n",
    }
    root, s = _session(tmp_path, tree)
    assert s.read(str(root / "w" / "x.log")).text is None
    assert s.read(str(root / "secret" / "f")).text is None
    kept = s.read(str(root / "w" / "keep.log"))
    assert [f.path for f in kept.files] == [str(root / "w" / "GEMINI.md")]


def test_the_geminiignore_decides_after_the_gitignores(tmp_path: Path) -> None:
    # Its ``!`` takes back what a .gitignore ignores, and no .gitignore takes back what it ignores.
    tree = {".gitignore": "a/\n", ".geminiignore": "!a/\nb/\n", "b/.gitignore": "!f\n"}
    tree |= {"a/GEMINI.md": "# a\n", "a/f": "f\n", "b/GEMINI.md": "# b\n", "b/f": "f\n"}
    root, s = _session(tmp_path, tree)
    assert [f.path for f in s.read(str(root / "a" / "f")).files] == [str(root / "a" / "GEMINI.md")]
    assert s.read(str(root / "b" / "f")).text is None


@pytest.mark.parametrize(
    ("ignores", "read", "refused"),
    [
        ({".gitignore": "build/\n!build/keep.txt\n"}, "build/keep.txt", True),
        ({".gitignore": "node_modules\n!node_modules/.keep/\n"}, "node_modules/.keep/a.js", True),
        ({".gitignore": "build/\n", "build/.gitignore": "!keep.txt\n"}, "build/keep.txt", True),
        ({".gitignore": "a/\n", ".geminiignore": "!a/x.txt\n"}, "a/x.txt", True),
        ({".gitignore": "a/*\n!a/b/\n"}, "a/b/c/x.txt", False),
        ({".gitignore": "v/**\n!v/keep/\n!v/keep/**\n"}, "v/keep/a.go", False),
    ],
    ids=[
        "file-back",
        "folder-back",
        "nested-gitignore-back",
        "geminiignore-file-back",
        "children-then-folder",
        "inside-only",
    ],
)
def test_step5_nothing_below_an_ignored_folder_is_taken_back(
    tmp_path: Path, ignores: dict[str, str], read: str, refused: bool
) -> None:
    folder = read.rsplit("/", 1)[0]
    root, s = _session(tmp_path, {**ignores, read: "x\n", f"{folder}/GEMINI.md": "# f\n"})
    assert (s.read(str(root / read)).text is None) is refused


@pytest.mark.parametrize(
    ("pattern", "read", "refused"),
    [
        ("Build/", "build/x.txt", True),
        ("*.LOG", "w/a.log", True),
        ("  lead", "lead/x.txt", True),
        ("  #c", "c/x.txt", False),
        ("w/[!a]x.txt", "w/!x.txt", True),
        ("w/[!a]x.txt", "w/bx.txt", False),
        ("w/[^a]x.txt", "w/^x.txt", True),
        ("w/[z-a]x.txt", "w/bx.txt", False),
        ("w/[z-ab]x.txt", "w/bx.txt", True),
        ("w/[]]x", "w/]x", False),
        ("w/x[ab", "w/x[ab", False),
        ("w/x.txt\\", "w/x.txt", False),
        ("w/bin\\Debug", "w/binDebug", True),
        ("w/a\\dc.txt", "w/a1c.txt", True),
        ("w/a\\bc.txt", "w/abc.txt", False),
    ],
    ids=[
        "case-folder",
        "case-glob",
        "leading-space",
        "leading-space-comment",
        "bang-is-a-character",
        "bang-is-not-none-of",
        "caret-is-a-character",
        "backwards-range",
        "backwards-range-and-more",
        "empty-set",
        "never-closed",
        "trailing-backslash",
        "escape-non-digit",
        "escape-digit",
        "escape-boundary",
    ],
)
def test_step4_a_pattern_is_read_as_gemini_cli_reads_it(tmp_path: Path, pattern: str, read: str, refused: bool) -> None:
    folder = read.rsplit("/", 1)[0]
    root, s = _session(tmp_path, {".gitignore": pattern + "\n", read: "x\n", f"{folder}/GEMINI.md": "# f\n"})
    assert (s.read(str(root / read)).text is None) is refused


@pytest.mark.parametrize(
    ("read", "refused"),
    [("a/.env", True), ("a/.Env", True), ("a/node_modules/x.js", True), ("a/.git", True), ("a/.env.local", False)],
    ids=["env", "env-any-case", "node-modules", "git-file", "env-local"],
)
def test_step0_some_names_are_never_read(tmp_path: Path, read: str, refused: bool) -> None:
    settings = {"context": {"fileFiltering": {"respectGitIgnore": False, "respectGeminiIgnore": False}}}
    folder = read.rsplit("/", 1)[0]
    root, s = _session(tmp_path, {read: "x\n", f"{folder}/GEMINI.md": "# f\n"}, settings=settings)
    assert (s.read(str(root / read)).text is None) is refused


def test_step0_the_path_counts_from_the_working_directory(tmp_path: Path) -> None:
    root, s = _session(
        tmp_path, {"node_modules/p/s/x.js": "x\n", "node_modules/p/s/GEMINI.md": "# s\n"}, cwd="node_modules/p"
    )
    assert s.read(str(root / "node_modules/p/s/x.js")).text is not None


def test_a_gitignore_above_the_cwd_is_not_read(tmp_path: Path) -> None:
    tree = {".gitignore": "ignored/\n", "a/ignored/GEMINI.md": "# i\n", "a/ignored/f": "f\n"}
    root, s = _session(tmp_path, tree, cwd="a")
    assert [f.path for f in s.read(str(root / "a" / "ignored" / "f")).files] == [str(root / "a/ignored/GEMINI.md")]


def test_a_read_through_a_linked_cwd_is_a_read_of_the_real_file(tmp_path: Path) -> None:
    tree = {"real/GEMINI.md": "# r\n", "real/b/GEMINI.md": "# b\n", "real/b/f": "f\n"}
    root, _s = _session(tmp_path, tree)
    os.symlink(root / "real", root / "alias")
    s = gemini.Session(str(root / "alias"), home=str(tmp_path / "home"), env={})
    got = s.read(str(root / "alias" / "b" / "f"))
    assert got.path == str(root / "real" / "b" / "f")
    assert [f.path for f in got.files] == [str(root / "real" / "b" / "GEMINI.md")]


def test_a_run_of_a_hundred_thousand_backticks_is_no_code_and_the_import_after_it_is_followed(tmp_path: Path) -> None:
    _root, s = _session(tmp_path, {"GEMINI.md": "`" * 100_000 + " @./x.md\n", "x.md": "X\n"})
    (f,) = s.started.files
    assert f.text.endswith("<!-- Imported from: ./x.md -->\nX\n\n<!-- End of import from: ./x.md -->")


def test_an_import_of_a_link_leaving_the_project_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "out.md"
    outside.write_text("O\n")
    _root, s = _session(tmp_path, {"GEMINI.md": "@./l.md\n", "l.md": {"symlink": str(outside)}})
    assert s.started.files[0].text == "<!-- Import failed: ./l.md - Path traversal attempt -->"


def test_respect_git_ignore_off_lets_the_read_attach(tmp_path: Path) -> None:
    tree = {".gitignore": "gi/\n", "gi/GEMINI.md": "# gi\n", "gi/x": "x\n"}
    settings = {"context": {"fileFiltering": {"respectGitIgnore": False}}}
    root, s = _session(tmp_path, tree, settings=settings)
    assert [f.path for f in s.read(str(root / "gi" / "x")).files] == [str(root / "gi" / "GEMINI.md")]


def test_include_directories_load_their_context_files_at_start_sorted_with_the_rest(tmp_path: Path) -> None:
    tree = {"GEMINI.md": "# r\n", "app/GEMINI.md": "# app\n", "shared/GEMINI.md": "# shared\n"}
    settings = {"context": {"includeDirectories": [str(tmp_path / "root" / "shared")]}}
    root, s = _session(tmp_path, tree, cwd="app", settings=settings)
    assert [os.path.relpath(f.path, root) for f in s.started.files] == [
        "GEMINI.md",
        "app/GEMINI.md",
        "shared/GEMINI.md",
    ]


def test_an_include_directory_under_tilde_is_in_the_engines_home(tmp_path: Path) -> None:
    build_tree(tmp_path / "home", {"extra/GEMINI.md": "# extra\n"})
    _root, s = _session(tmp_path, {"GEMINI.md": "# r\n"}, settings={"context": {"includeDirectories": ["~/extra"]}})
    assert s.started.files[0].path == str(tmp_path / "home" / "extra" / "GEMINI.md")


def test_flat_imports_come_last_first_each_with_what_it_imports(tmp_path: Path) -> None:
    tree = {"GEMINI.md": "@./a.md\n@./c.md\n@./b.md\n", "a.md": "a\n", "b.md": "b\n", "c.md": "c @./a.md\n"}
    root, s = _session(tmp_path, tree, settings={"context": {"importFormat": "flat"}})
    named = [line for line in (s.started.prompt or "").splitlines() if line.startswith("--- File: ")]
    # the file itself is named by its folder
    assert named == [f"--- File: {root / n} ---" for n in ("", "b.md", "c.md", "a.md")]


def test_flat_imports_have_no_depth_limit(tmp_path: Path) -> None:
    # A chain far longer than the tree format's five levels, and than Python's stack.
    n = 1500
    tree = {"GEMINI.md": "@./d1.md\n"} | {f"d{i}.md": f"d{i} @./d{i + 1}.md\n" for i in range(1, n)}
    root, s = _session(tmp_path, {**tree, f"d{n}.md": "last\n"}, settings={"context": {"importFormat": "flat"}})
    named = [line for line in (s.started.prompt or "").splitlines() if line.startswith("--- File: ")]
    assert len(named) == n + 1 and named[-1] == f"--- File: {root / f'd{n}.md'} ---"


def test_a_read_attaches_imports_in_place_even_when_the_start_is_flat(tmp_path: Path) -> None:
    tree = {
        "GEMINI.md": "# root\n@./r.md\n",
        "r.md": "r\n",
        "a/GEMINI.md": "# a\n@./b.md\n",
        "a/b.md": "b\n",
        "a/x": "x",
    }
    root, s = _session(tmp_path, tree, settings={"context": {"importFormat": "flat"}})
    assert "--- File: " in (s.started.prompt or "")
    assert [f.text for f in s.read(str(root / "a" / "x")).files] == [
        "# a\n<!-- Imported from: ./b.md -->\nb\n\n<!-- End of import from: ./b.md -->"
    ]


@pytest.mark.parametrize("what", ["missing", "dangling-link", "folder"])
def test_a_read_of_something_not_a_file_attaches_nothing_and_claims_nothing(tmp_path: Path, what: str) -> None:
    extra: dict[str, object] = {
        "dangling-link": {"a/t": {"symlink": "nowhere"}},
        "folder": {"a/t/": {"dir": True}},
    }.get(what, {})
    root, s = _session(tmp_path, {"GEMINI.md": "# r\n", "a/GEMINI.md": "# a\n", "a/x": "x", **extra})
    assert s.read(str(root / "a" / "t")).text is None
    assert [f.text for f in s.read(str(root / "a" / "x")).files] == ["# a"]


@pytest.mark.parametrize(
    ("tree", "message"),
    [
        ({}, "Directory does not exist: {b}"),
        ({"b": "a file\n"}, "Path is not a directory: {b}"),
        ({"b": {"symlink": "nowhere"}}, "Directory does not exist: {b}"),
    ],
    ids=["missing", "a-file", "a-dangling-link"],
)
def test_an_included_folder_that_is_no_folder_stops_gemini(
    tmp_path: Path, tree: dict[str, object], message: str
) -> None:
    with pytest.raises(GeminiSettingsError) as caught:
        _session(
            tmp_path, {"a/GEMINI.md": "# a\n", **tree}, "a", settings={"context": {"includeDirectories": ["../b"]}}
        )
    assert str(caught.value) == message.format(b=tmp_path / "root" / "b")


TRAVERSAL = "<!-- Import failed: ../../shared.md - Path traversal attempt -->"
IMPORTED = "<!-- Imported from: ../../shared.md -->\nshared\n\n<!-- End of import from: ../../shared.md -->"


@pytest.mark.parametrize(
    ("markers", "expected"),
    [(None, IMPORTED), ([], TRAVERSAL), (["package.json"], TRAVERSAL)],
    ids=["git-by-default", "no-markers-the-files-folder", "package-marker"],
)
def test_imports_stay_inside_the_root_the_boundary_markers_give(
    tmp_path: Path, markers: list[str] | None, expected: str
) -> None:
    tree = {"shared.md": "shared\n", "a/package.json": "{}\n", "a/b/GEMINI.md": "@../../shared.md\n", "a/b/x": "x"}
    settings = None if markers is None else {"context": {"memoryBoundaryMarkers": markers}}
    root, s = _session(tmp_path, tree, settings=settings)
    assert [f.text for f in s.read(str(root / "a" / "b" / "x")).files] == [expected]


def test_an_untrusted_folder_stops_before_its_included_folders_are_looked_at(tmp_path: Path) -> None:
    settings = {"context": {"includeDirectories": ["../nope"]}}
    _root, s = _session(tmp_path, {"a/GEMINI.md": "# a\n"}, "a", settings=settings, trust={})
    assert s.started.prompt is None
    assert [x.why for x in s.started.left_out] == [Left.UNTRUSTED]


def test_gemini_cli_home_is_the_home_and_variables_are_replaced_in_settings(tmp_path: Path) -> None:
    root, alt = tmp_path / "root", tmp_path / "alt"
    build_tree(root, {".git/HEAD": "x", "GEMINI.md": "# g\n", "AGENTS.md": "# a\n", "$$N": "# dd\n"})
    build_tree(
        alt,
        {
            ".gemini/settings.json": {"json": {"context": {"fileName": ["${N}", "$$N", "${NOPE}"]}}},
            ".gemini/trustedFolders.json": {"json": {str(root): "TRUST_FOLDER"}},
            ".gemini/GEMINI.md": "# alt global\n",
        },
    )
    s = gemini.Session(str(root), home=str(tmp_path / "home"), env={"GEMINI_CLI_HOME": str(alt), "N": "AGENTS.md"})
    assert s.started.names == ("AGENTS.md", "$AGENTS.md", "${NOPE}", "GEMINI.md")
    assert [f.path for f in s.started.files] == [
        str(alt / ".gemini" / "GEMINI.md"),
        str(root / "AGENTS.md"),
        str(root / "GEMINI.md"),
    ]


@pytest.mark.parametrize(("value", "trusted"), [("true", True), ("TRUE", False), ("1", False)])
def test_only_true_trusts_the_workspace_through_the_environment(tmp_path: Path, value: str, trusted: bool) -> None:
    root, home = tmp_path / "root", tmp_path / "home"
    build_tree(root, {".git/HEAD": "x", "GEMINI.md": "# g\n"})
    s = gemini.Session(str(root), home=str(home), env={"GEMINI_CLI_TRUST_WORKSPACE": value})
    assert s.trusted is trusted


def test_a_configured_name_is_joined_below_each_folder_as_node_joins_paths(tmp_path: Path) -> None:
    tree = {"SHARED.md": "# top\n", "a/SHARED.md": "# a\n", "docs/RULES.md": "# rules\n"}
    absolute = str(tmp_path / "root" / "docs" / "RULES.md")
    root, s = _session(tmp_path, tree, cwd="a/b", settings={"context": {"fileName": ["../SHARED.md", absolute]}})
    # ``../SHARED.md`` is each parent's, named normalised; the absolute name stays below each folder.
    assert [f.path for f in s.started.files] == [str(root / "SHARED.md"), str(root / "a" / "SHARED.md")]
    assert gemini.name_path("/r/a", "/r/docs/RULES.md") == "/r/a/r/docs/RULES.md"
    assert gemini.name_path("/", "/x.md") == "/x.md"


def test_project_files_are_sorted_by_utf16_code_units_as_javascript_sorts(tmp_path: Path) -> None:
    fullwidth, emoji = "\uff21.md", "\U0001f600.md"
    tree = {fullwidth: "# fullwidth\n", emoji: "# emoji\n"}
    root, s = _session(tmp_path, tree, settings={"context": {"fileName": [fullwidth, emoji]}})
    # U+1F600 is two surrogates from U+D83D: before U+FF21, though its code point is higher.
    assert [f.path for f in s.started.files] == [str(root / emoji), str(root / fullwidth)]


def test_a_boundary_marker_is_joined_below_each_folder_keeping_its_trailing_slash(tmp_path: Path) -> None:
    tree = {"GEMINI.md": "# root\n", "m": "", "wt/.git": "gitdir: /nowhere\n", "wt/GEMINI.md": "# wt\n"}
    # ``<root>/m`` exists, but joined below each folder it names nothing: the walk goes up to ``.git``.
    absolute = str(tmp_path / "root" / "m")
    markers = {"context": {"memoryBoundaryMarkers": [".git", absolute]}}
    root, s = _session(tmp_path, {"m": "", "sub/GEMINI.md": "# sub\n"}, cwd="sub", settings=markers)
    assert s.top == str(root)
    # ``.git/`` is a folder alone: the worktree's ``.git`` file is no marker.
    root, s = _session(tmp_path / "2", tree, cwd="wt", settings={"context": {"memoryBoundaryMarkers": [".git/"]}})
    assert s.top == str(root)
    assert [f.path for f in s.started.files] == [str(root / "GEMINI.md"), str(root / "wt" / "GEMINI.md")]
    root, s = _session(tmp_path / "3", tree, cwd="wt", settings={"context": {"memoryBoundaryMarkers": [".git"]}})
    assert s.top == str(root / "wt")


def test_a_configured_name_loses_its_trailing_slash(tmp_path: Path) -> None:
    root, s = _session(tmp_path, {"RULES.md": "# rules\n"}, settings={"context": {"fileName": ["RULES.md/"]}})
    assert [f.path for f in s.started.files] == [str(root / "RULES.md")]


def test_custom_ignore_files_are_the_working_directorys_the_first_listed_deciding(tmp_path: Path) -> None:
    tree = {"sub/GEMINI.md": "# sub\n", "sub/x.txt": "x\n", ".a": "!x.txt\n", ".b": "x.txt\n", ".c": "sub/\n"}

    def attached(names: list[str], **filtering: object) -> bool:
        settings = {"context": {"fileFiltering": {"customIgnoreFilePaths": names, **filtering}}}
        root, s = _session(tmp_path / str(len(list(tmp_path.iterdir()))), tree, settings=settings)
        return s.read(str(root / "sub" / "x.txt")).text is not None

    assert not attached([".c"])
    assert attached([".a", ".b"])  # the first listed decides
    assert not attached([".b", ".a"])
    assert not attached([".c"], respectGeminiIgnore=False)  # whatever the switches
    assert attached([str(tmp_path / "0" / "root" / ".c")])  # an absolute path is joined below the cwd


def test_the_workspaces_include_directories_are_added_to_the_users(tmp_path: Path) -> None:
    root = tmp_path / "root"
    tree = {
        "app/GEMINI.md": "# app\n",
        "shared/GEMINI.md": "# shared\n",
        "lib/GEMINI.md": "# lib\n",
        "app/.gemini/settings.json": {"json": {"context": {"includeDirectories": [str(root / "lib")]}}},
    }
    settings = {"context": {"includeDirectories": [str(root / "shared")]}}
    _root, s = _session(tmp_path, tree, cwd="app", settings=settings)
    assert [os.path.relpath(f.path, root) for f in s.started.files] == [
        "app/GEMINI.md",
        "lib/GEMINI.md",
        "shared/GEMINI.md",
    ]


def _extension(name: str, **manifest: object) -> dict[str, object]:
    folder = f".gemini/extensions/{name}/"
    return {folder + "gemini-extension.json": {"json": {"name": name, "version": "1.0.0", **manifest}}}


def test_an_enabled_extensions_context_files_come_between_the_global_and_the_project_files(tmp_path: Path) -> None:
    home = tmp_path / "home"
    build_tree(
        home,
        {
            ".gemini/GEMINI.md": "# me\n",
            **_extension("tools", contextFileName=["C.md", "A.md", "../x.md", "/abs.md"]),
            ".gemini/extensions/tools/C.md": "  # c\n",
            ".gemini/extensions/tools/A.md": "# a\n",
            ".gemini/extensions/tools/GEMINI.md": "# not named\n",
            **_extension("off"),
            ".gemini/extensions/off/GEMINI.md": "# off\n",
            ".gemini/extensions/extension-enablement.json": {"json": {"off": {"overrides": [f"!{tmp_path}/*"]}}},
            ".gemini/extensions/loose/GEMINI.md": "# no manifest\n",
        },
    )
    root, s = _session(tmp_path, {"GEMINI.md": "# r\n"})
    ext = home / ".gemini" / "extensions" / "tools"
    assert [f.path for f in s.started.files] == [
        str(home / ".gemini" / "GEMINI.md"),
        str(ext / "A.md"),  # sorted, whatever the manifest's order
        str(ext / "C.md"),
        str(root / "GEMINI.md"),
    ]
    assert s.started.prompt is not None
    user = s.started.prompt.split("\n<loaded_context>\n", 1)[1]
    assert user.startswith("<extension_context>\n--- Context from: " + str(ext / "A.md"))
    assert "# c\n--- End of Context from" in user  # trimmed
    assert user.endswith(
        "</extension_context>\n<project_context>\n"
        + gemini.block(str(root / "GEMINI.md"), "# r")
        + "</project_context>\n</loaded_context>"
    )


@pytest.mark.parametrize(
    ("rules", "enabled"),
    [
        ([], True),
        (["!/*"], False),
        (["!/*", "{cwd}/*"], True),  # the last rule that matches decides
        (["!{cwd}/"], False),  # the folder itself
        (["!{cwd}/sub/"], True),  # not below it without ``*``
        (["!{cwd}/sub/*"], True),
        (["!{parent}/"], True),
        (["!{parent}/*"], False),
    ],
)
def test_an_extension_is_enabled_by_the_last_rule_matching_the_working_directory(
    tmp_path: Path, rules: list[str], enabled: bool
) -> None:
    from agents_md.engines.gemini_extensions import extension_files

    home, cwd = tmp_path / "home", tmp_path / "work"
    overrides = [r.format(cwd=cwd, parent=tmp_path) for r in rules]
    build_tree(
        home,
        {
            **_extension("ext"),
            ".gemini/extensions/ext/GEMINI.md": "# ext\n",
            ".gemini/extensions/extension-enablement.json": {"json": {"ext": {"overrides": overrides}}},
        },
    )
    assert bool(extension_files(str(home), str(cwd))) is enabled


def test_the_private_project_memory_is_sent_with_the_global_files(tmp_path: Path) -> None:
    home = tmp_path / "home"
    build_tree(home, {".gemini/GEMINI.md": "# me\n", ".gemini/tmp/root/memory/MEMORY.md": "\n# remembered\n"})
    _root, s = _session(tmp_path, {"GEMINI.md": "# r\n"})
    memory = str(home / ".gemini" / "tmp" / "root" / "memory" / "MEMORY.md")
    system = s.started.prompt.split("\n<loaded_context>\n<project_context>")[0] if s.started.prompt else ""
    assert system == (
        "<loaded_context>\n<global_context>\n"
        + gemini.block(str(home / ".gemini" / "GEMINI.md"), "# me").rstrip("\n")
        + "\n</global_context>\n<user_project_memory>\n"
        + gemini.PRIVATE_HEAD
        + "\n"
        + gemini.block(memory, "# remembered").rstrip("\n")
        + "\n"
        + gemini.PRIVATE_TAIL
        + "\n</user_project_memory>\n</loaded_context>"
    )


def test_the_private_memory_folder_is_found_as_gemini_names_a_project(tmp_path: Path) -> None:
    from agents_md.engines.gemini_memory import project_id, slug

    assert slug("My Sub.Dir") == "my-sub-dir"
    assert slug("--") == "project"
    home, project = tmp_path / "home", "/work/My App"
    assert project_id(str(home), project) == "my-app"
    build_tree(home, {".gemini/tmp/my-app/.project_root": "/elsewhere/My App\n"})
    assert project_id(str(home), project) == "my-app-1"  # taken by another folder
    build_tree(home, {".gemini/history/kept/.project_root": "/work/My App\n"})
    assert project_id(str(home), project) == "kept"  # a folder that names the project
    build_tree(home, {".gemini/projects.json": {"json": {"projects": {project: "given"}}}})
    assert project_id(str(home), project) == "given"  # the registry first


def test_system_settings_count_only_where_root_alone_can_write_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agents_md.engines import gemini_settings
    from agents_md.engines.gemini_settings import read_settings

    home = tmp_path / "home"
    build_tree(home, {".gemini/settings.json": {"json": {"context": {"fileName": ["USER.md"]}}}})
    system = build_tree(tmp_path / "etc", {"settings.json": {"json": {"context": {"fileName": ["SYSTEM.md"]}}}})
    env = {"GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(Path(system) / "settings.json")}
    os.chmod(system, 0o777)  # a folder others may write: Gemini CLI skips the file
    assert not gemini_settings.secure(str(Path(system) / "settings.json"))
    assert read_settings(str(home), str(tmp_path), env).names == ("USER.md", "GEMINI.md")
    # A test's folder lies below a /tmp others may write on most machines: where the file is
    # root's alone is said by the check below, on the system's own files; here it is taken as so.
    monkeypatch.setattr(gemini_settings, "secure", lambda path: True)
    assert read_settings(str(home), str(tmp_path), env).names == ("SYSTEM.md", "GEMINI.md")


def test_a_file_is_roots_alone_when_it_and_every_folder_above_it_are() -> None:
    from agents_md.engines.gemini_settings import secure

    assert os.stat("/etc/passwd").st_uid == 0  # the system's own: root's, writable by root alone
    assert secure("/etc/passwd")
    assert not secure("/etc/no-such-file")
    assert not secure("/tmp")  # others may write it


def test_a_path_two_categories_name_is_sent_in_both_and_one_file_in_the_first(tmp_path: Path) -> None:
    root = tmp_path / "root"
    link = {"json": {"source": str(root), "type": "link"}}
    build_tree(
        tmp_path / "home",
        {
            ".gemini/extensions/dev/.gemini-extension-install.json": link,  # an extension linked to the project
            ".gemini/tmp/sub/memory/MEMORY.md": {"symlink": str(root / "sub" / "GEMINI.md")},
        },
    )
    tree = {"gemini-extension.json": {"json": {"name": "dev", "version": "1"}}, "GEMINI.md": "# dev\n"}
    _root, s = _session(tmp_path, {**tree, "sub/GEMINI.md": "# sub\n"}, cwd="sub")
    assert [(f.path, f.scope) for f in s.started.files] == [
        (str(root / "GEMINI.md"), "global"),  # the extension's
        (str(root / "GEMINI.md"), "project"),  # and the project's, the same path
        (str(root / "sub" / "GEMINI.md"), "project"),  # the private memory's link to it: the project's alone
    ]


@pytest.mark.parametrize(
    ("env", "trusted"),
    [
        ({"GEMINI_RESTRICTED_MODE": "true"}, False),
        ({"GEMINI_CLI_TRUST_WORKSPACE": "false"}, False),
        ({"GEMINI_RESTRICTED_MODE": "TRUE"}, True),  # spelled otherwise: the rules decide
        ({"GEMINI_CLI_TRUST_WORKSPACE": "FALSE"}, True),
    ],
)
def test_a_variable_can_distrust_a_trusted_folder(tmp_path: Path, env: dict[str, str], trusted: bool) -> None:
    root, home = tmp_path / "root", tmp_path / "home"
    build_tree(root, {".git/HEAD": "x", "GEMINI.md": "# r\n", "a/GEMINI.md": "# a\n", "a/x.txt": "x\n"})
    build_tree(
        home, {".gemini/trustedFolders.json": {"json": {str(root): "TRUST_FOLDER"}}, ".gemini/GEMINI.md": "# me\n"}
    )
    s = gemini.Session(str(root), home=str(home), env=env)
    assert (s.started.prompt is not None) is trusted  # distrusted with trust on: exit 55, nothing
    # With trust off in the settings the run goes on: the global file, no project file, no read.
    build_tree(home, {".gemini/settings.json": {"json": {"security": {"folderTrust": {"enabled": False}}}}})
    s = gemini.Session(str(root), home=str(home), env=env)
    sent = [os.path.relpath(f.path, tmp_path) for f in s.started.files]
    assert sent == (["home/.gemini/GEMINI.md", "root/GEMINI.md"] if trusted else ["home/.gemini/GEMINI.md"])
    assert (s.read(str(root / "a" / "x.txt")).text is not None) is trusted


def test_the_walk_up_stops_below_the_engines_own_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    build_tree(
        home,
        {
            ".git": "gitdir: /nowhere\n",  # a home kept in git: its root is the home
            "GEMINI.md": "# home\n",
            ".gemini/extensions/mine/GEMINI.md": "# mine\n",
            ".gemini/trustedFolders.json": {"json": {str(home): "TRUST_FOLDER"}},
        },
    )
    s = gemini.Session(str(home / ".gemini" / "extensions" / "mine"), home=str(home), env={})
    assert [f.path for f in s.started.files] == [str(home / ".gemini" / "extensions" / "mine" / "GEMINI.md")]


def test_the_security_settings_choose_which_extensions_load(tmp_path: Path) -> None:
    from agents_md.engines.gemini_extensions import extension_files

    home = tmp_path / "home"
    ext = ".gemini/extensions/"
    spec: dict[str, object] = {}
    for name, kind, source in [("viagit", "git", "https://github.com/acme/x"), ("local", "local", "/src/local")]:
        spec |= _extension(name)
        spec[f"{ext}{name}/GEMINI.md"] = f"# {name}\n"
        spec[f"{ext}{name}/.gemini-extension-install.json"] = {"json": {"type": kind, "source": source}}
    build_tree(home, spec)

    def loaded(**settings: Any) -> list[str]:
        return [p.split("/")[-2] for p, _why in extension_files(str(home), str(tmp_path), **settings)]

    assert loaded() == ["local", "viagit"]
    assert loaded(block_git=True) == ["local"]
    # A source is matched as a path: a URL resolves below the working directory and never matches.
    assert loaded(allowed=("^https://github\\.com/acme/", "^/src/")) == ["local"]
    build_tree(home, _extension("bare"))
    with pytest.raises(GeminiSettingsError):
        loaded(allowed=(".*",))  # an extension without install metadata stops Gemini CLI
