#!/usr/bin/env python3
"""Record golden results of Codex CLI, Gemini CLI and OpenCode.

    python3 tests/conformance/engine_recorder/record.py ENGINE SCEN_DIR RES_DIR [-j N] [-k SUBSTR] [--keep]

See ``tests/conformance/README.md``.  Standard library only, and nothing from
outside this folder.
"""

import sys
from pathlib import Path

if __name__ == "__main__":
    # run as a script: make this folder importable as the package `engine_recorder`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from engine_recorder.cli import main

    raise SystemExit(main())
