"""The basic cards: Kill (杀), Dodge (闪) and Peach (桃), and the rescue round they answer."""

from __future__ import annotations

from collections.abc import Callable

from warroom.engine.events import Event
from warroom.engine.frames import Frame, FrameRule, finish, push
from warroom.engine.windows import Then, WindowRule
from warroom.games.ltk import core
from warroom.games.ltk.state import LtkState

KILL_LIMIT = 1  # Kills used per action phase


def kill_limit(state: LtkState, seat: int) -> int:
    """How many Kills ``seat`` may use this action phase (Crossbow and Paoxiao lift it)."""
    for unlimited in UNLIMITED_KILLS:
        if unlimited(state, seat):
            return 1 << 30
    return KILL_LIMIT


UNLIMITED_KILLS: list[Callable[[LtkState, int], bool]] = []
# extra legality checks for a Kill target (Kongcheng: no hand, no Kill)
KILL_TARGET_BANS: list[Callable[[LtkState, int, int], bool]] = []


def kill_targets(state: LtkState, seat: int) -> list[int]:
    """The players ``seat`` may Kill now: other living players within attack range."""
    return [t for t in core.alive(state) if t != seat and core.in_range(state, seat, t)
            and not any(ban(state, seat, t) for ban in KILL_TARGET_BANS)]


def _kill_uses(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    if state.used.get("kill", 0) >= kill_limit(state, seat):
        return None
    return [[t] for t in kill_targets(state, seat)] or None


def _kill_apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
    state.used["kill"] = state.used.get("kill", 0) + 1
    use_kill(state, seat, [card], targets[0], events)


def use_kill(state: LtkState, user: int, cards: list[int], target: int, events: list[Event]) -> Frame:
    """``user`` uses a Kill made of ``cards`` (already on the table) on ``target``."""
    events.append(Event("use", {"seat": user, "card": "slash", "cards": list(cards), "targets": [target]}))
    return push(state, "kill", user=user, cards=list(cards), target=target, dodges=1, stage=0)


@core.rule
class KillRule(FrameRule[LtkState]):
    """A Kill taking effect on its target: a Dodge cancels it, otherwise 1 damage."""

    kind = "kill"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d = frame.data
        stage = d["stage"]
        if stage == 0:
            d["stage"] = 1
            if state.seats[d["target"]].alive:
                core.open_window(state, "dodge", [d["target"]], user=d["user"], why="kill", need=d["dodges"])
            return
        if stage == 1:
            d["stage"] = 2
            outcome = frame.results.pop() if frame.results else None
            dodged = outcome is not None and len(outcome["answers"]) >= d["dodges"]
            if dodged:
                events.append(Event("dodged", {"seat": d["target"], "by": d["user"]}))
            elif state.seats[d["target"]].alive:
                core.damage(state, d["user"], d["target"], 1, d["cards"], events, by="slash")
            return
        frame.results.clear()
        core.to_discard_from_table(state, d["cards"])
        finish(state, frame, None)


def _dodge_responses(state: LtkState, frame: Frame, seat: int) -> list[str]:
    return [f"use card={c}" for c in core.hand_of(state, seat, "jink")]


def _dodge_respond(state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> Then:
    card = int(action.rsplit("=", 1)[1])
    core.take_from_hand(state, seat, card)
    state.discard.append(card)
    events.append(Event("use", {"seat": seat, "card": "jink", "cards": [card], "targets": []}))
    return "close" if len(frame.answers) >= frame.data["need"] else "again"


core.WINDOWS.register(WindowRule("dodge", _dodge_responses, _dodge_respond))
core.USES["slash"] = core.Use(_kill_uses, _kill_apply)


# ----- Peach --------------------------------------------------------------------------------------
def _peach_uses(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    s = state.seats[seat]
    return [[]] if s.hp < s.max_hp else None


def _peach_apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
    events.append(Event("use", {"seat": seat, "card": "peach", "cards": [card], "targets": [seat]}))
    core.recover(state, seat, 1, events)
    core.to_discard_from_table(state, [card])


core.USES["peach"] = core.Use(_peach_uses, _peach_apply)


def _rescue_responses(state: LtkState, frame: Frame, seat: int) -> list[str]:
    dying = frame.data["dying"]
    if state.seats[dying].hp >= 1:
        return []
    return [f"use card={c}" for c in core.hand_of(state, seat, "peach")]


def _rescue_respond(state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> Then:
    dying = frame.data["dying"]
    card = int(action.rsplit("=", 1)[1])
    core.take_from_hand(state, seat, card)
    state.discard.append(card)
    events.append(Event("use", {"seat": seat, "card": "peach", "cards": [card], "targets": [dying]}))
    core.recover(state, dying, 1, events)
    return "close" if state.seats[dying].hp >= 1 else "again"


core.WINDOWS.register(WindowRule("rescue", _rescue_responses, _rescue_respond))
