"""Tree building from a scenario: resolve placeholders, write every kind of entry, git, cwd."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from conformance.engine_recorder import homes, scenario, tree
from conformance.engine_recorder.cli import is_recorded


def _run(tmp_path: Path, scn: dict[str, object], engine: str = "gemini") -> scenario.Run:
    return scenario.resolve({"name": "t", **scn}, engine, tmp_path / "base")


def test_resolve_places_root_and_home_under_engine_and_name(tmp_path: Path) -> None:
    run = _run(tmp_path, {"cwd": "a/b"}, engine="opencode")
    assert run.root == tmp_path / "base/opencode/t/root"
    assert run.home == tmp_path / "base/opencode/t/home"
    assert run.cwd == run.root / "a/b"
    assert (run.timeout, run.expect_exit, run.git) == (scenario.DEFAULT_TIMEOUT, 0, ())


def test_resolve_replaces_placeholders_in_contents_links_env_and_reads(tmp_path: Path) -> None:
    run = _run(
        tmp_path,
        {
            "tree": {"AGENTS.md": "see <HOME>/x", "L": {"symlink": "<ROOT>/AGENTS.md"}},
            "env": {"CODEX_HOME": "<HOME>/alt", "N": 1},
            "reads": ["a/f.txt", "<HOME>/g.txt"],
            "git": "sub",
        },
    )
    assert run.tree == {"AGENTS.md": f"see {run.home}/x", "L": {"symlink": f"{run.root}/AGENTS.md"}}
    assert run.env == {"CODEX_HOME": f"{run.home}/alt", "N": "1"}
    assert run.reads == (f"{run.root}/a/f.txt", f"{run.home}/g.txt")
    assert run.git == ("sub",)


@pytest.mark.parametrize(("given", "folders"), [(True, ("",)), ("a", ("a",)), (["", "m"], ("", "m")), (False, ())])
def test_git_forms(given: object, folders: tuple[str, ...]) -> None:
    assert scenario.git_dirs(given) == folders


def test_write_tree_writes_every_kind_of_entry_byte_exact(tmp_path: Path) -> None:
    tree.write_tree(
        tmp_path,
        {
            "a/GEMINI.md": {"hardlink": "a/AGENTS.md"},  # before its target: made last
            "a/AGENTS.md": "# é\r\n",
            "bin.md": {"b64": "77u/IyByb290DQo="},
            "cfg.json": {"json": {"k": [1]}},
            "CLAUDE.md": {"symlink": "a/AGENTS.md"},
            "empty/": {},
            "other": {"dir": True},
        },
    )
    assert (tmp_path / "a/AGENTS.md").read_bytes() == "# é\r\n".encode()
    assert (tmp_path / "bin.md").read_bytes() == b"\xef\xbb\xbf# root\r\n"
    assert (tmp_path / "cfg.json").read_text() == json.dumps({"k": [1]}, indent=2) + "\n"
    assert os.readlink(tmp_path / "CLAUDE.md") == "a/AGENTS.md"
    assert (tmp_path / "a/GEMINI.md").stat().st_ino == (tmp_path / "a/AGENTS.md").stat().st_ino
    assert (tmp_path / "empty").is_dir() and (tmp_path / "other").is_dir()


def test_write_tree_names_a_bad_entry(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"tree entry 'x.md': expected a string, b64, json, symlink"):
        tree.write_tree(tmp_path, {"x.md": 3})


def test_lay_out_builds_afresh_with_git_and_the_missing_cwd(tmp_path: Path) -> None:
    run = _run(tmp_path, {"tree": {"AGENTS.md": "x"}, "git": True, "cwd": "deep/er"})
    tree.lay_out(run)
    (run.root / "stale").write_text("old")
    tree.lay_out(run)
    assert not (run.root / "stale").exists()
    assert (run.root / ".git").is_dir()
    assert run.cwd.is_dir()


def test_gemini_home_gets_auth_and_trust_under_the_scenarios_settings(tmp_path: Path) -> None:
    settings = {"context": {"fileName": ["AGENTS.md"]}, "security": {"auth": {"enforcedType": "x"}}}
    run = _run(tmp_path, {"home_tree": {homes.GEMINI_SETTINGS: {"json": settings}}})
    home = homes.completed_home(run)
    merged = home[homes.GEMINI_SETTINGS]["json"]
    assert merged["context"] == {"fileName": ["AGENTS.md"]}
    assert merged["security"]["auth"] == {"selectedType": "gemini-api-key", "enforcedType": "x"}
    assert merged["telemetry"] == {"enabled": False}
    assert home[homes.GEMINI_TRUST] == {"json": {str(run.root): "TRUST_FOLDER"}}


def test_gemini_trust_file_of_the_scenario_wins_and_raw_settings_stay(tmp_path: Path) -> None:
    given = {homes.GEMINI_TRUST: {"json": {"<ROOT>": "DO_NOT_TRUST"}}, homes.GEMINI_SETTINGS: "{ not json"}
    run = _run(tmp_path, {"home_tree": given})
    home = homes.completed_home(run)
    assert home[homes.GEMINI_TRUST] == {"json": {str(run.root): "DO_NOT_TRUST"}}
    assert home[homes.GEMINI_SETTINGS] == "{ not json"


def test_opencode_home_names_the_standin_and_keeps_the_scenarios_instructions(tmp_path: Path) -> None:
    run = _run(tmp_path, {"home_tree": {homes.OPENCODE_CONFIG: {"json": {"instructions": ["a.md"]}}}}, "opencode")
    config = homes.completed_home(run)[homes.OPENCODE_CONFIG]["json"]
    assert config["instructions"] == ["a.md"]
    assert config["model"] == homes.STANDIN_MODEL
    assert config["provider"]["standin"]["options"]["baseURL"] == "{env:AGENTS_MD_STANDIN_URL}"


def test_codex_home_gets_its_folder(tmp_path: Path) -> None:
    run = _run(tmp_path, {}, "codex")
    tree.lay_out(dataclasses.replace(run, home_tree=homes.completed_home(run)))
    assert (run.home / ".codex").is_dir()


def test_a_result_counts_as_recorded_only_for_the_same_scenario_and_ok(tmp_path: Path) -> None:
    scn = {"name": "s", "tree": {"AGENTS.md": "x"}}
    assert not is_recorded(scn, tmp_path)
    (tmp_path / "s.json").write_text(json.dumps({"ok": True, "scenario": scn}))
    assert is_recorded(scn, tmp_path)
    assert not is_recorded({**scn, "cwd": "a"}, tmp_path)
    (tmp_path / "s.json").write_text(json.dumps({"ok": False, "scenario": scn}))
    assert not is_recorded(scn, tmp_path)
