"""Tessen's state: plain data only (ints and lists), copied and saved by the engine's codec.

Cards are kinds (see :mod:`cards`). A place is ``[kind, count, blocker]``: the animal kind of
its pile (-1: empty), how many cards the pile holds, and the enemy warrior blocking it after a
yield (-1: none). Times are milliseconds on the table's clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warroom.engine.codec import Plain, shared, transient
from warroom.engine.rng import Rng

NEVER = -(10**9)  # "no action yet": long before any minimum interval


def empty_places() -> list[list[int]]:
    return [[-1, 0, -1] for _ in range(5)]


@dataclass(slots=True, kw_only=True)
class Side(Plain):
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


@dataclass(slots=True, kw_only=True)
class TessenState(Plain):
    config: dict[str, Any] = shared()  # never mutated after set-up
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
    cache: Any = transient()  # (player, position-legal actions); never saved, not cloned
    # the minimum interval of the config's options, read at every look (derived, not stored)
    interval_ms: int = transient(keep=True, init=False)

    def __post_init__(self) -> None:
        self.interval_ms = int(self.config["options"]["min_interval_ms"])

    def __post_load__(self) -> None:
        self.__post_init__()
