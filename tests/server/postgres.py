"""A fresh PostgreSQL database per test, on the server ``WARROOM_TEST_POSTGRES`` names.

``.ci/run`` starts a local PostgreSQL and exports ``WARROOM_TEST_POSTGRES`` (a URL whose
role may create databases). Each test gets a database of its own, created from the
URL's database and dropped afterwards, so tests running in parallel (``pytest -n``)
never see each other's tables and every test starts from an empty schema, as a fresh
SQLite file does.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.exc import ProgrammingError

from warroom.server.db import normalize_url

ENV = "WARROOM_TEST_POSTGRES"
NOT_CONFIGURED = f"PostgreSQL not configured: set {ENV}"
PREFIX = "warroom_t_"  # every database these tests make starts with this, so strays are easy to find


def configured() -> str | None:
    """The PostgreSQL URL the tests may use, or ``None`` when there is none."""
    return os.environ.get(ENV) or None


@contextmanager
def fresh_database(admin_url: str) -> Iterator[str]:
    """Create an empty database next to ``admin_url``'s, yield its URL, then drop it."""
    admin = normalize_url(admin_url)
    name = f"{PREFIX}{secrets.token_hex(6)}"
    # CREATE/DROP DATABASE cannot run inside a transaction
    engine = create_engine(admin, isolation_level="AUTOCOMMIT", pool_size=1)
    try:
        with engine.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield admin.set(database=name).render_as_string(hide_password=False)
        finally:
            _drop(engine, name)
    finally:
        engine.dispose()


def _drop(engine: Any, name: str) -> None:
    """DROP the database. FORCE: a server killed with -9 may leave a backend that has not yet
    noticed. A backend of another role (an autovacuum worker) cannot be terminated by us: it
    ends by itself within moments, so the drop is tried again."""
    for attempt in range(40):
        try:
            with engine.connect() as c:
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except ProgrammingError:
            if attempt == 39:
                raise
            time.sleep(0.25)
