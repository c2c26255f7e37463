"""The GitHub Action (``action.yml``): its own script steps, run in a temporary repository with a
pull request's base, write the job summary and the SARIF report and give the verdict.

The steps run as the runner runs them: ``bash`` with the step's ``env`` (its ``${{ … }}``
expressions filled in from the inputs, the event and earlier steps' outputs) and the runner's
files (``GITHUB_OUTPUT``, ``GITHUB_STEP_SUMMARY``, ``RUNNER_TEMP``). The install step is left
out: it installs this package with pip, which the pre-commit test proves from a clean environment;
here ``agents-md`` is this checkout's.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import GitRepo

PROJECT = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((PROJECT / "action.yml").read_text())
Repo = Callable[..., GitRepo]
_EXPR = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")


def _inputs(**given: str) -> dict[str, str]:
    return {name: given.get(name, spec.get("default", "")) for name, spec in ACTION["inputs"].items()}


def _fill(text: str, context: dict[str, str]) -> str:
    def one(match: re.Match[str]) -> str:
        return context[match.group(1)]

    return _EXPR.sub(one, text)


def _run_action(r: GitRepo, tmp_path: Path, base_ref: str, **inputs: str) -> dict[str, Any]:
    runner = tmp_path / "runner"
    runner.mkdir()
    files = {name: runner / name for name in ("output", "summary.md", "path")}
    for f in files.values():
        f.touch()
    context = {f"inputs.{k}": v for k, v in _inputs(**inputs).items()}
    context.update({"github.action_path": str(PROJECT), "github.base_ref": base_ref})
    outputs: dict[str, str] = {}
    code = None
    for step in ACTION["runs"]["steps"]:
        if "run" not in step or step["id"] == "install":
            continue
        for name, value in outputs.items():
            context[f"steps.check.outputs.{name}"] = value
        env = {**r.env, **{k: _fill(str(v), context) for k, v in step.get("env", {}).items()}}
        env.update(
            PATH=f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}",
            GITHUB_OUTPUT=str(files["output"]),
            GITHUB_STEP_SUMMARY=str(files["summary.md"]),
            GITHUB_PATH=str(files["path"]),
            RUNNER_TEMP=str(runner),
        )
        done = subprocess.run(
            ["bash", "-e", "-c", _fill(step["run"], context)],
            cwd=r.path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if step["id"] == "check":
            assert done.returncode == 0, done.stderr
            annotations = done.stdout
        code = done.returncode
        outputs = dict(line.split("=", 1) for line in files["output"].read_text().splitlines() if "=" in line)
    sarif_file = outputs.get("sarif-file")
    return {
        "verdict": code,
        "annotations": annotations,
        "summary": files["summary.md"].read_text(),
        "sarif": json.loads(Path(sarif_file).read_text()) if sarif_file else None,
        "outputs": outputs,
    }


@pytest.fixture
def pull_request(repo: Repo) -> GitRepo:
    """A clone whose main has an old finding; the pull request's branch adds a new one (line 3)."""
    upstream = repo({"AGENTS.md": "# Root\n", "pkg/AGENTS.md": "# Pkg\nRun `src/old-gone.py`.\n", "src/a.py": "x\n"})
    clone_path = upstream.path.parent / "clone"
    upstream.git("clone", "-q", str(upstream.path), str(clone_path))
    clone = GitRepo(clone_path, upstream.env)
    clone.git("checkout", "-q", "-b", "feature")
    clone.commit({"pkg/AGENTS.md": "# Pkg\nRun `src/old-gone.py`.\nAnd `src/new-gone.py`.\n"})
    return clone


def test_a_pull_request_gets_annotations_a_summary_and_sarif_for_what_it_introduces(
    pull_request: GitRepo, tmp_path: Path
) -> None:
    out = _run_action(pull_request, tmp_path, "main")
    assert out["verdict"] == 0  # warnings only
    assert out["annotations"].startswith("::warning file=pkg/AGENTS.md,line=3,title=missing-path::")
    assert "old-gone" not in out["annotations"]
    summary = out["summary"]
    assert summary.startswith("## agents-md check\n")
    assert "| `missing-path` | warning | 1 |" in summary
    assert "| `pkg/AGENTS.md` | 0 | 1 | 0 |" in summary
    assert "1 finding on lines origin/main...HEAD did not touch is not shown" in summary
    (result,) = out["sarif"]["runs"][0]["results"]
    assert (result["ruleId"], result["locations"][0]["physicalLocation"]["region"]["startLine"]) == ("missing-path", 3)
    assert result["partialFingerprints"]["agentsMd/v1"]


def test_strict_fails_the_job_on_a_warning(pull_request: GitRepo, tmp_path: Path) -> None:
    out = _run_action(pull_request, tmp_path, "main", strict="true")
    assert out["verdict"] == 1
    assert out["outputs"]["exit-code"] == "1"


def test_args_reach_check_and_a_push_checks_the_whole_repository(pull_request: GitRepo, tmp_path: Path) -> None:
    out = _run_action(pull_request, tmp_path, "", args="--all")
    assert "old-gone" in out["annotations"] and "new-gone" in out["annotations"]


def test_the_base_input_overrides_the_pull_requests(pull_request: GitRepo, tmp_path: Path) -> None:
    out = _run_action(pull_request, tmp_path, "main", base="HEAD")
    assert out["sarif"]["runs"][0]["results"] == []
    assert "no problems" in out["summary"]
