"""Settings read from the environment or ``.env`` with pydantic-settings (see .env.example).

A package of its own, beside the bot and the command line: both read the settings, and
neither owns them (the command line starts the bot, never the reverse).
"""

from __future__ import annotations

from typing import Literal

from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

from storage import DEFAULT_DATABASE_URL
from tables.limits import LimitCaps


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
    database_url: str | None = None
    """``sqlite:///tischrunde.sqlite3`` (the default) or ``postgresql://user:pass@host/db``."""
    database_path: str | None = None
    """The SQLite file, as before ``database_url`` existed; used only when no URL is set."""
    dev_guild_id: int | None = None
    default_language: Literal["de", "en"] = "en"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    pictures: bool = True
    """Attach a picture of the table and of the hand to the bot's messages."""
    # The operator's caps on what a server may allow with /settings limits (issue 16): a
    # server's own value, or the default, never goes above them.
    cap_open_lobbies: int = Field(10, ge=1, le=50)
    cap_running_tables: int = Field(100, ge=1, le=500)
    cap_tournaments: int = Field(20, ge=1, le=100)
    cap_engine_entries: int = Field(64, ge=0, le=256)
    cap_lobby_days: int = Field(30, ge=1, le=90)

    post_retention_days: int = Field(30, ge=0, le=3650)
    """Days a delivered post stays stored before it is deleted (0: kept for ever). A post
    waiting for delivery is never deleted; the games' logs are kept whatever this says."""

    # Several bot processes on one database (issue 17): this process's range of shards
    # ("0-3", or "0,2,5") out of ``shard_count``. Unset: one process with every shard.
    shards: str | None = None
    shard_count: int | None = Field(None, ge=1, le=10_000, validate_default=True)

    @field_validator("shard_count")
    @classmethod
    def _shards_fit(cls, count: int | None, info: ValidationInfo) -> int | None:
        shards = info.data.get("shards")
        if (shards is None) != (count is None):
            raise ValueError("TISCHRUNDE_SHARDS and TISCHRUNDE_SHARD_COUNT go together")
        if shards is not None and count is not None:
            parse_shards(shards, count)
        return count

    def shard_ids(self) -> list[int] | None:
        """The shards this process runs (None: no range given, one process runs them all)."""
        if self.shards is None or self.shard_count is None:
            return None
        return parse_shards(self.shards, self.shard_count)

    @field_validator("database_url")
    @classmethod
    def _known_scheme(cls, url: str | None) -> str | None:
        if url is not None and not url.startswith(("sqlite:///", "postgresql://", "postgres://")):
            raise ValueError("must start with sqlite:/// or postgresql://")
        return url

    def database(self) -> str:
        """The database URL: ``database_url``, else the SQLite file ``database_path``, else the
        default ``sqlite:///tischrunde.sqlite3``.
        """
        if self.database_url:
            return self.database_url
        if self.database_path:
            return f"sqlite:///{self.database_path}"
        return DEFAULT_DATABASE_URL

    def limit_caps(self) -> LimitCaps:
        """The caps as the table service takes them."""
        return LimitCaps(
            open_lobbies=self.cap_open_lobbies,
            running_tables=self.cap_running_tables,
            tournaments=self.cap_tournaments,
            engine_entries=self.cap_engine_entries,
            lobby_days=self.cap_lobby_days,
        )


def parse_shards(text: str, count: int) -> list[int]:
    """``"0-3"`` or ``"0,2,5"`` (or both mixed) as sorted shard ids below ``count``;
    ``ValueError`` naming what is wrong.
    """
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"shards wants ranges like 0-3 or lists like 0,2,5, got {text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high >= count:
            raise ValueError(f"shards {part} do not lie within 0-{count - 1}")
        ids.update(range(low, high + 1))
    return sorted(ids)


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
