"""Buqu (不屈, Zhou Tai): below 1 health he may put the top card of the draw pile face up on his
general for each point lost there; while their ranks all differ he does not enter dying (he lives
on at 0 health or lower, with a hand limit of 0). Two cards of one rank: dying as usual. Each
point of health he recovers discards one of those cards."""

from __future__ import annotations

from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, finish, push
from warroom.games.ltk import core
from warroom.games.ltk.cards import RANK
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
        d = frame.data
        s = state.seats[seat]
        finish(state, frame, None)
        if action == "decline":
            push(state, "dying", dying=seat, killer=d["killer"], stage=0)
            return
        for _ in range(d["points"]):
            if not core.refill(state, events):
                return
            s.buqu.append(state.draw.pop())
        events.append(Event("buqu", {"seat": seat, "cards": s.buqu[:]}))
        ranks = [RANK[c] for c in s.buqu]
        if len(set(ranks)) < len(ranks):
            push(state, "dying", dying=seat, killer=d["killer"], stage=0)

    def decision_kind(self, state: LtkState, frame: Frame) -> str:
        return "ability:buqu"
