#!/usr/bin/env python3
"""Record golden conformance results with the reference engine.

    python3 tests/conformance/recorder/record.py SCENARIOS_DIR RESULTS_DIR [-k SUBSTR] [-j N] [--install]

See ``tests/conformance/README.md``.  Standard library only, and nothing from
outside this folder: the project can re-record from its own files.
"""

import sys
from pathlib import Path

if __name__ == "__main__":
    # run as a script: make this folder importable as the package `recorder`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from recorder.cli import main

    raise SystemExit(main())
