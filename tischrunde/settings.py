"""Settings read from the environment or ``.env`` with pydantic-settings (see .env.example)."""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything an operator can configure. The token is a secret and never logged."""

    model_config = SettingsConfigDict(
        env_prefix="TISCHRUNDE_",
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
    )

    discord_token: SecretStr | None = Field(
        None, validation_alias=AliasChoices("DISCORD_TOKEN", "TISCHRUNDE_DISCORD_TOKEN")
    )
    database_path: str = "tischrunde.sqlite3"
    dev_guild_id: int | None = None
    default_language: Literal["de", "en"] = "en"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    pictures: bool = True
    """Attach a picture of the table and of the hand to the bot's messages."""


class SettingsProblem(Exception):
    """A missing or malformed setting, explained in one line that names it."""


def load_settings(**overrides: object) -> Settings:
    """The settings, or ``SettingsProblem`` naming the first bad one (never its value)."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as error:
        problem = error.errors()[0]
        name = str(problem["loc"][0]) if problem["loc"] else "?"
        env = (
            name.upper()
            if name.isupper() or name == "DISCORD_TOKEN"
            else f"TISCHRUNDE_{name.upper()}"
        )
        raise SettingsProblem(f"setting {env} is invalid: {problem['msg']}") from None
