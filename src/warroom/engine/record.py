"""Game records: set-up plus every action, with a state hash after each one.

A game is exactly (game, rules version, config, seed, actions). Replaying a
record re-derives every state and checks every hash, so a tampered or
mismatched record is caught at the first step that differs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warroom.engine import registry
from warroom.engine.errors import RecordError, WarroomError
from warroom.engine.events import Event
from warroom.engine.game import CLOCK_SEAT, WAIT, Game
from warroom.engine.rng import generator_of, with_generator

FORMAT = "warroom-record"
FORMAT_VERSION = 1


@dataclass(slots=True)
class Step:
    """One recorded action: who, what, when (real-time games), and the state hash after it.

    In a real-time game a deadline that changed the state with nobody acting is recorded as
    seat ``CLOCK_SEAT`` (-1) taking the action ``wait`` at time ``t``.

    ``autopilot`` marks an action the server's autopilot bot took for a seat whose time
    ran out (absent from the JSON when false, so older records read unchanged).
    """

    seat: int
    action: str
    hash: str
    t: int | None = None
    autopilot: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "action": self.action, "hash": self.hash}
        if self.t is not None:
            out["t"] = self.t
        if self.autopilot:
            out["autopilot"] = True
        return out


@dataclass(slots=True)
class Record:
    game: str
    rules_version: int
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    steps: list[Step] = field(default_factory=list)
    result: dict[str, Any] | None = None
    # a game started from a position description (docs/positions.md) instead of a deal
    position: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": self.config,
            "seed": self.seed,
            "seats": self.seats,
            "actions": [s.to_json() for s in self.steps],
            "result": self.result,
            **({"position": self.position} if self.position is not None else {}),
        }

    @property
    def generator(self) -> str:
        """The random generator the game was dealt with (``config["rng"]``; splitmix64 if absent)."""
        return generator_of(self.config)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record, refusing anything malformed with a one-line reason."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a warroom game record")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(f"unsupported record format version {data.get('format_version')!r}")
        try:
            game = registry.get(str(data["game"]))
            if data["rules_version"] != game.rules_version:
                raise RecordError(
                    f"record is for {game.name} rules version {data['rules_version']}, "
                    f"this warroom plays version {game.rules_version}"
                )
            steps = []
            for i, raw in enumerate(data["actions"]):
                if not isinstance(raw, dict):
                    raise RecordError(f"action {i + 1} is not an object")
                t = raw.get("t")
                steps.append(
                    Step(
                        int(raw["seat"]), str(raw["action"]), str(raw["hash"]),
                        None if t is None else int(t), raw.get("autopilot") is True,
                    )
                )
            config = data["config"]
            if not isinstance(config, dict):
                raise RecordError("record config is not an object")
            seats = data["seats"]
            if not isinstance(seats, list):
                raise RecordError("record seats is not a list")
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                # int() would quietly turn 1.5 or "7" into another game
                raise RecordError(f"record seed {seed!r} is not a whole number")
            result = data.get("result")
            position = data.get("position")
            if position is not None and not isinstance(position, dict):
                raise RecordError("record position is not an object")
            return cls(game.name, int(data["rules_version"]), config, seed,
                       seats, steps, result if isinstance(result, dict) else None, position)
        except RecordError:
            raise
        except WarroomError as err:
            raise RecordError(str(err)) from None
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed record: {type(err).__name__} {err}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise RecordError(f"cannot read {path}: {err.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not JSON (it is not UTF-8 text)") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError(f"{path} is not JSON (line {err.lineno}: {err.msg})") from None
        return cls.from_json(data)


# ----- results the rules did not decide --------------------------------------------------------
# A game may end off the board: a seat resigns, or every person leaves the table (the server ends
# it as abandoned). Replaying the actions cannot re-derive such a result, so it is recognised by
# its scores and checked against the replayed game instead: the game must still be running when
# it was ended, and the winners must be the ones the ending gives.
RESIGNED = "resigned"  # scores key: the seat that resigned
ABANDONED = "abandoned"  # scores key (true) and reason of a table everybody left


def resignation(seat: int, name: str, players: int) -> dict[str, Any]:
    """The result of ``seat`` (shown as ``name``) resigning a game of ``players``: every other seat wins."""
    return {"winners": [s for s in range(players) if s != seat], "reason": f"{name} resigned",
            "scores": {RESIGNED: seat}}


def abandonment() -> dict[str, Any]:
    """The result of a table every person left, or stayed away from too long: nobody wins."""
    return {"winners": [], "reason": ABANDONED, "scores": {ABANDONED: True}}


def _off_board(result: dict[str, Any], players: int) -> dict[str, Any] | None:
    """What ``result`` would be if it is a resignation or an abandonment (its reason as given:
    a resignation names the seat's player, which the record need not hold), else ``None``."""
    scores = result.get("scores")
    reason = result.get("reason")
    if not isinstance(scores, dict) or not isinstance(reason, str):
        return None
    seat = scores.get(RESIGNED)
    if len(scores) == 1 and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return {**resignation(seat, "", players), "reason": reason}
    if scores == {ABANDONED: True}:
        return abandonment()
    return None


def _outcome(result: dict[str, Any] | None) -> str:
    if result is None:
        return "none"
    return f"winners {result.get('winners')}: {result.get('reason')}"


def result_mismatch(record: Record, state: Any) -> str | None:
    """Why ``record.result`` is not the result of ``state``, the state after replaying every
    action of ``record`` (``None``: it is). A resignation or an abandonment matches a game the
    rules have not ended, if its winners are the ones that ending gives."""
    game: Game[Any] = registry.get(record.game)
    res = game.result(state)
    got = None if res is None else res.to_json()
    want = record.result
    if want is None:
        return None if got is None else f"the game ends ({got['reason']}) but the record has no result"
    players = record.config.get("players")
    off_board = _off_board(want, players if isinstance(players, int) else len(record.seats))
    if off_board is not None and got is None:
        return None if want == off_board else (f"the record's result ({_outcome(want)}) is not what "
                                               f"ending the game that way gives ({_outcome(off_board)})")
    if got != want:
        return f"the record's result ({_outcome(want)}) is not the replayed one ({_outcome(got)})"
    return None


@dataclass(slots=True)
class ReplayStep:
    index: int  # 1-based action number; 0 is the set-up
    seat: int | None
    action: str | None
    state: Any
    events: list[Event]


def replay(record: Record, verify: bool = True) -> Iterator[ReplayStep]:
    """Re-derive every state of ``record``; with ``verify``, stop at the first hash that differs."""
    game: Game[Any] = registry.get(record.game)
    try:
        config = game.configure(
            record.config.get("players"),
            record.config.get("variants", []),
            record.config.get("options", {}),
        )
        # the generator is the engine's, not the game's: configure leaves it out, so carry it over
        config = with_generator(config, generator_of(record.config))
    except WarroomError as err:
        raise RecordError(f"record config: {err}") from None
    if record.position is not None:  # the game began at a described position, not at a deal
        try:
            state, setup_events = game.position(record.position), list[Event]()
        except WarroomError as err:
            raise RecordError(f"record position: {err}") from None
    else:
        state, setup_events = game.start(config, record.seed)
    yield ReplayStep(0, None, None, state, setup_events)
    for i, step in enumerate(record.steps, start=1):
        try:
            if step.seat == CLOCK_SEAT and step.action == WAIT and game.realtime:
                if step.t is None:
                    raise RecordError(f"action {i} (a passage of time) has no time")
                events = game.advance_time(state, step.t)
            else:
                events = game.apply(state, step.seat, step.action, step.t)
        except WarroomError as err:
            raise RecordError(f"action {i} ({step.action!r} by seat {step.seat}) fails: {err}") from None
        if verify:
            got = game.hash(state)
            if got != step.hash:
                raise RecordError(
                    f"action {i} ({step.action!r} by seat {step.seat}): state hash {got} "
                    f"does not match the record's {step.hash}"
                )
        yield ReplayStep(i, step.seat, step.action, state, events)
