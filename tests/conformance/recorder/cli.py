"""``record.py SCENARIOS_DIR RESULTS_DIR [-k SUBSTR] [-j N] [--install] [--keep]``

Records one result file per scenario.  Scenarios run N at a time, except those
with a ``managed_tree``: the managed folder is machine-wide, so they run one
at a time after all the others.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from . import engine, result, scenario, script, settings_hooks
from .managed import managed_files
from .mock_api import MockApi

BASE_ENV = "AGENTS_MD_RECORD_BASE"


def record_one(scn: dict[str, Any], source_dir: Path, base: Path) -> dict[str, Any]:
    """Run one scenario and return its result, paths as placeholders."""
    run = scenario.resolve(settings_hooks.install(scn), base)
    scenario.lay_out(run, source_dir)
    settings_hooks.write_plugin(scn, run.run_dir)
    # The directory-read order of the folders named, as this disk gives it (the engine reads them so).
    listings = {rel: scenario.listing(run, rel) for rel in scn.get("record_listings", [])}
    replies = script.build(run)
    with managed_files(run.managed_tree) as managed, MockApi(replies, run.run_dir / "requests.jsonl") as api:
        outcome = engine.run_engine(run, api.url, script.turn_prompts(run))
    res: dict[str, Any] = result.placeholder_writer(run)(result.assemble(run, outcome, api.requests, managed))
    res["scenario"] = scn  # as given, placeholders and all
    if listings:
        res["listings"] = listings
    return res


def _write(res: dict[str, Any], path: Path) -> None:
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def _summary(res: dict[str, Any]) -> str:
    if "error" in res:
        return f"ERR {res['name']}: {res['error']}"
    files = ", ".join(str(path) for path, _ in res.get("files") or [])
    attached = sum(1 for a in res.get("attachments") or [] if a)
    return f"{'OK ' if res['ok'] else 'BAD'} {res['name']}: files=[{files}] attachments={attached}"


Job = Callable[[tuple[Path, dict[str, Any]]], dict[str, Any]]


def _in_order(
    pool: concurrent.futures.Executor, job: Job, scenarios: list[tuple[Path, dict[str, Any]]]
) -> Iterator[dict[str, Any]]:
    """Results of the pooled scenarios, then of the managed ones, one at a time."""
    pooled = [s for s in scenarios if not s[1].get("managed_tree")]
    serial = [s for s in scenarios if s[1].get("managed_tree")]
    yield from pool.map(job, pooled)
    for s in serial:
        yield job(s)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="record.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("scenarios", type=Path, help="folder of scenario *.json files")
    ap.add_argument("results", type=Path, help="folder the result files are written to")
    ap.add_argument("-k", dest="substring", help="only scenarios whose name contains this")
    ap.add_argument("-j", dest="jobs", type=int, default=1, help="scenarios run at once (default 1)")
    ap.add_argument(
        "--install",
        action="store_true",
        help=f"npm-install the engine {engine.VERSION} first if it is missing",
    )
    ap.add_argument(
        "--keep",
        action="store_true",
        help=f"keep the run folders of a temporary base (with ${BASE_ENV} they are always kept)",
    )
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.install:
        engine.install()
    if not engine.is_installed():
        print(f"no engine at {engine.binary()}: pass --install or set CLAUDE_BINARY", file=sys.stderr)
        return 2
    scenarios = scenario.load_scenarios(args.scenarios, args.substring)
    args.results.mkdir(parents=True, exist_ok=True)
    given_base = os.environ.get(BASE_ENV)
    base = Path(given_base) if given_base else Path(tempfile.mkdtemp(prefix="agents-md-record-"))
    base.mkdir(parents=True, exist_ok=True)

    def job(item: tuple[Path, dict[str, Any]]) -> dict[str, Any]:
        path, scn = item
        try:
            res = record_one(scn, path.parent, base)
        except Exception as err:  # one broken scenario must not stop the others
            res = {"name": scn["name"], "ok": False, "error": repr(err), "scenario": scn}
        _write(res, args.results / f"{scn['name']}.json")
        return res

    good = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for res in _in_order(pool, job, scenarios):
                good += bool(res["ok"])
                print(_summary(res), flush=True)
    finally:
        if not given_base and not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    print(f"recorded {len(scenarios)} scenarios, {good} ok")
    return 0 if good == len(scenarios) else 1
