"""Skills at the start of a phase: Luoyi (裸衣), Yingzi (英姿), Tuxi (突袭) in the draw phase;
Keji (克己) in the discard phase; Biyue (闭月) and Jushou (据守) in the end phase; Guanxing (观星)
in the start phase."""

from __future__ import annotations

from typing import Any

from warroom.engine.actions import Move
from warroom.engine.choices import select
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, finish, push
from warroom.engine.triggers import Ability
from warroom.games.ltk import core
from warroom.games.ltk.cards import basic
from warroom.games.ltk.frames import Guanxing
from warroom.games.ltk.state import LtkState

Ctx = dict[str, Any]


# ----- Luoyi: draw one fewer; your Kill and Duel damage is +1 this turn ---------------------------------------
def _luoyi(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    ctx["count"] -= 1
    state.used["luoyi"] = 1


core.TRIGGERS.register(Ability("luoyi", "draw_phase", _luoyi, lambda s, p, ctx: ctx["count"] > 0, optional=True))
basic.DAMAGE_BONUS.append(lambda s, p, by: 1 if by in ("slash", "duel") and s.current == p
                          and s.used.get("luoyi") and core.holds(s, p, "luoyi") else 0)


# ----- Yingzi: draw one more ------------------------------------------------------------------------------------
def _yingzi(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    ctx["count"] += 1


core.TRIGGERS.register(Ability("yingzi", "draw_phase", _yingzi, optional=True))


# ----- Tuxi: instead of drawing, take a hand card (blind) from each of one or two other players -----------------
def _with_hands(state: LtkState, seat: int) -> list[int]:
    return [t for t in core.order_from(state, seat)[1:] if state.seats[t].hand]


def _tuxi(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    ctx["count"] = 0
    select(state, seat, _with_hands(state, seat), 1, 2, "tuxi", key="seat", public=True)


def _tuxi_take(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and value.get("purpose") == "tuxi":
        for t in value["picked"]:
            hand = state.seats[t].hand
            card = hand[state.rng.below(len(hand))]
            core.take_from_hand(state, t, card)
            core.gain(state, seat, card, False, events, "tuxi", seen_by=(t,))
            core.lost(state, t, card, "hand", events)


core.TRIGGERS.register(Ability("tuxi", "draw_phase", _tuxi, lambda s, p, ctx: ctx["count"] > 0
                               and bool(_with_hands(s, p)), optional=True, resume=_tuxi_take))


# ----- Keji: no Kill used or played in the action phase: skip the discard phase ---------------------------------
def _keji(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    ctx["skip"] = True


core.TRIGGERS.register(Ability("keji", "discard_phase", _keji,
                               lambda s, p, ctx: not s.used.get("kill") and not s.used.get("kill_played"),
                               optional=True))


# ----- Biyue: draw 1 at the end phase; Jushou: draw 3 and turn face down --------------------------------------
def _biyue(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    core.draw(state, seat, 1, events)


core.TRIGGERS.register(Ability("biyue", "end_phase", _biyue, optional=True))


def _jushou(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    if core.draw(state, seat, 3, events):
        state.seats[seat].flipped = True
        events.append(Event("flip", {"seat": seat, "face_up": False}))


core.TRIGGERS.register(Ability("jushou", "end_phase", _jushou, optional=True))


# ----- Guanxing: look at the top X cards (X = living players, at most 5); put each on top or at the bottom -----
def _guanxing(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    x = min(5, len(core.alive(state)))
    cards: list[int] = []
    for _ in range(x):
        if not core.refill(state, events):
            return
        cards.append(state.draw.pop())
    events.append(Event("look", {"seat": seat, "count": len(cards)}, {"cards": cards[:]}, (seat,)))
    push(state, Guanxing(who=seat, cards=cards, top=[], bottom=[]), seat)


@core.rule
class GuanxingRule(FrameRule[LtkState]):
    """``top card=C`` / ``bottom card=C`` one at a time: the first put on top ends up topmost, the
    first put at the bottom bottommost."""

    kind = "guanxing"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Guanxing = frame.data
        state.draw = d.bottom[:] + state.draw + d.top[::-1]
        for c in d.bottom + d.top:
            state.seen[str(c)] = [d.who]  # he knows where each of them lies
        events.append(Event("stacked", {"seat": d.who, "top": len(d.top), "bottom": len(d.bottom)}))
        finish(state, frame, None)

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        d: Guanxing = frame.data
        return [f"{where} card={c}" for c in sorted(d.cards) for where in ("bottom", "top")]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        move = Move.parse(action)
        where, card = move.verb, move.number("card")
        d: Guanxing = frame.data
        d.cards.remove(card)
        (d.top if where == "top" else d.bottom).append(card)
        if not d.cards:
            frame.seat = NO_SEAT


core.TRIGGERS.register(Ability("guanxing", "start_phase", _guanxing, optional=True))
