"""Kasl's state: plain data only (ints and lists), cloned by hand.

Territories are indexed 0-47 (printed number - 1). ``owner`` holds a seat, the neutral
army (the number of seats, in a 2-player game) or -1 for nobody. ``units[t]`` counts the
four basic unit types (infantry, archers, cavalry, war machines); ``lord[t]`` is 0 or 1;
``level[t]`` is the stronghold level (0 none, 1 fortified city, 2 fortress, 3 castle; a
stronghold belongs to the territory's owner). ``supply[s]`` counts each colour's pieces off
the board, in the slots of :data:`warroom.games.kasl.board.SUPPLY`. Multi-step choices wait in
``frames``, the engine's frame stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warroom.engine.frames import Frame, clone_frames, copy_data, frames_from_json, frames_to_json
from warroom.engine.rng import Rng

NOBODY = -1


@dataclass(slots=True)
class KaslState:
    config: dict[str, Any]
    rng: Rng
    players: int
    owner: list[int]
    units: list[list[int]]
    lord: list[int]
    level: list[int]
    plague: list[int]
    supply: list[list[int]]  # one row per seat, then the neutral army's
    missions: list[list[int]]  # advanced rules: each seat's mission territories (hidden from others)
    sacrificed: list[list[int]]  # mission cards given up for the plague (public)
    round: int = 0
    step: str = "setup"
    order: list[int] = field(default_factory=list)  # this round's order of play
    turn: int = 0  # index into ``order``
    left: int = 0  # redeployments left in this step
    sizes: list[int] = field(default_factory=list)  # the kingdom point scale (step 1 of the round)
    plague_round: int = 0  # the round the plague appeared (0: not yet)
    markers: int = 0  # plague markers on the board
    declared_by: int = NOBODY  # advanced rules: who declared the once-per-game plague
    last_combat: dict[str, Any] = field(default_factory=dict)  # for views: the latest battle
    frames: list[Frame] = field(default_factory=list)
    scores: list[dict[str, int]] = field(default_factory=list)  # set at the end
    winners: list[int] = field(default_factory=list)
    over: bool = False
    moves: int = 0
    # (seat, legal actions) of the step decision now open; never serialised, cleared by every change
    cache: Any = None
    # the principal kingdoms' sizes for views, as a tuple; never serialised, cleared by every action
    kingdoms: Any = None

    @property
    def neutral(self) -> int:
        """The neutral army's owner number (in a 2-player game)."""
        return self.players

    @property
    def current(self) -> int:
        return self.order[self.turn] if self.order and self.turn < len(self.order) else NOBODY

    def clone(self) -> KaslState:
        return KaslState(
            self.config,  # never mutated after set-up
            self.rng.clone(),
            self.players,
            self.owner[:],
            [u[:] for u in self.units],
            self.lord[:],
            self.level[:],
            self.plague[:],
            [s[:] for s in self.supply],
            [m[:] for m in self.missions],
            [m[:] for m in self.sacrificed],
            self.round,
            self.step,
            self.order[:],
            self.turn,
            self.left,
            self.sizes[:],
            self.plague_round,
            self.markers,
            self.declared_by,
            copy_data(self.last_combat),
            clone_frames(self.frames),
            [dict(s) for s in self.scores],
            self.winners[:],
            self.over,
            self.moves,
            self.cache,  # an immutable answer for an identical state
            self.kingdoms,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "rng": self.rng.state,
            "players": self.players,
            "owner": self.owner[:],
            "units": [u[:] for u in self.units],
            "lord": self.lord[:],
            "level": self.level[:],
            "plague": self.plague[:],
            "supply": [s[:] for s in self.supply],
            "missions": [m[:] for m in self.missions],
            "sacrificed": [m[:] for m in self.sacrificed],
            "round": self.round,
            "step": self.step,
            "order": self.order[:],
            "turn": self.turn,
            "left": self.left,
            "sizes": self.sizes[:],
            "plague_round": self.plague_round,
            "markers": self.markers,
            "declared_by": self.declared_by,
            "last_combat": copy_data(self.last_combat),
            "frames": frames_to_json(self.frames),
            "scores": [dict(s) for s in self.scores],
            "winners": self.winners[:],
            "over": self.over,
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> KaslState:
        return cls(
            dict(d["config"]),
            Rng(int(d["rng"])),
            int(d["players"]),
            [int(x) for x in d["owner"]],
            [[int(x) for x in u] for u in d["units"]],
            [int(x) for x in d["lord"]],
            [int(x) for x in d["level"]],
            [int(x) for x in d["plague"]],
            [[int(x) for x in s] for s in d["supply"]],
            [[int(x) for x in m] for m in d["missions"]],
            [[int(x) for x in m] for m in d["sacrificed"]],
            int(d["round"]),
            str(d["step"]),
            [int(x) for x in d["order"]],
            int(d["turn"]),
            int(d["left"]),
            [int(x) for x in d["sizes"]],
            int(d["plague_round"]),
            int(d["markers"]),
            int(d["declared_by"]),
            copy_data(d["last_combat"]),
            frames_from_json(d["frames"]),
            [{str(k): int(v) for k, v in s.items()} for s in d["scores"]],
            [int(x) for x in d["winners"]],
            bool(d["over"]),
            int(d["moves"]),
        )
