"""LTK's state: plain data only, cloned by hand.

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

from warroom.engine.frames import Frame, frames_from_json, frames_to_json
from warroom.engine.rng import Rng
from warroom.games.ltk.frames import LTK_FRAMES

NO_CARD = -1
PHASES = ("start", "judge", "draw", "action", "discard", "end")


@dataclass(slots=True)
class Seat:
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

    def clone(self) -> Seat:
        # slots set one by one: cheaper than the 15-argument __init__ (search bots clone often)
        c = _new(Seat)
        c.role, c.general, c.revealed, c.alive = self.role, self.general, self.revealed, self.alive
        c.hp, c.max_hp, c.pick, c.flipped, c.blank = self.hp, self.max_hp, self.pick, self.flipped, self.blank
        c.hand, c.equip, c.judge = self.hand[:], self.equip[:], self.judge[:]
        c.offers, c.known, c.buqu = self.offers[:], self.known[:], self.buqu[:]
        return c

    def to_json(self) -> dict[str, Any]:
        return {"role": self.role, "general": self.general, "revealed": self.revealed, "alive": self.alive,
                "hp": self.hp, "max_hp": self.max_hp, "hand": self.hand[:], "equip": self.equip[:],
                "judge": self.judge[:], "offers": self.offers[:], "pick": self.pick, "known": self.known[:],
                "flipped": self.flipped, "blank": self.blank, "buqu": self.buqu[:]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Seat:
        return cls(str(d["role"]), str(d["general"]), bool(d["revealed"]), bool(d["alive"]), int(d["hp"]),
                   int(d["max_hp"]), list(d["hand"]), list(d["equip"]), list(d["judge"]), list(d["offers"]),
                   str(d["pick"]), list(d["known"]), bool(d.get("flipped", False)),
                   bool(d.get("blank", False)), list(d.get("buqu", [])))


_SCALARS = frozenset({int, str, bool, float, type(None)})


def _copy(value: Any) -> Any:
    """A deep copy of plain data, as ``engine.frames.copy_data`` makes (tuples become lists), with
    scalars copied without a call: LTK's frames hold many small dicts, and search bots clone often."""
    t = type(value)
    if t is dict:
        return {k: v if type(v) in _SCALARS else _copy(v) for k, v in value.items()}
    if t is list or t is tuple:
        return [v if type(v) in _SCALARS else _copy(v) for v in value]
    return value


def _clone_frame(f: Frame) -> Frame:
    c = _new(Frame)
    data = f.data
    c.kind, c.seat, c.data = f.kind, f.seat, _copy(data) if data.__class__ is dict else data.clone()
    c.answers = [a[:] for a in f.answers] if f.answers else []
    c.results = _copy(f.results) if f.results else []
    return c


_new = object.__new__


@dataclass(slots=True)
class LtkState:
    config: dict[str, Any]
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
    seen: dict[str, list[int]] = field(default_factory=dict)

    def clone(self) -> LtkState:
        return LtkState(dict(self.config), self.rng.clone(), [s.clone() for s in self.seats], self.draw[:],
                        self.discard[:], self.table[:], self.pool[:], self.stage, self.current, self.phase,
                        dict(self.used), [_clone_frame(f) for f in self.frames], self.winners[:], self.reason,
                        self.reshuffles, self.turns, self.moves, dict(self.virtual),
                        [row[:] for row in self.deeds],
                        {k: v[:] for k, v in self.seen.items()} if self.seen else {})

    def to_json(self) -> dict[str, Any]:
        out = {
            "config": {"players": self.config["players"], "variants": list(self.config["variants"]),
                       "options": dict(self.config["options"])},
            "rng": self.rng.state, "seats": [s.to_json() for s in self.seats], "draw": self.draw[:],
            "discard": self.discard[:], "table": self.table[:], "pool": self.pool[:], "stage": self.stage,
            "current": self.current, "phase": self.phase, "used": dict(self.used),
            "frames": frames_to_json(self.frames), "winners": self.winners[:], "reason": self.reason,
            "reshuffles": self.reshuffles, "turns": self.turns, "moves": self.moves, "virtual": dict(self.virtual),
            "deeds": [row[:] for row in self.deeds],
        }
        if self.seen:  # only when someone knows a hidden card: other states keep their hashes
            out["seen"] = {k: v[:] for k, v in self.seen.items()}
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> LtkState:
        cfg = d["config"]
        config = {"players": int(cfg["players"]), "variants": list(cfg["variants"]), "options": dict(cfg["options"])}
        return cls(config, Rng(int(d["rng"])), [Seat.from_json(s) for s in d["seats"]], list(d["draw"]),
                   list(d["discard"]), list(d["table"]), list(d["pool"]), str(d["stage"]), int(d["current"]),
                   str(d["phase"]), {str(k): int(v) for k, v in d["used"].items()},
                   LTK_FRAMES.typed(frames_from_json(d["frames"])),
                   list(d["winners"]), str(d["reason"]), int(d["reshuffles"]), int(d["turns"]), int(d["moves"]),
                   {str(k): str(v) for k, v in d.get("virtual", {}).items()},
                   [list(row) for row in d.get("deeds", [])],
                   {str(k): [int(x) for x in v] for k, v in d.get("seen", {}).items()})

    @property
    def n(self) -> int:
        return len(self.seats)

    def option(self, key: str) -> Any:
        return self.config["options"][key]
