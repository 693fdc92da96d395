from tcstudio.cli import main

raise SystemExit(main())
