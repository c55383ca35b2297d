"""Literal Paper Kessen set-ups for scenario tests.

A scenario starts from a state where every card lies in its deck (Liu Bei and
Cao Cao in play without troops, as at set-up) and moves named cards where the
test wants them, so every card stays in exactly one zone and the rules run
unchanged on the result.

    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xu = s.unit(EVIL, "xiahou_yan", ["cavalry"])
    volley = s.hand(GOOD, "actions", ["volley"])[0]
    s.engagement(attacker=EVIL, att_unit=xu, def_unit=guan_yu)
    s.play(GOOD, f"play card={volley}")
"""

from __future__ import annotations

from typing import Any

from warroom.engine import Event, Rng
from warroom.games.kessen.cards import BY_KEY, CAO_CAO, CARDS, DECK_IDS, LIU_BEI
from warroom.games.kessen.force import unit_force
from warroom.games.kessen.rules import GAME, decider
from warroom.games.kessen.state import KessenState, Side, Unit

GOOD, EVIL = 0, 1


class Scenario:
    def __init__(self, seed: int = 7, max_rounds: int = 60) -> None:
        self.game = GAME
        config = GAME.configure(options={"max_rounds": max_rounds})
        good_deck = [c for c in DECK_IDS["good"] if c != LIU_BEI]
        evil_deck = [c for c in DECK_IDS["evil"] if c != CAO_CAO]
        self.state = KessenState(
            config,
            Rng(seed),
            [
                Side([Unit(LIU_BEI, [], [])], [], [], [], good_deck, []),
                Side([Unit(CAO_CAO, [], [])], [], [], [], evil_deck, []),
            ],
            DECK_IDS["recruit"][:],
            [],
            DECK_IDS["action"][:],
            [],
            round=1,
            step="deploy",
        )
        self.events: list[Event] = []

    # ----- placing cards ----------------------------------------------------------------
    def take(self, key: str) -> int:
        """Remove a free copy of ``key`` from its deck and return its id."""
        st = self.state
        for card in BY_KEY[key]:
            for pile in (st.recruit_deck, st.action_deck, st.sides[0].leader_deck, st.sides[1].leader_deck):
                if card in pile:
                    pile.remove(card)
                    return card
        raise ValueError(f"no free copy of {key!r} left in a deck")

    def unit(self, side: int, leader: str, troops: list[str], mods: list[str] | None = None) -> int:
        """Put a unit in play for ``side`` and return its leader id (the unit's name)."""
        st = self.state
        if leader in ("liu_bei", "cao_cao"):
            lid = LIU_BEI if leader == "liu_bei" else CAO_CAO
            unit = st.find_unit(lid)
            assert unit is not None
        else:
            lid = self.take(leader)
            unit = Unit(lid, [], [])
            st.sides[side].units.append(unit)
        unit.troops.extend(self.take(t) for t in troops)
        unit.mods.extend(self.take(m) for m in mods or [])
        return lid

    def hand(self, side: int, hand: str, keys: list[str]) -> list[int]:
        """Put named cards in a side's ``leaders``, ``recruits`` or ``actions`` hand."""
        cards = [self.take(k) for k in keys]
        getattr(self.state.sides[side], hand).extend(cards)
        return cards

    def troop(self, leader: int, index: int = 0) -> int:
        unit = self.state.find_unit(leader)
        assert unit is not None
        return unit.troops[index]

    # ----- moments of the game ------------------------------------------------------------
    def deploy(self, turn: int = GOOD) -> None:
        """The Deploy phase, ``turn`` to act."""
        st = self.state
        st.step, st.turn, st.passes, st.initiative = "deploy", turn, 0, turn
        self._settle()

    def battle(self, engaged: list[int] | None = None) -> None:
        """Mark the battle's engaged units (default: every unit with a troop, Cao Cao included)."""
        st = self.state
        st.engaged = engaged if engaged is not None else [
            u.leader for s in st.sides for u in s.units if u.troops
        ]

    def engagement(self, attacker: int, att_unit: int, def_unit: int, step: str = "tactics",
                   engaged: list[int] | None = None) -> None:
        """An engagement with its two units picked, at ``step`` (``tactics`` or ``strategy``),
        the defender to act first."""
        st = self.state
        self.battle(engaged)
        st.attacker, st.att_unit, st.def_unit = attacker, att_unit, def_unit
        st.engagement = max(st.engagement, 1)
        st.step, st.turn, st.passes = step, 1 - attacker, 0
        self._settle()

    def pick(self, attacker: int, engaged: list[int] | None = None) -> None:
        """The Strategy segment before units are picked; ``attacker`` to pick."""
        st = self.state
        self.battle(engaged)
        st.attacker, st.att_unit, st.def_unit = attacker, -1, -1
        st.engagement = max(st.engagement, 1)
        st.step = "pick"
        self._settle()

    def _settle(self) -> None:
        self.state.cache = None
        self.game._advance(self.state, self.events)

    # ----- acting and looking -------------------------------------------------------------
    def play(self, side: int, action: str) -> list[Event]:
        events = self.game.apply(self.state, side, action)
        self.events.extend(events)
        return events

    def legal(self, side: int) -> list[str]:
        return self.game.legal_actions(self.state, side)

    def decider(self) -> int:
        return decider(self.state)

    def force(self, leader: int, in_fight: bool = True) -> int:
        side = self.state.controller(leader)
        unit = self.state.find_unit(leader)
        assert unit is not None
        return unit_force(self.state, side, unit, in_fight)[0]

    def pass_both(self) -> list[Event]:
        """Both sides pass until the current exchange ends."""
        out: list[Event] = []
        step = self.state.step
        while self.state.step == step and self.state.winner < 0 and not self.state.frames:
            out.extend(self.play(self.decider(), "pass"))
        return out

    def events_of(self, kind: str) -> list[dict[str, Any]]:
        from warroom.engine import ALL_SEEING

        return [e.visible_to(ALL_SEEING) for e in self.events if e.kind == kind]


