"""Weapons (武器) and armor (防具): each effect is an ability of the wearer on a Kill's timing
points, or a rule hook (Crossbow lifts the Kill limit, Qinggang ignores armor). Eight Trigrams
and Renwang Shield are read where a Dodge is asked for and where a Kill takes effect."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from warroom.engine.actions import Move
from warroom.engine.choices import select
from warroom.engine.events import Event
from warroom.engine.frames import Frame, FrameRule, finish, push
from warroom.engine.triggers import Ability
from warroom.games.ltk import core
from warroom.games.ltk.cards import KIND, basic, tools
from warroom.games.ltk.frames import DoubleSwords, Spear
from warroom.games.ltk.state import NO_CARD, LtkState

for _name, _slot in (("crossbow", "weapon"), ("qinggang_sword", "weapon"), ("ice_sword", "weapon"),
                     ("double_swords", "weapon"), ("blade", "weapon"), ("spear", "weapon"), ("axe", "weapon"),
                     ("halberd", "weapon"), ("kylin_bow", "weapon"), ("eight_diagram", "armor"),
                     ("nioh_shield", "armor")):
    core.register_equipment(_name, _name, _slot)

# ----- Zhuge Crossbow and Qinggang Sword ----------------------------------------------------------------
basic.UNLIMITED_KILLS.append(lambda s, p: core.holds(s, p, "crossbow"))
core.ARMOR_IGNORED = lambda s, user: core.holds(s, user, "qinggang_sword")


# ----- Ice Sword ----------------------------------------------------------------------------------------
def _target_has_cards(state: LtkState, seat: int, ctx: dict[str, Any]) -> bool:
    return core.has_cards(state, ctx["target"], judgement=False)


def _ice_sword(state: LtkState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    ctx["prevent"] = True
    ctx["ice_taken"] = 0
    core.take(state, seat, ctx["target"], "ice_sword", judgement=False)


def _discard_taken(state: LtkState, seat: int, ctx: dict[str, Any], value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and value.get("take", NO_CARD) != NO_CARD:
        state.discard.append(value["take"])
        events.append(Event("discard", {"seat": ctx["target"], "cards": [value["take"]], "why": "ice_sword"}))
        ctx["ice_taken"] += 1
        if ctx["ice_taken"] < 2 and core.has_cards(state, ctx["target"], judgement=False):
            core.take(state, seat, ctx["target"], "ice_sword", judgement=False)  # the second, after the first
        core.lost(state, ctx["target"], value["take"], value["zone"], events)


core.TRIGGERS.register(Ability("ice_sword", "kill_hit", _ice_sword, _target_has_cards, optional=True,
                               resume=_discard_taken))


# ----- Double Swords ---------------------------------------------------------------------------------------
def _other_gender(state: LtkState, seat: int, ctx: dict[str, Any]) -> bool:
    return tools.is_male(state, seat) != tools.is_male(state, ctx["target"])


def _double_swords(state: LtkState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    if not state.seats[ctx["target"]].hand:
        core.draw(state, seat, 1, events)
        return
    push(state, DoubleSwords(user=seat), ctx["target"])


@core.rule
class DoubleSwordsRule(FrameRule[LtkState]):
    """The target chooses: discard one hand card, or let the Kill's user draw one."""

    kind = "double_swords"

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        return [*(f"discard card={c}" for c in sorted(state.seats[seat].hand)), "draw"]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        finish(state, frame, None)
        if action == "draw":
            swords: DoubleSwords = frame.data
            core.draw(state, swords.user, 1, events)
        else:
            card = Move.parse(action).number("card")
            core.discard_own(state, seat, [card], events, "double_swords")


core.TRIGGERS.register(Ability("double_swords", "kill_targeted", _double_swords, _other_gender, optional=True))


# ----- Green Dragon Crescent Blade ------------------------------------------------------------------------
def _has_kill(state: LtkState, seat: int, ctx: dict[str, Any]) -> bool:
    return state.seats[ctx["target"]].alive and bool(core.hand_of(state, seat, "slash"))


