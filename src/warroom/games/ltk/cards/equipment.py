"""Equipment: using a weapon, armor or horse puts it in its slot (the old one is discarded).

Horses work through ``core.distance`` and weapons' ranges through ``core.attack_range``; the
weapons' and armors' own effects live in their modules.
"""

from __future__ import annotations

from warroom.engine.events import Event
from warroom.games.ltk import core
from warroom.games.ltk.cards import TYPES
from warroom.games.ltk.state import NO_CARD, LtkState


def _equip_uses(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    return [[]]


def _equip_apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
    s = state.seats[seat]
    slot = core.equipment_slot(card)
    old = s.equip[slot]
    state.table.remove(card)
    if old != NO_CARD:
        core.discard_cards(state, seat, [old], events, "replaced")
    s.equip[slot] = card
    events.append(Event("equip", {"seat": seat, "card": card}))
    if old != NO_CARD:
        core.lost(state, seat, old, "equip", events)  # Xiaoji


for _key, _t in TYPES.items():
    if _t.type == "equipment":
        core.USES[_key] = core.Use(_equip_uses, _equip_apply)
