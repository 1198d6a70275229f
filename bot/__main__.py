"""``python -m bot``: start the Discord bot from the settings (see README and .env.example)."""

from __future__ import annotations

import sys

from .run import main

if __name__ == "__main__":
    sys.exit(main())
