"""Fixtures: a fresh server per test on a temporary SQLite file (and again on PostgreSQL when one
is configured, see ``postgres.py``), bots without delay."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server import postgres
from warroom.server import create_app
from warroom.server.connection import Limits

PAGES = {"index.html": "lobby page", "table.html": "table page", "replay.html": "replay page"}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every test that takes a database runs twice: on a fresh SQLite file, and on a fresh
    PostgreSQL database when ``WARROOM_TEST_POSTGRES`` names a server (else that run skips)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'warroom.db'}"
        return
    admin = postgres.configured()
    if admin is None:
        pytest.skip(postgres.NOT_CONFIGURED)
    with postgres.fresh_database(admin) as url:
        yield url


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    """Stand-in client files, so these tests do not depend on the real browser client."""
    root = tmp_path / "static"
    root.mkdir()
    for name, text in PAGES.items():
        (root / name).write_text(f"<!doctype html><title>{text}</title>")
    (root / "app.js").write_text("export const ok = true;\n")
    return root


# tests play as fast as they can; the rate limit has its own test with the real limits
FAST = Limits(rate=10_000, burst=10_000)


@pytest.fixture
def client(db_url: str, static_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        yield c
