"""Skills that react to cards moving or being used: Liuli (流离), Lianying (连营), Xiaoji (枭姬),
Jizhi (集智)."""

from __future__ import annotations

from typing import Any

from warroom.engine.actions import Move
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, finish, push
from warroom.engine.triggers import Ability
from warroom.games.ltk import core
from warroom.games.ltk.cards import TYPES, basic
from warroom.games.ltk.frames import Liuli
from warroom.games.ltk.state import NO_CARD, LtkState

Ctx = dict[str, Any]


# ----- Lianying and Xiaoji: drawing when cards are lost -----------------------------------------------------------
def _draw(n: int) -> Any:
    def effect(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
        core.draw(state, seat, n, events)
    return effect


core.TRIGGERS.register(Ability("lianying", "hand_emptied", _draw(1), optional=True))
core.TRIGGERS.register(Ability("xiaoji", "equip_lost", _draw(2), optional=True))
core.TRIGGERS.register(Ability("jizhi", "tool_used", _draw(1),
                               lambda s, p, ctx: TYPES[ctx["card"]].subtype == "instant", optional=True))


# ----- Liuli: when targeted by a Kill, discard a card and pass the Kill on -----------------------------------------
def _liuli_choices(state: LtkState, seat: int, user: int) -> list[str]:
    s = state.seats[seat]
    out = [f"liuli card={c} to={t}" for c in sorted(s.hand) for t in _liuli_targets(state, seat, user)]
    for c in [c for c in s.equip if c != NO_CARD]:
        with core.without(state, seat, c):  # paid with it, Da Qiao's range is her equipment's without it
            out += [f"liuli card={c} to={t}" for t in _liuli_targets(state, seat, user)]
    return out


def _liuli_targets(state: LtkState, seat: int, user: int) -> list[int]:
    return [t for t in core.order_from(state, seat)[1:] if t != user and core.in_range(state, seat, t)
            and not any(ban(state, user, t) for ban in basic.KILL_TARGET_BANS)]


def _liuli(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    push(state, Liuli(user=ctx["user"]), seat)


def _liuli_moved(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and "liuli" in value:
        ctx["target"] = value["liuli"]


@core.rule
class LiuliRule(FrameRule[LtkState]):
    kind = "liuli"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        finish(state, frame, None)

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        liuli: Liuli = frame.data
        return _liuli_choices(state, seat, liuli.user)

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        move = Move.parse(action)
        card, to = move.number("card"), move.number("to")
        frame.seat = NO_SEAT
        finish(state, frame, {"liuli": to})
        core.discard_own(state, seat, [card], events, "liuli")
        events.append(Event("redirect", {"seat": seat, "to": to}))


core.TRIGGERS.register(Ability("liuli", "kill_becomes_target", _liuli,
                               lambda s, p, ctx: ctx["target"] == p and bool(_liuli_choices(s, p, ctx["user"])),
                               optional=True, resume=_liuli_moved))
