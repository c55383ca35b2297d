"""Lord skills that ask the Monarch's kingdom for cards: Hujia (护驾, Wei give Dodges) and
Jijiang (激将, Shu give Kills). When the lord is asked for that card, he may first ask the others of
his kingdom one by one in turn order; the first who plays one answers for him. In his action
phase Liu Bei may also use Jijiang to have a Kill played for him (``jijiang target=T``)."""

from __future__ import annotations

from warroom.engine.actions import Move
from warroom.engine.events import Event
from warroom.engine.frames import Frame, FrameRule, finish, push
from warroom.games.ltk import core
from warroom.games.ltk.cards import basic
from warroom.games.ltk.frames import Jijiang, TwoStage
from warroom.games.ltk.generals.passive import kingdom
from warroom.games.ltk.state import LtkState

basic.HELPERS["jink"] = "hujia"
basic.HELPERS["slash"] = "jijiang"
basic.HELPER_OK["hujia"] = lambda s, t: kingdom(s, t) == "wei"
basic.HELPER_OK["jijiang"] = lambda s, t: kingdom(s, t) == "shu"


def _shu(state: LtkState, seat: int) -> list[int]:
    return [t for t in core.order_from(state, seat)[1:] if kingdom(state, t) == "shu"]


def _jijiang_legal(state: LtkState, seat: int) -> list[str]:
    if not core.holds(state, seat, "jijiang") or not _shu(state, seat) or state.used.get("jijiang_failed"):
        return []
    if state.used.get("kill", 0) >= basic.kill_limit(state, seat):
        return []
    return [f"jijiang target={t}" for t in basic.kill_targets(state, seat)]


def _jijiang_apply(state: LtkState, seat: int, move: Move, events: list[Event]) -> None:
    events.append(Event("ability", {"seat": seat, "ability": "jijiang"}))
    push(state, Jijiang(who=seat, target=move.number("target")))


@core.rule
class JijiangRule(FrameRule[LtkState]):
    kind = "jijiang"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Jijiang = frame.data
        if d.stage == TwoStage.START:
            d.stage = TwoStage.DONE
            core.open_window(state, "respond", _shu(state, d.who), card="slash", need=1, verb="play",
                             why="jijiang", against=d.target, on_behalf=d.who, to_table=True)
            return
        outcome = frame.results.pop()
        frame.results.clear()
        finish(state, frame, None)
        used = basic.window_used(outcome)
        if not used:
            state.used["jijiang_failed"] = 1  # nobody answered: not again this phase
            return
        state.used["kill"] = state.used.get("kill", 0) + 1  # it is Liu Bei's Kill and counts
        basic.use_kill(state, d.who, used, d.target, events)


core.PHASE_ACTIONS["jijiang"] = (_jijiang_legal, _jijiang_apply)
