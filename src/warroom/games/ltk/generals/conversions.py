"""Skills that let a card be used or played as another: Wusheng (武圣: red as Kill), Longdan
(龙胆: Kill and Dodge swap), Qingguo (倾国: black hand card as Dodge), Qixi (奇袭: black as
Dismantle), Guose (国色: ♦ as Indulgence), Jijiu (急救: red as Peach outside one's turn).

Actions name the card and what it counts as: ``use card=C as=slash target=T``, ``play card=C as=jink``.
"""

from __future__ import annotations

from warroom.engine.actions import Move
from warroom.engine.events import Event
from warroom.games.ltk import core
from warroom.games.ltk.cards import KIND, SUIT, basic, is_red
from warroom.games.ltk.state import NO_CARD, LtkState


def _cards(state: LtkState, seat: int, equipment: bool) -> list[int]:
    s = state.seats[seat]
    return sorted(s.hand) + ([c for c in s.equip if c != NO_CARD] if equipment else [])


def _action_sources(state: LtkState, seat: int) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    held = core.abilities(state, seat)
    if not held & _ACTION_SKILLS:
        return out
    if "wusheng" in held:
        out += [(c, "slash") for c in _cards(state, seat, True) if is_red(c) and KIND[c] != "slash"]
    if "longdan" in held:
        out += [(c, "slash") for c in _cards(state, seat, False) if KIND[c] == "jink"]
    if "qixi" in held:
        out += [(c, "dismantlement") for c in _cards(state, seat, True) if not is_red(c)
                and KIND[c] != "dismantlement"]
    if "guose" in held:
        out += [(c, "indulgence") for c in _cards(state, seat, True) if SUIT[c] == "diamond"]
    return out


_ACTION_SKILLS = frozenset({"wusheng", "longdan", "qixi", "guose"})
core.AS_SOURCES.append(_action_sources)


def _response_sources(state: LtkState, seat: int, kind: str, verb: str) -> list[str]:
    cards: list[int] = []
    held = core.abilities(state, seat)
    if kind == "slash":
        if "wusheng" in held:
            cards += [c for c in _cards(state, seat, True) if is_red(c) and KIND[c] != "slash"]
        if "longdan" in held:
            cards += [c for c in _cards(state, seat, False) if KIND[c] == "jink"]
    elif kind == "jink":
        if "longdan" in held:
            cards += [c for c in _cards(state, seat, False) if KIND[c] == "slash"]
        if "qingguo" in held:
            cards += [c for c in _cards(state, seat, False) if not is_red(c) and KIND[c] != "jink"]
    return [f"{verb} card={c} as={kind}" for c in sorted(set(cards))]


def _response_apply(state: LtkState, seat: int, action: str, kind: str, events: list[Event]) -> list[int] | None:
    move = Move.parse(action)
    if "as" not in move:
        return None
    card = move.number("card")
    zone = core.remove_card(state, seat, card)
    core.lost(state, seat, card, zone, events)
    return [card]


basic.RESPONSE_SOURCES.append(_response_sources)
basic.RESPONSE_APPLY.append(_response_apply)


def _jijiu(state: LtkState, seat: int) -> list[str]:
    if state.current == seat or not core.holds(state, seat, "jijiu"):
        return []
    return [f"use card={c} as=peach" for c in _cards(state, seat, True) if is_red(c) and KIND[c] != "peach"]


def _jijiu_apply(state: LtkState, seat: int, action: str, events: list[Event]) -> int | None:
    move = Move.parse(action)
    if "as" not in move:
        return None
    card = move.number("card")
    zone = core.remove_card(state, seat, card)
    core.lost(state, seat, card, zone, events)
    return card


basic.PEACH_SOURCES.append(_jijiu)
basic.PEACH_APPLY.append(_jijiu_apply)
