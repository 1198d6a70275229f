"""One setting chooses the backend (issue 17): ``TISCHRUNDE_DATABASE_URL`` is a ``sqlite:///``
or a ``postgresql://`` URL; the older ``TISCHRUNDE_DATABASE_PATH`` still names a SQLite file.
"""

from __future__ import annotations

import pytest

from settings import SettingsProblem, load_settings
from storage import DEFAULT_DATABASE_URL, open_repository
from storage.postgres import PostgresRepository
from storage.sqlite import SqliteRepository


def test_the_url_scheme_chooses_the_backend():
    relative = open_repository("sqlite:///tischrunde.sqlite3")
    assert isinstance(relative, SqliteRepository) and relative.path == "tischrunde.sqlite3"
    absolute = open_repository("sqlite:////data/t.sqlite3")
    assert isinstance(absolute, SqliteRepository) and absolute.path == "/data/t.sqlite3"
    assert open_repository("sqlite:///:memory:").path == ":memory:"
    for url in ("postgresql://u:p@db.example/t", "postgres://u@db/t"):
        backend = open_repository(url)
        assert isinstance(backend, PostgresRepository) and backend.url == url


def test_an_unknown_or_incomplete_url_is_refused_with_the_forms_that_work():
    with pytest.raises(ValueError, match="unknown database scheme 'mysql'"):
        open_repository("mysql://u@h/db")
    with pytest.raises(ValueError, match="not a database URL"):
        open_repository("tischrunde.sqlite3")
    with pytest.raises(ValueError, match="a SQLite URL names its file"):
        open_repository("sqlite:///")


def test_settings_default_to_sqlite_and_keep_the_old_path_setting(monkeypatch):
    monkeypatch.delenv("TISCHRUNDE_DATABASE_URL", raising=False)
    monkeypatch.delenv("TISCHRUNDE_DATABASE_PATH", raising=False)
    assert load_settings(_env_file=None).database() == DEFAULT_DATABASE_URL
    monkeypatch.setenv("TISCHRUNDE_DATABASE_PATH", "/data/old.sqlite3")
    assert load_settings(_env_file=None).database() == "sqlite:////data/old.sqlite3"
    # The URL wins where both are set.
    monkeypatch.setenv("TISCHRUNDE_DATABASE_URL", "postgresql://u@db/t")
    assert load_settings(_env_file=None).database() == "postgresql://u@db/t"
    monkeypatch.setenv("TISCHRUNDE_DATABASE_URL", "mysql://u@db/t")
    with pytest.raises(SettingsProblem, match="setting TISCHRUNDE_DATABASE_URL is invalid"):
        load_settings(_env_file=None)
