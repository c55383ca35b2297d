"""Helpers for LTK scenario tests: every test starts from a position (``Game.position``)."""

from __future__ import annotations

from typing import Any

from warroom.engine import Event, registry
from warroom.games.ltk.cards import DECK_SIZE, KIND, RANK, SUIT
from warroom.games.ltk.positions import RANKS, SUIT_LETTERS
from warroom.games.ltk.state import LtkState

GAME = registry.get("ltk")


def cards(ref: str) -> list[int]:
    """Every card id that looks like ``ref`` (``"slash ♠8"`` -> both ♠8 Kills)."""
    kind, _, sr = ref.partition(" ")
    suit = SUIT_LETTERS[sr[:1]]
    rank = RANKS.get(sr[1:]) or int(sr[1:])
    return [c for c in range(DECK_SIZE) if KIND[c] == kind and SUIT[c] == suit and RANK[c] == rank]


def cid(ref: str) -> int:
    """The first card id that looks like ``ref``."""
    return cards(ref)[0]


def seat(general: str, role: str, hand: list[Any] | None = None, **kw: Any) -> dict[str, Any]:
    """A seat whose general's skills are off (``blank``), to test a card's rule alone."""
    return {"general": general, "role": role, "hand": list(hand or []), "blank": True, **kw}


def hero(general: str, role: str, hand: list[Any] | None = None, **kw: Any) -> dict[str, Any]:
    """A seat whose general has its skills."""
    return {"general": general, "role": role, "hand": list(hand or []), **kw}


def table(*seats: dict[str, Any], **kw: Any) -> LtkState:
    return GAME.position({"seats": list(seats), **kw})


def act(state: LtkState, player: int, *actions: str) -> list[Event]:
    """Apply actions of ``player`` one after another, through the validating ``apply``."""
    events: list[Event] = []
    for a in actions:
        events.extend(GAME.apply(state, player, a))
    return events


def asked(state: LtkState) -> tuple[int, str]:
    """Who decides now, and what kind of decision."""
    (d,) = GAME.decisions(state)
    return d.player, d.kind


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
