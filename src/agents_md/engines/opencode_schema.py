"""The ``$schema`` OpenCode writes into a config file it loads at start.

A config file whose ``$schema`` is missing (or empty) is rewritten on disk before the
instructions are read (``opencode.json``, and ``$OPENCODE_CONFIG`` whatever its name): its
leading white space (a BOM too) and its ``{`` become
``{\\n  "$schema": "https://opencode.ai/config.json",``, the rest left byte for byte (``{}``
gives ``{\\n  "$schema": "…",}``; a file not starting with ``{`` stays as it is). A ``.jsonc``
file is left alone. So an ``instructions`` entry naming such a file sends the rewritten text.
"""

from __future__ import annotations

import re

from agents_md._util.jstext import JS_SPACE_CLASS

SCHEMA_URL = "https://opencode.ai/config.json"
LEFT_ALONE = ".jsonc"
_OPENING = re.compile("^" + JS_SPACE_CLASS + r"*\{")


def adds_schema(path: str, table: dict[str, object]) -> bool:
    """Whether OpenCode writes a ``$schema`` into the config file ``path`` holding ``table``."""
    return not path.endswith(LEFT_ALONE) and not table.get("$schema")


def with_schema(text: str) -> str:
    """``text`` as OpenCode leaves it once it has written the ``$schema`` in."""
    return _OPENING.sub(lambda _: '{\n  "$schema": "' + SCHEMA_URL + '",', text, count=1)
