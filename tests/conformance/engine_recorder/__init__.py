"""The project's own recorder for Codex CLI, Gemini CLI and OpenCode.

It runs each pinned engine offline against a scenario's tree and writes down
exactly what the engine put in front of the model: the instruction text at the
start and, for Gemini CLI and OpenCode, the text attached after each file
read.  Entry point: ``record.py`` beside this file; formats in
``tests/conformance/README.md``.

Modules, in the order a run uses them:

- ``scenario``  read scenario files; resolve one against its run folder
- ``tree``      lay out a tree (files, links, folders) and its git repositories
- ``homes``     the settings each engine needs in the fake home to run offline
- ``replies``   the scripted model's answers, in each API's wire format
- ``standin``   the loopback HTTP server that plays the model (Gemini, OpenCode)
- ``drivers``   where each engine is, its command line and environment
- ``extract``   the instruction text out of what an engine sent
- ``result``    assemble one result, paths written back as placeholders
- ``cli``       the command line
"""
