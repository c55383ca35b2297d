"""Skills after suffering damage: Jianxiong (奸雄), Fankui (反馈), Ganglie (刚烈), Yiji (遗计),
Jieming (节命). They listen to ``after_damage`` (ctx: source, target, amount, cards), fired for
the damaged player once the damage (and any dying) has resolved."""

from __future__ import annotations

from typing import Any

from warroom.engine.actions import Move
from warroom.engine.choices import select
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, finish, push
from warroom.engine.triggers import Ability
from warroom.games.ltk import core
from warroom.games.ltk.cards import SUIT
from warroom.games.ltk.frames import Ganglie, Jieming, Yiji
from warroom.games.ltk.state import NO_CARD, LtkState

Ctx = dict[str, Any]


def _mine(state: LtkState, seat: int, ctx: Ctx) -> bool:
    return bool(ctx["target"] == seat)


# ----- Jianxiong: take the cards that caused the damage --------------------------------------------------
def _cards_left(state: LtkState, seat: int, ctx: Ctx) -> bool:
    return _mine(state, seat, ctx) and any(c in state.table or c in state.discard for c in ctx["cards"])


def _jianxiong(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    for c in ctx["cards"]:
        for pile in (state.table, state.discard):
            if c in pile:
                pile.remove(c)
                core.gain(state, seat, c, True, events, "jianxiong")


core.TRIGGERS.register(Ability("jianxiong", "after_damage", _jianxiong, _cards_left, optional=True))


# ----- Fankui: take one card of the source -----------------------------------------------------------------
def _source_has_cards(state: LtkState, seat: int, ctx: Ctx) -> bool:
    src = ctx["source"]
    return (_mine(state, seat, ctx) and src >= 0 and src != seat and state.seats[src].alive
            and core.has_cards(state, src, judgement=False))


def _fankui(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    core.take(state, seat, ctx["source"], "fankui", judgement=False)


def _fankui_take(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and value.get("take", NO_CARD) != NO_CARD:
        core.gain(state, seat, value["take"], value["zone"] != "hand", events, "fankui", seen_by=(ctx["source"],))
        core.lost(state, ctx["source"], value["take"], value["zone"], events)


core.TRIGGERS.register(Ability("fankui", "after_damage", _fankui, _source_has_cards, optional=True,
                               resume=_fankui_take))


# ----- Ganglie: judge; not a heart: the source discards two hand cards or takes 1 damage -------------------
def _living_source(state: LtkState, seat: int, ctx: Ctx) -> bool:
    src = ctx["source"]
    return _mine(state, seat, ctx) and src >= 0 and src != seat and state.seats[src].alive


def _ganglie(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    core.judge(state, seat, "ganglie")


def _ganglie_judged(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    judged = value["judge"] if isinstance(value, dict) and "judge" in value else NO_CARD
    if judged >= 0 and SUIT[judged] != "heart" and state.seats[ctx["source"]].alive:
        push(state, Ganglie(by=seat), ctx["source"])


@core.rule
class GanglieRule(FrameRule[LtkState]):
    """The source of the damage chooses: discard two hand cards, or take 1 damage from Xiahou Dun."""

    kind = "ganglie"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        picked: list[int] = []
        for value in frame.results:
            if isinstance(value, dict) and value.get("purpose") == "ganglie":
                picked = value["picked"]
        frame.results.clear()
        finish(state, frame, None)
        if picked:  # after this frame is gone: what the loss fires resolves next
            ganglie: Ganglie = frame.data
            assert ganglie.who is not None  # set by answer before the discard was chosen
            core.discard_own(state, ganglie.who, picked, events, "ganglie")

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        return (["discard"] if len(state.seats[seat].hand) >= 2 else []) + ["suffer"]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        frame.seat = NO_SEAT
        d: Ganglie = frame.data
        d.who = seat
        if action == "discard":
            select(state, seat, state.seats[seat].hand, 2, 2, "ganglie")
        else:
            finish(state, frame, None)
            core.damage(state, d.by, seat, 1, [], events, by="ganglie")


core.TRIGGERS.register(Ability("ganglie", "after_damage", _ganglie, _living_source, optional=True,
                               resume=_ganglie_judged))


# ----- Yiji: for each point, look at the top two cards and hand them out -----------------------------------
def _yiji(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    # one point's look; the points still to come wait in ctx, each offered again with its own decline
    ctx["yiji_left"] = ctx.get("yiji_left", int(ctx["amount"])) - 1
    push(state, Yiji(who=seat, cards=[], looked=False))


def _yiji_again(state: LtkState, seat: int, ctx: Ctx, value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and "yiji" in value and ctx["yiji_left"] > 0 and state.seats[seat].alive:
        push(state, "ability", seat, name="yiji", timing="after_damage")


@core.rule
class YijiRule(FrameRule[LtkState]):
    """Guo Jia looks at the top two cards and gives each to any player (``give card=C to=T``)."""

    kind = "yiji"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Yiji = frame.data
        if d.looked or not state.seats[d.who].alive:
            frame.seat = d.who if d.cards and state.seats[d.who].alive else NO_SEAT
            if frame.seat == NO_SEAT:
                finish(state, frame, {"yiji": d.who})
            return
        d.looked = True
        for _ in range(2):
            if not core.refill(state, events):
                return
            d.cards.append(state.draw.pop())
        events.append(Event("look", {"seat": d.who, "count": 2}, {"cards": d.cards[:]}, (d.who,)))
        frame.seat = d.who

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        d: Yiji = frame.data
        return [f"give card={c} to={t}" for c in d.cards for t in core.alive(state)]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        move = Move.parse(action)
        card, to = move.number("card"), move.number("to")
        d: Yiji = frame.data
        d.cards.remove(card)
        core.gain(state, to, card, False, events, "yiji", seen_by=(seat,))
        frame.seat = NO_SEAT


core.TRIGGERS.register(Ability("yiji", "after_damage", _yiji, _mine, optional=True, resume=_yiji_again))


# ----- Jieming: for each point, a player draws up to their maximum health (at most 5) -----------------------
def _jieming(state: LtkState, seat: int, ctx: Ctx, events: list[Event]) -> None:
    push(state, Jieming(points=int(ctx["amount"])), seat)


@core.rule
class JiemingRule(FrameRule[LtkState]):
    kind = "jieming"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        finish(state, frame, None)

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        return [f"choose target={t}" for t in core.alive(state)] + ["decline"]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        d: Jieming = frame.data
        d.points -= 1
        if action != "decline":
            t = Move.parse(action).number("target")
            s = state.seats[t]
            need = min(5, s.max_hp) - len(s.hand)
            if need > 0:
                core.draw(state, t, need, events)
        if d.points <= 0 or action == "decline" or core.over(state):
            frame.seat = NO_SEAT


core.TRIGGERS.register(Ability("jieming", "after_damage", _jieming, _mine, optional=True))
