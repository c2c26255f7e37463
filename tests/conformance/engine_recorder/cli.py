"""``record.py ENGINE SCEN_DIR RES_DIR [-j N] [-k SUBSTR] [--keep] [--install]``

Records one result file per scenario of ENGINE (``codex``, ``gemini`` or
``opencode``), N scenarios at a time.  Each run is built under
``$AGENTS_MD_ENGINES_RUN_BASE/ENGINE/NAME/{root,home}`` (default a fresh
temporary folder, removed at the end unless ``--keep``; a base given by the
variable is kept).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from . import drivers, homes, result, scenario, tree
from .standin import Request, Standin

BASE_ENV = "AGENTS_MD_ENGINES_RUN_BASE"


def record_one(scn: dict[str, Any], engine: str, base: Path, version: str | None) -> dict[str, Any]:
    """Run one scenario and return its result, paths as placeholders."""
    run = scenario.resolve(scn, engine, base)
    run = dataclasses.replace(run, home_tree=homes.completed_home(run))
    tree.lay_out(run)
    requests: list[Request] = []
    if engine == "codex":
        outcome = drivers.run_engine(run, None)
    else:
        with Standin(engine, run.reads, run.run_dir / "requests.jsonl") as standin:
            outcome = drivers.run_engine(run, standin.url)
            requests = list(standin.requests)
    res = result.assemble(run, version, outcome, requests)
    res["scenario"] = scn  # as given, placeholders and all
    return res


def is_recorded(scn: dict[str, Any], results: Path) -> bool:
    """Whether `results` holds a good result recorded from exactly `scn`."""
    try:
        res = json.loads((results / f"{scn['name']}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(res, dict) and res.get("ok") is True and res.get("scenario") == scn


def _write(res: dict[str, Any], path: Path) -> None:
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def _summary(res: dict[str, Any]) -> str:
    if "error" in res:
        return f"ERR {res['name']}: {res['error']}"
    reads = sum(1 for r in res.get("reads") or [] if r)
    prompt = res.get("prompt")
    size = "none" if prompt is None else f"{len(prompt)} chars"
    return f"{'OK ' if res['ok'] else 'BAD'} {res['name']}: exit={res['exit_code']} prompt={size} reads={reads}"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="record.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("engine", choices=sorted(drivers.ENGINES))
    ap.add_argument("scenarios", type=Path, help="folder of scenario *.json files")
    ap.add_argument("results", type=Path, help="folder the result files are written to")
    ap.add_argument("-k", dest="substring", help="only scenarios whose name contains this")
    ap.add_argument("-j", dest="jobs", type=int, default=1, help="scenarios run at once (default 1)")
    ap.add_argument("--install", action="store_true", help="npm-install the pinned engine first if it is missing")
    ap.add_argument("--keep", action="store_true", help="keep the run folders of a temporary base")
    ap.add_argument(
        "--changed",
        action="store_true",
        help="only scenarios without a result, or whose result was recorded from another scenario text",
    )
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    engine = drivers.ENGINES[args.engine]
    if args.install and not engine.binary().exists():
        subprocess.run(engine.install_command(), check=True)
    if not os.access(engine.binary(), os.X_OK):
        hint = f"pass --install or set {engine.name.upper()}_BIN"
        print(f"no {engine.name} at {engine.binary()}: {hint}", file=sys.stderr)
        return 2
    scenarios = scenario.load_scenarios(args.scenarios, args.substring)
    if args.changed:
        scenarios = [scn for scn in scenarios if not is_recorded(scn, args.results)]
    args.results.mkdir(parents=True, exist_ok=True)
    given_base = os.environ.get(BASE_ENV)
    base = Path(given_base) if given_base else Path(tempfile.mkdtemp(prefix="agents-md-engines-"))
    base.mkdir(parents=True, exist_ok=True)
    version = drivers.installed_version(engine.name, base)

    def job(scn: dict[str, Any]) -> dict[str, Any]:
        try:
            res = record_one(scn, engine.name, base, version)
        except Exception as err:  # one broken scenario must not stop the others
            res = {"name": scn["name"], "engine": engine.name, "ok": False, "error": repr(err), "scenario": scn}
        _write(res, args.results / f"{scn['name']}.json")
        return res

    good = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for res in pool.map(job, scenarios):
                good += bool(res["ok"])
                print(_summary(res), flush=True)
    finally:
        if not given_base and not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    print(f"recorded {len(scenarios)} {engine.name} scenarios, {good} ok")
    return 0 if good == len(scenarios) else 1
