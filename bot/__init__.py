"""Discord adapter: slash commands, persistent buttons, DMs and rendering. No game rules, no SQL."""
