"""Which Reads the engine lets through in ``-p`` mode (``engine.permissions``)."""

from __future__ import annotations

from typing import Any

import pytest

from agents_md.engine.args import parse_engine_args
from agents_md.engine.permissions import may_read, read_allowed_anywhere, read_denied, working_folders
from agents_md.engine.settings import FLAG, POLICY, PROJECT, USER, Settings, SettingsLayer


def settings(values: dict[str, Any] | None = None) -> Settings:
    layers = (SettingsLayer(name=USER, path=None, values=values),) if values else ()
    return Settings(layers=layers, enabled_sources=frozenset())


@pytest.mark.parametrize(
    ("argv", "values", "anywhere"),
    [
        ([], None, False),
        (["--allowedTools", "Read"], None, True),
        (["--allowedTools", "Bash,Read"], None, True),
        (["--allowedTools", "Read(*)"], None, False),  # recorded: only the bare name
        (["--allowedTools", "Read(/**)"], None, False),  # a pattern allows its own paths only
        (["--dangerously-skip-permissions"], None, True),
        (["--permission-mode", "bypassPermissions"], None, True),
        ([], {"permissions": {"allow": ["Read"]}}, True),
    ],
)
def test_reads_allowed_anywhere(argv: list[str], values: dict[str, Any] | None, anywhere: bool) -> None:
    assert read_allowed_anywhere(parse_engine_args(argv), settings(values)) is anywhere


def test_the_working_folders() -> None:
    folders = working_folders(parse_engine_args(["--add-dir", "../extra"]), "/repo/app")
    assert folders == ("/repo/app", "/repo/extra")
    assert may_read("/repo/extra/a.md", folders, False)
    assert not may_read("/repo/.claude/rules/r.md", folders, False)


@pytest.mark.parametrize(
    ("deny", "path", "refused"),
    [
        (["Read(./.env)"], "/repo/app/.env", True),  # no "/" inside: at any depth below the cwd
        (["Read(./.env)"], "/repo/app/web/.env", True),
        (["Read(./.env)"], "/repo/.env", False),  # above the cwd
        (["Read(./secrets/**)"], "/repo/app/secrets/k.txt", True),
        (["Read(./secrets/**)"], "/repo/app/web/secrets/k.txt", False),  # anchored at the cwd
        (["Read(**/*.pem)"], "/repo/app/a/b/c.pem", True),
        (["Read(~/.aws/**)"], "/home/u/.aws/credentials", True),
        (["Read(//etc/passwd)"], "/etc/passwd", True),
        (["Read(/a/**)"], "/repo/proj/a/x.txt", True),  # the folder holding the settings' .claude
        (["Read(/a/**)"], "/repo/app/a/x.txt", False),
        # a based pattern stays anchored at its base, as a leading "/" anchors one in a .gitignore
        # (h37_deny_slash_root_def, h37_deny_tilde_anchored, h37_deny_dslash_anchored)
        (["Read(/AGENTS.md)"], "/repo/proj/AGENTS.md", True),
        (["Read(/AGENTS.md)"], "/repo/proj/apps/api/AGENTS.md", False),
        (["Read(~/CLAUDE.local.md)"], "/home/u/CLAUDE.local.md", True),
        (["Read(~/CLAUDE.local.md)"], "/home/u/code/proj/CLAUDE.local.md", False),
        (["Read(//CLAUDE.md)"], "/CLAUDE.md", True),
        (["Read(//CLAUDE.md)"], "/home/u/code/proj/pkg/CLAUDE.md", False),
        (["Read"], "/repo/app/x.txt", True),  # bare: every Read
        (["Read()", "Edit(./x.txt)", 3, "Bash"], "/repo/app/x.txt", False),  # none is a Read pattern
    ],
)
def test_deny_rules_refuse_reads_by_their_base(deny: list[object], path: str, refused: bool) -> None:
    layer = SettingsLayer(name=PROJECT, path="/repo/proj/.claude/settings.json", values={"permissions": {"deny": deny}})
    rules = read_denied(Settings(layers=(layer,), enabled_sources=frozenset()), "/repo/app", "/home/u")
    assert may_read(path, ("/repo/app",), True, rules) is not refused