def name(card: int) -> str:
    return CARDS[card].name


# ----- helpers added for the action-deck and engagement tests (additions only) ----------------
def refuse(s: Scenario, side: int, action: str) -> None:
    """Check that ``action`` is not offered to ``side`` and that ``apply`` refuses it with
    :class:`IllegalAction`, leaving the state exactly as it was."""
    from warroom.engine import IllegalAction

    assert action not in s.legal(side), f"{action!r} is offered to {side}"
    before = s.state.to_json()
    try:
        s.game.apply(s.state, side, action)
    except IllegalAction:
        pass
    else:  # pragma: no cover - the assertion message is the point
        raise AssertionError(f"{action!r} was accepted for side {side}")
    assert s.state.to_json() == before, "a refused action changed the state"


def action_segment(s: Scenario, attacker: int, engaged: list[int] | None = None) -> None:
    """Start an engagement at its Action segment with ``attacker`` attacking: both sides draw,
    the end-of-action abilities run, and the game stops at the first decision."""
    st = s.state
    s.battle(engaged)
    # the engagement start flips the attacker, as it alternates from one engagement to the next
    st.attacker = 1 - attacker
    st.step = "engagement_start"
    s._settle()


def resolution(s: Scenario) -> dict[str, Any]:
    """The one engagement resolution that happened so far."""
    (res,) = s.events_of("resolution")
    return res


def played_keys(s: Scenario) -> list[tuple[str, int, str, int]]:
    """The engagement's played cards as (card key, side, counts-as key, negated card or -1)."""
    from warroom.games.kessen.cards import KEY

    return [(KEY[p.card], p.side, p.key, p.negates) for p in s.state.played]


