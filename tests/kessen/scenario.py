"""Literal Paper Kessen set-ups for scenario tests, built from position descriptions.

A scenario starts from the position where every card lies in its deck (Liu Bei and Cao Cao
in play without troops, as at set-up) and moves named cards where the test wants them. Every
change is made to the position's description (docs/positions.md), from which the state is
rebuilt: the test's set-up is exactly a position a person could write, every card stays in
exactly one zone, and the rules run unchanged on the result. ``s.state`` stays the same object
across rebuilds, so a test may hold it and change fields of it directly.

    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xu = s.unit(EVIL, "xiahou_yan", ["cavalry"])
    volley = s.hand(GOOD, "actions", ["volley"])[0]
    s.engagement(attacker=EVIL, att_unit=xu, def_unit=guan_yu)
    s.play(GOOD, f"play card={volley}")

``s.position()`` is the description of the scenario now (what ``warroom play --position``
would read).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from warroom.engine import Event
from warroom.games.kessen.cards import BY_KEY, CARDS
from warroom.games.kessen.core import decider
from warroom.games.kessen.force import unit_force
from warroom.games.kessen.positions import build, card_id, card_name, describe
from warroom.games.kessen.rules import GAME
from warroom.games.kessen.state import Assassin, Choose, Discard, Give, KessenState, Losses

GOOD, EVIL = 0, 1
SIDES = ("good", "evil")
Description = dict[str, Any]


def _names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def _sync(old: Any, new: Any) -> None:
    """Make ``old`` equal ``new`` in place, keeping the identity of its lists, sides and units
    (a test may hold ``s.state.sides[0]`` or a hand across a change of the position)."""
    for f in fields(old):
        was, now = getattr(old, f.name), getattr(new, f.name)
        if f.name == "sides":
            for a, b in zip(was, now, strict=True):
                _sync(a, b)
        elif f.name == "units":
            by_leader = {u.leader: u for u in was}
            for i, u in enumerate(now):
                kept = by_leader.get(u.leader)
                if kept is not None:
                    _sync(kept, u)
                    now[i] = kept
            was[:] = now
        elif isinstance(was, list) and isinstance(now, list):
            was[:] = now
        else:
            setattr(old, f.name, now)


class Scenario:
    def __init__(self, seed: int = 7, max_rounds: int = 60, options: dict[str, int] | None = None) -> None:
        self.game = GAME
        self.state = build({
            "game": "kessen", "options": {"max_rounds": max_rounds, **(options or {})}, "rng": seed, "round": 1,
            "step": "deploy", "unlisted": "decks",
            "good": {"units": [{"leader": "liu_bei"}]}, "evil": {"units": [{"leader": "cao_cao"}]},
        }, GAME)
        self.events: list[Event] = []

    # ----- the position -----------------------------------------------------------------
    def position(self) -> Description:
        return describe(self.state)

    def edit(self, change: Callable[[Description], None]) -> None:
        """Change the scenario through its description: describe, change, rebuild (in place)."""
        d = self.position()
        d.pop("to_move", None)  # a changed position may wait on someone else
        change(d)
        _sync(self.state, build(d, GAME))
        self.state.cache = None

    @staticmethod
    def _take(d: Description, key: str) -> str:
        """Take the first copy of ``key`` (in id order) that lies in a deck; its name."""
        piles = (d["recruit_deck"], d["action_deck"], d["good"]["leader_deck"], d["evil"]["leader_deck"])
        for card in BY_KEY[key]:
            name = card_name(card)
            for pile in piles:
                if name in pile:
                    pile.remove(name)
                    return name
        raise ValueError(f"no free copy of {key!r} left in a deck")

    # ----- placing cards ----------------------------------------------------------------
    def unit(self, side: int, leader: str, troops: list[str], mods: list[str] | None = None) -> int:
        """Put a unit in play for ``side`` and return its leader id (the unit's name)."""
        got: list[str] = []

        def change(d: Description) -> None:
            if leader in ("liu_bei", "cao_cao"):
                unit = next(u for s in SIDES for u in d[s]["units"] if u["leader"] == leader)
            else:
                unit = {"leader": self._take(d, leader), "troops": [], "mods": []}
                d[SIDES[side]]["units"].append(unit)
            unit["troops"] += [self._take(d, t) for t in troops]
            unit["mods"] += [self._take(d, m) for m in mods or []]
            got.append(unit["leader"])

        self.edit(change)
        return card_id(got[0])

    def hand(self, side: int, hand: str, keys: list[str]) -> list[int]:
        """Put named cards in a side's ``leaders``, ``recruits`` or ``actions`` hand."""
        got: list[str] = []

        def change(d: Description) -> None:
            got.extend(self._take(d, k) for k in keys)
            d[SIDES[side]][hand] += got

        self.edit(change)
        return [card_id(n) for n in got]

    def troop(self, leader: int, index: int = 0) -> int:
        unit = self.state.find_unit(leader)
        assert unit is not None
        return unit.troops[index]

    # ----- moments of the game ------------------------------------------------------------
    def at(self, step: str, battle: dict[str, Any] | None = None, **fields_: Any) -> None:
        """Set the step (and top-level or battle fields) of the position, then run the game on
        to the first decision."""
        def change(d: Description) -> None:
            d["step"] = step
            d.update(fields_)
            d["battle"].update(battle or {})

        self.edit(change)
        self._settle()

    def engaged(self, engaged: list[int] | None = None) -> list[str]:
        """The battle's engaged units, by name (default: every unit with a troop, Cao Cao included)."""
        st = self.state
        units = engaged if engaged is not None else [u.leader for s in st.sides for u in s.units if u.troops]
        return _names(units)

    def deploy(self, turn: int = GOOD) -> None:
        """The Deploy phase, ``turn`` to act."""
        self.at("deploy", turn=SIDES[turn], passes=0, initiative=SIDES[turn])

    def battle(self, engaged: list[int] | None = None) -> None:
        """Mark the battle's engaged units (default: every unit with a troop, Cao Cao included)."""
        names = self.engaged(engaged)
        self.edit(lambda d: d["battle"].update(engaged=names))

    def engagement(self, attacker: int, att_unit: int, def_unit: int, step: str = "tactics",
                   engaged: list[int] | None = None) -> None:
        """An engagement with its two units picked, at ``step`` (``tactics`` or ``strategy``),
        the defender to act first."""
        self.at(step, {"engaged": self.engaged(engaged), "attacker": SIDES[attacker],
                       "attacking_unit": card_name(att_unit), "defending_unit": card_name(def_unit),
                       "engagement": max(self.state.engagement, 1)},
                turn=SIDES[1 - attacker], passes=0)

    def pick(self, attacker: int, engaged: list[int] | None = None) -> None:
        """The Strategy segment before units are picked; ``attacker`` to pick."""
        self.at("pick", {"engaged": self.engaged(engaged), "attacker": SIDES[attacker],
                         "attacking_unit": None, "defending_unit": None,
                         "engagement": max(self.state.engagement, 1)})

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
    # the engagement start flips the attacker, as it alternates from one engagement to the next
    s.at("engagement_start", {"engaged": s.engaged(engaged), "attacker": SIDES[1 - attacker]})


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
    before = len(s.events_of("resolution"))
    s.at("resolution", {"engaged": s.engaged(engaged), "attacker": SIDES[attacker],
                        "attacking_unit": card_name(att_unit), "defending_unit": card_name(def_unit),
                        "engagement": max(s.state.engagement, 1), "played": [],
                        "strategy_played": {"good": 0, "evil": 0}})
    return s.events_of("resolution")[before]


def after_battle(s: Scenario, winner: int, retreated: list[int] | None = None,
                 engaged: list[int] | None = None) -> None:
    """The after-battle window of a battle ``winner`` won, the winner to act first."""
    s.at("after_battle", {"engaged": s.engaged(engaged), "retreated": _names(list(retreated or [])),
                          "winner": SIDES[winner] if winner >= 0 else None},
         turn=SIDES[winner], passes=0)


def end_phase(s: Scenario, initiative: int = GOOD) -> None:
    """The End phase (hand limits), ``initiative`` to discard first."""
    s.at("end_phase", initiative=SIDES[initiative])


def next_round(s: Scenario, initiative: int = GOOD) -> None:
    """End the current round: the next one's Leader and Recruit phases run, ``initiative`` first."""
    s.at("round_end", initiative=SIDES[initiative])


def battle_start(s: Scenario, streak: int = 0, last_winner: int = -1) -> None:
    """Start the Battle phase after ``last_winner`` won the last ``streak`` battles in a row."""
    s.at("battle_start", streak={"side": SIDES[last_winner] if last_winner >= 0 else None, "battles": streak})


def stack(s: Scenario, keys: list[str]) -> list[int]:
    """Put named action cards on top of the action deck, ``keys[0]`` to be drawn first."""
    got: list[str] = []

    def change(d: Description) -> None:
        got.extend(s._take(d, k) for k in keys)
        d["action_deck"][:0] = got  # listed top first

    s.edit(change)
    return [card_id(n) for n in got]


def end_round(s: Scenario) -> None:
    """Close the current round (as after its End phase) and run on into the next one."""
    s.at("round_end")


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
        if isinstance(d, Discard):
            out.append(("discard", d.side, d.hand, d.keep, *([d.why] if d.why else [])))
        elif isinstance(d, Losses):
            out.append(("losses", d.side, d.unit, d.left))
        elif isinstance(d, Give | Assassin):
            out.append((frame.kind, d.side))
        elif isinstance(d, Choose):
            out.append(("choose", d.side, d.slot))
        else:
            out.append((frame.kind,))
    return out
