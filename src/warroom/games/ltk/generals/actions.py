"""Skills used in the action phase: Zhiheng (制衡), Rende (仁德), Kurou (苦肉), Jieyin (结姻),
Qingnang (青囊), Lijian (离间), Fanjian (反间). Each is an action (``zhiheng``, ``rende target=T``...)
whose cards are then picked one at a time on a ``select`` frame."""

from __future__ import annotations

from collections.abc import Callable

from warroom.engine.actions import Move, ints, whole
from warroom.engine.choices import select
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, finish, push
from warroom.games.ltk import core
from warroom.games.ltk.cards import RANK, SUIT, tools
from warroom.games.ltk.frames import Fanjian, Kurou, Quhu, QuhuStage, QuhuVictim, Skill, TwoStage
from warroom.games.ltk.state import NO_CARD, LtkState


def _own_cards(state: LtkState, seat: int) -> list[int]:
    s = state.seats[seat]
    return s.hand + [c for c in s.equip if c != NO_CARD]


def _once(name: str, seat_ok: Callable[[LtkState, int], bool],
          targets: Callable[[LtkState, int], list[str]] | None = None) -> core.PhaseLegal:
    def legal(state: LtkState, seat: int) -> list[str]:
        if not core.holds(state, seat, name) or state.used.get(name) or not seat_ok(state, seat):
            return []
        return targets(state, seat) if targets is not None else [name]
    return legal


@core.rule
class SkillRule(FrameRule[LtkState]):
    """A skill's cards were picked: apply its effect (``SKILL_EFFECTS[name]``)."""

    kind = "skill"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Skill = frame.data
        if not d.asked:
            d.asked = True
            candidates = _own_cards(state, d.who) if d.equip else state.seats[d.who].hand
            select(state, d.who, candidates, d.least, d.most, d.name)
            return
        picked: list[int] = []
        for value in frame.results:
            if isinstance(value, dict) and value.get("purpose") == d.name:
                picked = value["picked"]
        frame.results.clear()
        finish(state, frame, None)
        SKILL_EFFECTS[d.name](state, d.who, d.target, picked, events)


def _skill(name: str, least: int, most: int, equip: bool) -> core.PhaseApply:
    def apply(state: LtkState, seat: int, move: Move, events: list[Event]) -> None:
        state.used[name] = state.used.get(name, 0) + 1
        events.append(Event("ability", {"seat": seat, "ability": name}))
        # kept as written ("3", "2,5", "-1": none) in the frame, which is state
        target = move.word("target") if "target" in move else move.word("targets") if "targets" in move else "-1"
        push(state, Skill(who=seat, name=name, target=target, least=least,
                          most=most if most > 0 else len(_own_cards(state, seat)), equip=equip, asked=False))
    return apply


SKILL_EFFECTS: dict[str, Callable[[LtkState, int, str, list[int], list[Event]], None]] = {}


# ----- Zhiheng: once per phase, discard any number of cards and draw as many ------------------------------------
def _zhiheng(state: LtkState, seat: int, target: str, cards: list[int], events: list[Event]) -> None:
    core.discard_own(state, seat, cards, events, "zhiheng")
    core.draw(state, seat, len(cards), events)


core.PHASE_ACTIONS["zhiheng"] = (_once("zhiheng", lambda s, p: bool(_own_cards(s, p))), _skill("zhiheng", 1, 0, True))
SKILL_EFFECTS["zhiheng"] = _zhiheng


# ----- Rende: give hand cards to another player; at 2 given this phase, recover 1 (once) --------------------------
def _rende_legal(state: LtkState, seat: int) -> list[str]:
    if not core.holds(state, seat, "rende") or not state.seats[seat].hand:
        return []
    return [f"rende target={t}" for t in core.order_from(state, seat)[1:]]


def _rende_apply(state: LtkState, seat: int, move: Move, events: list[Event]) -> None:
    events.append(Event("ability", {"seat": seat, "ability": "rende"}))
    push(state, Skill(who=seat, name="rende", target=move.word("target"), least=1,
                      most=len(state.seats[seat].hand), equip=False, asked=False))


def _rende(state: LtkState, seat: int, target: str, cards: list[int], events: list[Event]) -> None:
    t = whole(target)
    for c in cards:
        core.take_from_hand(state, seat, c)
        core.gain(state, t, c, False, events, "rende", seen_by=(seat,))
    before = state.used.get("rende", 0)
    state.used["rende"] = before + len(cards)
    if before < 2 <= state.used["rende"]:
        core.recover(state, seat, 1, events)
    core.lost(state, seat, cards[-1], "hand", events)