def test_an_ask_rule_refuses_a_read_unless_permissions_are_bypassed() -> None:
    layer = SettingsLayer(name=USER, path=None, values={"permissions": {"ask": ["Read(a/**)"]}})
    given = Settings(layers=(layer,), enabled_sources=frozenset())
    assert not may_read("/repo/a/x.txt", ("/repo",), False, read_denied(given, "/repo", "/home/u"))
    assert may_read("/repo/a/x.txt", ("/repo",), True, read_denied(given, "/repo", "/home/u", bypass=True))


def test_the_engine_loads_no_instruction_file_a_read_rule_refuses(tree: Any) -> None:
    """A start's CLAUDE.local.md and rule, a Read's nested CLAUDE.md and an import, each denied,
    are left out as ``denied`` (g11_read_deny_instruction_files_themselves)."""
    from agents_md import Session

    deny = ["Read(./CLAUDE.local.md)", "Read(./.claude/rules/secret.md)", "Read(./docs/CLAUDE.md)", "Read(/private/**)"]
    root = tree(
        {
            "CLAUDE.md": "# root\n@private/p.md\n",
            "private/p.md": "p\n",
            "CLAUDE.local.md": "local\n",
            ".claude/rules/secret.md": "secret\n",
            ".claude/settings.json": {"json": {"permissions": {"deny": deny}}},
            "docs/CLAUDE.md": "docs\n",
            "docs/x.txt": "x\n",
        }
    )
    s = Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))
    start = s.start()
    assert [f.path for f in start.files] == [str(root / "CLAUDE.md")]
    assert {(sk.path, str(sk.reason)) for sk in start.skipped} >= {
        (str(root / "CLAUDE.local.md"), "denied"),
        (str(root / ".claude/rules/secret.md"), "denied"),
        (str(root / "private/p.md"), "denied"),
    }
    assert s.read(str(root / "docs/x.txt")).files == ()


def test_the_user_files_and_what_they_import_are_held_to_no_read_rule(tree: Any) -> None:
    """The user's CLAUDE.md, rules and imports load though a rule denies them, as the managed
    files do (g12_read_deny_managed_and_user_files, g12_read_deny_user_import)."""
    from agents_md import Session

    home = tree(
        {".claude/CLAUDE.md": "# user\n@~/notes/n.md\n", ".claude/rules/u.md": "# rule\n", "notes/n.md": "n\n"},
        "home",
    )
    deny = ["Read(~/.claude/CLAUDE.md)", "Read(~/.claude/rules/**)", "Read(~/notes/**)", "Read(./CLAUDE.local.md)"]
    root = tree(
        {
            "CLAUDE.md": "# root\n",
            "CLAUDE.local.md": "local\n",
            ".claude/settings.json": {"json": {"permissions": {"deny": deny}}},
        }
    )
    s = Session(cwd=str(root), home=str(home), managed_dir=str(root.parent / "m"))
    assert [f.path for f in s.start().files] == [
        str(home / ".claude/CLAUDE.md"),
        str(home / "notes/n.md"),
        str(home / ".claude/rules/u.md"),
        str(root / "CLAUDE.md"),
    ]


def test_a_deny_rule_refuses_a_link_to_a_file_it_names(tmp_path: Any) -> None:
    """The engine checks a path's target too: a CLAUDE.md linked to a denied AGENTS.md, a file
    read through a linked folder, are refused (h37_deny_agents_root_claude_link,
    h37_deny_symlink_dir_alias)."""
    root = tmp_path / "repo"
    (root / "services" / "auth").mkdir(parents=True)
    (root / "services" / "AGENTS.md").write_text("# s\n")
    (root / "services" / "auth" / "h.go").write_text("x\n")
    (root / "services" / "CLAUDE.md").symlink_to("AGENTS.md")
    (root / "svc").symlink_to("services")
    layer = SettingsLayer(
        name=USER, path=None, values={"permissions": {"deny": ["Read(AGENTS.md)", "Read(./services/auth/**)"]}}
    )
    rules = read_denied(Settings(layers=(layer,), enabled_sources=frozenset()), str(root), "/home/u")
    assert not may_read(str(root / "services" / "CLAUDE.md"), (str(root),), True, rules)
    assert not may_read(str(root / "svc" / "auth" / "h.go"), (str(root),), True, rules)
    assert not may_read(str(root / "svc" / "AGENTS.md"), (str(root),), True, rules)
    assert may_read(str(root / "svc"), (str(root),), True, rules)


