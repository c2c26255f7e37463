from agents_md.cli.main import entry

entry()
