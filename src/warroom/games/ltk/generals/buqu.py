"""Buqu (不屈, Zhou Tai): below 1 health he may put the top card of the draw pile face up on his
general for each point lost there; while their ranks all differ he does not enter dying (he lives
on at 0 health or lower, with a hand limit of 0). Two cards of one rank: dying as usual. Each
point of health he recovers discards one of those cards, which he chooses; whether he is still
dying follows the cards (a Peach that discards one of two cards of a rank saves him at 0 health)."""

from __future__ import annotations

from warroom.engine.choices import picked, select
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, finish, push
from warroom.games.ltk import core
from warroom.games.ltk.cards import RANK
from warroom.games.ltk.frames import Buqu, BuquDiscard, Dying
from warroom.games.ltk.state import LtkState


@core.rule
class BuquRule(FrameRule[LtkState]):
    kind = "buqu"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        finish(state, frame, None)

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        return ["decline", "use ability=buqu"]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        frame.seat = NO_SEAT
        d: Buqu = frame.data
        s = state.seats[seat]
        finish(state, frame, None)
        if action == "decline":
            push(state, Dying(dying=seat, killer=d.killer))
            return
        for _ in range(d.points):
            if not core.refill(state, events):
                return
            s.buqu.append(state.draw.pop())
        events.append(Event("buqu", {"seat": seat, "cards": s.buqu[:]}))
        ranks = [RANK[c] for c in s.buqu]
        if len(set(ranks)) < len(ranks):
            push(state, Dying(dying=seat, killer=d.killer))

    def decision_kind(self, state: LtkState, frame: Frame) -> str:
        return "ability:buqu"


def _keeps_up(state: LtkState, seat: int) -> bool:
    """Buqu holds Zhou Tai up below 1 health: a card for each point below 1, their ranks all different."""
    s = state.seats[seat]
    ranks = {RANK[c] for c in s.buqu}
    return core.holds(state, seat, "buqu") and len(ranks) == len(s.buqu) >= 1 - s.hp


def _recovered(state: LtkState, seat: int, points: int, events: list[Event]) -> None:
    """Each point recovered discards one Buqu card: all of them at once, else those Zhou Tai picks."""
    s = state.seats[seat]
    count = min(points, len(s.buqu))
    if count == len(s.buqu):
        _discard(state, seat, s.buqu[:], events)
    elif count:
        push(state, BuquDiscard(who=seat, count=count, asked=False))


def _discard(state: LtkState, seat: int, cards: list[int], events: list[Event]) -> None:
    s = state.seats[seat]
    for c in cards:
        s.buqu.remove(c)
    state.discard.extend(cards)
    if cards:
        events.append(Event("discard", {"seat": seat, "cards": list(cards), "why": "buqu"}))


@core.rule
class BuquDiscardRule(FrameRule[LtkState]):
    """Zhou Tai picks the Buqu cards his recovery discards (public: they lie face up)."""

    kind = "buqu_discard"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: BuquDiscard = frame.data
        if not d.asked:
            d.asked = True
            select(state, d.who, state.seats[d.who].buqu, d.count, d.count, "buqu", public=True)
            return
        cards = next((p for p in (picked(v, "buqu") for v in frame.results) if p is not None), [])
        frame.results.clear()
        _discard(state, d.who, cards, events)
        finish(state, frame, {"buqu_discarded": cards})


core.ALIVE_BELOW_ONE.append(_keeps_up)
core.RECOVERED.append(_recovered)
