"""LTK's state: plain data only, copied and saved by the engine's codec.

Seats are numbered in play order (the turn passes from seat ``i`` to seat ``i + 1``). Cards are
ids into :mod:`warroom.games.ltk.cards`. Piles are lists whose **last** item is the top (a draw
is ``pop()``); position descriptions list them top first. Everything being resolved (a turn, a
Kill, a rescue round, a Negate chain) is a frame on ``frames`` (:mod:`warroom.engine.frames`);
the data of LTK's own frame kinds is typed (:mod:`warroom.games.ltk.frames`), read into its
classes as a state is loaded and cloned by them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from warroom.engine.codec import Plain, shared, unless_empty
from warroom.engine.frames import Frame
from warroom.engine.rng import Rng
from warroom.games.ltk.frames import LTK_FRAMES

NO_CARD = -1
PHASES = ("start", "judge", "draw", "action", "discard", "end")


@dataclass(slots=True, kw_only=True)
class Seat(Plain):
    """One player: general, role, health and the three card areas."""

    role: str  # monarch, minister, rebel, defector
    general: str = ""  # "" until generals are revealed
    revealed: bool = False  # the role card is face up (the Monarch from the start, others at death)
    alive: bool = True
    hp: int = 0
    max_hp: int = 0
    hand: list[int] = field(default_factory=list)
    # weapon, armor, +1 horse, -1 horse (NO_CARD: empty), in the order of ``cards.SLOTS``
    equip: list[int] = field(default_factory=lambda: [NO_CARD] * 4)
    judge: list[int] = field(default_factory=list)  # judgement area, oldest first
    offers: list[str] = field(default_factory=list)  # generals offered at selection
    pick: str = ""  # the general chosen (secret until every seat has chosen)
    known: list[int] = field(default_factory=list)  # hand cards every seat has seen enter the hand
    flipped: bool = False  # face down (Jushou): the next turn is skipped
    blank: bool = False  # positions only: the general's skills are off (to test a card's rule alone)
    buqu: list[int] = field(default_factory=list)  # Zhou Tai's face-up cards on his general (Buqu)


@dataclass(slots=True, kw_only=True)
class LtkState(Plain):
    config: dict[str, Any] = shared()  # never changed after set-up
    rng: Rng
    seats: list[Seat]
    draw: list[int]  # top last
    discard: list[int] = field(default_factory=list)  # top last
    table: list[int] = field(default_factory=list)  # cards being used or judged (the processing area)
    pool: list[str] = field(default_factory=list)  # generals not offered to anyone
    stage: str = "lord"  # lord (the Monarch chooses), pick (the others choose), play, over
    current: int = 0  # whose turn
    phase: str = ""  # the current player's phase ("" before the first turn)
    used: dict[str, int] = field(default_factory=dict)  # uses spent this turn ("kill": 1, a skill's name)
    frames: list[Frame] = field(default_factory=list)
    frame_results: ClassVar[None] = None  # frames finished at the bottom hand their value nowhere
    winners: list[int] = field(default_factory=list)
    reason: str = ""  # why the game ended ("" while it runs)
    reshuffles: int = 0
    turns: int = 0
    moves: int = 0
    virtual: dict[str, str] = field(default_factory=dict)  # judgement-area card id -> the tool it counts as
    # the public record of deeds[a][b]: damage a dealt to b, less 2 for each Peach a gave b while dying
    # (what any player at the table could note down; the bots read roles from it)
    deeds: list[list[int]] = field(default_factory=list)
    # hidden card id -> the seats, besides whoever holds it, that know where it is: the owner of a
    # card taken blind from a hand (Snatch, Tuxi, Fankui), the giver (Rende, Yiji), Zhuge Liang for
    # the cards he stacked (Guanxing). It follows a card from the draw pile into a hand and is
    # dropped when the card leaves a hand or is shuffled into a new draw pile.
    seen: dict[str, list[int]] = unless_empty()  # saved only when someone knows a hidden card

    def __post_load__(self) -> None:
        LTK_FRAMES.typed(self.frames)

    @property
    def n(self) -> int:
        return len(self.seats)

    def option(self, key: str) -> Any:
        return self.config["options"][key]
