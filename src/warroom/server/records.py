"""Finished tables' records and replays, served from the database: the record of a game once it
is over, and every step of it from one seat's point of view (or none, or all) for the replay page.
Nothing here touches a table in play (``server/tables.py``)."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

from warroom.engine import ALL_SEEING, CLOCK_SEAT, Game, WarroomError, registry
from warroom.engine.record import Record, Step, replay
from warroom.server.db import StoredTable
from warroom.server.play import autopilot_note
from warroom.server.tables import Refused, TableManager

log = logging.getLogger("warroom.server")


class Records:
    """The records and replays of a server's finished tables (read through ``manager.read``)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    async def finished_record(self, table_id: str) -> Record:
        """The record of a finished table (409 while it runs)."""
        stored = await self.finished(table_id)
        try:
            return _record(stored)
        except (WarroomError, LookupError, TypeError, ValueError) as err:
            log.error("table %s: stored record is damaged: %s: %s", table_id, type(err).__name__, err)
            raise Refused(503, f"the stored record of table {table_id} is damaged") from None

    async def finished(self, table_id: str) -> StoredTable:
        """A finished table's stored row (404 if there is none, 409 while it runs)."""
        stored = await self.manager.read(self.manager.store.load, table_id)
        if stored is None:
            raise Refused(404, f"no table {table_id}")
        if stored.status != "finished":
            raise Refused(409, f"table {table_id} is {stored.status}; its record is published when the game ends")
        return stored

    async def replay(self, table_id: str, seat: str | None) -> dict[str, Any]:
        """Every step of a finished table with the view and new log entries from one point of view."""
        stored = await self.finished(table_id)
        record = _record(stored)
        game = registry.get(record.game)
        players = int(record.config["players"])
        eyes: int | None
        if seat is None:
            eyes = None
        elif seat == "all":
            eyes = ALL_SEEING
        elif re.fullmatch(r"[0-9]{1,3}", seat) and int(seat) < players:  # ASCII only: not "²", "①"
            eyes = int(seat)
        else:
            raise Refused(400, f"seat must be 0-{players - 1} or all, not {seat[:20]!r}")
        try:
            return await asyncio.to_thread(_replay_steps, game, record, eyes, stored.autopilot)
        except (WarroomError, LookupError, TypeError, ValueError) as err:  # the stored steps do not replay
            log.error("table %s: stored record does not replay: %s: %s", table_id, type(err).__name__, err)
            raise Refused(503, f"the stored record of table {table_id} does not replay") from None


def replay_markers(game: Game[Any], config: dict[str, Any], steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``[{"step", "label"}]``: each step whose public events start a round, battle or turn
    (``Game.marker``), for the replay page's jumps."""
    out = []
    for step in steps:
        for entry in step["public"]:
            label = game.marker(config, entry)
            if label:
                out.append({"step": step["index"], "label": label})
    return out


def _record(stored: StoredTable) -> Record:
    names = registry.get(stored.game).seat_names(stored.config)
    seats = [{"seat": s.seat, "name": names[s.seat], "player": s.bot or "human"} for s in stored.seats]
    return Record(stored.game, stored.rules_version, stored.config, stored.seed, seats, stored.steps, stored.result)


def _replay_steps(game: Game[Any], record: Record, eyes: int | None, autopilot: str) -> dict[str, Any]:
    """The view and the new log entries after every action of ``record``, as ``eyes`` sees them."""
    names = game.seat_names(record.config)
    steps: list[dict[str, Any]] = []
    pending: list[Step] = list(record.steps)
    text = None
    public: list[dict[str, Any]] = []  # each step's public events: markers and the summary read these
    for rs in replay(record, verify=True):
        entry: dict[str, Any] = {"index": rs.index, "seat": rs.seat, "action": rs.action, "text": text,
                                 "autopilot": False, "view": game.view(rs.state, eyes), "log": []}
        notes: list[dict[str, Any]] = []
        if rs.index:
            recorded = pending[rs.index - 1]
            entry["autopilot"] = recorded.autopilot
            if recorded.autopilot:
                notes.append(autopilot_note(names[recorded.seat], recorded.seat, autopilot).visible_to(eyes))
        entry["log"] = notes + [e.visible_to(eyes) for e in rs.events]
        public.append({"index": rs.index, "public": [e.visible_to(None) for e in rs.events]})
        if eyes == ALL_SEEING:
            entry["view"] = game.view(rs.state, None)
            entry["views"] = [game.view(rs.state, p) for p in range(len(names))]
        steps.append(entry)
        # describe the next action in the state it is taken in, before replay applies it
        if rs.index < len(pending):
            nxt = pending[rs.index]
            try:
                text = ("time passes: a deadline takes effect" if nxt.seat == CLOCK_SEAT  # real time
                        else game.describe(rs.state, nxt.seat, nxt.action))
            except (WarroomError, LookupError, ValueError, TypeError):
                text = nxt.action
    return {"record": record.to_json(), "seat": "all" if eyes == ALL_SEEING else eyes, "steps": steps,
            "markers": replay_markers(game, record.config, public),
            "summary": game.summary(record.config, [e for p in public for e in p["public"]])}

