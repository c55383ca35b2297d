"""The basic cards: Kill (杀), Dodge (闪) and Peach (桃); asking a player for Kills or Dodges
(with Eight Trigrams); the rescue round."""

from __future__ import annotations

from collections.abc import Callable

from warroom.engine.actions import Move
from warroom.engine.choices import picked
from warroom.engine.events import Event
from warroom.engine.frames import Frame, FrameRule, finish, push
from warroom.engine.windows import Then, WindowRule
from warroom.games.ltk import core
from warroom.games.ltk.cards import is_red
from warroom.games.ltk.frames import Ask, AskStage, Kill, KillStage
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
    reach = core.attack_range(state, seat)
    return [t for t, d in core.distances_from(state, seat).items() if d <= reach
            and not any(ban(state, seat, t) for ban in KILL_TARGET_BANS)]


def _kill_uses(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    if state.used.get("kill", 0) >= kill_limit(state, seat):
        return None
    return [[t] for t in kill_targets(state, seat)] or None


def _kill_apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
    state.used["kill"] = state.used.get("kill", 0) + 1
    use_kill(state, seat, [card], targets[0], events)


def kill_colour(cards: list[int]) -> str:
    """A Kill's colour from its cards: all red, all black, else none."""
    reds = [is_red(c) for c in cards]
    return "red" if reds and all(reds) else "black" if reds and not any(reds) else "none"


def use_kill(state: LtkState, user: int, cards: list[int], target: int, events: list[Event]) -> Frame:
    """``user`` uses a Kill made of ``cards`` (already on the table) on ``target``."""
    events.append(Event("use", {"seat": user, "card": "slash", "cards": list(cards), "targets": [target]}))
    dodges = 2 if core.holds(state, user, "wushuang") else 1
    return push(state, Kill(user=user, cards=list(cards), target=target, dodges=dodges))


@core.rule
class KillRule(FrameRule[LtkState]):
    """A Kill taking effect on its target: a Dodge cancels it, otherwise 1 damage.

    Timing points (fired for the user): ``kill_targeted`` (Double Swords, Tieqi: ctx
    ``undodgeable``), ``kill_dodged`` (Blade, Axe: ctx ``hit``), ``kill_hit`` before the damage
    (Ice Sword, Kylin Bow: ctx ``prevent``)."""

    kind = "kill"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Kill = frame.data
        user, target = d.user, d.target
        stage = d.stage
        if stage == KillStage.TARGET:
            d.stage = KillStage.TARGETED
            if not state.seats[target].alive:
                d.stage = KillStage.END
                return
            core.TRIGGERS.fire(state, "kill_becomes_target", {"user": user, "target": target}, [target])
            return
        if stage == KillStage.TARGETED:
            ctx = core.fired(frame) or {}
            frame.results.clear()
            if ctx.get("target", target) != target:  # Liuli passed the Kill on
                d.target = target = ctx["target"]
            d.stage = KillStage.ASK
            core.TRIGGERS.fire(state, "kill_targeted", {"user": user, "target": target, "undodgeable": False},
                               [user])
            return
        if stage == KillStage.ASK:
            ctx = core.fired(frame) or {}
            frame.results.clear()
            if core.armor(state, target, user) == "nioh_shield" and kill_colour(d.cards) == "black":
                events.append(Event("no_effect", {"seat": target, "by": "nioh_shield"}))
                d.stage = KillStage.END
                return
            if ctx.get("undodgeable"):
                d.stage = KillStage.HIT
                return
            d.stage = KillStage.ANSWERED
            ask_dodge(state, target, d.dodges, "slash", user, verb="use", armor_of=user)
            return
        if stage == KillStage.ANSWERED:
            if answered(frame):
                frame.results.clear()
                events.append(Event("dodged", {"seat": target, "by": user}))
                d.stage = KillStage.DODGED
                core.TRIGGERS.fire(state, "kill_dodged", {"user": user, "target": target, "hit": False}, [user])
                return
            frame.results.clear()
            d.stage = KillStage.HIT
            return
        if stage == KillStage.HIT:
            frame.results.clear()
            d.stage = KillStage.DAMAGE
            if state.seats[target].alive:
                core.TRIGGERS.fire(state, "kill_hit", {"user": user, "target": target, "prevent": False}, [user])
            return
        if stage == KillStage.DODGED:
            ctx = core.fired(frame) or {}
            frame.results.clear()
            d.stage = KillStage.HIT if ctx.get("hit") else KillStage.END
            return
        if stage == KillStage.DAMAGE:
            ctx = core.fired(frame) or {}
            frame.results.clear()
            d.stage = KillStage.END
            if not ctx.get("prevent") and state.seats[target].alive:
                core.damage(state, user, target, 1 + damage_bonus(state, user, "slash"), d.cards, events,
                            by="slash")
            return
        frame.results.clear()
        core.to_discard_from_table(state, d.cards)
        finish(state, frame, None)


DAMAGE_BONUS: list[Callable[[LtkState, int, str], int]] = []  # Luoyi


def damage_bonus(state: LtkState, seat: int, by: str) -> int:
    return sum(f(state, seat, by) for f in DAMAGE_BONUS)


core.USES["slash"] = core.Use(_kill_uses, _kill_apply)


# ----- asking for Dodges or Kills ----------------------------------------------------------------------
# other ways to produce a card a player is asked for: (state, seat, kind, verb) -> actions
RESPONSE_SOURCES: list[Callable[[LtkState, int, str, str], list[str]]] = []
# applying such an action: (state, seat, action, events) -> the physical cards it used, or None if not one
RESPONSE_APPLY: list[Callable[[LtkState, int, str, str, list[Event]], list[int] | None]] = []


def ask_dodge(state: LtkState, seat: int, need: int, why: str, against: int, verb: str = "play",
              armor_of: int = -1) -> Frame:
    """Ask ``seat`` for ``need`` Dodges (Eight Trigrams may supply them)."""
    return push(state, Ask(who=seat, card="jink", need=need, got=0, cards=[], why=why, against=against,
                           verb=verb, armor_of=armor_of))


def ask_kill(state: LtkState, seat: int, need: int, why: str, against: int, verb: str = "play",
             to_table: bool = False) -> Frame:
    """Ask ``seat`` for Kills. ``to_table``: the Kills answered are then used (Borrowed Sword,
    Blade), so they go onto the table, not the discard pile, and wait there while they resolve
    (a draw in between, Lianying's, may shuffle the discard pile into the draw pile)."""
    return push(state, Ask(who=seat, card="slash", need=need, got=0, cards=[], why=why, against=against,
                           verb=verb, armor_of=-1, to_table=to_table))


def answered(frame: Frame) -> bool:
    for value in reversed(frame.results):
        if isinstance(value, dict) and "answered" in value:
            return bool(value["answered"])
    return False


def answer_cards(frame: Frame) -> list[int]:
    for value in reversed(frame.results):
        if isinstance(value, dict) and "answered" in value:
            return list(value["cards"])
    return []


# lord skills that let others answer for the asked seat (Hujia, Jijiang): kind -> ability name
HELPERS: dict[str, str] = {}


@core.rule
class AskRule(FrameRule[LtkState]):
    """A player is asked for cards of one kind: armor first (Eight Trigrams for a Dodge), then
    helpers (Hujia/Jijiang), then the player's own cards in a one-seat window."""

    kind = "ask"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Ask = frame.data
        seat = d.who
        if d.stage == AskStage.ARMOR:
            d.stage = AskStage.HELPERS
            if d.card == "jink" and core.armor(state, seat, d.armor_of) == "eight_diagram":
                d.stage = AskStage.ARMOR_ASKED
                push(state, "ability", seat, name="eight_diagram", timing="ask")
            return
        if d.stage == AskStage.ARMOR_ASKED:
            use = any(isinstance(v, dict) and v.get("ability_answer") == "use" for v in frame.results)
            frame.results.clear()
            if use:
                events.append(Event("ability", {"seat": seat, "ability": "eight_diagram"}))
                core.judge(state, seat, "eight_diagram")
                d.stage = AskStage.ARMOR_JUDGED
            else:
                d.stage = AskStage.HELPERS
            return
        if d.stage == AskStage.ARMOR_JUDGED:
            card = core.judged(frame)
            frame.results.clear()
            dodge = card >= 0 and is_red(card)
            if card >= 0:
                events.append(Event("judge_effect", {"seat": seat, "reason": "eight_diagram", "card": card,
                                                     "effect": "dodge" if dodge else "no_dodge"}))
            if dodge:
                d.got += 1
                events.append(Event("counts_as", {"seat": seat, "card": "jink", "by": "eight_diagram"}))
            # one judgement per Dodge required (two against Wushuang), as both reference engines
            d.judged = (d.judged or 0) + 1
            d.stage = AskStage.ARMOR if d.got < d.need and d.judged < d.need else AskStage.HELPERS
            return
        if d.stage == AskStage.HELPERS:
            d.stage = AskStage.OWN
            helper = HELPERS.get(d.card)
            if (d.got < d.need and helper and core.holds(state, seat, helper)
                    and any(HELPER_OK[helper](state, t) for t in core.order_from(state, seat)[1:])):
                push(state, "ability", seat, name=helper, timing="ask")
                d.stage = AskStage.HELPERS_ASKED
            return
        if d.stage == AskStage.HELPERS_ASKED:
            use = any(isinstance(v, dict) and v.get("ability_answer") == "use" for v in frame.results)
            frame.results.clear()
            d.stage = AskStage.OWN
            if use:
                events.append(Event("ability", {"seat": seat, "ability": HELPERS[d.card]}))
                d.stage = AskStage.HELPED
                helpers = [t for t in core.order_from(state, seat)
                           if t != seat and HELPER_OK[HELPERS[d.card]](state, t)]
                core.open_window(state, "respond", helpers, card=d.card, need=d.need - d.got,
                                 verb=d.verb, why=d.why, against=d.against, on_behalf=seat,
                                 to_table=bool(d.to_table))
            return
        if d.stage == AskStage.HELPED:
            outcome = frame.results.pop()
            frame.results.clear()
            d.got += len(outcome["answers"])
            d.cards += outcome["data"].get("used", [])
            d.stage = AskStage.OWN  # one round of help per ask; then the player's own cards
            return
        if d.stage == AskStage.OWN:
            if d.got >= d.need:
                finish(state, frame, {"answered": True, "cards": d.cards})
                return
            if not core.uniform(state) and not can_answer(state, seat, d.card, d.verb):
                # the one-seat window would ask nobody: what it would hand back, at once
                finish(state, frame, {"answered": False, "cards": d.cards})
                return
            d.stage = AskStage.ANSWERED
            core.open_window(state, "respond", [seat], card=d.card, need=d.need - d.got, verb=d.verb,
                             why=d.why, against=d.against, on_behalf=seat, to_table=bool(d.to_table))
            return
        outcome = frame.results.pop()
        frame.results.clear()
        d.got += len(outcome["answers"])
        d.cards += outcome["data"].get("used", [])
        finish(state, frame, {"answered": d.got >= d.need, "cards": d.cards})


HELPER_OK: dict[str, Callable[[LtkState, int], bool]] = {}


def can_answer(state: LtkState, seat: int, kind: str, verb: str) -> bool:
    """Whether ``seat`` has something to answer a request for ``kind`` with (as
    ``_respond_responses`` would list), without writing the actions."""
    return core.has_in_hand(state, seat, kind) or any(f(state, seat, kind, verb) for f in RESPONSE_SOURCES)


def _respond_can(state: LtkState, frame: Frame, seat: int) -> bool:
    d = frame.data
    return can_answer(state, seat, d["card"], d["verb"] if seat == d["on_behalf"] else "play")


def _respond_responses(state: LtkState, frame: Frame, seat: int) -> list[str]:
    d = frame.data
    verb = d["verb"] if seat == d["on_behalf"] else "play"
    out = [f"{verb} card={c}" for c in core.hand_of(state, seat, d["card"])]
    for source in RESPONSE_SOURCES:
        out += source(state, seat, d["card"], verb)
    return out


# responses whose cards are picked after the action (Serpent Spear: two hand cards as one Kill):
# (state, seat, action, kind) -> True if it pushed a ``select`` for RESPONSE_PICK of the seat's hand
RESPONSE_PICKS: list[Callable[[LtkState, int, str, str], bool]] = []
RESPONSE_PICK = "respond_cards"


def _respond_then(frame: Frame, seat: int) -> Then:
    if len(frame.answers) >= frame.data["need"]:
        return "close"
    return "again" if seat == frame.data["on_behalf"] else "close"


def _respond_respond(state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> Then:
    d = frame.data
    for pick in RESPONSE_PICKS:
        if pick(state, seat, action, d["card"]):
            d["picking"] = seat  # the cards are settled in _respond_resume, once picked
            return _respond_then(frame, seat)
    used: list[int] | None = None
    for apply in RESPONSE_APPLY:
        used = apply(state, seat, action, d["card"], events)
        if used is not None:
            break
    move = Move.parse(action)
    if used is None:
        card = move.number("card")
        core.take_from_hand(state, seat, card)
        used = [card]
        core.lost(state, seat, card, "hand", events)
    _settle(state, frame, seat, move.verb, used, events)
    return _respond_then(frame, seat)


def _settle(state: LtkState, frame: Frame, seat: int, verb: str, used: list[int], events: list[Event]) -> None:
    d = frame.data
    (state.table if d.get("to_table") else state.discard).extend(used)
    d["used"] = [*d.get("used", []), *used]
    if d["card"] == "slash" and seat == state.current and state.phase == "action":
        state.used["kill_played"] = 1  # Keji looks at Kills used or played in the action phase
    events.append(Event(verb, {"seat": seat, "card": d["card"], "cards": used, "for": d["on_behalf"],
                               "why": d["why"]}))
    core.TRIGGERS.fire(state, "responded", {"seat": seat, "card": d["card"]}, [seat])


def _respond_resume(state: LtkState, frame: Frame, value: object, events: list[Event]) -> bool:
    """The hand cards a RESPONSE_PICKS answer picked: they leave the hand together as one card."""
    cards = picked(value, RESPONSE_PICK)
    d = frame.data
    if cards is None or "picking" not in d:
        return False
    seat = d.pop("picking")
    for c in cards:
        core.take_from_hand(state, seat, c)
    core.lost(state, seat, cards[-1], "hand", events)
    _settle(state, frame, seat, d["verb"] if seat == d["on_behalf"] else "play", cards, events)
    return False


core.WINDOWS.register(WindowRule("respond", _respond_responses, _respond_respond, _respond_resume,
                                 can_respond=_respond_can))


def window_used(outcome: dict[str, object]) -> list[int]:
    data = outcome["data"]
    assert isinstance(data, dict)
    return list(data.get("used", []))


# ----- Peach --------------------------------------------------------------------------------------------
def _peach_uses(state: LtkState, seat: int, card: int) -> list[list[int]] | None:
    s = state.seats[seat]
    return [[]] if s.hp < s.max_hp else None


def _peach_apply(state: LtkState, seat: int, card: int, targets: list[int], events: list[Event]) -> None:
    events.append(Event("use", {"seat": seat, "card": "peach", "cards": [card], "targets": [seat]}))
    core.recover(state, seat, 1, events)
    core.to_discard_from_table(state, [card])


core.USES["peach"] = core.Use(_peach_uses, _peach_apply)
# other ways to give a Peach to a dying player (Jijiu): (state, seat) -> actions
PEACH_SOURCES: list[Callable[[LtkState, int], list[str]]] = []
PEACH_APPLY: list[Callable[[LtkState, int, str, list[Event]], int | None]] = []
# extra health a Peach gives (Jiuyuan): (state, giver, dying) -> amount
PEACH_BONUS: list[Callable[[LtkState, int, int], int]] = []


def _rescue_responses(state: LtkState, frame: Frame, seat: int) -> list[str]:
    dying = frame.data["dying"]
    if core.out_of_danger(state, dying):
        return []
    out = [f"use card={c}" for c in core.hand_of(state, seat, "peach")]
    for source in PEACH_SOURCES:
        out += source(state, seat)
    return out


def _can_rescue(state: LtkState, seat: int, dying: int) -> bool:
    """Whether ``seat`` could answer the rescue window of ``dying`` (``_rescue_responses`` non-empty)."""
    if core.out_of_danger(state, dying):
        return False
    return core.has_in_hand(state, seat, "peach") or any(f(state, seat) for f in PEACH_SOURCES)


core.CAN_RESCUE = _can_rescue


def _rescue_respond(state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> Then:
    dying = frame.data["dying"]
    card = None
    for apply in PEACH_APPLY:
        card = apply(state, seat, action, events)
        if card is not None:
            break
    from_hand = card is None
    if card is None:
        card = Move.parse(action).number("card")
        core.take_from_hand(state, seat, card)
    state.discard.append(card)
    events.append(Event("use", {"seat": seat, "card": "peach", "cards": [card], "targets": [dying]}))
    core.recover(state, dying, 1 + sum(b(state, seat, dying) for b in PEACH_BONUS), events)
    core.note(state, seat, dying, -2)
    if from_hand:
        core.lost(state, seat, card, "hand", events)  # Lianying: the last hand card given as a Peach
    return "close" if core.out_of_danger(state, dying) else "again"


def _rescue_resume(state: LtkState, frame: Frame, value: object, events: list[Event]) -> bool:
    """A choice the Peach led to (which Buqu card a recovery discards) may have saved the dying."""
    return core.out_of_danger(state, frame.data["dying"])


core.WINDOWS.register(WindowRule("rescue", _rescue_responses, _rescue_respond, _rescue_resume,
                                 can_respond=lambda s, f, seat: _can_rescue(s, seat, f.data["dying"])))
