"""Plugins shipped with agents-md; each is found through the entry-point group like any other."""