@pytest.mark.parametrize(
    ("name", "path", "refused", "kept"),
    [
        # a --settings file: the folder holding it (h37_deny_flag_file_dir, h37_deny_flag_file_dotclaude)
        (FLAG, "/repo/ci/x.json", "/repo/ci/AGENTS.md", "/repo/AGENTS.md"),
        (FLAG, "/repo/conf/.claude/x.json", "/repo/conf/.claude/AGENTS.md", "/repo/conf/AGENTS.md"),
        # --settings JSON given inline: no folder of the project (h37_deny_flag_inline_root)
        (FLAG, None, None, "/repo/app/AGENTS.md"),
        # the managed settings: the cwd (h37_deny_managed_slash, h37_deny_managed_slash_cwd_web)
        (POLICY, "/etc/claude-code/managed-settings.json", "/repo/app/AGENTS.md", "/repo/AGENTS.md"),
        # the user's: the folder holding it, ~/.claude or the config dir (h37_deny_user_base_probe,
        # h37_deny_config_dir_user_base)
        (USER, "/home/u/.claude/settings.json", "/home/u/.claude/AGENTS.md", "/home/u/AGENTS.md"),
        (USER, "/home/u/.config/claude/settings.json", "/home/u/.config/claude/AGENTS.md", "/home/u/.config/AGENTS.md"),
        # a project's: the folder holding its .claude
        (PROJECT, "/repo/app/.claude/settings.json", "/repo/app/AGENTS.md", "/repo/AGENTS.md"),
    ],
)
def test_the_base_of_a_slash_rule_by_the_settings_it_is_in(
    name: str, path: str | None, refused: str | None, kept: str
) -> None:
    layer = SettingsLayer(name=name, path=path, values={"permissions": {"deny": ["Read(/AGENTS.md)"]}})
    rules = read_denied(Settings(layers=(layer,), enabled_sources=frozenset()), "/repo/app", "/home/u")
    assert refused is None or not may_read(refused, ("/",), True, rules)
    assert may_read(kept, ("/",), True, rules)


class LinkedSource:
    """A workspace that is not on this disk, with links of its own (``links``: each link's path
    and where it leads), as a ``FileSource``."""

    def __init__(self, files: dict[str, bytes], links: dict[str, str]) -> None:
        self.files = files
        self.links = links

    def realpath(self, path: str) -> str:
        for link, target in self.links.items():
            if path == link or path.startswith(link + "/"):
                return target + path[len(link) :]
        return path

    def read_file(self, path: str) -> bytes | None:
        return self.files.get(self.realpath(path))

    def _dirs(self) -> set[str]:
        return {p.rsplit("/", n)[0] or "/" for p in self.files for n in range(1, p.count("/") + 1)}

    def list_dir(self, path: str) -> list[str] | None:
        real = self.realpath(path)
        if real not in self._dirs():
            return None
        prefix = real.rstrip("/") + "/"
        below = {p[len(prefix) :].split("/")[0] for p in self.files if p.startswith(prefix)}
        return sorted(below | {link[len(prefix) :] for link in self.links if link.rsplit("/", 1)[0] == real})

    def is_file(self, path: str) -> bool:
        return self.realpath(path) in self.files

    def is_dir(self, path: str) -> bool:
        return self.realpath(path) in self._dirs()


WORKSPACE = {
    "/ws/AGENTS.md": b"# root\n",
    "/ws/services/auth/AGENTS.md": b"# auth\n",
    "/ws/services/auth/h.go": b"x\n",
    "/ws/services/api/AGENTS.md": b"# api\n",
    "/ws/services/api/a.go": b"y\n",
}


def source_session(tmp_path: Any, links: dict[str, str], deny: list[str], platform: str = "linux") -> Any:
    import json

    from agents_md.engine.sources import SourceFS
    from agents_md.host.session import Session

    files = {**WORKSPACE, "/ws/.claude/settings.json": json.dumps({"permissions": {"deny": deny}}).encode()}
    return Session(cwd="/ws", home=str(tmp_path / "home"), fs=SourceFS(LinkedSource(files, links)), platform=platform)


