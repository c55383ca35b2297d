"""What Paper Kessen's balance report counts: for each side, the cards it drew, played and chose.

* drew: in a hand at set-up or drawn later (every deck: leaders, recruits, actions);
* played: a troop deployed, a modifier attached, a special, strategy or battle card played;
* chose: a leader deployed to lead a unit (the leader decks' question), and the main leaders,
  who are in play from the start.

Cards are counted once per side and game, by name (copies of one card are one card here).
The report (``warroom.sim.report``) compares the win rate of the sides that did with the sides
that did not; a card of one side's own deck only within that side (:func:`owners`).
"""

from __future__ import annotations

from typing import Any

from warroom.engine.events import Event
from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.state import KessenState

SIDES = ("good", "evil")
USAGES = ("drew", "played", "chose")


def usage(initial: KessenState, steps: list[tuple[int, str, list[Event]]]) -> dict[str, list[list[str]]]:
    """Usage kind -> for each side, the sorted names of the cards it drew / played / chose."""
    got: dict[str, list[set[int]]] = {u: [set(), set()] for u in USAGES}
    for side, s in enumerate(initial.sides):
        got["drew"][side].update(s.leaders + s.recruits + s.actions)
        got["chose"][side].update(u.leader for u in s.units)
    for _, _, events in steps:
        for e in events:
            side_name = e.data.get("side")
            if side_name not in SIDES:
                continue
            side = SIDES.index(side_name)
            if e.kind == "draw" and e.secret:
                got["drew"][side].update(int(c) for c in e.secret.get("cards", ()))
            elif e.kind == "deploy":
                got["chose"][side].add(int(e.data["leader"]))
                got["played"][side].add(int(e.data["troop"]))
            elif e.kind in ("attach", "special", "strategy", "play"):
                got["played"][side].add(int(e.data["card"]))
            elif e.kind == "summon":
                got["drew"][side].add(int(e.data["card"]))
    return {u: [sorted({CARDS[c].name for c in per[side]}) for side in (0, 1)] for u, per in got.items()}


def groups() -> dict[str, str]:
    """Card name -> the deck it belongs to (for the report's tables)."""
    out: dict[str, Any] = {}
    for c in CARDS:
        out.setdefault(c.name, f"{c.deck} {c.kind}")
    return out


def owners() -> dict[str, int]:
    """Card name -> the side whose own deck holds it (leaders and leader modifiers): their
    effects are measured within that side, so Good's or Evil's edge is not counted as theirs."""
    return {c.name: SIDES.index(c.deck) for c in CARDS if c.deck in SIDES}
