"""Literal Tessen tables for scenario tests: hands, places and piles written as words."""

from __future__ import annotations

from typing import Any

from warroom.engine import Event
from warroom.games.tessen.cards import KIND_OF, WITH
from warroom.games.tessen.rules import GAME
from warroom.games.tessen.state import NEVER, Side, TessenState

__all__ = ["GAME", "act", "cards", "kinds", "side", "table"]


def cards(words: str) -> list[int]:
    """``"fox fox warrior"`` -> the card list."""
    return [KIND_OF[w] if w in KIND_OF else WITH[w] for w in words.split()]


def kinds(cs: list[int]) -> str:
    from warroom.games.tessen.cards import card_key

    return " ".join(card_key(c) for c in cs)


def side(hand: str = "", places: tuple[str, ...] = (), deck: str = "cat " * 10, discard: str = "",
         score: str = "", last: int = NEVER, **extra: Any) -> Side:
    """A side. A place is ``"fox 2"`` (a pile), ``""`` (empty) or ``"blocked warrior"``."""
    s = Side(deck=cards(deck), hand=sorted(cards(hand)))
    for i, p in enumerate(places):
        words = p.split()
        if not words:
            continue
        if words[0] == "blocked":
            s.places[i] = [-1, 0, WITH[words[1]]]
        else:
            s.places[i] = [KIND_OF[words[0]], int(words[1]), -1]
    s.discard = cards(discard)
    for c in cards(score):
        s.score[c] += 1
    s.last = last
    for k, v in extra.items():
        setattr(s, k, v)
    return s


def table(p1: Side | None = None, p2: Side | None = None, variants: tuple[str, ...] = (),
          options: dict[str, Any] | None = None, clock: int = 10_000, **extra: Any) -> TessenState:
    """A running round at ``clock`` ms (options: the defaults unless given)."""
    config = GAME.configure(2, list(variants), options or {})
    state = GAME.new(config, 1)
    state.sides = [p1 or side(), p2 or side()]
    state.clock = clock
    for k, v in extra.items():
        setattr(state, k, v)
    state.cache = None
    return state


def act(state: TessenState, seat: int, action: str, t: int) -> list[Event]:
    """Apply ``action`` for seat 0/1 at ``t`` ms through every check."""
    return GAME.apply(state, seat, action, t)
