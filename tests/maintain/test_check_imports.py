"""What importing ``check`` costs: its rules' patterns are compiled on first use, not at import
(a run uses about half of them; each costs ``re``'s compiler a millisecond on a slow machine)."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import re, sys
compiled = []
real = re._compile

def recording(pattern, flags):
    frame = sys._getframe(2)
    compiled.append(frame.f_globals.get("__name__", ""))
    return real(pattern, flags)

re._compile = recording
import agents_md.cli.commands.check
import agents_md.maintain.checks.checker
print("\\n".join(sorted({m for m in compiled if m.startswith("agents_md.maintain")})))
"""


def test_importing_the_check_compiles_none_of_its_patterns() -> None:
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert result.stdout.split() == []


def test_the_probe_sees_a_pattern_compiled_at_import() -> None:
    """The probe above would see one: a module compiling its pattern as it loads is named."""
    probe = PROBE.replace("import agents_md.cli.commands.check", "import agents_md.maintain.fake_for_probe")
    code = (
        "import sys, types, re\n"
        "module = types.ModuleType('agents_md.maintain.fake_for_probe')\n"
        "sys.modules['agents_md.maintain.fake_for_probe'] = module\n"
        "exec(compile('import re\\nP = re.compile(\"a+b\")', 'fake', 'exec'), module.__dict__)\n"
    )
    # Compiled inside the probe's own recording: the module is made after the recording starts.
    probe = probe.replace(
        "import agents_md.maintain.fake_for_probe\n",
        code.replace("import sys, types, re\n", "import types\n"),
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "agents_md.maintain.fake_for_probe" in result.stdout.split()
