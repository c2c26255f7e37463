"""Property-based: a hostile repository gets nothing, whatever its content, imports and settings.

Bounded for the default run; ``AGENTS_MD_FUZZ_EXAMPLES`` raises the example count of every
property (a longer pass: ``AGENTS_MD_FUZZ_EXAMPLES=5000 pytest tests/test_hostile_properties.py``).

- No exception escapes the public API but the documented ``AgentsMdError``.
- No byte of a secret outside the repository reaches the start block, a Read or a notice through
  an import; through a link only in the engine-following default, and then it is told; never with
  ``outside_links="refuse"``.
- Under a managed ``managed-only``, no project or user byte appears, whatever the repository's settings.
- ``config set`` either writes valid JSON holding the value, or refuses and leaves the file as it was.
- A replay script is accepted or refused with ``ScriptError``, nothing else.
- A disk failing at any call of a session (once, or from then on) raises nothing and leaks nothing.
"""

from __future__ import annotations

import errno
import itertools
import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trees import build_tree

from agents_md import FileSystem, Session
from agents_md.errors import AgentsMdError
from agents_md.host.script import ScriptError, check_script
from agents_md.host.settings_file import write_option

EXAMPLES = int(os.environ.get("AGENTS_MD_FUZZ_EXAMPLES", "30"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
SECRET = "PLANTED-SECRET-7f3a"
USER_TEXT = "USER-BYTES-91c2"
PROJECT_TEXT = "PROJECT-BYTES-4d8e"
_runs = itertools.count()

# Pieces an attacker strings together: imports leaving the repository every way there is, markup
# that nests, bytes the decoders dislike.
PIECES = st.sampled_from(
    [
        "@../private/secret.md",
        "@../../private/secret.md",
        "@~/secret.md",
        "@/PRIVATE/secret.md",
        "@./sub/../../private/secret.md",
        "@sub/link.md",
        "@a\x00b.md",
        "@AGENTS.md",
        "@CLAUDE.md",
        "> ",
        "- ",
        "  ",
        "```\n",
        "`",
        "<!-- ",
        " -->",
        "---\n",
        "\n",
        "# h\n",
        "\ufeff",
        "\r\n",
        "\x00",
        "x",
    ]
)
CONTENT = st.lists(PIECES, max_size=25).map("".join)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)
PROJECT_SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "enabledPlugins": st.dictionaries(
            st.sampled_from(["agents-md@builtin", "agents-md", "x"]), st.booleans() | JSONISH, min_size=1, max_size=2
        ),
        "pluginConfigs": st.dictionaries(
            st.sampled_from(["agents-md@builtin", "agents-md"]),
            st.fixed_dictionaries({"options": st.fixed_dictionaries({}, optional={"instructionFiles": JSONISH})}),
            max_size=2,
        ),
        "claudeMdExcludes": st.lists(st.sampled_from(["**/CLAUDE.md", "/**", "[", "**/AGENTS.md", ""]), max_size=3),
        "autoMemoryEnabled": JSONISH,
    },
)
LINKS = st.sampled_from([None, "secret", "dir", "proc"])


def _world(base: Path, content: str, agents: str, project: dict[str, Any], link: str | None) -> tuple[Path, Path]:
    private = Path(build_tree(base / "private", {"secret.md": f"{SECRET}\n", "notes/n.md": f"{SECRET} rule\n"}))
    home = Path(build_tree(base / "home", {"secret.md": f"{SECRET}\n", ".claude/CLAUDE.md": f"{USER_TEXT}\n"}))
    spec: dict[str, Any] = {
        ".git/HEAD": "ref: refs/heads/main\n",
        "CLAUDE.md": content,
        "AGENTS.md": agents,
        "sub/CLAUDE.md": content,
        "sub/f.txt": "x\n",
        ".claude/settings.json": {"json": project},
        "sub/.claude/settings.json": {"json": project},  # the session's cwd is sub: its settings apply
    }
    if link == "secret":
        spec["sub/link.md"] = {"symlink": str(private / "secret.md")}
        spec["sub/AGENTS.md"] = {"symlink": str(private / "secret.md")}
    elif link == "dir":
        spec[".claude/rules"] = {"symlink": str(private / "notes")}
    elif link == "proc":
        spec["sub/AGENTS.md"] = {"symlink": "/proc/self/environ"}
    root = Path(build_tree(base / "root", spec))
    return root, home


def _everything(session: Session, root: Path) -> str:
    start = session.start()
    read = session.read(str(root / "sub/f.txt"))
    return "\n".join(
        [start.claude_md or "", read.hook_text or "", *read.engine_blocks, *(n.text for n in session.notices)]
    )


@FUZZ
@given(content=CONTENT, agents=CONTENT, project=PROJECT_SETTINGS, link=LINKS, refuse=st.booleans())
def test_no_secret_outside_the_repository_reaches_the_model(
    tmp_path: Path, content: str, agents: str, project: dict[str, Any], link: str | None, refuse: bool
) -> None:
    base = tmp_path / str(next(_runs))
    root, home = _world(base, content, agents, project, link)
    os.environ["AGENTS_MD_FUZZ_CANARY"] = SECRET
    try:
        session = Session(
            cwd=str(root / "sub"),
            home=str(home),
            managed_dir=str(base / "managed"),
            outside_links="refuse" if refuse else "follow",
        )
        try:
            seen = _everything(session, root)
        except AgentsMdError:
            return
    finally:
        del os.environ["AGENTS_MD_FUZZ_CANARY"]
    if SECRET in seen:
        # Only a link the engine follows may carry it, and then the start says so.
        assert not refuse and link in ("secret", "dir")
        assert any("links outside the repository" in w for w in session.start().warnings)


