#!/usr/bin/env python3
"""Check this recorder against the shared engines tool: same ``prompt`` and ``reads``.

    python3 tests/conformance/engine_recorder/check_shared.py ENGINE SCEN_DIR OUR_RESULTS \\
        [--tool PATH/engines.py] [--shared-results DIR ...] [-j N] [-k SUBSTR]

The shared tool is run as a black box.  Results it recorded earlier (in the
``--shared-results`` folders) are used when they were recorded from the very
same scenario; every other scenario is recorded with the tool into a
temporary folder.  Prints SAME/DIFF per scenario and a last line
``N/M scenarios agree``; exits 0 only when all agree.  Not a default test: it
needs the engines.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

DEFAULT_TOOL = Path("/work/shared/engines/engines.py")


def _load(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _earlier(scn: dict[str, Any], folders: list[Path]) -> dict[str, Any] | None:
    for folder in folders:
        res = _load(folder / f"{scn['name']}.json")
        if isinstance(res, dict) and res.get("scenario") == scn:
            return res
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="check_shared.py", description=__doc__)
    ap.add_argument("engine")
    ap.add_argument("scenarios", type=Path)
    ap.add_argument("ours", type=Path, help="this recorder's results of those scenarios")
    ap.add_argument("--tool", type=Path, default=DEFAULT_TOOL)
    ap.add_argument("--shared-results", type=Path, action="append", default=[])
    ap.add_argument("-j", dest="jobs", default="2")
    ap.add_argument("-k", dest="substring")
    args = ap.parse_args(argv)
    scenarios = []
    for path in sorted(args.scenarios.glob("*.json")):
        scn = json.loads(path.read_text(encoding="utf-8"))
        scn.setdefault("name", path.stem)
        if not args.substring or args.substring in scn["name"]:
            scenarios.append(scn)
    theirs = {s["name"]: r for s in scenarios if (r := _earlier(s, args.shared_results)) is not None}
    todo = [s for s in scenarios if s["name"] not in theirs]
    work = Path(tempfile.mkdtemp(prefix="agents-md-shared-"))
    try:
        if todo:
            (work / "scen").mkdir()
            for scn in todo:
                (work / "scen" / f"{scn['name']}.json").write_text(json.dumps(scn), encoding="utf-8")
            cmd = [sys.executable, str(args.tool), "record", args.engine, str(work / "scen"), str(work / "res")]
            subprocess.run([*cmd, "-j", args.jobs], check=False, stdout=subprocess.DEVNULL, cwd=args.tool.parent)
            for scn in todo:
                res = _load(work / "res" / f"{scn['name']}.json")
                if isinstance(res, dict):
                    theirs[scn["name"]] = res
    finally:
        shutil.rmtree(work, ignore_errors=True)
    agree = 0
    for scn in scenarios:
        name = scn["name"]
        ours, other = _load(args.ours / f"{name}.json"), theirs.get(name)
        if not isinstance(ours, dict) or other is None:
            print(f"MISSING {name}: {'ours' if not isinstance(ours, dict) else 'shared'}")
            continue
        diffs = [k for k in ("prompt", "reads") if ours.get(k) != other.get(k)]
        agree += not diffs
        print(f"{'SAME' if not diffs else 'DIFF'} {name}" + (f": {', '.join(diffs)}" if diffs else ""))
    print(f"{agree}/{len(scenarios)} scenarios agree")
    return 0 if agree == len(scenarios) else 1


if __name__ == "__main__":
    raise SystemExit(main())
