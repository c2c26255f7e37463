"""What each rule of ``agents check`` finds, for the reports (SARIF's rule descriptions)."""

from __future__ import annotations

from agents_md.diagnostics import RuleInfo, Severity

ERR, WARN, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

_TABLE = (
    ("not-an-agent", INFO, "a Markdown file in an agents folder that is documentation, not a definition"),
    ("fence-not-on-line-1", ERR, "the front matter's opening --- is not on line 1: the engine skips the file"),
    ("no-closing-fence", ERR, "the front matter has no closing ---: the engine skips the file"),
    ("yaml-parse", ERR, "front matter the engine cannot read as YAML, even leniently: it is ignored"),
    ("yaml-lenient", INFO, "a value strict YAML rejects, which the engine re-reads as a quoted string"),
    ("name-missing", ERR, "no name: the engine treats the file as documentation and skips it"),
    ("name-not-string", ERR, "a name that is not a string: the engine skips the file"),
    ("name-dash", ERR, 'a name starting with "-": the engine skips the file'),
    ("name-too-long", ERR, "a name over 256 characters: the engine skips the file"),
    ("name-colon", ERR, 'a name holding ":" (reserved for plugin namespaces): the engine skips the file'),
    ("unknown-key", WARN, "a front matter key Claude Code does not recognize or apply"),
    ("description-missing", ERR, "no description: the engine skips the file"),
    ("plugin-name-too-long", WARN, "a plugin agent name over 256 characters: the engine names it after its file"),
    ("plugin-ignored-key", WARN, "a key the engine ignores for plugin agents (permissionMode, hooks, mcpServers)"),
    ("hooks-outside", ERR, "PreToolUse/PermissionRequest declared outside hooks: the engine does not load the agent"),
    ("hooks-shape", WARN, "a hook entry of an unchecked event that is malformed (the agent still loads)"),
    ("hooks-invalid", ERR, "a hooks map the engine cannot read: it skips the file"),
    ("invalid-value", WARN, "a value the engine drops: the agent loads without it"),
    ("value-above-limit", WARN, "a number above the engine's limit, which it caps"),
    ("color-unknown", WARN, "a color the engine does not know, which it drops"),
    ("skills-limit", WARN, "more skills than the engine keeps"),
    ("mcp-server-invalid", WARN, "an MCP server entry the engine drops"),
    ("tools-empty", WARN, "an empty tools list: the agent starts with no tools at all"),
    ("tools-unrecognized", ERR, "a tools list naming nothing Claude Code recognizes: the engine refuses to start it"),
    ("tools-mcp-only", WARN, "a tools list of MCP tools only: refused to start unless their server is connected"),
    ("tool-unknown", WARN, "a tool name Claude Code does not recognize: the agent starts without it"),
    ("duplicate-name", WARN, "two files of one folder define the same name; the engine keeps one of them"),
    ("agents-json", ERR, "an --agents value the engine refuses whole (it exits 1)"),
    ("unreadable", ERR, "an agent file that cannot be read"),
    ("plugin-agent-missing", ERR, "an agent file a plugin's manifest names that is not there: the engine skips it"),
    ("plugin-manifest-invalid", ERR, "a plugin manifest the engine refuses: none of the plugin's agents loads"),
    ("plugin-agent-unlisted", WARN, "a plugin's agents/ file its manifest does not name: the engine does not read it"),
)

AGENT_RULES: dict[str, RuleInfo] = {rule: RuleInfo(rule, sev, text) for rule, sev, text in _TABLE}
