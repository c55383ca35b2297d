"""Kasl's state: plain data only (ints and lists), copied and saved by the engine's codec.

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
from enum import StrEnum
from typing import Any, ClassVar

from warroom.engine.codec import Plain, optional, shared, transient
from warroom.engine.frames import Frame, FrameData, FrameKinds
from warroom.engine.rng import Rng
from warroom.games.kasl.board import ARMY_SIZE, N

NOBODY = -1


# ----- the data of the game's own frame kinds (their rules are in rules.py) ---------------------
@dataclass(slots=True, kw_only=True)
class Place(FrameData):
    """``who`` places ``items`` (supply slots, or NEW_CITY) one at a time, for a reason (``why``),
    on one of ``only`` if given."""

    kind: ClassVar[str] = "place"
    who: int
    items: list[int]
    why: str
    only: list[int] | None = optional()


@dataclass(slots=True, kw_only=True)
class Losses(FrameData):
    """Territory ``t`` loses units worth ``hits`` combat value (what is left to lose)."""

    kind: ClassVar[str] = "losses"
    t: int
    hits: int


@dataclass(slots=True, kw_only=True)
class Movement(FrameData):
    """``who`` moves units from ``src`` to ``dst`` (a capture or a redeployment), one at a time."""

    kind: ClassVar[str] = "move"
    who: int
    src: int
    dst: int
    why: str
    moved: list[int] = field(default_factory=list)


class CombatPhase(StrEnum):
    ROLL = "roll"  # the dice (or a cavalry charge, or a vacant territory)
    LOSSES = "losses"  # both sides' losses are removed; then the siege
    CAPTURE = "capture"  # the attacker may move in
    END = "end"  # the outcome is told


@dataclass(slots=True, kw_only=True)
class Combat(FrameData):
    """One attack of ``who`` from ``src`` on ``dst``; what the fight began with (``before``), the
    defender and what each side lost are noted as it goes."""

    kind: ClassVar[str] = "combat"
    who: int
    src: int
    dst: int
    phase: CombatPhase = CombatPhase.ROLL
    before: list[list[int]] | None = optional()
    defender: int | None = optional()
    lost: list[list[int]] | None = optional()


TYPED_FRAMES = FrameKinds(Place, Losses, Movement, Combat)


def choice_span(frame: Frame | None) -> tuple[int, int, int | None]:
    """Where the choice on top of ``frame`` (a move or a loss) is about, for views: the territory
    units come from (or are lost in), the one they go to (-1: none) and the hits left to lose."""
    data = frame.data if frame is not None else None
    if isinstance(data, Movement):
        return data.src, data.dst, None
    if isinstance(data, Losses):
        return data.t, -1, data.hits
    return -1, -1, None


@dataclass(slots=True, kw_only=True)
class KaslState(Plain):
    config: dict[str, Any] = shared()
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
    frame_results: ClassVar[None] = None  # frames finished at the bottom hand their value nowhere
    scores: list[dict[str, int]] = field(default_factory=list)  # set at the end
    winners: list[int] = field(default_factory=list)
    over: bool = False
    moves: int = 0
    # (seat, legal actions) of the step decision now open; never saved, cleared by every change
    cache: Any = transient(keep=True)  # a clone shares it: an immutable answer for an identical state
    # the principal kingdoms' sizes for views, as a tuple; never saved, cleared by every action
    kingdoms: Any = transient(keep=True)

    def __post_load__(self) -> None:
        TYPED_FRAMES.typed(self.frames)

    @classmethod
    def fresh(cls, config: dict[str, Any], rng: Rng, players: int) -> KaslState:
        """The state before the deal: nobody owns anything, every army in its box."""
        return cls(config=config, rng=rng, players=players, owner=[NOBODY] * N,
                   units=[[0, 0, 0, 0] for _ in range(N)], lord=[0] * N, level=[0] * N, plague=[0] * N,
                   supply=[ARMY_SIZE[:] for _ in range(players + 1)], missions=[[] for _ in range(players)],
                   sacrificed=[[] for _ in range(players)])

    @property
    def neutral(self) -> int:
        """The neutral army's owner number (in a 2-player game)."""
        return self.players

    @property
    def current(self) -> int:
        return self.order[self.turn] if self.order and self.turn < len(self.order) else NOBODY
