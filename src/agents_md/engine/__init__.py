"""The engine: finds, imports, excludes, processes and renders instruction files; fires events."""