core.PHASE_ACTIONS["rende"] = (_rende_legal, _rende_apply)
SKILL_EFFECTS["rende"] = _rende


# ----- Kurou: lose 1 health, then draw 2 (any number of times) -------------------------------------------------
def _kurou_legal(state: LtkState, seat: int) -> list[str]:
    return ["kurou"] if core.holds(state, seat, "kurou") else []


def _kurou_apply(state: LtkState, seat: int, move: Move, events: list[Event]) -> None:
    events.append(Event("ability", {"seat": seat, "ability": "kurou"}))
    push(state, Kurou(who=seat))


@core.rule
class KurouRule(FrameRule[LtkState]):
    kind = "kurou"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Kurou = frame.data
        if d.stage == TwoStage.START:
            d.stage = TwoStage.DONE
            core.lose_health(state, d.who, 1, events)
            return
        frame.results.clear()
        finish(state, frame, None)
        if state.seats[d.who].alive:  # drawn only by a survivor
            core.draw(state, d.who, 2, events)


core.PHASE_ACTIONS["kurou"] = (_kurou_legal, _kurou_apply)


# ----- Jieyin: discard two hand cards; you and a wounded male recover 1 --------------------------------------------
def _jieyin_targets(state: LtkState, seat: int) -> list[str]:
    return [f"jieyin target={t}" for t in core.order_from(state, seat)[1:]
            if tools.is_male(state, t) and state.seats[t].hp < state.seats[t].max_hp]


def _jieyin(state: LtkState, seat: int, target: str, cards: list[int], events: list[Event]) -> None:
    core.discard_own(state, seat, cards, events, "jieyin")
    core.recover(state, seat, 1, events)
    core.recover(state, whole(target), 1, events)


core.PHASE_ACTIONS["jieyin"] = (_once("jieyin", lambda s, p: len(s.seats[p].hand) >= 2, _jieyin_targets),
                                _skill("jieyin", 2, 2, False))
SKILL_EFFECTS["jieyin"] = _jieyin


# ----- Qingnang: discard a hand card; a wounded player recovers 1 ---------------------------------------------------
def _qingnang_targets(state: LtkState, seat: int) -> list[str]:
    return [f"qingnang target={t}" for t in core.order_from(state, seat)
            if state.seats[t].hp < state.seats[t].max_hp]


def _qingnang(state: LtkState, seat: int, target: str, cards: list[int], events: list[Event]) -> None:
    core.discard_own(state, seat, cards, events, "qingnang")
    core.recover(state, whole(target), 1, events)


core.PHASE_ACTIONS["qingnang"] = (_once("qingnang", lambda s, p: bool(s.seats[p].hand), _qingnang_targets),
                                  _skill("qingnang", 1, 1, False))
SKILL_EFFECTS["qingnang"] = _qingnang


# ----- Lijian: discard a card; the second male chosen is regarded as using a Duel on the first ----------------------
def _lijian_targets(state: LtkState, seat: int) -> list[str]:
    males = [t for t in core.order_from(state, seat)[1:] if tools.is_male(state, t)]
    return [f"lijian targets={a},{b}" for a in males for b in males
            if a != b and tools.allowed(state, b, a, "duel")]


def _lijian(state: LtkState, seat: int, target: str, cards: list[int], events: list[Event]) -> None:
    first, second = ints(target)
    core.discard_own(state, seat, cards, events, "lijian")
    # not a card anyone used: it cannot be negated, and Diao Chan is not its source
    tools.start_duel(state, second, first, [], "lijian")


core.PHASE_ACTIONS["lijian"] = (_once("lijian", lambda s, p: bool(_own_cards(s, p)), _lijian_targets),
                                _skill("lijian", 1, 1, True))
SKILL_EFFECTS["lijian"] = _lijian


# ----- Fanjian: the target names a suit and takes one of your hand cards; another suit: 1 damage ---------------------
def _fanjian_targets(state: LtkState, seat: int) -> list[str]:
    return [f"fanjian target={t}" for t in core.order_from(state, seat)[1:]]


def _fanjian_apply(state: LtkState, seat: int, move: Move, events: list[Event]) -> None:
    state.used["fanjian"] = 1
    events.append(Event("ability", {"seat": seat, "ability": "fanjian"}))
    push(state, Fanjian(by=seat), move.number("target"))


