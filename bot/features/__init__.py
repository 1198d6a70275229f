"""The bot's slash commands, one extension per feature (loaded in ``TischrundeBot.setup_hook``)."""
