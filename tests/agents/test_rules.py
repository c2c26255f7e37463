"""One rule per test (tables are parametrized with ids); every expectation was observed in the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents_md._util.yaml_front import parse_front_matter, quote_problem_values
from agents_md.agents import AgentsJsonError, Source, agent_line, agent_lines, blocking, load_agents, parse_agent_text
from agents_md.agents._keys import suggest, unknown_keys_message
from agents_md.agents._order import sort_key


def parse(text: str, **kw: object):  # type: ignore[no-untyped-def]
    return parse_agent_text(text, "a.md", source=Source.PROJECT, **kw)  # type: ignore[arg-type]


def line_of(front: str) -> str | None:
    result = parse(f"---\n{front}---\nbody\n")
    return agent_line(result.agent) if result.agent else None


# --- fences -------------------------------------------------------------------------------------

FENCES = [
    ("bom", "\ufeff---\nname: a\ndescription: d\n---\n", "- a: d (Tools: All tools)"),
    ("trailing-space-on-fence", "--- \t\nname: a\ndescription: d\n---\n", "- a: d (Tools: All tools)"),
    ("crlf", "---\r\nname: a\r\ndescription: d\r\n---\r\n", "- a: d (Tools: All tools)"),
    ("blank-line-first", "\n---\nname: a\ndescription: d\n---\n", None),
    ("space-first", " ---\nname: a\ndescription: d\n---\n", None),
    ("four-dashes", "----\nname: a\ndescription: d\n---\n", None),
    ("key-on-fence", "---name: a\ndescription: d\n---\n", None),
    ("no-closing", "---\nname: a\ndescription: d\n", None),
    ("dots-closing", "---\nname: a\ndescription: d\n...\n", None),
    ("closing-mid-value", "---\nname: a\ndescription: before --- after\n---\n", "- a: before (Tools: All tools)"),
    ("closing-in-name", "---\nname: dn---x\ndescription: d\n---\n", None),
    ("closing-glued", "---\nname: a\ndescription: d\n---body", "- a: d (Tools: All tools)"),
    (
        "closing-in-comment",
        "---\nname: a\ndescription: d\ntools: Read, Bash\n# ------ c\ndisallowedTools: Bash\n---\n",
        "- a: d (Tools: Read, Bash)",
    ),
]


@pytest.mark.parametrize(("text", "line"), [c[1:] for c in FENCES], ids=[c[0] for c in FENCES])
def test_fence_rules(text: str, line: str | None) -> None:
    result = parse(text)
    assert (agent_line(result.agent) if result.agent else None) == line


# --- YAML -----------------------------------------------------------------------------------------

TYPES = [
    ("yes-is-a-string", "yes", "yes"),
    ("on-is-a-string", "on", "on"),
    ("date-is-a-string", "2024-01-01", "2024-01-01"),
    ("underscore-int-is-a-string", "1_000", "1_000"),
    ("sexagesimal-is-a-string", "1:30", "1:30"),
    ("True-is-bool", "True", None),
    ("NULL-is-null", "NULL", None),
    ("octal-0o", "0o17", None),
    ("hex", "0x1F", None),
    ("leading-zero-int", "017", None),
    ("inf", ".inf", None),
    ("exp-float", "1e3", None),
    ("plus-int", "+1", None),
]


@pytest.mark.parametrize(("value", "shown"), [c[1:] for c in TYPES], ids=[c[0] for c in TYPES])
def test_yaml_12_core_types_decide_description(value: str, shown: str | None) -> None:
    assert line_of(f"name: a\ndescription: {value}\n") == (f"- a: {shown} (Tools: All tools)" if shown else None)


LENIENT = [
    ("colon-in-value", "description: has: a colon: inside\n", "has: a colon: inside"),
    (
        "example-block",
        "description: Examples: <example>Context: x</example>\n",
        "Examples: <example>Context: x</example>",
    ),
    ("quoted-then-more", 'description: "quoted" then more: text\n', '"quoted" then more: text'),
    ("unclosed-flow", "description: [unclosed\n", "[unclosed"),
    ("trailing-spaces-kept", "description: foo: bar   \n", "foo: bar   "),
    ("hash-kept-when-rewritten", "description: a #b\nx: c: d\n", "a #b"),
    ("duplicate-key-last-wins", "description: one\ndescription: two\n", "two"),
    ("tab-after-colon", "description:\tfoo: bar\n", "foo: bar"),
    ("alias-text", "description: *bold* text\n", "*bold* text"),
    ("unknown-tag-ignored", "description: !custom tagged\n", "tagged"),
    ("anchor-with-semicolon", "description: &amp; stuff\n", "stuff"),
]


@pytest.mark.parametrize(("front", "shown"), [c[1:] for c in LENIENT], ids=[c[0] for c in LENIENT])
def test_lenient_yaml_reads_values_as_written(front: str, shown: str) -> None:
    assert line_of("name: a\n" + front) == f"- a: {shown} (Tools: All tools)"


REJECTED_YAML = [
    ("unterminated-quote", 'description: "never closed\n'),
    ("tab-indented-key", "description: x\n\tmaxTurns: 3\n"),
    ("over-indented-key", "description: x\n model: sonnet\n"),
    ("bad-escape", 'description: "C:\\path"\n'),
    ("dash-value", "description: - dash\n"),
    ("crlf-colon-never-rewritten", "description: a: b\r\n"),
]


@pytest.mark.parametrize("front", [c[1] for c in REJECTED_YAML], ids=[c[0] for c in REJECTED_YAML])
def test_yaml_that_does_not_parse_skips_the_file(front: str) -> None:
    result = parse("---\nname: a\n" + front + "---\n")
    assert result.agent is None
    assert result.rule == "yaml-parse"


def test_rewrite_quotes_only_plain_letter_keys_with_special_values() -> None:
    text = 'description: a: b\nx1: a: b\nok: plain\nq: "a: b"\nl: [a, b]\n'
    assert quote_problem_values(text)[0] == 'description: "a: b"\nx1: a: b\nok: plain\nq: "a: b"\nl: [a, b]\n'


@pytest.mark.parametrize(
    ("front", "data"),
    [
        ("paths:\n  - src/**\n  - !**/*.test.ts\n", None),  # after a lone "!", a letter, digit or "-"
        ("paths:\n  - !.env x\n", None),
        ("paths:\n  - !_x x\n", None),
        ("paths: !*.test.ts\n", {"paths": "!*.test.ts"}),  # refused, then read again quoted
        ("paths:\n  - !-a x\n  - !a*b y\n  - !!*a z\n", {"paths": ["x", "y", "z"]}),
        ("paths:\n  - !foo\n", {"paths": [""]}),
        ("paths:\n  - !a,b x\n", {"paths": [",b x"]}),  # the tag ends at the comma
        ("paths:\n  - !a[b] x\n", None),
        ("paths:\n  - !!int apps/**\n  - !!int 12\n", {"paths": ["apps/**", 12]}),  # a text not of the type stays
        ("a: !!null x\nb: !!bool x\nc: !!seq x\nd: !!null\n", {"a": "x", "b": "x", "c": "x", "d": None}),
    ],
)
def test_tags_as_the_engine_reads_them(front: str, data: object) -> None:
    """``g7_rule_paths_tag_*``."""
    assert parse_front_matter(front).data == data


def test_tab_indented_nested_block_is_accepted() -> None:
    assert parse_front_matter("tools:\n\t- Read\n\t- Grep\n").data == {"tools": ["Read", "Grep"]}


def test_empty_key_becomes_null() -> None:
    assert parse_front_matter("a: 1\n: nokey\n").data == {"a": 1, "null": "nokey"}
    # indented, or as a list item: a map (g7_rule_paths_item_empty_key)
    assert parse_front_matter("paths:\n  - docs/**\n  - : apps/**\n").data == {
        "paths": ["docs/**", {"null": "apps/**"}]
    }


# --- name and description -------------------------------------------------------------------------

NAMES = [
    ("no-name", "description: d\n", "name-missing"),
    ("empty-name", 'name: ""\ndescription: d\n', "name-missing"),
    ("number-name", "name: 5\ndescription: d\n", "name-not-string"),
    ("colon", "name: a:b\ndescription: d\n", "name-colon"),
    ("leading-dash", 'name: "-a"\ndescription: d\n', "name-dash"),
    ("257-chars", f"name: {'n' * 257}\ndescription: d\n", "name-too-long"),
    ("no-description", "name: a\n", "description-missing"),
    ("empty-description", "name: a\ndescription:\n", "description-missing"),
    ("list-description", "name: a\ndescription: [x]\n", "description-missing"),
    ("capitalised-keys", "Name: a\nDescription: d\n", "name-missing"),
]


@pytest.mark.parametrize(("front", "rule"), [c[1:] for c in NAMES], ids=[c[0] for c in NAMES])
def test_name_and_description_rules(front: str, rule: str) -> None:
    result = parse(f"---\n{front}---\n")
    assert result.agent is None and result.rule == rule


ACCEPTED = [
    ("256-chars", f"name: {'n' * 256}\ndescription: d\n", f"- {'n' * 256}: d (Tools: All tools)"),
    ("spaces-and-slash", "name: a b/c\ndescription: d\n", "- a b/c: d (Tools: All tools)"),
    ("quoted-leading-space", 'name: " lead"\ndescription: d\n', "-  lead: d (Tools: All tools)"),
    ("whitespace-description", 'name: a\ndescription: " "\n', "- a:   (Tools: All tools)"),
    ("backslash-n", "name: a\ndescription: x\\ny \\\\n z \\t\n", "- a: x\ny \\\n z \\t (Tools: All tools)"),
    ("folded-keeps-newline", "name: a\ndescription: >\n  folded\n  text\n", "- a: folded text\n (Tools: All tools)"),
    ("folded-strip", "name: a\ndescription: >-\n  folded\n", "- a: folded (Tools: All tools)"),
]


@pytest.mark.parametrize(("front", "line"), [c[1:] for c in ACCEPTED], ids=[c[0] for c in ACCEPTED])
def test_accepted_names_and_descriptions_render(front: str, line: str) -> None:
    assert line_of(front) == line


# --- tools ----------------------------------------------------------------------------------------

TOOLS = [
    ("absent", "", "All tools"),
    ("star", "tools: '*'\n", "All tools"),
    ("empty-list", "tools: []\n", "All tools"),
    ("number", "tools: 5\n", "All tools"),
    ("spaces-split", "tools: Read Grep Glob\n", "Read, Grep, Glob"),
    ("parens-kept", "tools: Read, Bash(git add, git commit), Grep\n", "Read, Bash(git add, git commit), Grep"),
    ("list-items-split", "tools: ['Read, Grep', Bash]\n", "Read, Grep, Bash"),
    ("tab-not-separator", 'tools: "Read\\tGrep"\n', "Read\tGrep"),
    ("semicolon-kept", "tools: Read;Grep\n", "Read;Grep"),
    ("duplicates-kept", "tools: Read, Read\n", "Read, Read"),
    ("star-in-list", "tools: Read, *\n", "All tools"),
    ("non-strings-dropped", "tools: [Read, 5, null]\n", "Read"),
    ("deny-only", "disallowedTools: Bash, Write\n", "All tools except Bash, Write"),
    ("deny-star-ignored", "disallowedTools: [Bash, '*']\n", "All tools"),
    ("deny-exact-match", "tools: Read, Bash(git *)\ndisallowedTools: Bash\n", "Read, Bash(git *)"),
    ("deny-removes", "tools: Read, Bash, Grep\ndisallowedTools: Bash\n", "Read, Grep"),
    ("deny-everything", "tools: Read\ndisallowedTools: Read\n", "None"),
    ("empty-tools-and-deny", "tools: []\ndisallowedTools: Bash\n", "All tools except Bash"),
    ("memory-appends", "tools: Read\nmemory: user\n", "Read, Write, Edit"),
    ("memory-order", "tools: Edit\nmemory: user\n", "Edit, Write, Read"),
    ("memory-empty-tools", "tools: ''\nmemory: local\n", "Write, Edit, Read"),
    ("memory-no-tools-key", "memory: user\n", "All tools"),
    ("memory-invalid", "tools: Read\nmemory: banana\n", "Read"),
    ("memory-then-deny", "tools: Read\nmemory: project\ndisallowedTools: Write\n", "Read, Edit"),
]


@pytest.mark.parametrize(("front", "text"), [c[1:] for c in TOOLS], ids=[c[0] for c in TOOLS])
def test_tools_text(front: str, text: str) -> None:
    assert line_of(f"name: a\ndescription: d\n{front}") == f"- a: d (Tools: {text})"


# --- values ---------------------------------------------------------------------------------------

VALUES = [
    ("permission-ok", "permissionMode: plan\n", "permission_mode", "plan", None),
    ("permission-manual", "permissionMode: manual\n", "permission_mode", "default", None),
    (
        "permission-bad",
        "permissionMode: Plan\n",
        "permission_mode",
        None,
        "invalid permissionMode 'Plan'. Valid options: acceptEdits, auto, bypassPermissions, default, dontAsk, plan",
    ),
    ("maxturns-string", "maxTurns: '5'\n", "max_turns", 5, None),
    ("maxturns-zero", "maxTurns: 0\n", "max_turns", None, "invalid maxTurns '0'. Must be a positive integer."),
    ("maxturns-float", "maxTurns: 1.5\n", "max_turns", None, "invalid maxTurns '1.5'. Must be a positive integer."),
    (
        "window-low",
        "autoCompactWindow: 99999\n",
        "auto_compact_window",
        None,
        "invalid autoCompactWindow '99999'. Must be an integer of at least 100000.",
    ),
    ("window-string-exp", "autoCompactWindow: '5e5'\n", "auto_compact_window", 500000, None),
    (
        "memory-bad",
        "memory: none\n",
        "memory",
        None,
        "invalid memory value 'none'. Valid options: user, project, local",
    ),
    ("background-string", "background: 'true'\n", "background", True, None),
    (
        "background-yes",
        "background: yes\n",
        "background",
        None,
        "invalid background value 'yes'. Must be 'true', 'false', or omitted.",
    ),
    ("effort-case", "effort: Max\n", "effort", "max", None),
    ("effort-int", "effort: 7\n", "effort", 7, None),
    (
        "effort-bad",
        "effort: huge\n",
        "effort",
        None,
        "invalid effort 'huge'. Valid options: low, medium, high, xhigh, max or an integer",
    ),
    ("isolation-remote", "isolation: remote\n", "isolation", "remote", None),
    (
        "isolation-bad",
        "isolation: none\n",
        "isolation",
        None,
        "invalid isolation value 'none'. Valid options: worktree, remote",
    ),
    ("omit-true", "omitClaudeMd: true\n", "omit_claude_md", True, None),
    ("omit-string", "omitClaudeMd: 'true'\n", "omit_claude_md", True, None),
    ("omit-string-case", "omitClaudeMd: 'True'\n", "omit_claude_md", False, "omitClaudeMd 'True' is not true"),
    ("omit-yes", "omitClaudeMd: yes\n", "omit_claude_md", False, "omitClaudeMd 'yes' is not true"),
    ("observer-trimmed", "observer: ' watcher '\n", "observer", "watcher", None),
]


@pytest.mark.parametrize(("front", "attr", "value", "message"), [c[1:] for c in VALUES], ids=[c[0] for c in VALUES])
def test_values_kept_or_dropped(front: str, attr: str, value: object, message: str | None) -> None:
    result = parse(f"---\nname: a\ndescription: d\n{front}---\n")
    assert result.agent is not None
    assert getattr(result.agent, attr) == value
    dropped = [p for p in result.problems if p.rule == "invalid-value"]
    assert [p.message.split(" (dropped")[0] for p in dropped] == ([message] if message else [])
    assert all(p.line == 4 and blocking(p) for p in dropped)


HOOKS = [
    (
        "valid",
        "hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: x\n",
        True,
    ),
    ("missing-command", "hooks:\n  PreToolUse:\n    - hooks:\n        - type: command\n", False),
    ("string", "hooks: str\n", False),
    ("list", "hooks: [a]\n", False),
    ("empty-string", "hooks: ''\n", True),
    ("other-event-unchecked", "hooks:\n  Stop: str\n", True),
    ("permission-request-checked", "hooks:\n  PermissionRequest: x\n", False),
    ("null-event", "hooks:\n  PreToolUse:\n", True),
    ("bad-url", "hooks:\n  PreToolUse:\n    - hooks:\n        - type: http\n          url: x\n", False),
]


@pytest.mark.parametrize(("front", "loads"), [c[1:] for c in HOOKS], ids=[c[0] for c in HOOKS])
def test_hooks_shape_decides_whether_the_file_loads(front: str, loads: bool) -> None:
    result = parse(f"---\nname: a\ndescription: d\n{front}---\n")
    assert (result.agent is not None) == loads
    if not loads:
        assert result.rule == "hooks-invalid"


def test_list_items_are_located_by_key_path() -> None:
    result = parse("---\nname: a\ndescription: d\ntools:\n  - Read\n  - 5\n---\n")
    [problem] = [p for p in result.problems if p.rule == "invalid-value"]
    assert (problem.key, problem.line) == ("tools[1]", 6)


# --- unknown keys ---------------------------------------------------------------------------------

HINTS = [
    ("allowed-tools", "tools"),
    ("allowedTools", "tools"),
    ("Tools", "tools"),
    ("disallowed_tools", "disallowedTools"),
    ("max_turns", "maxTurns"),
    ("omit-claude-md", "omitClaudeMd"),
    ("colour", "color"),
    ("nm", "name"),
    ("node", "name"),
    ("code", "model"),
    ("experiment", "experimental"),
    ("mode", None),
    ("Mode", None),
    ("max-turn", None),
    ("isolate", None),
    ("memories", None),
    ("prompt", None),
    ("allowedTool", None),
]


@pytest.mark.parametrize(("key", "hint"), HINTS, ids=[h[0] for h in HINTS])
def test_did_you_mean(key: str, hint: str | None) -> None:
    assert suggest(key) == hint


def test_unknown_keys_message_names_five_then_counts() -> None:
    keys = ["foo", "version", "category", "proactive", "author", "zzz"]
    assert unknown_keys_message("P", keys) == (
        'Agent file P has frontmatter keys Claude Code does not recognize or apply: "foo", "version", "category", '
        '"proactive", "author" and 1 more'
    )
    assert unknown_keys_message("P", ["allowed-tools"]) == (
        "Agent file P has a frontmatter key Claude Code does not recognize or apply: "
        '"allowed-tools" (did you mean "tools"?)'
    )


# --- order ----------------------------------------------------------------------------------------

ORDERS = [
    ("case-and-punctuation", ["a", "A", "a b", "a_b", "a-b", "a.b", "ab", "aB", "Ab", "b", "B"]),
    ("punctuation-digits-letters", ["_under", "!x", "[x", "~", "~t", "0", "9num", "a"]),
    ("colon-after-semicolon", ["x", "x,", "x;", "x:", "x:a", "x!", "xa"]),
    ("digits-not-numeric", ["x0", "x09", "x1", "x10", "x2"]),
    ("non-ascii-last-by-code-unit", ["zz", "Aé", "a_é", "aé", "x😀", "xﬀ", "Éa", "é", "中"]),
]


@pytest.mark.parametrize("names", [o[1] for o in ORDERS], ids=[o[0] for o in ORDERS])
def test_list_order(names: list[str]) -> None:
    assert sorted(reversed(names), key=sort_key) == names


# --- sources --------------------------------------------------------------------------------------


def agent(name: str, description: str = "d", extra: str = "") -> str:
    return f"---\nname: {name}\ndescription: {description}\n{extra}---\nbody of {name}\n"


def test_project_folders_from_cwd_up_to_git_root(tree) -> None:
    root = tree(
        {
            ".claude/agents/r.md": agent("above-git-root"),
            "a/.git/HEAD": "",
            "a/.claude/agents/a.md": agent("at-a"),
            "a/b/.claude/agents/sub/deep.md": agent("deep"),
            "a/b/c/.claude/agents/c.md": agent("below-cwd"),
            "a/.claude/agents/same.md": agent("same", "far"),
            "a/b/.claude/agents/same.md": agent("same", "near"),
        }
    )
    catalog = load_agents(cwd=root / "a/b", home=root.parent / "home", managed_dir=None)
    assert [a.name for a in catalog.accepted] == ["at-a", "deep", "same"]
    assert catalog.accepted[2].description == "near"
    assert [s.agent.description for s in catalog.shadowed] == ["far"]


def test_files_found_recursively_with_links_and_dotfiles(tree) -> None:
    root = tree(
        {
            ".git/HEAD": "",
            ".claude/agents/.hidden.md": agent("hidden"),
            ".claude/agents/.dot/x.md": agent("dotdir"),
            ".claude/agents/u.MD": agent("upper"),
            ".claude/agents/t.txt": agent("txt"),
            ".claude/agents/README.md": "# readme\n",
            "target.md": agent("linked"),
            ".claude/agents/link.md": {"symlink": "../../target.md"},
            ".claude/agents/dangling.md": {"symlink": "../../nowhere.md"},
        }
    )
    catalog = load_agents(cwd=root, home=root.parent / "home", managed_dir=None)
    assert [a.name for a in catalog.accepted] == ["dotdir", "hidden", "linked"]


def test_priority_managed_json_project_user(tree, tmp_path: Path) -> None:
    root = tree(
        {
            ".git/HEAD": "",
            ".claude/agents/p.md": agent("shared", "project"),
            ".claude/agents/o.md": agent("proj", "project"),
        }
    )
    home = tree(
        {".claude/agents/u.md": agent("shared", "user"), ".claude/agents/o.md": agent("proj", "user")}, under="home"
    )
    managed = tree({".claude/agents/m.md": agent("shared", "managed")}, under="managed")
    flag = json.dumps({"shared": {"description": "json", "prompt": "p"}})
    catalog = load_agents(cwd=root, home=home, managed_dir=managed, agents_json=flag)
    assert agent_lines(catalog) == ["- proj: project (Tools: All tools)", "- shared: managed (Tools: All tools)"]
    assert sorted((s.agent.source.value, s.by.source.value) for s in catalog.shadowed) == sorted(
        [
            ("flagSettings", "policySettings"),
            ("projectSettings", "policySettings"),
            ("userSettings", "policySettings"),
            ("userSettings", "projectSettings"),
        ]
    )


def test_invalid_file_hides_nothing(tree) -> None:
    root = tree({".git/HEAD": "", ".claude/agents/p.md": "---\nname: shared\n---\n"})
    home = tree({".claude/agents/u.md": agent("shared", "user")}, under="home")
    catalog = load_agents(cwd=root, home=home, managed_dir=None)
    assert agent_lines(catalog) == ["- shared: user (Tools: All tools)"]
    assert [s.rule for s in catalog.skipped] == ["description-missing"]


@pytest.mark.parametrize(
    ("sources", "names"),
    [(["project"], ["p"]), (["user"], ["u"]), (["local"], []), (["user", "project"], ["p", "u"])],
    ids=["project", "user", "local", "both"],
)
def test_setting_sources_choose_folders(tree, sources: list[str], names: list[str]) -> None:
    root = tree({".git/HEAD": "", ".claude/agents/p.md": agent("p")})
    home = tree({".claude/agents/u.md": agent("u")}, under="home")
    catalog = load_agents(cwd=root, home=home, managed_dir=None, setting_sources=sources)
    assert [a.name for a in catalog.accepted] == names


def test_builtin_names_are_replaced(tree) -> None:
    root = tree(
        {
            ".git/HEAD": "",
            ".claude/agents/gp.md": agent("general-purpose", "mine"),
            ".claude/agents/x.md": agent("Explore"),
        }
    )
    catalog = load_agents(cwd=root, home=root.parent / "home", managed_dir=None)
    assert catalog.overridden_builtins == ("Explore", "general-purpose")


def test_duplicates_in_one_folder_are_reported(tree) -> None:
    home = tree({".claude/agents/a.md": agent("twin"), ".claude/agents/sub/c.md": agent("twin")}, under="home")
    catalog = load_agents(cwd=home, home=home, managed_dir=None, setting_sources=["user"])
    [dup] = catalog.duplicates
    assert (dup.name, dup.source, len(dup.paths)) == ("twin", Source.USER, 2)


def test_plugin_agents_named_and_relaxed(tree) -> None:
    root = tree(
        {
            ".git/HEAD": "",
            "plug/.claude-plugin/plugin.json": '{"name": "my-plugin"}',
            "plug/agents/review/security.md": agent("sec"),
            "plug/agents/top.md": "# no front matter\n",
            "plug/agents/perm.md": agent("perm", extra="permissionMode: plan\n"),
            "plug/agents/colon.md": agent("a:b"),
            "plain/agents/z.md": agent("zed"),
            "bad/.claude-plugin/plugin.json": '{"name": "a b"}',
            "bad/agents/w.md": agent("w"),
        }
    )
    catalog = load_agents(
        cwd=root, home=root.parent / "home", managed_dir=None, plugin_dirs=[root / "plug", root / "plain", root / "bad"]
    )
    assert agent_lines(catalog) == [
        "- my-plugin:a:b: d (Tools: All tools)",
        "- my-plugin:perm: d (Tools: All tools)",
        "- my-plugin:review:sec: d (Tools: All tools)",
        "- my-plugin:top: Agent from my-plugin plugin (Tools: All tools)",
        "- plain:zed: d (Tools: All tools)",
    ]
    assert [p.key for p in catalog.problems if p.rule == "plugin-ignored-key"] == ["permissionMode"]


# --- --agents -------------------------------------------------------------------------------------

JSON_ERRORS = [
    ("no-prompt", {"j": {"description": "d"}}, ["j.prompt: Invalid input: expected string, received undefined"]),
    ("empty-description", {"j": {"description": "", "prompt": "p"}}, ["j.description: Description cannot be empty"]),
    (
        "tools-string",
        {"j": {"description": "d", "prompt": "p", "tools": "Read"}},
        ["j.tools: Invalid input: expected array, received string"],
    ),
    ("dash-name", {"-j": {"description": "d", "prompt": "p"}}, ["-j: agent names must not start with '-'"]),
    (
        "schema-before-names",
        {"-k": {"description": "d", "prompt": "p"}, "j": {"prompt": "p"}},
        ["j.description: Invalid input: expected string, received undefined"],
    ),
    (
        "max-turns-zero",
        {"j": {"description": "d", "prompt": "p", "maxTurns": 0}},
        ["j.maxTurns: Too small: expected number to be >0"],
    ),
    (
        "enum",
        {"j": {"description": "d", "prompt": "p", "memory": "x"}},
        ['j.memory: Invalid option: expected one of "user"|"project"|"local"'],
    ),
    (
        "nested-hook",
        {"j": {"description": "d", "prompt": "p", "hooks": {"PreToolUse": [{"hooks": [{"type": "command"}]}]}}},
        ["j.hooks.PreToolUse.0.hooks.0.command: Invalid input: expected string, received undefined"],
    ),
    ("not-a-record", ["a"], ["Invalid input: expected record, received array"]),
]


@pytest.mark.parametrize(("value", "lines"), [c[1:] for c in JSON_ERRORS], ids=[c[0] for c in JSON_ERRORS])
def test_agents_json_errors_stop_the_run(tmp_path: Path, value: object, lines: list[str]) -> None:
    with pytest.raises(AgentsJsonError) as info:
        load_agents(cwd=tmp_path, home=tmp_path, managed_dir=None, agents_json=json.dumps(value))
    assert list(info.value.lines) == ["Error: Invalid --agents configuration:", *lines]


SYNTAX = [
    ("open-brace", "{", "Expected '}'"),
    ("no-colon", '{"a"', "Expected ':' before value in object property definition"),
    ("no-value", '{"a":}', "Unexpected token '}'"),
    ("trailing-comma", '{"a":1,}', "Property name must be a string literal"),
    ("single-quotes", "{'a':1}", "Single quotes (') are not allowed in JSON"),
    ("trailing-text", '{"a":1}x', "Unable to parse JSON string"),
    ("bad-identifier", '{"a":tru}', 'Unexpected identifier "tru"'),
    ("raw-newline", '{"a":"x\n"}', "Unterminated string"),
]


@pytest.mark.parametrize(("value", "message"), [c[1:] for c in SYNTAX], ids=[c[0] for c in SYNTAX])
def test_agents_json_syntax_errors(tmp_path: Path, value: str, message: str) -> None:
    with pytest.raises(AgentsJsonError) as info:
        load_agents(cwd=tmp_path, home=tmp_path, managed_dir=None, agents_json=value)
    assert list(info.value.lines) == [
        "Error: Invalid --agents configuration:",
        f"invalid JSON: JSON Parse error: {message}",
    ]


def test_agents_json_path_and_missing_file(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"f": {"description": "d\\\\n", "prompt": "p", "tools": ["Read, Grep"]}}')
    catalog = load_agents(cwd=tmp_path, home=tmp_path, managed_dir=None, agents_json="a.json")
    assert agent_lines(catalog) == ["- f: d\\n (Tools: Read, Grep)"]
    with pytest.raises(AgentsJsonError) as info:
        load_agents(cwd=tmp_path, home=tmp_path, managed_dir=None, agents_json="[")
    assert info.value.lines == (
        f"Error: --agents file not found: {tmp_path}/[ (a value that is not a JSON object is read as a file path)",
    )
    assert load_agents(cwd=tmp_path, home=tmp_path, managed_dir=None, agents_json="").accepted == ()
