"""The package's version, alone in a module so that any layer may say it."""

__version__ = "0.1.0"
