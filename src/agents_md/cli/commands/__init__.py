"""One module per sub-command; each exposes ``register(subparsers)`` and ``run(args) -> int``.

``register`` only declares arguments; every heavy import happens inside ``run`` so that
``agents-md --help`` and the hot ``context`` path stay cheap.
"""
