"""What the repository's own runners define, read from their files: a Makefile's targets, a
justfile's recipes, ``package.json`` scripts, tox environments, nox sessions, an xtask's
subcommands, the project's Python scripts and modules. Each reader says what it found and
whether that can be all (``known.Known.complete``): where a file could define more than it
plainly says, a name it does not hold is no finding.
"""
