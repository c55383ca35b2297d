"""Instant tool cards (普通锦囊) and Negate (无懈可击).

A tool in resolution is a ``tool`` frame: for each target in order, a Negate chain is asked
(a ``negation`` frame), then the card's effect for that target. A Negate is itself answered by
a new ``negation`` frame, to any depth; when a Negate is cancelled, the card it aimed at is again
about to take effect and the table is asked once more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from warroom.engine.actions import Move
from warroom.engine.choices import select
from warroom.engine.events import Event
from warroom.engine.frames import Frame, FrameRule, finish, push
from warroom.engine.windows import Then, WindowRule
from warroom.games.ltk import core
from warroom.games.ltk.cards import basic
from warroom.games.ltk.frames import Duel, DuelStage, Negation, NegationStage, ToolStage, ToolUse
from warroom.games.ltk.generals import GENERALS
from warroom.games.ltk.state import NO_CARD, LtkState

# ----- Negate -------------------------------------------------------------------------------------------
# extra ways of producing a Negate (skills): seat -> actions
NEGATE_SOURCES: list[Callable[[LtkState, int], list[str]]] = []


def negate(state: LtkState, about: dict[str, object]) -> Frame | None:
    """Push a Negate chain about a card taking effect (``about`` says which, for prompts).

    When the window would ask nobody (no living player could Negate, and windows are not
    uniform), the chain's outcome is handed down at once instead (``None``: nothing pushed), as
    the frame would have done without a decision in between."""
    if nobody_negates(state):
        state.frames[-1].results.append({"negated": False})
        return None
    return push(state, Negation(about=dict(about)))


def can_negate(state: LtkState, seat: int) -> bool:
    """Whether ``seat`` has a Negate to use now (``_negate_responses`` would list one)."""
    return core.has_in_hand(state, seat, "nullification") or any(f(state, seat) for f in NEGATE_SOURCES)


def nobody_negates(state: LtkState) -> bool:
    """Whether a Negate window would ask nobody (no living player could Negate, windows not uniform)."""
    return not core.uniform(state) and not any(can_negate(state, t) for t in core.order_from(state, state.current))


@core.rule
class NegationRule(FrameRule[LtkState]):
    kind = "negation"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Negation = frame.data
        if d.stage == NegationStage.ASK:
            frame.results.clear()  # what the Negate's own timing point handed back (Jizhi)
            if nobody_negates(state):  # a Negate of a Negate is pushed before Jizhi draws: asked here
                finish(state, frame, {"negated": False})
                return
            d.stage = NegationStage.ANSWERED
            core.open_window(state, "negate", core.order_from(state, state.current), about=d.about)
            return
        outcome = frame.results.pop()
        frame.results.clear()
        if not outcome["answers"]:
            finish(state, frame, {"negated": False})
            return
        nested = [r for r in outcome["results"] if isinstance(r, dict) and "negated" in r]
        if nested and nested[-1]["negated"]:
            d.stage = NegationStage.ASK  # the Negate was cancelled: the card is about to take effect again
            return
        finish(state, frame, {"negated": True})


def _negate_responses(state: LtkState, frame: Frame, seat: int) -> list[str]:
    out = [f"use card={c}" for c in core.hand_of(state, seat, "nullification")]
    for source in NEGATE_SOURCES:
        out += source(state, seat)
    return out


def _negate_respond(state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> Then:
    card = Move.parse(action).number("card")
    core.take_from_hand(state, seat, card)
    state.discard.append(card)
    about = frame.data["about"]
    events.append(Event("use", {"seat": seat, "card": "nullification", "cards": [card], "targets": [],
                                "against": about}))
    # the chain about this Negate waits below its timing point: Jizhi draws before anyone is asked
    push(state, Negation(about={"card": "nullification", "user": seat, "depth": int(str(about.get("depth", 0))) + 1}))
    core.TRIGGERS.fire(state, "tool_used", {"user": seat, "card": "nullification"}, [seat])
    core.lost(state, seat, card, "hand", events)
    return "close"


core.WINDOWS.register(WindowRule("negate", _negate_responses, _negate_respond,
                                 can_respond=lambda s, f, seat: can_negate(s, seat)))


def negated(frame: Frame) -> bool:
    for value in reversed(frame.results):
        if isinstance(value, dict) and "negated" in value:
            return bool(value["negated"])
    return False


# ----- the tool frame ---------------------------------------------------------------------------------------
Effect = Callable[[LtkState, Frame, int, list[Event]], None]


@dataclass(frozen=True, slots=True)
class Tool:
    effect: Effect  # the effect on one target (may push frames)
    after: Effect | None = None  # once the effect's frames are done, for the same target
    start: Callable[[LtkState, Frame, list[Event]], None] | None = None
    end: Callable[[LtkState, Frame, list[Event]], None] | None = None


TOOLS: dict[str, Tool] = {}


def use_tool(state: LtkState, user: int, kind: str, cards: list[int], targets: list[int], events: list[Event],
             negatable: bool = True, told: dict[str, Any] | None = None) -> Frame:
    """``told``: what the ``use`` event says instead of or besides the plain card and targets."""
    events.append(Event("use", {"seat": user, "card": kind, "cards": list(cards), "targets": list(targets),
                                **(told or {})}))
    frame = push(state, ToolUse(user=user, card=kind, cards=list(cards), targets=list(targets), at=0,
                                negatable=negatable))
    # the timing point of using it sits above the tool: Jizhi draws before it resolves or is Negated
    core.TRIGGERS.fire(state, "tool_used", {"user": user, "card": kind}, [user])
    return frame


@core.rule
class ToolRule(FrameRule[LtkState]):
    kind = "tool"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: ToolUse = frame.data
        tool = TOOLS[d.card]
        if d.stage == ToolStage.START:
            frame.results.clear()
            d.stage = ToolStage.NEGATE
            if tool.start is not None:
                tool.start(state, frame, events)
            return
        if d.at >= len(d.targets):
            if tool.end is not None:
                tool.end(state, frame, events)
            core.to_discard_from_table(state, d.cards)
            finish(state, frame, None)
            return
        target = d.targets[d.at]
        if d.stage == ToolStage.NEGATE:
            frame.results.clear()
            if not state.seats[target].alive or not _still_valid(state, frame, target):
                d.at += 1
                return
            d.stage = ToolStage.EFFECT
            if d.negatable:
                negate(state, {"card": d.card, "user": d.user, "target": target})
            return
        if d.stage == ToolStage.EFFECT:
            d.stage = ToolStage.AFTER
            if negated(frame):
                events.append(Event("negated", {"card": d.card, "target": target}))
                d.stage = ToolStage.NEGATED
                return
            frame.results.clear()
            tool.effect(state, frame, target, events)
            return
        if d.stage == ToolStage.AFTER and tool.after is not None:
            tool.after(state, frame, target, events)
        frame.results.clear()
        d.at += 1
        d.stage = ToolStage.NEGATE


def _still_valid(state: LtkState, frame: Frame, target: int) -> bool:
    kind = frame.data.card
    if kind in ("dismantlement", "snatch"):
        return core.has_cards(state, target)
    if kind == "god_salvation":
        s = state.seats[target]
        return s.hp < s.max_hp  # an unwounded target is skipped, with no Negate asked
    return True


# ----- target rules -------------------------------------------------------------------------------------------
# (state, user, target) -> False when a skill forbids the target (Kongcheng, Qianxun)
TOOL_TARGET_BANS: list[Callable[[LtkState, int, int, str], bool]] = []
NO_DISTANCE_LIMIT: list[Callable[[LtkState, int], bool]] = []  # Qicai


def allowed(state: LtkState, user: int, target: int, kind: str) -> bool:
    return not any(ban(state, user, target, kind) for ban in TOOL_TARGET_BANS)


def _others(state: LtkState, seat: int) -> list[int]:
    return [t for t in core.order_from(state, seat) if t != seat]


def single(kind: str, ok: Callable[[LtkState, int, int], bool]) -> core.Targets:
    def targets(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
        out = [[t] for t in _others(state, seat) if ok(state, seat, t) and allowed(state, seat, t, kind)]
        return out or None
    return targets


def _apply_single(kind: str) -> core.Apply:
    def apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
        use_tool(state, seat, kind, [card], targets, events)
    return apply


def _near(state: LtkState, seat: int, t: int) -> bool:
    return core.distance(state, seat, t) <= 1 or any(f(state, seat) for f in NO_DISTANCE_LIMIT)


# ----- Something for Nothing ----------------------------------------------------------------------------------
def _ex_nihilo(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    core.draw(state, target, 2, events)


TOOLS["ex_nihilo"] = Tool(_ex_nihilo)
def _on_self(kind: str) -> core.Apply:
    def apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
        use_tool(state, seat, kind, [card], [seat], events)
    return apply


core.USES["ex_nihilo"] = core.Use(lambda s, p, c: [[]], _on_self("ex_nihilo"))


# ----- Dismantle and Steal ------------------------------------------------------------------------------------
def _pick_card(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    core.take(state, frame.data.user, target, frame.data.card)


def _taken(frame: Frame) -> tuple[int, str]:
    for value in reversed(frame.results):
        if isinstance(value, dict) and "take" in value:
            return int(value["take"]), str(value["zone"])
    return NO_CARD, ""


def _dismantled(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    card, zone = _taken(frame)
    if card != NO_CARD:
        state.discard.append(card)
        events.append(Event("discard", {"seat": target, "cards": [card], "why": "dismantlement"}))
        core.lost(state, target, card, zone, events)


def _stolen(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    card, zone = _taken(frame)
    if card != NO_CARD:
        user = frame.data.user
        # a card from the hand is seen by its taker and its owner only; equipment by everyone
        core.gain(state, user, card, zone != "hand", events, "snatch", seen_by=(target,))
        core.lost(state, target, card, zone, events)


TOOLS["dismantlement"] = Tool(_pick_card, _dismantled)
TOOLS["snatch"] = Tool(_pick_card, _stolen)
core.USES["dismantlement"] = core.Use(single("dismantlement", lambda s, p, t: core.has_cards(s, t)),
                                      _apply_single("dismantlement"))
core.USES["snatch"] = core.Use(single("snatch", lambda s, p, t: core.has_cards(s, t) and _near(s, p, t)),
                               _apply_single("snatch"))


# ----- Duel ---------------------------------------------------------------------------------------------------
def kills_needed(state: LtkState, seat: int, against: int) -> int:
    """Kills ``seat`` must play each time in a Duel against ``against`` (Wushuang: 2)."""
    return 2 if core.holds(state, against, "wushuang") else 1


def _duel(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    start_duel(state, frame.data.user, target, frame.data.cards, "duel")


def start_duel(state: LtkState, user: int, target: int, cards: list[int], by: str) -> Frame:
    return push(state, Duel(user=user, target=target, turn=target, cards=list(cards), by=by))


@core.rule
class DuelRule(FrameRule[LtkState]):
    """The two play Kills in turn, the target first; the first who does not takes 1 damage."""

    kind = "duel"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Duel = frame.data
        turn = d.turn
        other = d.user if turn == d.target else d.target
        if d.stage == DuelStage.ASK:
            if not (state.seats[turn].alive and state.seats[other].alive):
                finish(state, frame, None)
                return
            d.stage = DuelStage.ANSWERED
            basic.ask_kill(state, turn, kills_needed(state, turn, other), "duel", other)
            return
        if d.stage == DuelStage.ANSWERED:
            if basic.answered(frame):
                d.turn = other
                d.stage = DuelStage.ASK
                frame.results.clear()
                return
            d.stage = DuelStage.DONE
            frame.results.clear()
            core.damage(state, other, turn, 1 + basic.damage_bonus(state, other, "duel"), d.cards, events,
                        by=d.by)
            return
        frame.results.clear()
        finish(state, frame, None)


TOOLS["duel"] = Tool(_duel)
core.USES["duel"] = core.Use(single("duel", lambda s, p, t: True), _apply_single("duel"))


# ----- Borrowed Sword -----------------------------------------------------------------------------------------
def _collateral_targets(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    out = []
    for a in _others(state, seat):
        if state.seats[a].equip[0] == NO_CARD or not allowed(state, seat, a, "collateral"):
            continue
        out += [[a, b] for b in basic.kill_targets(state, a)]
    return out or None


def _collateral(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    victim = frame.data.targets[1]
    frame.data.targets = frame.data.targets[:1]  # only A is the card's target
    frame.data.victim = victim
    if not state.seats[victim].alive or victim not in basic.kill_targets(state, target):
        frame.data.refused = True
        return
    basic.ask_kill(state, target, 1, "collateral", victim, verb="use", to_table=True)


def _collateral_after(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    d: ToolUse = frame.data
    if not d.refused and basic.answered(frame):
        assert d.victim is not None  # _collateral noted it before asking for the Kill
        kill = basic.answer_cards(frame)  # on the table already (``to_table``)
        basic.use_kill(state, target, kill, d.victim, events)
        return
    weapon = state.seats[target].equip[0]
    if weapon != NO_CARD:
        # A gives the weapon to the user: from A's equipment straight into the user's hand, in the
        # open (one "give" event; nothing is discarded or equipped)
        state.seats[target].equip[0] = NO_CARD
        user = state.seats[d.user]
        user.hand.append(weapon)
        user.known.append(weapon)
        events.append(Event("give", {"seat": target, "to": d.user, "card": weapon, "zone": "equip",
                                     "why": "collateral"}))
        core.lost(state, target, weapon, "equip", events)


def _collateral_apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
    # the card's one target is A; B is whom A must Kill
    use_tool(state, seat, "collateral", [card], targets, events,
             told={"targets": targets[:1], "victim": targets[1]})


TOOLS["collateral"] = Tool(_collateral, _collateral_after)
core.USES["collateral"] = core.Use(_collateral_targets, _collateral_apply)


# ----- Barbarian Invasion and Arrow Barrage -------------------------------------------------------------------
def _everyone_else(kind: str) -> core.Targets:
    def targets(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
        return [[]]  # no choice: every other player, in turn order from the next one
    return targets


def _area_apply(kind: str) -> core.Apply:
    def apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
        use_tool(state, seat, kind, [card], [t for t in _others(state, seat) if allowed(state, seat, t, kind)],
                 events)
    return apply


def _barbarians(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    basic.ask_kill(state, target, 1, "savage_assault", frame.data.user)


def _arrows(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    basic.ask_dodge(state, target, 1, "archery_attack", frame.data.user, verb="play")


def _hit_unless_answered(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    if not basic.answered(frame):
        core.damage(state, frame.data.user, target, 1, frame.data.cards, events, by=frame.data.card)


TOOLS["savage_assault"] = Tool(_barbarians, _hit_unless_answered)
TOOLS["archery_attack"] = Tool(_arrows, _hit_unless_answered)
for _k in ("savage_assault", "archery_attack"):
    core.USES[_k] = core.Use(_everyone_else(_k), _area_apply(_k))


# ----- Peach Garden and Harvest -------------------------------------------------------------------------------
def _all_from_user(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    return [[]]


def _garden(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    core.recover(state, target, 1, events)


def _harvest_start(state: LtkState, frame: Frame, events: list[Event]) -> None:
    revealed: list[int] = []
    for _ in frame.data.targets:
        if not core.refill(state, events):
            return
        revealed.append(state.draw.pop())
    state.table.extend(revealed)
    frame.data.revealed = revealed
    events.append(Event("reveal", {"cards": revealed[:], "why": "amazing_grace"}))


def _harvest(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    left = frame.data.revealed or []  # none if the draw ran out (the game ended)
    if len(left) == 1:  # the last card: nothing to choose
        card = left.pop()
        state.table.remove(card)
        core.gain(state, target, card, True, events, "amazing_grace")
    elif left:
        select(state, target, left, 1, 1, "harvest", public=True)


def _harvest_after(state: LtkState, frame: Frame, target: int, events: list[Event]) -> None:
    for value in frame.results:
        if isinstance(value, dict) and value.get("purpose") == "harvest":
            for card in value["picked"]:
                frame.data.revealed.remove(card)
                state.table.remove(card)
                core.gain(state, target, card, True, events, "amazing_grace")


def _harvest_end(state: LtkState, frame: Frame, events: list[Event]) -> None:
    core.to_discard_from_table(state, (frame.data.revealed or []))


def _all_apply(kind: str) -> core.Apply:
    def apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
        use_tool(state, seat, kind, [card], core.order_from(state, seat), events)
    return apply


TOOLS["god_salvation"] = Tool(_garden)
TOOLS["amazing_grace"] = Tool(_harvest, _harvest_after, _harvest_start, _harvest_end)
core.USES["god_salvation"] = core.Use(_all_from_user, _all_apply("god_salvation"))
core.USES["amazing_grace"] = core.Use(_all_from_user, _all_apply("amazing_grace"))


def is_male(state: LtkState, seat: int) -> bool:
    return GENERALS[state.seats[seat].general].gender == "male"