@pytest.mark.parametrize("platform", ["linux", "macos"])
def test_a_deny_rule_follows_the_links_of_the_sessions_own_filesystem_at_the_start(
    tmp_path: Any, platform: str
) -> None:
    """Links are where the session's files are (``SourceFS``), not on this disk, where these paths
    are nothing: the start leaves out a ``CLAUDE.md`` that leads to the denied ``AGENTS.md``, also
    on a platform whose disks fold case (the source read through ``CaseFoldingFS``)."""
    start = source_session(tmp_path, {"/ws/CLAUDE.md": "/ws/AGENTS.md"}, ["Read(/AGENTS.md)"], platform).start()
    assert sorted((f.path, f.reason.value) for f in start.skipped) == [
        ("/ws/AGENTS.md", "denied"),
        ("/ws/CLAUDE.md", "denied"),
    ]
    assert [f.path for f in start.files] == []


def test_a_deny_rule_follows_the_links_of_the_sessions_own_filesystem_on_a_read(tmp_path: Any) -> None:
    """A Read through a linked folder into a denied one attaches nothing; into another, its file."""
    session = source_session(tmp_path, {"/ws/svc": "/ws/services"}, ["Read(./services/auth/**)"])
    assert session.read("/ws/svc/auth/h.go").hook_files == ()
    assert [f.path for _, files in session.read("/ws/svc/api/a.go").hook_files for f in files] == [
        "/ws/svc/api/AGENTS.md"
    ]


def test_a_case_folding_view_of_a_source_asks_the_source_alone(tmp_path: Any) -> None:
    """The names a folding disk would find in another case are looked up in the source's own
    listings: this disk, where these paths are nothing, is never asked."""
    from agents_md.engine.fs import CaseFoldingFS
    from agents_md.engine.sources import SourceFS

    files = {"/ws/Docs/Guide.MD": b"x\n", "/ws/real/Notes.md": b"n\n"}
    fs = CaseFoldingFS(SourceFS(LinkedSource(files, {"/ws/Linked": "/ws/real"})))
    assert fs.read_file("/ws/docs/guide.md") == b"x\n"
    assert fs.is_file("/ws/DOCS/guide.md") and fs.is_dir("/ws/docs")
    assert fs.realpath("/ws/docs/guide.md") == "/ws/Docs/guide.md"  # the spelling asked, under its folder
    assert fs.realpath("/ws/linked") == "/ws/real"  # a link of the source, in another case: where it leads
    assert fs.read_file("/ws/linked/notes.md") == b"n\n"
    assert fs.read_file("/ws/docs/other.md") is None


def test_a_session_on_a_folding_platform_loads_a_sources_files_as_from_the_disk(tmp_path: Any) -> None:
    """A source read on macOS loads what the same tree on this disk loads there, names and all."""
    import os

    from agents_md.engine.sources import SourceFS
    from agents_md.host.session import Session

    tree = {".git/HEAD": b"ref: refs/heads/main\n", "Agents.md": b"# root\n", "app/claude.md": b"# app\n"}
    disk = tmp_path / "ws"
    for rel, data in tree.items():
        (disk / rel).parent.mkdir(parents=True, exist_ok=True)
        (disk / rel).write_bytes(data)
    files = {f"/ws/{rel}": data for rel, data in tree.items()}
    for platform in ("macos", "linux"):
        on_disk = Session(cwd=str(disk / "app"), home=str(tmp_path / "home"), platform=platform).start()
        source = SourceFS(LinkedSource(files, {}))
        from_source = Session(cwd="/ws/app", home=str(tmp_path / "home"), fs=source, platform=platform).start()
        expected = [(os.path.relpath(f.path, disk), f.content) for f in on_disk.files]
        assert [(os.path.relpath(f.path, "/ws"), f.content) for f in from_source.files] == expected
        assert (platform, len(expected)) in {("macos", 1), ("linux", 0)}  # app/CLAUDE.md on macOS alone
