"""What only PostgreSQL shows: several writers on one database, ``warroom serve`` on a server URL.

The rest of the server suite runs on PostgreSQL too: the ``db_url`` fixture
(``conftest.py``) gives every test a fresh SQLite file and, when
``WARROOM_TEST_POSTGRES`` is set (``.ci/run`` sets it), a fresh PostgreSQL database.
Without it those runs skip with "PostgreSQL not configured: set WARROOM_TEST_POSTGRES".
"""

from __future__ import annotations

import json
import random
import selectors
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from tests.server import postgres
from tests.server.helpers import GAME
from warroom.engine.record import Record, Step, replay
from warroom.server.db import Store, StoredSeat, StoredTable, make_engine, migrate, normalize_url, now

ADMIN = postgres.configured()
needs_postgres = pytest.mark.skipif(ADMIN is None, reason=postgres.NOT_CONFIGURED)


def _warroom() -> list[str]:
    script = Path(sys.executable).with_name("warroom")
    return [str(script)] if script.exists() else [sys.executable, "-m", "warroom.cli"]


def _databases(admin: str) -> set[str]:
    engine = create_engine(normalize_url(admin))
    try:
        with engine.connect() as c:
            return set(c.scalars(text("SELECT datname FROM pg_database")))
    finally:
        engine.dispose()


@needs_postgres
def test_every_test_gets_an_empty_database_of_its_own_and_it_is_dropped_after() -> None:
    assert ADMIN is not None
    with postgres.fresh_database(ADMIN) as one, postgres.fresh_database(ADMIN) as two:
        assert one != two
        names = {normalize_url(u).database for u in (one, two)}
        assert names <= _databases(ADMIN)
        engine = make_engine(one)
        try:
            migrate(engine)
            assert {"tables", "seats", "steps"} <= set(inspect(engine).get_table_names())
        finally:
            engine.dispose()
        engine = make_engine(two)
        try:
            assert inspect(engine).get_table_names() == []  # the other test's schema is not here
        finally:
            engine.dispose()
    assert not names & _databases(ADMIN)


def test_two_writers_racing_for_one_version_commit_it_once_and_the_game_never_forks(db_url: str) -> None:
    """Two server processes sharing a database: the version guard lets exactly one action per version in.

    (It runs on SQLite too, where the file lock serialises the writers; on PostgreSQL the two
    transactions really do run at once and the row lock and primary key decide.)
    """
    first, second = Store(db_url), Store(db_url)
    try:
        migrate(first.engine)
        config = GAME.configure(2, [], {"max_rounds": 3})
        seed = 21
        seats = [StoredSeat(0, "bot", "random", None, True), StoredSeat(1, "bot", "random", None, True)]
        first.create(StoredTable("race", "kessen", GAME.rules_version, config, seed, "running", 0, None,
                                 "random", None, now(), seats))
        state = GAME.new(config, seed)
        rng = random.Random(4)
        for version in range(1, 31):
            seat = GAME.deciders(state)[0]
            legal = GAME.legal_actions(state, seat)
            # each writer plays a different action for the same version, at the same moment
            tries: list[tuple[Store, str, str]] = []
            for store in (first, second):
                candidate = GAME.clone(state)
                action = rng.choice(legal)
                GAME.apply(candidate, seat, action)
                tries.append((store, action, GAME.hash(candidate)))
            start = threading.Barrier(2)
            won: list[str] = []
            lost: list[BaseException] = []

            def write(store: Store, action: str, digest: str, version: int = version, seat: int = seat,
                      start: threading.Barrier = start, won: list[str] = won, lost: list[BaseException] = lost,
                      ) -> None:
                start.wait(10)
                try:
                    store.append_step("race", version, Step(seat, action, digest), None)
                    won.append(action)
                except Exception as err:
                    lost.append(err)

            threads = [threading.Thread(target=write, args=t) for t in tries]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert len(won) == 1 and len(lost) == 1, (won, lost)
            GAME.apply(state, seat, won[0])
        stored = second.load("race")
        assert stored is not None and stored.version == len(stored.steps) == 30
        record = Record("kessen", GAME.rules_version, config, seed, [], stored.steps)
        assert sum(1 for _ in replay(record, verify=True)) == 31  # one game, every hash reproduced
    finally:
        first.close()
        second.close()


def _first_line(proc: subprocess.Popen[str], seconds: float = 30.0) -> str:
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        assert sel.select(seconds), "the server printed nothing"
    return proc.stdout.readline()


@needs_postgres
def test_serve_on_postgres_migrates_the_database_and_never_prints_the_password() -> None:
    assert ADMIN is not None
    with postgres.fresh_database(ADMIN) as db_url:
        _serve_once_and_check(db_url)


def _serve_once_and_check(db_url: str) -> None:
    url = normalize_url(db_url)
    assert url.password
    proc = subprocess.Popen([*_warroom(), "serve", "--port", "0", "--database", db_url],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = ""
    try:
        line = _first_line(proc)
        # served (not merely bound) before the interrupt: a Ctrl+C during start-up is another story
        base = line.split()[2].rstrip("/") if line.startswith("warroom: open ") else ""
        with urllib.request.urlopen(f"{base}/api/health", timeout=30) as r:
            assert json.load(r) == {"status": "ok"}
    finally:
        proc.send_signal(signal.SIGINT)
        output = line + proc.communicate(timeout=30)[0]
    assert proc.returncode == 0, output
    assert line.startswith("warroom: open http://127.0.0.1:"), line
    assert f"database postgresql+psycopg://{url.username}:***@{url.host}:{url.port}/{url.database}" in line
    assert f":{url.password}@" not in output
    engine = make_engine(db_url)
    try:
        assert {"tables", "seats", "steps", "alembic_version"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_serve_with_an_unreachable_postgres_is_a_one_line_error_without_the_password() -> None:
    with socket.socket() as closed:  # a loopback port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    done = subprocess.run([*_warroom(), "serve", "--port", "0", "--database",
                           f"postgresql://warroom:hunter2@127.0.0.1:{port}/nowhere"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: database postgresql"), lines
    assert f"warroom:***@127.0.0.1:{port}/nowhere" in lines[0] and "Connection refused" in lines[0]
    assert "hunter2" not in done.stderr + done.stdout