@core.rule
class FanjianRule(FrameRule[LtkState]):
    kind = "fanjian"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        frame.results.clear()
        finish(state, frame, None)

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        return [f"name suit={s}" for s in ("club", "diamond", "heart", "spade")]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        frame.seat = NO_SEAT
        suit = Move.parse(action).word("suit")
        fanjian: Fanjian = frame.data
        by = fanjian.by
        hand = state.seats[by].hand
        card = hand[state.rng.below(len(hand))]
        core.take_from_hand(state, by, card)
        core.gain(state, seat, card, True, events, "fanjian")
        events.append(Event("named", {"seat": seat, "suit": suit, "card": card}))
        finish(state, frame, None)
        if SUIT[card] != suit:
            core.damage(state, by, seat, 1, [], events, by="fanjian")
        core.lost(state, by, card, "hand", events)


core.PHASE_ACTIONS["fanjian"] = (_once("fanjian", lambda s, p: bool(s.seats[p].hand), _fanjian_targets),
                                 _fanjian_apply)


# ----- Quhu: point duel a player with more health; win: they hurt someone in their range; else they hurt you -----
def _quhu_targets(state: LtkState, seat: int) -> list[str]:
    hp = state.seats[seat].hp
    return [f"quhu target={t}" for t in core.order_from(state, seat)[1:]
            if state.seats[t].hp > hp and state.seats[t].hand]


def _quhu_apply(state: LtkState, seat: int, move: Move, events: list[Event]) -> None:
    state.used["quhu"] = 1
    events.append(Event("ability", {"seat": seat, "ability": "quhu"}))
    push(state, Quhu(who=seat, target=move.number("target"), cards=[]))


@core.rule
class QuhuRule(FrameRule[LtkState]):
    """The point duel (拼点): each picks a hand card in secret (it waits face down in ``cards``),
    both are shown; the higher rank wins, a tie is the initiator's loss; both are discarded."""

    kind = "quhu"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Quhu = frame.data
        owner = who = d.who
        shown = None
        for value in frame.results:
            if isinstance(value, dict) and value.get("purpose") == "quhu":
                shown = value["picked"][0]
                owner = who if d.stage == QuhuStage.THEIRS else d.target
                core.take_from_hand(state, owner, shown)
                d.cards.append(shown)
        self._step(state, frame, events)
        if shown is not None:  # the card left its hand when it was laid face down (Lianying)
            core.lost(state, owner, shown, "hand", events)

    def _step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Quhu = frame.data
        who, target = d.who, d.target
        for value in frame.results:
            if isinstance(value, dict) and "quhu_victim" in value:
                d.victim = value["quhu_victim"]
        frame.results.clear()
        if d.stage == QuhuStage.MINE:
            d.stage = QuhuStage.THEIRS
            select(state, who, state.seats[who].hand, 1, 1, "quhu")
            return
        if d.stage == QuhuStage.THEIRS:
            d.stage = QuhuStage.SHOWN
            select(state, target, state.seats[target].hand, 1, 1, "quhu")
            return
        if d.stage == QuhuStage.SHOWN:
            mine, theirs = d.cards
            state.discard.extend([mine, theirs])
            d.cards, d.shown = [], [mine, theirs]
            won = RANK[mine] > RANK[theirs]
            events.append(Event("point_duel", {"seat": who, "target": target, "cards": [mine, theirs], "won": won}))
            d.stage = QuhuStage.DONE
            victims = [v for v in core.alive(state) if v != target and core.in_range(state, target, v)]
            if won and victims:
                push(state, QuhuVictim(victims=victims), who)
                return
            if not won:
                finish(state, frame, None)
                core.damage(state, target, who, 1, [], events, by="quhu")
                return
        if d.victim is not None and d.victim >= 0:
            finish(state, frame, None)
            core.damage(state, target, d.victim, 1, [], events, by="quhu")
            return
        finish(state, frame, None)


@core.rule
class QuhuVictimRule(FrameRule[LtkState]):
    kind = "quhu_victim"

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        victim: QuhuVictim = frame.data
        return [f"choose target={v}" for v in victim.victims]

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        frame.seat = NO_SEAT
        finish(state, frame, {"quhu_victim": Move.parse(action).number("target")})


core.PHASE_ACTIONS["quhu"] = (_once("quhu", lambda s, p: bool(s.seats[p].hand), _quhu_targets), _quhu_apply)
