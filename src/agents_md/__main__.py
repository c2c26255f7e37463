from agents_md.cli.main import main

raise SystemExit(main())
