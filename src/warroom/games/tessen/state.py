"""Tessen's state: plain data only (ints and lists), cloned by hand.

Cards are kinds (see :mod:`cards`). A place is ``[kind, count, blocker]``: the animal kind of
its pile (-1: empty), how many cards the pile holds, and the enemy warrior blocking it after a
yield (-1: none). Times are milliseconds on the table's clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warroom.engine.rng import Rng

NEVER = -(10**9)  # "no action yet": long before any minimum interval


def empty_places() -> list[list[int]]:
    return [[-1, 0, -1] for _ in range(5)]


@dataclass(slots=True)
class Side:
    deck: list[int]  # the top card is the last
    hand: list[int] = field(default_factory=list)  # kept sorted (order carries no information)
    places: list[list[int]] = field(default_factory=empty_places)
    discard: list[int] = field(default_factory=list)  # animal discard pile, face up; top is last
    score: list[int] = field(default_factory=lambda: [0] * 8)  # kept animals by kind
    last: int = NEVER  # time of this player's last action (the minimum interval runs from it)
    take: list[int] = field(default_factory=list)  # yielded animals to place: [kind, count, deadline]
    plain_out: int = 0  # ordinary warriors out of the match (handicap, Serving the Shogun)
    super_out: int = 0
    dragon: list[int] = field(default_factory=lambda: [0, 0])  # [warriors, super-warriors] on it
    wins: int = 0

    def clone(self) -> Side:
        return Side(
            self.deck[:],
            self.hand[:],
            [p[:] for p in self.places],
            self.discard[:],
            self.score[:],
            self.last,
            self.take[:],
            self.plain_out,
            self.super_out,
            self.dragon[:],
            self.wins,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck[:], "hand": self.hand[:], "places": [p[:] for p in self.places],
            "discard": self.discard[:], "score": self.score[:], "last": self.last,
            "take": self.take[:], "plain_out": self.plain_out, "super_out": self.super_out,
            "dragon": self.dragon[:], "wins": self.wins,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Side:
        return cls(
            deck=list(d["deck"]), hand=list(d["hand"]), places=[list(p) for p in d["places"]],
            discard=list(d["discard"]), score=list(d["score"]), last=int(d["last"]),
            take=list(d["take"]), plain_out=int(d["plain_out"]), super_out=int(d["super_out"]),
            dragon=list(d["dragon"]), wins=int(d["wins"]),
        )


@dataclass(slots=True)
class TessenState:
    config: dict[str, Any]  # never mutated after set-up
    rng: Rng
    sides: list[Side]
    clock: int = 0  # the latest time the game has been told of
    round: int = 1
    phase: str = "play"  # play | serve (the round's winner serves the Shogun) | over
    attack: list[int] = field(default_factory=list)  # unanswered: [attacker, place, warrior, deadline]
    serve_deadline: int = 0  # phase serve: when the default warrior is removed for the winner
    fallen: list[int] = field(default_factory=list)  # the common warrior discard pile, face up
    sacred: list[int] = field(default_factory=list)  # animals on the sacred card; top is last
    rounds: list[dict[str, Any]] = field(default_factory=list)  # each finished round, public
    winner: int = -1  # -1 running, else the seat that won the match
    moves: int = 0  # accepted actions so far
    cache: Any = None  # (player, position-legal actions); never serialised
    # the minimum interval of the config's options, read at every look (derived, not stored)
    interval_ms: int = field(init=False, default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.interval_ms = int(self.config["options"]["min_interval_ms"])

    def clone(self) -> TessenState:
        return TessenState(
            self.config,
            self.rng.clone(),
            [s.clone() for s in self.sides],
            self.clock,
            self.round,
            self.phase,
            self.attack[:],
            self.serve_deadline,
            self.fallen[:],
            self.sacred[:],
            [dict(r) for r in self.rounds],  # values are ints, strs and lists never mutated
            self.winner,
            self.moves,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "rng": self.rng.state,
            "sides": [s.to_json() for s in self.sides],
            "clock": self.clock,
            "round": self.round,
            "phase": self.phase,
            "attack": self.attack[:],
            "serve_deadline": self.serve_deadline,
            "fallen": self.fallen[:],
            "sacred": self.sacred[:],
            "rounds": [dict(r) for r in self.rounds],
            "winner": self.winner,
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TessenState:
        return cls(
            config=d["config"],
            rng=Rng(int(d["rng"])),
            sides=[Side.from_json(s) for s in d["sides"]],
            clock=int(d["clock"]),
            round=int(d["round"]),
            phase=str(d["phase"]),
            attack=list(d["attack"]),
            serve_deadline=int(d["serve_deadline"]),
            fallen=list(d["fallen"]),
            sacred=list(d["sacred"]),
            rounds=[dict(r) for r in d["rounds"]],
            winner=int(d["winner"]),
            moves=int(d["moves"]),
        )
