"""Claude Code's own extension points, served from the library: settings hooks that give any
Claude Code the ``agents-md`` plugin's answers (``hook run``), writing those hooks into a
settings file (``install``), and a plugin folder holding them (``plugin_folder``)."""