def _blade(state: LtkState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    basic.ask_kill(state, seat, 1, "blade", ctx["target"], verb="use", to_table=True)


def _blade_again(state: LtkState, seat: int, ctx: dict[str, Any], value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and value.get("answered"):
        cards = list(value["cards"])  # on the table already (``to_table``)
        basic.use_kill(state, seat, cards, ctx["target"], events)


core.TRIGGERS.register(Ability("blade", "kill_dodged", _blade, _has_kill, optional=True, resume=_blade_again))


# ----- Rock Cleaving Axe ---------------------------------------------------------------------------------
def _axe_cards(state: LtkState, seat: int) -> list[int]:
    s = state.seats[seat]
    return s.hand + [c for c in s.equip if c != NO_CARD and KIND[c] != "axe"]


def _axe(state: LtkState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    select(state, seat, _axe_cards(state, seat), 2, 2, "axe")


def _axe_paid(state: LtkState, seat: int, ctx: dict[str, Any], value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and value.get("purpose") == "axe":
        ctx["hit"] = True
        core.discard_own(state, seat, value["picked"], events, "axe")


core.TRIGGERS.register(Ability("axe", "kill_dodged", _axe, lambda s, p, ctx: len(_axe_cards(s, p)) >= 2,
                               optional=True, resume=_axe_paid))


# ----- Kylin Bow ------------------------------------------------------------------------------------------
def _horses(state: LtkState, seat: int) -> list[int]:
    return [c for c in state.seats[seat].equip[2:] if c != NO_CARD]


def _kylin(state: LtkState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    select(state, seat, _horses(state, ctx["target"]), 1, 1, "kylin_bow", public=True)


def _kylin_done(state: LtkState, seat: int, ctx: dict[str, Any], value: Any, events: list[Event]) -> None:
    if isinstance(value, dict) and value.get("purpose") == "kylin_bow":
        core.discard_own(state, ctx["target"], value["picked"], events, "kylin_bow")


core.TRIGGERS.register(Ability("kylin_bow", "kill_hit", _kylin, lambda s, p, ctx: bool(_horses(s, ctx["target"])),
                               optional=True, resume=_kylin_done))


# ----- Heaven Scorcher Halberd ------------------------------------------------------------------------------
_plain_kill_uses = core.USES["slash"].targets


def _halberd_uses(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    single = _plain_kill_uses(state, seat, card)
    if single is None or not core.holds(state, seat, "halberd") or state.seats[seat].hand != [card]:
        return single
    pool = [t[0] for t in single]
    return [list(c) for k in (1, 2, 3) for c in combinations(pool, k)]


def _halberd_apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
    state.used["kill"] = state.used.get("kill", 0) + 1
    # each target in turn order from the current player; the stack resolves the last pushed first
    for t in reversed(sorted(targets, key=lambda x: (x - state.current) % state.n)):
        basic.use_kill(state, seat, [card], t, events)


core.USES["slash"] = core.Use(_halberd_uses, _halberd_apply)


# ----- Serpent Spear ----------------------------------------------------------------------------------------
def spear_actions(state: LtkState, seat: int) -> list[str]:
    """Action phase: ``spear target=T``, then pick the two hand cards that make the Kill."""
    if not core.holds(state, seat, "spear") or len(state.seats[seat].hand) < 2:
        return []
    if state.used.get("kill", 0) >= basic.kill_limit(state, seat):
        return []
    return [f"spear target={t}" for t in basic.kill_targets(state, seat)]


def spear_apply(state: LtkState, seat: int, move: Move, events: list[Event]) -> None:
    push(state, Spear(target=move.number("target"), asked=False))


core.PHASE_ACTIONS["spear"] = (spear_actions, spear_apply)


@core.rule
class SpearRule(FrameRule[LtkState]):
    """Two hand cards picked one at a time become the Kill (its colour is theirs)."""

    kind = "spear"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Spear = frame.data
        seat = state.current
        if not d.asked:
            d.asked = True
            select(state, seat, state.seats[seat].hand, 2, 2, "spear")
            return
        finish(state, frame, None)
        for value in frame.results:
            if isinstance(value, dict) and value.get("purpose") == "spear":
                cards = value["picked"]
                for c in cards:
                    core.take_from_hand(state, seat, c)
                state.table.extend(cards)
                state.used["kill"] = state.used.get("kill", 0) + 1
                basic.use_kill(state, seat, cards, d.target, events)
                core.lost(state, seat, cards[-1], "hand", events)


# answering a request for a Kill (Duel, Barbarians, Borrowed Sword, Jijiang): ``spear`` in the
# respond window, then the two hand cards are picked; they count as one Kill
def _spear_answers(state: LtkState, seat: int, kind: str, verb: str) -> list[str]:
    if kind == "slash" and core.holds(state, seat, "spear") and len(state.seats[seat].hand) >= 2:
        return ["spear"]
    return []


def _spear_answer(state: LtkState, seat: int, action: str, kind: str) -> bool:
    if action != "spear":
        return False
    select(state, seat, state.seats[seat].hand, 2, 2, basic.RESPONSE_PICK)
    return True


basic.RESPONSE_SOURCES.append(_spear_answers)
basic.RESPONSE_PICKS.append(_spear_answer)
