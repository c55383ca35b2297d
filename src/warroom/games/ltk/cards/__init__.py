"""The static card registry: every physical card has an id (0-107), its facts come from ``data/``.

A card is referred to by its id everywhere (hands, piles, actions); ``KIND[id]`` is its name
key (``slash``, ``jink``...), ``SUIT``/``RANK`` its printed suit and rank. The modules beside
this one hold the effects, one per card family.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class CardType:
    key: str
    name: str
    chinese: str
    type: str  # basic, tool, equipment
    subtype: str  # basic, instant, delayed, weapon, armor, defense_horse, offense_horse
    range: int  # a weapon's attack range (0 otherwise)


def _load() -> tuple[dict[str, CardType], list[dict[str, object]]]:
    raw = json.loads((resources.files("warroom.games.ltk") / "data" / "cards.json").read_text(encoding="utf-8"))
    types = {k: CardType(k, v["name"], v["chinese"], v["type"], v["subtype"], int(v["range"]))
             for k, v in raw["types"].items()}
    return types, raw["deck"]


TYPES, _DECK = _load()
DECK_SIZE = len(_DECK)
KIND: tuple[str, ...] = tuple(str(c["card"]) for c in _DECK)
SUIT: tuple[str, ...] = tuple(str(c["suit"]) for c in _DECK)
RANK: tuple[int, ...] = tuple(int(str(c["rank"])) for c in _DECK)
EX: tuple[bool, ...] = tuple(bool(c["ex"]) for c in _DECK)
SUBTYPE: tuple[str, ...] = tuple(TYPES[k].subtype for k in KIND)
DELAYED_KINDS: tuple[str, ...] = tuple(sorted(k for k, t in TYPES.items() if t.subtype == "delayed"))
RED = frozenset({"heart", "diamond"})
SUIT_SIGN = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
# equipment slots in the order views and positions list them
SLOTS = ("weapon", "armor", "defense_horse", "offense_horse")


def deck_ids(ex: bool) -> list[int]:
    """The ids of the game's deck: 108 cards with the EX cards, 104 without."""
    return [i for i in range(DECK_SIZE) if ex or not EX[i]]


def is_red(card: int) -> bool:
    return SUIT[card] in RED


def label(card: int) -> str:
    """``Kill ♠7``: the card's English name with its suit and rank."""
    return f"{TYPES[KIND[card]].name} {SUIT_SIGN[SUIT[card]]}{RANK_TEXT.get(RANK[card], str(RANK[card]))}"


def weapon_range(card: int) -> int:
    return TYPES[KIND[card]].range
