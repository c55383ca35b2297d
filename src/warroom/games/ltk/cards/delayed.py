"""Delayed tools (延时锦囊): Indulgence (乐不思蜀) and Lightning (闪电), and the judgement phase.

A delayed tool waits in a judgement area; in its holder's judgement phase the cards are resolved
one by one, the last placed first: a Negate chain, then (unless negated) a judgement.
"""

from __future__ import annotations

from warroom.engine.events import Event
from warroom.engine.frames import Frame, FrameRule, finish, push
from warroom.games.ltk import core
from warroom.games.ltk.cards import KIND, RANK, SUIT
from warroom.games.ltk.cards import tools as _tools
from warroom.games.ltk.frames import JudgeArea, JudgeAreaStage, Turn
from warroom.games.ltk.state import NO_CARD, LtkState


def _has(state: LtkState, seat: int, kind: str) -> bool:
    return any(core.judge_kind(state, c) == kind for c in state.seats[seat].judge)


def _indulgence_targets(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    out = [[t] for t in core.order_from(state, seat)[1:]
           if not _has(state, t, "indulgence") and _tools.allowed(state, seat, t, "indulgence")]
    return out or None


def _lightning_targets(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    return None if _has(state, seat, "lightning") else [[]]  # on oneself


def place(state: LtkState, user: int, card: int, kind: str, target: int, events: list[Event]) -> None:
    """A delayed tool goes from the table to ``target``'s judgement area."""
    if card in state.table:
        state.table.remove(card)
    state.seats[target].judge.append(card)
    if KIND[card] != kind:
        state.virtual[str(card)] = kind
    events.append(Event("use", {"seat": user, "card": kind, "cards": [card], "targets": [target]}))
    core.TRIGGERS.fire(state, "tool_used", {"user": user, "card": kind}, [user])


core.USES["indulgence"] = core.Use(_indulgence_targets,
                                   lambda s, p, c, t, e: place(s, p, c, "indulgence", t[0], e))
core.USES["lightning"] = core.Use(_lightning_targets, lambda s, p, c, t, e: place(s, p, c, "lightning", p, e))
@core.rule
class JudgeAreaRule(FrameRule[LtkState]):
    """The judgement phase: each card of the area, last placed first."""

    kind = "judge_area"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: JudgeArea = frame.data
        seat = d.who
        s = state.seats[seat]
        if d.stage == JudgeAreaStage.NEXT:
            frame.results.clear()
            pending = [c for c in s.judge if c not in d.done]
            if not pending or not s.alive:
                finish(state, frame, {"skip": d.skip})
                return
            card = pending[-1]
            d.card = card
            d.done.append(card)
            d.stage = JudgeAreaStage.NEGATED
            _tools.negate(state, {"card": core.judge_kind(state, card), "target": seat, "delayed": True})
            return
        card = d.card
        kind = core.judge_kind(state, card)
        if d.stage == JudgeAreaStage.NEGATED:
            if _tools.negated(frame):
                frame.results.clear()
                events.append(Event("negated", {"card": kind, "target": seat}))
                d.stage = JudgeAreaStage.NEXT
                if kind == "lightning":
                    pass_lightning(state, seat, card, events)
                else:
                    core.discard_cards(state, seat, [card], events, "negated")
                return
            frame.results.clear()
            d.stage = JudgeAreaStage.JUDGED
            core.judge(state, seat, kind)
            return
        result = core.judged(frame)
        frame.results.clear()
        d.stage = JudgeAreaStage.NEXT
        if result < 0:
            return
        # judge_effect: what the judgement decided, one entry for the log's line and the browser's panel
        if kind == "indulgence":
            core.discard_cards(state, seat, [card], events, "resolved")
            skipped = SUIT[result] != "heart"
            events.append(Event("judge_effect", {"seat": seat, "reason": kind, "card": result,
                                                 "effect": "skip" if skipped else "escaped"}))
            if skipped:
                d.skip.append("action")
                events.append(Event("indulged", {"seat": seat}))
        elif SUIT[result] == "spade" and 2 <= RANK[result] <= 9:
            core.discard_cards(state, seat, [card], events, "struck")
            events.append(Event("judge_effect", {"seat": seat, "reason": kind, "card": result, "effect": "struck"}))
            core.damage(state, -1, seat, 3, [card], events, by="lightning")  # Jianxiong may take it
        else:
            to = _lightning_next(state, seat)
            events.append(Event("judge_effect", {"seat": seat, "reason": kind, "card": result,
                                                 "effect": "passes" if to >= 0 else "stays", "to": to}))
            pass_lightning(state, seat, card, events)


def _lightning_next(state: LtkState, seat: int) -> int:
    """The next living player who has no Lightning and may be given it, or -1."""
    for t in core.order_from(state, seat)[1:]:
        if not _has(state, t, "lightning") and _tools.allowed(state, seat, t, "lightning_pass"):
            return t
    return -1


def pass_lightning(state: LtkState, seat: int, card: int, events: list[Event]) -> None:
    """Lightning moves on to the next living player who has none (it stays if nobody can take it)."""
    t = _lightning_next(state, seat)
    if t >= 0:
        state.seats[seat].judge.remove(card)
        state.seats[t].judge.append(card)
        events.append(Event("lightning_moves", {"from": seat, "to": t, "card": card}))


def judgement_phase(state: LtkState, frame: Frame, events: list[Event]) -> None:
    if state.seats[state.current].judge:
        push(state, JudgeArea(who=state.current, done=[], card=NO_CARD, skip=[]))


def judgement_phase_end(state: LtkState, frame: Frame, events: list[Event]) -> None:
    """Phases the judgements made the player skip (Indulgence: the action phase)."""
    for value in frame.results:
        if isinstance(value, dict) and "skip" in value:
            turn: Turn = frame.data
            turn.skip.extend(value["skip"])
