"""Shell completion scripts, generated from the command line's own parser so they never go stale."""
