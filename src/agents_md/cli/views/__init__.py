"""What the commands print: each view renders a value the library computed, and decides nothing."""
