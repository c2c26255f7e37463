"""The ``agents-md`` command line."""
