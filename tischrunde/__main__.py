"""``python -m tischrunde`` runs the command line."""

from tischrunde.cli import main

raise SystemExit(main())
