"""A match: one game being played, with its record and event log.

The terminal, the server and the simulator all drive games through this class,
so every accepted action is recorded the same way.
"""

from __future__ import annotations

from typing import Any

from warroom.engine import registry
from warroom.engine.errors import RecordError
from warroom.engine.events import Event
from warroom.engine.game import CLOCK_SEAT, WAIT, Game, Result
from warroom.engine.record import Record, Step, replay, result_mismatch


class Match:
    """A game in progress: state, record, and every event so far."""

    def __init__(
        self,
        game: Game[Any] | str,
        config: dict[str, Any],
        seed: int,
        players: list[str] | None = None,
        hashes: bool = True,
        position: dict[str, Any] | None = None,
    ) -> None:
        self.game: Game[Any] = registry.get(game) if isinstance(game, str) else game
        self.config = config
        self.seed = seed
        self.state: Any
        if position is not None:  # a game from a position description (docs/positions.md)
            self.state, setup_events = self.game.position(position), list[Event]()
        else:
            self.state, setup_events = self.game.start(config, seed)
        names = self.game.seat_names(config)
        players = players or ["human"] * len(names)
        self.hashes = hashes
        self.record = Record(
            self.game.name,
            self.game.rules_version,
            config,
            seed,
            [{"seat": i, "name": n, "player": p} for i, (n, p) in enumerate(zip(names, players, strict=True))],
            position=position,
        )
        self.events: list[Event] = list(setup_events)

    @classmethod
    def from_record(cls, record: Record, verify: bool = True) -> Match:
        """Rebuild a match by replaying its record (used by resume and server restarts)."""
        match = cls.__new__(cls)
        match.game = registry.get(record.game)
        match.config = record.config
        match.seed = record.seed
        match.hashes = True
        match.record = Record(record.game, record.rules_version, record.config, record.seed,
                              record.seats, [], None, record.position)
        match.events = []
        state = None
        for step in replay(record, verify=verify):
            state = step.state
            match.events.extend(step.events)
        match.state = state
        match.record.steps = list(record.steps)
        res = match.game.result(state)
        match.record.result = None if res is None else res.to_json()
        if res is None and record.result is not None and result_mismatch(record, state) is None:
            # resigned or abandoned: the rules would let play go on, but the game ended off the board
            raise RecordError(f"the game is over ({record.result.get('reason')}); there is nothing to resume")
        return match

    def advance(self, now_ms: int) -> list[Event]:
        """Real-time games: let time run to ``now_ms``; a deadline that changed anything is recorded."""
        if not self.game.realtime or self.game.result(self.state) is not None:
            return []
        events = self.game.advance_time(self.state, now_ms)
        if events:
            digest = self.game.hash(self.state) if self.hashes else ""
            self.record.steps.append(Step(CLOCK_SEAT, WAIT, digest, now_ms))
            self.events.extend(events)
            self._note_result()
        return events

    def act(self, player: int, action: str, time_ms: int | None = None, trusted: bool = False) -> list[Event]:
        """Apply and record one action; raises (and records nothing) if it is illegal.

        In a real-time game the passage of time up to ``time_ms`` is recorded first (see
        :meth:`advance`), so a refused action still leaves the clock where it was taken.
        """
        if self.game.realtime and time_ms is not None:
            self.advance(time_ms)
        if trusted:
            events = self.game.apply_trusted(self.state, player, action, time_ms)
        else:
            events = self.game.apply(self.state, player, action, time_ms)
        digest = self.game.hash(self.state) if self.hashes else ""
        self.record.steps.append(Step(player, action, digest, time_ms))
        self.events.extend(events)
        self._note_result()
        return events

    def _note_result(self) -> None:
        res = self.game.result(self.state)
        if res is not None:
            self.record.result = res.to_json()

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        return [e.visible_to(seat) for e in self.events]
