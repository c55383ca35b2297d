"""Tessen's cards. A card is a small int: 0-7 an animal kind, 8 a warrior, 9 a super-warrior.

Cards of one kind are identical, so the state holds kinds, not numbered copies: two foxes
in a hand are ``[5, 5]``. Every card goes back to its owner's deck between rounds, so who
owns a card never changes what a player can do, and the state need not track it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "cards.json").read_text())

ANIMALS: tuple[str, ...] = tuple(a["key"] for a in _DATA["animals"])  # index = kind
ANIMAL_NAMES: tuple[str, ...] = tuple(a["name"] for a in _DATA["animals"])
KINDS = len(ANIMALS)
COPIES = int(_DATA["animals"][0]["copies"])
WARRIOR = 8
SUPER = 9
WARRIORS = int(_DATA["warriors"][0]["copies"])
SUPERS = int(_DATA["warriors"][1]["copies"])
DECK_SIZE = int(_DATA["size"])
KIND_OF: dict[str, int] = {k: i for i, k in enumerate(ANIMALS)}
WITH: dict[str, int] = {"warrior": WARRIOR, "super": SUPER}  # action word -> card
WITH_NAME: dict[int, str] = {WARRIOR: "warrior", SUPER: "super"}
PLACES = 5
HAND_LIMIT = 5
KEEP_AT = 3  # a pile of this many or more may be kept
DRAGON_LOSS = 5  # animals the player with fewer warriors on the dragon loses

assert KINDS * COPIES + WARRIORS + SUPERS == DECK_SIZE


def data() -> dict[str, Any]:
    """The card data file (for the rules reference)."""
    return _DATA


def card_name(card: int) -> str:
    """A card as people call it (``Red Fox``, ``Warrior``)."""
    if 0 <= card < KINDS:
        return ANIMAL_NAMES[card]
    return {WARRIOR: "Warrior", SUPER: "Super-warrior"}.get(card, f"card {card}")


def card_key(card: int) -> str:
    """A card's short word (``fox``, ``warrior``), as views and actions write it."""
    if 0 <= card < KINDS:
        return ANIMALS[card]
    return WITH_NAME.get(card, str(card))


def fresh_deck(plain_out: int = 0, super_out: int = 0) -> list[int]:
    """One player's deck, unshuffled, less the warriors out of the match."""
    deck = [k for k in range(KINDS) for _ in range(COPIES)]
    deck += [WARRIOR] * max(0, WARRIORS - plain_out) + [SUPER] * max(0, SUPERS - super_out)
    return deck
