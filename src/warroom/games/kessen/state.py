"""Paper Kessen's state: plain data only (ints, lists, tuples), cloned by hand.

Seat 0 is Good, seat 1 is Evil. Cards are ids into :mod:`cards`. A unit is
named by its leader's id. Pending forced choices (discards, an opponent's pick
for Treachery...) wait in ``frames``, a queue of small tuples whose first item
says what kind of choice it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warroom.engine.rng import Rng

# Played action card this engagement: (card, side, on, effect_key, negates)
#   on: the leader or troop id it is attached to (-1: the unit as a whole)
#   effect_key: the card it counts as (its own key, or the key a leader lets it be used as)
#   negates: id of the opponent's card it negates (-1: none)
Played = tuple[int, int, int, str, int]
# A strategy card waiting for the Know Enemy window: (card, side, unit)
Chained = tuple[int, int, int]
Frame = tuple[Any, ...]


@dataclass(slots=True)
class Unit:
    leader: int
    troops: list[int]
    mods: list[int]

    def clone(self) -> Unit:
        return Unit(self.leader, self.troops[:], self.mods[:])


@dataclass(slots=True)
class Side:
    units: list[Unit]
    leaders: list[int]  # leader hand
    recruits: list[int]  # recruit hand
    actions: list[int]  # action hand
    leader_deck: list[int]
    leader_discard: list[int]
    battles_won: int = 0

    def clone(self) -> Side:
        return Side(
            [u.clone() for u in self.units],
            self.leaders[:],
            self.recruits[:],
            self.actions[:],
            self.leader_deck[:],
            self.leader_discard[:],
            self.battles_won,
        )

    def unit(self, leader: int) -> Unit | None:
        for u in self.units:
            if u.leader == leader:
                return u
        return None


@dataclass(slots=True)
class KessenState:
    config: dict[str, Any]
    rng: Rng
    sides: list[Side]
    recruit_deck: list[int]
    recruit_discard: list[int]
    action_deck: list[int]
    action_discard: list[int]
    round: int = 0
    step: str = "start"
    turn: int = 0  # who acts in alternating steps
    passes: int = 0  # consecutive passes (exchanges) or bitmask of finished sides (deploy, after battle)
    resume: str = ""  # the step to return to after a Know Enemy window
    initiative: int = 0  # decides first outside engagements this round
    troop_penalty: list[int] = field(default_factory=lambda: [0, 0])  # against that side's troops
    unit_bonus: list[int] = field(default_factory=lambda: [0, 0])  # Stirring Oratory
    duty: list[int] = field(default_factory=list)  # units on Duty Elsewhere this round
    engaged: list[int] = field(default_factory=list)  # units in this round's battle
    retreated: list[int] = field(default_factory=list)
    intercepts_used: list[int] = field(default_factory=list)  # Zhou Cang, Yu Jin
    attacker: int = 0
    att_unit: int = -1
    def_unit: int = -1
    engagement: int = 0
    played: list[Played] = field(default_factory=list)
    strategy_played: list[int] = field(default_factory=lambda: [0, 0])  # counts, for Casualties
    chain: list[Chained] = field(default_factory=list)
    last_engagement_winner: int = -1
    battle_winner: int = -1
    last_winner: int = -1
    streak: int = 0
    frames: list[Frame] = field(default_factory=list)
    winner: int = -1  # -1 running; 0/1 a side won; 2 a draw
    reason: str = ""
    moves: int = 0  # accepted actions so far (the state version)
    # cards in each side's hands that the other side has seen (Summon, Propaganda, Scouts):
    # determinize keeps them where they are known to be
    known: list[list[int]] = field(default_factory=lambda: [[], []])
    cache: Any = None  # (player, legal actions) for this exact state; never serialised

    def clone(self) -> KessenState:
        return KessenState(
            self.config,  # never mutated after set-up
            self.rng.clone(),
            [s.clone() for s in self.sides],
            self.recruit_deck[:],
            self.recruit_discard[:],
            self.action_deck[:],
            self.action_discard[:],
            self.round,
            self.step,
            self.turn,
            self.passes,
            self.resume,
            self.initiative,
            self.troop_penalty[:],
            self.unit_bonus[:],
            self.duty[:],
            self.engaged[:],
            self.retreated[:],
            self.intercepts_used[:],
            self.attacker,
            self.att_unit,
            self.def_unit,
            self.engagement,
            self.played[:],
            self.strategy_played[:],
            self.chain[:],
            self.last_engagement_winner,
            self.battle_winner,
            self.last_winner,
            self.streak,
            self.frames[:],
            self.winner,
            self.reason,
            self.moves,
            [k[:] for k in self.known],
            self.cache,  # an immutable answer for an identical state
        )

    # ----- JSON -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "rng": self.rng.state,
            "sides": [
                {
                    "units": [[u.leader, u.troops[:], u.mods[:]] for u in s.units],
                    "leaders": s.leaders[:],
                    "recruits": s.recruits[:],
                    "actions": s.actions[:],
                    "leader_deck": s.leader_deck[:],
                    "leader_discard": s.leader_discard[:],
                    "battles_won": s.battles_won,
                }
                for s in self.sides
            ],
            "recruit_deck": self.recruit_deck[:],
            "recruit_discard": self.recruit_discard[:],
            "action_deck": self.action_deck[:],
            "action_discard": self.action_discard[:],
            "round": self.round,
            "step": self.step,
            "turn": self.turn,
            "passes": self.passes,
            "resume": self.resume,
            "initiative": self.initiative,
            "troop_penalty": self.troop_penalty[:],
            "unit_bonus": self.unit_bonus[:],
            "duty": self.duty[:],
            "engaged": self.engaged[:],
            "retreated": self.retreated[:],
            "intercepts_used": self.intercepts_used[:],
            "attacker": self.attacker,
            "att_unit": self.att_unit,
            "def_unit": self.def_unit,
            "engagement": self.engagement,
            "played": [list(p) for p in self.played],
            "strategy_played": self.strategy_played[:],
            "chain": [list(c) for c in self.chain],
            "last_engagement_winner": self.last_engagement_winner,
            "battle_winner": self.battle_winner,
            "last_winner": self.last_winner,
            "streak": self.streak,
            "frames": [list(f) for f in self.frames],
            "winner": self.winner,
            "reason": self.reason,
            "moves": self.moves,
            "known": [k[:] for k in self.known],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> KessenState:
        sides = [
            Side(
                [Unit(int(u[0]), list(u[1]), list(u[2])) for u in s["units"]],
                list(s["leaders"]),
                list(s["recruits"]),
                list(s["actions"]),
                list(s["leader_deck"]),
                list(s["leader_discard"]),
                int(s["battles_won"]),
            )
            for s in d["sides"]
        ]
        return cls(
            dict(d["config"]),
            Rng(int(d["rng"])),
            sides,
            list(d["recruit_deck"]),
            list(d["recruit_discard"]),
            list(d["action_deck"]),
            list(d["action_discard"]),
            int(d["round"]),
            str(d["step"]),
            int(d["turn"]),
            int(d["passes"]),
            str(d["resume"]),
            int(d["initiative"]),
            list(d["troop_penalty"]),
            list(d["unit_bonus"]),
            list(d["duty"]),
            list(d["engaged"]),
            list(d["retreated"]),
            list(d["intercepts_used"]),
            int(d["attacker"]),
            int(d["att_unit"]),
            int(d["def_unit"]),
            int(d["engagement"]),
            [tuple(p) for p in d["played"]],
            list(d["strategy_played"]),
            [tuple(c) for c in d["chain"]],
            int(d["last_engagement_winner"]),
            int(d["battle_winner"]),
            int(d["last_winner"]),
            int(d["streak"]),
            [tuple(f) for f in d["frames"]],
            int(d["winner"]),
            str(d["reason"]),
            int(d["moves"]),
            [list(k) for k in d.get("known", [[], []])],
        )

    # ----- lookups ----------------------------------------------------------------------
    def controller(self, leader: int) -> int:
        """The side whose unit ``leader`` leads, or -1 if it is not in play."""
        for i, s in enumerate(self.sides):
            for u in s.units:
                if u.leader == leader:
                    return i
        return -1

    def find_unit(self, leader: int) -> Unit | None:
        for s in self.sides:
            for u in s.units:
                if u.leader == leader:
                    return u
        return None
