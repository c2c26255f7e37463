#!/usr/bin/env python3
"""Check this recorder against the shared engines tool: same ``prompt`` and ``reads``.

    python3 tests/conformance/engine_recorder/check_shared.py ENGINE SCEN_DIR OUR_RESULTS \\
        [--tool PATH/engines.py] [--shared-results DIR] [-j N] [-k SUBSTR]

Records every scenario with the shared tool (run as a black box, into a
temporary folder unless ``--shared-results`` names one already recorded),
then prints SAME/DIFF per scenario and a last line ``N/M scenarios agree``;
exits 0 only when all agree.  Not a default test: it needs the engines.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT_TOOL = Path("/work/shared/engines/engines.py")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="check_shared.py", description=__doc__)
    ap.add_argument("engine")
    ap.add_argument("scenarios", type=Path)
    ap.add_argument("ours", type=Path, help="this recorder's results of those scenarios")
    ap.add_argument("--tool", type=Path, default=DEFAULT_TOOL)
    ap.add_argument("--shared-results", type=Path)
    ap.add_argument("-j", dest="jobs", default="2")
    ap.add_argument("-k", dest="substring")
    args = ap.parse_args(argv)
    shared = args.shared_results or Path(tempfile.mkdtemp(prefix="agents-md-shared-"))
    if not args.shared_results:
        cmd = [sys.executable, str(args.tool), "record", args.engine, str(args.scenarios), str(shared), "-j", args.jobs]
        if args.substring:
            cmd += ["-k", args.substring]
        subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL)
    agree = total = 0
    for path in sorted(args.scenarios.glob("*.json")):
        name = json.loads(path.read_text(encoding="utf-8")).get("name", path.stem)
        if args.substring and args.substring not in name:
            continue
        total += 1
        try:
            ours = json.loads((args.ours / f"{name}.json").read_text(encoding="utf-8"))
            theirs = json.loads((shared / f"{name}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            print(f"MISSING {name}: {err}")
            continue
        diffs = [k for k in ("prompt", "reads") if ours.get(k) != theirs.get(k)]
        agree += not diffs
        print(f"{'SAME' if not diffs else 'DIFF'} {name}" + (f": {', '.join(diffs)}" if diffs else ""))
    print(f"{agree}/{total} scenarios agree")
    return 0 if agree == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
