"""Fixtures: a fresh server on a temporary SQLite file per test, bots without delay."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from warroom.server import create_app
from warroom.server.connection import Limits

PAGES = {"index.html": "lobby page", "table.html": "table page", "replay.html": "replay page"}


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'warroom.db'}"


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
