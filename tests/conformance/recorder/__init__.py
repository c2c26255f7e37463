"""The project's own recorder of golden conformance results.

It runs the reference engine (Claude Code 2.1.328, which ships the `agents-md`
plugin built in) offline against a scripted stand-in for the Messages API, and
writes down exactly which instruction files the engine loaded and how it
framed them.  Entry point: ``record.py`` beside this file.

Modules, in the order a run uses them:

- ``scenario``  read scenario files, lay out a run's tree and home on disk
- ``script``    what the scripted model does, and which conversation a request is in
- ``mock_api``  the loopback HTTP server that plays the model
- ``managed``   the machine-wide managed-policy folder, swapped in under a lock
- ``engine``    find / install the engine and run it (one prompt or several turns)
- ``wire``      read instruction text out of the requests the engine sent
- ``home_state`` read the engine's own files under the fake home
- ``result``    assemble one result file
- ``cli``       the command line
"""
