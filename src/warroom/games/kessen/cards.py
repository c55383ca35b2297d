"""The static card registry: every physical card gets an id, its facts come from ``data/``.

Ids are dealt deck by deck in list order (recruit, action, good leaders, evil
leaders), so an id names one physical card and says nothing about where it lies.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

RECRUIT, ACTION, GOOD, EVIL = "recruit", "action", "good", "evil"
DECKS = (RECRUIT, ACTION, GOOD, EVIL)
SIDE_DECK = (GOOD, EVIL)  # seat 0 plays Good, seat 1 plays Evil

TROOP_TYPES = {"I": "Infantry", "C": "Cavalry", "R": "Ranged"}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    key: str
    name: str
    deck: str
    kind: str  # troop modifier special | strategy tactic spell formation event | leader leader_mod
    force: int
    text: str
    troop_type: str = ""  # I C R
    bonus: int = 0  # troop's conditional bonus
    bonus_when: str = ""  # vs_infantry vs_cavalry vs_ranged defending attacking
    attach: str = ""  # leader troop general (modifiers)
    timing: str = ""  # DP AB ABYW (modifiers)
    general: bool = False
    sorcerer: bool = False
    loyal: bool = False
    sex: str = ""

    @property
    def is_leader(self) -> bool:
        return self.kind == "leader"


def _load() -> tuple[list[Card], dict[str, dict[str, Any]]]:
    cards: list[Card] = []
    decks: dict[str, dict[str, Any]] = {}
    pkg = resources.files("warroom.games.kessen") / "data"
    for deck in DECKS:
        data = json.loads((pkg / f"{deck}.json").read_text(encoding="utf-8"))
        decks[deck] = data
        for entry in data["cards"]:
            typ = entry.get("leader_type", "")
            for _ in range(entry["copies"]):
                cards.append(
                    Card(
                        id=len(cards),
                        key=entry["key"],
                        name=entry["name"],
                        deck=deck,
                        kind=entry["kind"],
                        force=entry.get("force", 0),
                        text=entry["text"],
                        troop_type=entry.get("troop_type", ""),
                        bonus=entry.get("bonus", 0),
                        bonus_when=entry.get("bonus_when", ""),
                        attach=entry.get("attach", ""),
                        timing=entry.get("timing", ""),
                        general="G" in typ,
                        sorcerer="S" in typ,
                        loyal=bool(entry.get("loyal", False)),
                        sex=entry.get("sex", ""),
                    )
                )
    return cards, decks


CARDS, DECK_DATA = _load()
N_CARDS = len(CARDS)
KEY = [c.key for c in CARDS]  # id -> key, the hot-path lookup
KIND = [c.kind for c in CARDS]
BY_KEY: dict[str, list[int]] = {}
for _c in CARDS:
    BY_KEY.setdefault(_c.key, []).append(_c.id)

DECK_IDS: dict[str, list[int]] = {d: [c.id for c in CARDS if c.deck == d] for d in DECKS}
LIU_BEI = BY_KEY["liu_bei"][0]
CAO_CAO = BY_KEY["cao_cao"][0]
MAIN_LEADERS = (LIU_BEI, CAO_CAO)


def name(card: int) -> str:
    return CARDS[card].name
