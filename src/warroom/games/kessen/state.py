"""Paper Kessen's state: plain data only (ints, lists, small dataclasses), cloned by hand.

Seat 0 is Good, seat 1 is Evil. Cards are ids into :mod:`cards`. A unit is
named by its leader's id. What is being resolved (a forced discard, an opponent's pick
for Treachery, a strategy card and the Know Enemy windows answering it) waits on
``frames``, the engine's last-in-first-out stack of plain-data frames
(:mod:`warroom.engine.frames`); the phases themselves are the ``step`` field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from warroom.engine.codec import optional
from warroom.engine.frames import Frame, FrameData, FrameKinds, clone_frames, frames_from_json, frames_to_json
from warroom.engine.rng import Rng

# Clones set every field by name on a bare instance: faster than keyword arguments to
# ``__init__`` (clone is on the search bots' hot path), and a field added to the class without
# a line here fails the conformance suite's clone checks at once. Lists are copied with
# ``.copy()``, which builds no slice object (cheaper than ``[:]``).
_new = object.__new__


# ----- the data of the game's own frame kinds (their rules are in rules.py) ---------------------
@dataclass(slots=True, kw_only=True)
class Discard(FrameData):
    """``side`` discards from its ``hand`` (``"leaders"``, ``"recruits"``, ``"actions"``) down to
    ``keep`` cards, one at a time, for a reason shown to players (``why``: Raids) if not the hand limit."""

    kind: ClassVar[str] = "discard"
    side: int
    hand: str
    keep: int
    why: str | None = optional()


@dataclass(slots=True, kw_only=True)
class Losses(FrameData):
    """Losses: ``side`` discards ``left`` more modifiers from the unit of ``unit``."""

    kind: ClassVar[str] = "losses"
    side: int
    unit: int
    left: int


@dataclass(slots=True, kw_only=True)
class Give(FrameData):
    """Treachery: ``side`` hands one of its units to the opponent."""

    kind: ClassVar[str] = "give"
    side: int


@dataclass(slots=True, kw_only=True)
class Assassin(FrameData):
    """Assassin: ``side`` discards a leader."""

    kind: ClassVar[str] = "assassin"
    side: int


@dataclass(slots=True, kw_only=True)
class Choose(FrameData):
    """Evasion and Ruse: ``side`` picks another unit for the battle's ``slot`` (``"defender"`` or
    ``"attacker"``)."""

    kind: ClassVar[str] = "choose"
    side: int
    slot: str


@dataclass(slots=True, kw_only=True)
class Strategy(FrameData):
    """A strategy card ``card`` of ``side`` (naming ``unit``, -1: none) waits for the Know Enemy
    window, then settles."""

    kind: ClassVar[str] = "strategy"
    card: int
    side: int
    unit: int = -1


TYPED_FRAMES = FrameKinds(Discard, Losses, Give, Assassin, Choose, Strategy)


@dataclass(slots=True)
class Played:
    """An action card played this engagement. Never changed once made, so clones share it."""

    card: int
    side: int
    on: int  # the troop it sits on (-1: the leader or the unit as a whole)
    key: str  # the card it counts as: its own key, or the key a leader lets it be used as
    negates: int = -1  # the opponent's card it negates (-1: none)

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "side": self.side, "on": self.on, "key": self.key, "negates": self.negates}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Played:
        return cls(card=int(d["card"]), side=int(d["side"]), on=int(d["on"]), key=str(d["key"]),
                   negates=int(d["negates"]))


@dataclass(slots=True)
class Chained:
    """A strategy card in a Know Enemy chain (read off the open windows, bottom first)."""

    card: int
    side: int
    unit: int = -1  # the unit it names (Intercept, Lure), -1: none


@dataclass(slots=True)
class Unit:
    leader: int
    troops: list[int]
    mods: list[int]

    def clone(self) -> Unit:
        out = _new(Unit)
        out.leader = self.leader
        out.troops = self.troops.copy()
        out.mods = self.mods.copy()
        return out


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
        return self.with_hands(self.leaders.copy(), self.recruits.copy(), self.actions.copy(),
                               self.leader_deck.copy())

    def with_hands(self, leaders: list[int], recruits: list[int], actions: list[int],
                   leader_deck: list[int]) -> Side:
        """A copy of the side holding these hands and leader deck (``determinize`` re-deals them)."""
        out = _new(Side)
        units = []
        for u in self.units:  # ``Unit.clone`` inlined: a world clones every unit in play
            copy = _new(Unit)
            copy.leader = u.leader
            copy.troops = u.troops.copy()
            copy.mods = u.mods.copy()
            units.append(copy)
        out.units = units
        out.leaders = leaders
        out.recruits = recruits
        out.actions = actions
        out.leader_deck = leader_deck
        out.leader_discard = self.leader_discard.copy()
        out.battles_won = self.battles_won
        return out

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
    # frames finished at the bottom of the stack hand their value nowhere (a class constant,
    # so the engine's ``finish`` finds it without a failed attribute lookup)
    frame_results: ClassVar[None] = None

    def seen_in_hands(self, side: int) -> list[int]:
        """``side``'s cards the other side has seen that are still in its hands, in the order
        seen (a card that has left a hand went somewhere public)."""
        known = self.known[side]
        if not known:  # most of a game, nobody has seen anything
            return []
        s = self.sides[side]
        held = {*s.leaders, *s.recruits, *s.actions}
        return [c for c in known if c in held]

    def clone(self) -> KessenState:
        sides = self.sides
        return self.copy_with(self.rng.clone(), [sides[0].clone(), sides[1].clone()],
                              self.recruit_deck.copy(), self.action_deck.copy())

    def copy_with(self, rng: Rng, sides: list[Side], recruit_deck: list[int],
                  action_deck: list[int]) -> KessenState:
        """A copy of the state holding these generator, sides and decks (``determinize`` builds
        a world with fresh ones; ``clone`` passes copies)."""
        out = _new(KessenState)
        out.config = self.config  # never mutated after set-up
        out.rng = rng
        out.sides = sides
        out.recruit_deck = recruit_deck
        out.recruit_discard = self.recruit_discard.copy()
        out.action_deck = action_deck
        out.action_discard = self.action_discard.copy()
        out.round = self.round
        out.step = self.step
        out.turn = self.turn
        out.passes = self.passes
        out.initiative = self.initiative
        out.troop_penalty = self.troop_penalty.copy()
        out.unit_bonus = self.unit_bonus.copy()
        out.duty = self.duty.copy()
        out.engaged = self.engaged.copy()
        out.retreated = self.retreated.copy()
        out.intercepts_used = self.intercepts_used.copy()
        out.attacker = self.attacker
        out.att_unit = self.att_unit
        out.def_unit = self.def_unit
        out.engagement = self.engagement
        out.played = self.played.copy()  # Played values are never changed, so they are shared
        out.strategy_played = self.strategy_played.copy()
        out.last_engagement_winner = self.last_engagement_winner
        out.battle_winner = self.battle_winner
        out.last_winner = self.last_winner
        out.streak = self.streak
        out.frames = clone_frames(self.frames) if self.frames else []
        out.winner = self.winner
        out.reason = self.reason
        out.moves = self.moves
        known = self.known
        out.known = [known[0].copy(), known[1].copy()]
        out.cache = self.cache  # the answer for an identical state (never changed: readers get copies)
        return out

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
            "played": [p.to_json() for p in self.played],
            "strategy_played": self.strategy_played[:],
            "last_engagement_winner": self.last_engagement_winner,
            "battle_winner": self.battle_winner,
            "last_winner": self.last_winner,
            "streak": self.streak,
            "frames": frames_to_json(self.frames),
            "winner": self.winner,
            "reason": self.reason,
            "moves": self.moves,
            "known": [k[:] for k in self.known],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> KessenState:
        sides = [
            Side(
                units=[Unit(leader=int(u[0]), troops=list(u[1]), mods=list(u[2])) for u in s["units"]],
                leaders=list(s["leaders"]),
                recruits=list(s["recruits"]),
                actions=list(s["actions"]),
                leader_deck=list(s["leader_deck"]),
                leader_discard=list(s["leader_discard"]),
                battles_won=int(s["battles_won"]),
            )
            for s in d["sides"]
        ]
        return cls(
            config=dict(d["config"]),
            rng=Rng(int(d["rng"])),
            sides=sides,
            recruit_deck=list(d["recruit_deck"]),
            recruit_discard=list(d["recruit_discard"]),
            action_deck=list(d["action_deck"]),
            action_discard=list(d["action_discard"]),
            round=int(d["round"]),
            step=str(d["step"]),
            turn=int(d["turn"]),
            passes=int(d["passes"]),
            initiative=int(d["initiative"]),
            troop_penalty=list(d["troop_penalty"]),
            unit_bonus=list(d["unit_bonus"]),
            duty=list(d["duty"]),
            engaged=list(d["engaged"]),
            retreated=list(d["retreated"]),
            intercepts_used=list(d["intercepts_used"]),
            attacker=int(d["attacker"]),
            att_unit=int(d["att_unit"]),
            def_unit=int(d["def_unit"]),
            engagement=int(d["engagement"]),
            played=[Played.from_json(p) for p in d["played"]],
            strategy_played=list(d["strategy_played"]),
            last_engagement_winner=int(d["last_engagement_winner"]),
            battle_winner=int(d["battle_winner"]),
            last_winner=int(d["last_winner"]),
            streak=int(d["streak"]),
            frames=TYPED_FRAMES.typed(frames_from_json(d["frames"])),
            winner=int(d["winner"]),
            reason=str(d["reason"]),
            moves=int(d["moves"]),
            known=[list(k) for k in d.get("known", [[], []])],
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
