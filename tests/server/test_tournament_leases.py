"""Knockouts on several servers: only the server holding a tournament's lease advances it (opens
its match tables), so two servers never open a table for the same match; when that server's lease
connection ends, another server takes the tournament up."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from tests.server import postgres
from warroom.server.leases import Leases
from warroom.server.tournaments import LiveTournament, TournamentManager

ADMIN = postgres.configured()


def _manager(leases: Leases | None) -> TournamentManager:
    tables: Any = SimpleNamespace(leases=leases, store=None)
    return TournamentManager(tables)


def _tournament(tid: str) -> LiveTournament:
    return LiveTournament(tid, "tessen", "running", {"bracket": {}, "entrants": [], "tables": {}}, datetime.now(UTC))


def test_a_single_server_advances_every_tournament() -> None:
    assert asyncio.run(_manager(None)._holds(_tournament("k1")))


@pytest.mark.skipif(ADMIN is None, reason=postgres.NOT_CONFIGURED)
def test_one_server_advances_a_tournament_and_another_takes_it_up_when_it_is_gone() -> None:
    assert ADMIN is not None
    with postgres.fresh_database(ADMIN) as url:

        async def scenario() -> None:
            a = Leases(url, "http://10.0.0.1:8001")
            b = Leases(url, "http://10.0.0.2:8002")
            b_open = True
            await a.connect()
            await b.connect()
            one, other, t = _manager(a), _manager(b), _tournament("k1")
            try:
                assert await one._holds(t) and await one._holds(t)  # again: still its own
                assert not await other._holds(t)
                assert await other._holds(_tournament("k2"))  # another tournament is free
                await one._let_go(t)
                assert await other._holds(t) and not await one._holds(t)
                await b.close()  # the server dies: its locks go with its session
                b_open = False
                for _ in range(50):
                    if await one._holds(t):
                        break
                    await asyncio.sleep(0.1)
                else:
                    raise AssertionError("the tournament was not taken up after its server ended")
            finally:
                await a.close()
                if b_open:
                    await b.close()

        asyncio.run(scenario())
