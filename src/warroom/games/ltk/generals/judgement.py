"""Skills on judgements: Guicai (鬼才) replaces a judgement card, Tiandu (天妒) takes one's own,
Luoshen (洛神) judges for black cards, Tieqi (铁骑) judges to make a Kill undodgeable."""

from __future__ import annotations

from typing import Any

from warroom.engine.choices import select
from warroom.engine.events import Event
from warroom.engine.frames import push
from warroom.engine.triggers import Ability
from warroom.games.ltk import core
from warroom.games.ltk.cards import is_red
from warroom.games.ltk.state import LtkState

Ctx = dict[str, Any]


def _judged(value: Any) -> int:
    return int(value["judge"]) if isinstance(value, dict) and "judge" in value else -1


# ----- Guicai: before any judgement takes effect, play a hand card to replace it -------------------------
def _guicai(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    select(state, seat, state.seats[seat].hand, 1, 1, "guicai")


def _guicai_replace(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    if not (isinstance(value, dict) and value.get("purpose") == "guicai"):
        return
    new = value["picked"][0]
    old = ctx["judge"]
    core.take_from_hand(state, seat, new)
    state.table.append(new)
    if old in state.table:
        state.table.remove(old)
        state.discard.append(old)
    ctx["judge"] = new
    events.append(Event("retrial", {"seat": seat, "old": old, "new": new, "by": "guicai"}))
    core.lost(state, seat, new, "hand", events)


core.TRIGGERS.register(Ability("guicai", "before_judgement", _guicai,
                               lambda s, p, ctx: bool(s.seats[p].hand), optional=True, resume=_guicai_replace))


# ----- Tiandu: after one's own judgement takes effect, take the card ---------------------------------------
def _tiandu(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    card = ctx["judge"]
    state.table.remove(card)
    core.gain(state, seat, card, True, events, "tiandu")


core.TRIGGERS.register(Ability("tiandu", "after_judgement", _tiandu,
                               lambda s, p, ctx: ctx["who"] == p and ctx["judge"] in s.table, optional=True))


# ----- Luoshen: at the start phase, judge; black: take it and go on -----------------------------------------
def _luoshen(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    core.judge(state, seat, "luoshen")


def _luoshen_judged(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    card = _judged(value)
    if card < 0 or is_red(card) or card not in state.discard:
        return  # a red card goes to the discard pile and ends it
    state.discard.remove(card)
    core.gain(state, seat, card, True, events, "luoshen")
    push(state, "ability", seat, name="luoshen", timing="start_phase")  # again?


core.TRIGGERS.register(Ability("luoshen", "start_phase", _luoshen, optional=True, resume=_luoshen_judged))


# ----- Tieqi: after your Kill targets a player, judge; red: it cannot be dodged ------------------------------
def _tieqi(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    core.judge(state, seat, "tieqi")


def _tieqi_judged(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    card = _judged(value)
    if card >= 0 and is_red(card):
        ctx["undodgeable"] = True


core.TRIGGERS.register(Ability("tieqi", "kill_targeted", _tieqi, optional=True, resume=_tieqi_judged))