# ----- helpers added for the recruit-deck, leader and phase tests (additions only) ------------
def fight(s: Scenario, attacker: int, att_unit: int, def_unit: int,
          engaged: list[int] | None = None) -> dict[str, Any]:
    """Resolve one engagement between the two named units with no cards played and return its
    resolution event (the game then runs on until the next decision)."""
    st = s.state
    s.battle(engaged)
    st.attacker, st.att_unit, st.def_unit = attacker, att_unit, def_unit
    st.engagement = max(st.engagement, 1)
    st.played, st.strategy_played = [], [0, 0]
    st.step = "resolution"
    before = len(s.events_of("resolution"))
    s._settle()
    return s.events_of("resolution")[before]


def after_battle(s: Scenario, winner: int, retreated: list[int] | None = None,
                 engaged: list[int] | None = None) -> None:
    """The after-battle window of a battle ``winner`` won, the winner to act first."""
    st = s.state
    s.battle(engaged)
    st.retreated = list(retreated or [])
    st.battle_winner = winner
    st.step, st.turn, st.passes = "after_battle", winner, 0
    s._settle()


def end_phase(s: Scenario, initiative: int = GOOD) -> None:
    """The End phase (hand limits), ``initiative`` to discard first."""
    st = s.state
    st.initiative = initiative
    st.step = "end_phase"
    s._settle()


def next_round(s: Scenario, initiative: int = GOOD) -> None:
    """End the current round: the next one's Leader and Recruit phases run, ``initiative`` first."""
    st = s.state
    st.initiative = initiative
    st.step = "round_end"
    s._settle()


def battle_start(s: Scenario, streak: int = 0, last_winner: int = -1) -> None:
    """Start the Battle phase after ``last_winner`` won the last ``streak`` battles in a row."""
    st = s.state
    st.streak, st.last_winner = streak, last_winner
    st.step = "battle_start"
    s._settle()


def stack(s: Scenario, keys: list[str]) -> list[int]:
    """Put named action cards on top of the action deck, ``keys[0]`` to be drawn first."""
    cards = [s.take(k) for k in keys]
    s.state.action_deck.extend(reversed(cards))
    return cards


def end_round(s: Scenario) -> None:
    """Close the current round (as after its End phase) and run on into the next one."""
    s.state.step = "round_end"
    s._settle()


# ----- helpers added for the hand-limit tests (additions only) ---------------------------------
def fight_out(s: Scenario, att_unit: int, def_unit: int) -> dict[str, Any]:
    """From the pick: the attacker picks ``att_unit`` against ``def_unit``, both sides pass the
    Strategy and Tactics segments with whatever they hold, and the resolution event is returned.
    The game then runs on to the next decision, such as the End segment's discards down to 4
    (hands may hold more than 7 cards until then)."""
    before = len(s.events_of("resolution"))
    s.play(s.state.attacker, f"pick attacker={att_unit} defender={def_unit}")
    while len(s.events_of("resolution")) == before:
        s.play(s.decider(), "pass")
    return s.events_of("resolution")[before]


# ----- reading the frame stack (added with the port onto engine frames) ------------------------
def pending(state: KessenState) -> list[tuple[Any, ...]]:
    """The pending forced choices, the next one first, as short tuples a test can spell out:
    ``("discard", side, hand, keep[, why])``, ``("losses", side, unit, left)``,
    ``("give", side)``, ``("assassin", side)``, ``("choose", side, slot)``; other frames by kind."""
    out: list[tuple[Any, ...]] = []
    for frame in reversed(state.frames):
        d = frame.data
        if frame.kind == "discard":
            out.append(("discard", d["side"], d["hand"], d["keep"], *([d["why"]] if d.get("why") else [])))
        elif frame.kind == "losses":
            out.append(("losses", d["side"], d["unit"], d["left"]))
        elif frame.kind in ("give", "assassin"):
            out.append((frame.kind, d["side"]))
        elif frame.kind == "choose":
            out.append(("choose", d["side"], d["slot"]))
        else:
            out.append((frame.kind,))
    return out
