"""The auto memory's line breaks and key (``engine.memory``; ``g_memory_*`` recordings)."""

from __future__ import annotations

from pathlib import Path

from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.memory import load_memory, memory_path


def test_crlf_is_a_line_break_a_lone_cr_only_on_the_wire(tmp_path: Path) -> None:
    config, root = str(tmp_path / "home" / ".claude"), "/repo"
    path = Path(memory_path(config, root))
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xef\xbb\xbf# M\r\n- a\r- b\r\n" + b"".join(b"- n%d\r\n" % i for i in range(198)))
    found = load_memory(DEFAULT_FS, config, root)
    assert found is not None
    # 200 lines: "- a\r- b" counts as one, then is sent as two.
    assert found.content.startswith("# M\n- a\n- b\n- n0\n")
    assert found.content.endswith("- n197")
