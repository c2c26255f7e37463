"""Other coding agents' engines, one module each, over the engine's filesystem seam.

``codex``, ``gemini`` and ``opencode`` each say their algorithm as numbered steps at the top and
answer with the frozen values of ``engines.model`` (files with provenance: why loaded, bytes
loaded, where cut; what was left out and why). Claude Code's own engine is ``agents_md.engine``;
the host puts the four side by side (``agents_md.host.engines``).
"""