@FUZZ
@given(content=CONTENT, agents=CONTENT, project=PROJECT_SETTINGS, local=PROJECT_SETTINGS, link=LINKS)
def test_under_managed_only_no_project_or_user_byte_appears(
    tmp_path: Path, content: str, agents: str, project: dict[str, Any], local: dict[str, Any], link: str | None
) -> None:
    base = tmp_path / str(next(_runs))
    root, home = _world(base, f"{PROJECT_TEXT}\n{content}", f"{PROJECT_TEXT}\n{agents}", project, link)
    build_tree(root, {"sub/.claude/settings.local.json": {"json": local}})
    managed = build_tree(
        base / "managed",
        {
            "CLAUDE.md": "# managed\n",
            "managed-settings.json": {
                "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "managed-only"}}}}
            },
        },
    )
    session = Session(cwd=str(root / "sub"), home=str(home), managed_dir=managed)
    try:
        start = session.start()
        read = session.read(str(root / "sub/f.txt"))
    except AgentsMdError:
        return
    assert (start.claude_md or "").count("# managed") == 1
    for text in (start.claude_md or "", read.hook_text or ""):
        assert PROJECT_TEXT not in text and USER_TEXT not in text and SECRET not in text


class FailingDisk(FileSystem):
    """The disk, but the ``fail_at``-th call through the seam raises ``OSError(code)``, and every later
    one too when ``stays``."""

    SEAM = frozenset({"read_file", "is_file", "is_dir", "exists", "is_symlink", "is_link_loop", "list_dir"})
    SEAM |= {"realpath", "size", "stamp"}

    def __init__(self, fail_at: int, code: int, stays: bool) -> None:
        self.calls, self.fail_at, self.code, self.stays = 0, fail_at, code, stays

    def __getattribute__(self, name: str) -> Any:
        attr = super().__getattribute__(name)
        if name not in FailingDisk.SEAM:
            return attr

        def call(*args: Any) -> Any:
            self.calls += 1
            if self.calls == self.fail_at or (self.stays and self.calls > self.fail_at):
                raise OSError(self.code, os.strerror(self.code), args[0] if args else None)
            return attr(*args)

        return call


@FUZZ
@given(
    content=CONTENT,
    agents=CONTENT,
    link=LINKS,
    fail_at=st.integers(1, 60),  # a session here makes about 40 calls
    code=st.sampled_from([errno.EACCES, errno.EIO, errno.ENOENT]),
    stays=st.booleans(),
)
def test_a_disk_failing_at_any_call_leaks_nothing_and_raises_nothing(
    tmp_path: Path, content: str, agents: str, link: str | None, fail_at: int, code: int, stays: bool
) -> None:
    base = tmp_path / str(next(_runs))
    root, home = _world(base, content, agents, {}, link)
    disk = FailingDisk(fail_at, code, stays)
    session = Session(
        cwd=str(root / "sub"), home=str(home), managed_dir=str(base / "managed"), fs=disk, outside_links="refuse"
    )
    try:
        seen = _everything(session, root)
        start = session.start()
    except AgentsMdError:
        return
    assert SECRET not in seen
    if any(w.endswith("no instruction file loaded") for w in start.warnings):
        assert start.files == ()


SETTINGS_TEXT = st.one_of(
    JSONISH.map(lambda value: json.dumps(value, indent=2)),
    st.lists(
        st.sampled_from(["{", "}", "[", "]", '"pluginConfigs"', ":", ",", " ", "\n", '"x"', "1", "\ufeff", "null"]),
        max_size=20,
    ).map("".join),
)


@FUZZ
@given(text=SETTINGS_TEXT)
def test_config_set_writes_valid_json_or_leaves_the_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / str(next(_runs)) / "settings.json"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    try:
        write_option(str(path), "agents-md@builtin", "instructionFiles", "claude-md", legacy_key="projectInstructions")
    except AgentsMdError:
        assert path.read_text(encoding="utf-8") == text
        return
    written = json.loads(path.read_text(encoding="utf-8").removeprefix("\ufeff"))
    assert written["pluginConfigs"]["agents-md@builtin"]["options"]["instructionFiles"] == "claude-md"
    assert os.listdir(path.parent) == ["settings.json"]


@FUZZ
@given(
    script=JSONISH
    | st.fixed_dictionaries(
        {"cwd": JSONISH, "home": JSONISH},
        optional={"reads": JSONISH, "turns": JSONISH, "subagents": JSONISH, "env": JSONISH},
    )
)
def test_a_replay_script_is_accepted_or_refused_by_name(script: Any) -> None:
    try:
        check_script(script)
    except ScriptError as exc:
        assert exc.problems
