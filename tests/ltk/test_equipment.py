"""Equipment: a card from the hand goes to its slot; the old one in that slot is discarded."""

from __future__ import annotations

from tests.ltk.scenario import act, cid, seat, table
from warroom.games.ltk.cards import SLOTS


def test_equipping_puts_the_card_in_its_slot_and_discards_the_old_one() -> None:
    s = table(seat("zhang_liao", "monarch", ["axe ♦5"], equipment={"weapon": "blade ♠5"}),
              seat("xu_chu", "rebel"))
    act(s, 0, f"use card={cid('axe ♦5')}")
    assert s.seats[0].equip[SLOTS.index("weapon")] == cid("axe ♦5")
    assert s.discard[-1] == cid("blade ♠5") and s.seats[0].hand == []


def test_each_slot_holds_one_card_of_its_kind() -> None:
    s = table(seat("zhang_liao", "monarch", ["eight_diagram ♠2", "dilu ♣5", "zixing ♦K"]), seat("xu_chu", "rebel"))
    for c in ("eight_diagram ♠2", "dilu ♣5", "zixing ♦K"):
        act(s, 0, f"use card={cid(c)}")
    assert s.seats[0].equip == [-1, cid("eight_diagram ♠2"), cid("dilu ♣5"), cid("zixing ♦K")]
