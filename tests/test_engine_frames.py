"""Unit tests of the engine's frame stack, triggers, response windows, choices and action numbering."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from warroom.engine import Event, MalformedAction, make, parse
from warroom.engine.action_space import ActionSpace, Shape
from warroom.engine.actions import ints, values
from warroom.engine.choices import SelectRule, picked, rename, select
from warroom.engine.frames import Frame, FrameRule, Resolver, finish, frames_from_json, frames_to_json, halt, push
from warroom.engine.triggers import USE, Ability, Triggers, seat_order
from warroom.engine.windows import WindowRule, Windows, outcomes, uniform_windows


@dataclass
class Mini:
    """Three seats; seat s holds ``cancels[s]`` cancel cards; ``log`` records what resolved."""

    frames: list[Frame] = field(default_factory=list)
    cancels: list[int] = field(default_factory=lambda: [0, 0, 0])
    log: list[Any] = field(default_factory=list)
    frame_results: list[Any] = field(default_factory=list)
    hp: list[int] = field(default_factory=lambda: [3, 3, 3])
    skills: dict[int, list[str]] = field(default_factory=dict)


WINDOWS = Windows()
RESOLVER: Resolver[Any] = Resolver([SelectRule()])


def _cancel_responses(state: Mini, frame: Frame, seat: int) -> list[str]:
    return ["cancel"] if state.cancels[seat] > 0 else []


def _cancel(state: Mini, frame: Frame, seat: int, action: str, events: list[Event]) -> str:
    state.cancels[seat] -= 1
    WINDOWS.open(state, "cancel", seat_order(0, 3), depth=frame.data["depth"] + 1)
    return "close"


WINDOWS.register(WindowRule("cancel", _cancel_responses, _cancel))
WINDOWS.install(RESOLVER)


def cancelled(outcome: dict[str, Any]) -> bool:
    """A window's outcome cancels what it answers iff some answer was not itself cancelled."""
    return bool(outcome["answers"]) and not cancelled(outcome["results"][0])


def test_frame_json_and_clone_are_independent() -> None:
    f = Frame("x", 1, {"a": [1, [2]], "b": {"c": 3}}, [[0, "pass"]], [{"r": [1]}])
    g = f.clone()
    g.data["a"][1].append(5)
    g.results[0]["r"].append(2)
    assert f.data == {"a": [1, [2]], "b": {"c": 3}} and f.results == [{"r": [1]}]
    again = frames_from_json(json.loads(json.dumps(frames_to_json([f]))))
    assert again == [f]


def test_window_skips_seats_that_cannot_answer_and_nests_three_deep() -> None:
    state = Mini(cancels=[1, 0, 1])
    WINDOWS.open(state, "cancel", seat_order(0, 3), depth=0)
    events: list[Event] = []
    assert RESOLVER.run(state, events).seat == 0
    assert RESOLVER.legal(state, 0) == ["cancel", "pass"]
    RESOLVER.answer(state, 0, "cancel", events)  # opens a window on the cancel
    # seat 0 has no cancel left and seat 1 never had one: only seat 2 is asked
    assert RESOLVER.waiting(state).seat == 2
    assert [f.data["depth"] for f in state.frames] == [0, 1]
    RESOLVER.answer(state, 2, "cancel", events)  # depth 2: nobody can answer, it closes by itself
    assert state.frames == []
    outcome = state.frame_results[0]
    # cancel (seat 0) cancelled by cancel (seat 2), which nobody cancelled: the first is cancelled
    assert outcome["answers"] == [[0, "cancel"]]
    assert not cancelled(outcome)


def test_uniform_window_asks_every_seat_with_pass_only() -> None:
    state = Mini(cancels=[0, 0, 0])
    WINDOWS.open(state, "cancel", seat_order(1, 3), uniform=True, depth=0)
    events: list[Event] = []
    asked = []
    while (frame := RESOLVER.run(state, events)) is not None:
        asked.append(frame.seat)
        assert RESOLVER.legal(state, frame.seat) == ["pass"]
        RESOLVER.answer(state, frame.seat, "pass", events)
    assert asked == [1, 2, 0]
    assert state.frame_results[0]["answers"] == []


def test_triggers_resolve_in_seat_order_and_ask_for_optional_ones() -> None:
    def holds(state: Mini, seat: int, name: str) -> bool:
        return name in state.skills.get(seat, [])

    triggers: Triggers[Any] = Triggers(holds)
    resolver: Resolver[Any] = Resolver()
    triggers.install(resolver)

    def heal(state: Mini, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
        state.hp[seat] += 1
        state.log.append(("heal", seat))

    def shield(state: Mini, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
        ctx["amount"] -= 1
        state.log.append(("shield", seat))

    triggers.register(Ability("heal", "after_damage", heal, condition=lambda s, seat, ctx: s.hp[seat] < 3))
    triggers.register(Ability("shield", "after_damage", shield, optional=True))
    state = Mini(skills={0: ["heal"], 1: ["shield", "heal"], 2: ["heal"]}, hp=[3, 2, 1])
    events: list[Event] = []
    triggers.fire(state, "after_damage", {"amount": 2}, seat_order(1, 3))
    frame = resolver.run(state, events)
    # seat 1 first: its abilities in registration order (heal is compulsory and runs; shield asks)
    assert frame is not None and frame.kind == "ability" and frame.seat == 1
    assert state.log == [("heal", 1)]
    assert resolver.legal(state, 1) == ["decline", "use ability=shield"]
    resolver.answer(state, 1, "use ability=shield", events)
    assert state.frames == []
    # seat 2 heals; seat 0 is at full health, so its condition fails
    assert state.log == [("heal", 1), ("shield", 1), ("heal", 2)]
    assert state.frame_results == [{"timing": "after_damage", "ctx": {"amount": 1}}]


def test_select_frame_picks_a_subset_one_card_at_a_time() -> None:
    state = Mini()
    select(state, 0, [9, 4, 7], least=1, most=2, purpose="discard")
    events: list[Event] = []
    assert RESOLVER.legal(state, 0) == ["pick card=4", "pick card=7", "pick card=9"]
    assert not RESOLVER.is_legal(state, 0, "done")
    RESOLVER.answer(state, 0, "pick card=9", events)
    assert RESOLVER.legal(state, 0) == ["pick card=4", "pick card=7", "done"]
    assert not RESOLVER.is_legal(state, 0, "pick card=9")
    RESOLVER.answer(state, 0, "pick card=4", events)  # reaching ``most`` ends the choice
    assert state.frame_results == [{"purpose": "discard", "picked": [4, 9]}]


def test_list_actions_round_trip() -> None:
    text = make("play", card=12, targets=[5, 2])
    assert text == "play card=12 targets=5,2"
    verb, args = parse(text)
    assert verb == "play" and ints(args["targets"]) == [5, 2] and values(args["card"]) == ["12"]
    for bad in ("play targets=1,,2", "play targets=,1", "play targets=1,"):
        with pytest.raises(MalformedAction):
            parse(bad)
    with pytest.raises(MalformedAction):
        ints("1,x")


def test_action_space_numbers_every_action_once() -> None:
    space = ActionSpace([Shape.of("pass"), Shape.of("play", card=[3, 5, 8], on=["a", "b"]), Shape.of("done")])
    assert space.size == 8
    seen = [space.action(i) for i in range(space.size)]
    assert len(set(seen)) == 8 and seen[0] == "pass" and seen[-1] == "done"
    assert all(space.index(a) == i for i, a in enumerate(seen))
    assert space.index("play card=5 on=b") == 1 + 1 * 2 + 1
    assert space.mask(["pass", "done"]) == [1, 0, 0, 0, 0, 0, 0, 1]
    for bad in ("play card=4 on=a", "play card=3", "jump", "play on=a card=3"):
        with pytest.raises(MalformedAction):
            space.index(bad)


# ----- LTK-shaped situations: a small table with negates, peaches, judgements and skills ----------
# Card ids 0-5 are negates, 6-9 peaches, 10-19 plain cards.
def kind_of(card: int) -> str:
    return "negate" if card < 6 else "peach" if card < 10 else "plain"


@dataclass
class Table:
    """Three seats round a table: hands of card ids, health, a deck, the skills each seat has."""

    hands: list[list[int]]
    hp: list[int] = field(default_factory=lambda: [3, 3, 3])
    current: int = 0
    deck: list[int] = field(default_factory=lambda: list(range(10, 20)))
    skills: dict[int, list[str]] = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    log: list[list[Any]] = field(default_factory=list)
    frame_results: list[Any] = field(default_factory=list)

    def alive(self, seat: int) -> bool:
        return self.hp[seat] > 0 or any(f.kind == "damage" and f.data["target"] == seat for f in self.frames)

    def order(self) -> list[int]:
        return seat_order(self.current, 3, self.alive)

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "hp": self.hp, "current": self.current, "deck": self.deck,
                "skills": {str(k): v for k, v in self.skills.items()}, "frames": frames_to_json(self.frames),
                "log": self.log, "frame_results": self.frame_results}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Table:
        raw = json.loads(json.dumps(raw))
        return cls(raw["hands"], raw["hp"], raw["current"], raw["deck"],
                   {int(k): v for k, v in raw["skills"].items()}, frames_from_json(raw["frames"]),
                   raw["log"], raw["frame_results"])


TABLE: Resolver[Any] = Resolver([SelectRule()])
TABLE_WINDOWS = Windows()
TABLE_TRIGGERS: Triggers[Any] = Triggers(lambda state, seat, name: name in state.skills.get(seat, []))


def lose_card(state: Table, seat: int, card: int) -> None:
    """A card leaves a hand; losing the last one is the timing point ``card_lost``."""
    state.hands[seat].remove(card)
    if not state.hands[seat]:
        TABLE_TRIGGERS.fire(state, "card_lost", {"seat": seat}, state.order())


def negate_responses(state: Table, frame: Frame, seat: int) -> list[str]:
    return [make("negate", card=c) for c in state.hands[seat] if kind_of(c) == "negate"]


def negate(state: Table, frame: Frame, seat: int, action: str, events: list[Event]) -> str:
    card = int(parse(action)[1]["card"])
    state.log.append(["negate", seat, frame.data["depth"]])
    TABLE_WINDOWS.open(state, "negate", state.order(), depth=frame.data["depth"] + 1)
    lose_card(state, seat, card)  # pushed last, so "card lost" resolves before the new window asks
    return "close"


def negated(window: dict[str, Any]) -> bool:
    """An odd chain cancels: a window's answer stands unless the window on it cancelled it."""
    nested = outcomes(window["results"], "negate")  # a card_lost trigger may have reported too
    return bool(window["answers"]) and not (nested and negated(nested[0]))


def peach_responses(state: Table, frame: Frame, seat: int) -> list[str]:
    if state.hp[frame.data["dying"]] > 0:
        return []
    return [make("peach", card=c) for c in state.hands[seat] if kind_of(c) == "peach"]


def peach(state: Table, frame: Frame, seat: int, action: str, events: list[Event]) -> str:
    dying = frame.data["dying"]
    state.hp[dying] += 1
    state.log.append(["peach", seat, dying])
    lose_card(state, seat, int(parse(action)[1]["card"]))
    return "close" if state.hp[dying] > 0 else "again"


TABLE_WINDOWS.register(WindowRule("negate", negate_responses, negate))
TABLE_WINDOWS.register(WindowRule("peach", peach_responses, peach, seated=lambda state, seat: state.alive(seat)))
TABLE_WINDOWS.install(TABLE)
TABLE_TRIGGERS.install(TABLE)


class DismantleRule(FrameRule[Any]):
    """A tool card: a negate window first, then (unless negated) the target loses a card."""

    kind = "dismantle"

    def step(self, state: Table, frame: Frame, events: list[Event]) -> None:
        if frame.data["stage"] == "ask":
            frame.data["stage"] = "settle"
            TABLE_WINDOWS.open(state, "negate", state.order(), depth=0)
            return
        if frame.data["stage"] == "done":  # back from the triggers of the card it took
            finish(state, frame)
            return
        if negated(outcomes(frame.results, "negate")[0]):
            state.log.append(["dismantle negated"])
        else:
            target = frame.data["target"]
            state.log.append(["dismantled", target, state.hands[target][0]])
            lose_card(state, target, state.hands[target][0])
            frame.data["stage"] = "done"
            if state.frames[-1] is not frame:
                return
        finish(state, frame)


class DamageRule(FrameRule[Any]):
    """Damage: health falls; below 1 the table is asked for peaches; then "damaged" triggers."""

    kind = "damage"

    def step(self, state: Table, frame: Frame, events: list[Event]) -> None:
        data = frame.data
        target = data["target"]
        if data["stage"] == "hit":
            state.hp[target] -= data["amount"]
            data["stage"] = "rescued"
            if state.hp[target] < 1:
                TABLE_WINDOWS.open(state, "peach", state.order(), dying=target)
                return
        if data["stage"] == "rescued":
            data["stage"] = "done"
            if state.hp[target] < 1:
                state.log.append(["dies", target])
            elif TABLE_TRIGGERS.fire(state, "damaged", {"target": target, "source": data["source"]},
                                     state.order()) is not None:
                return
        finish(state, frame)


class JudgeRule(FrameRule[Any]):
    """A judgement: the top card, which "judgement" abilities may replace before it counts."""

    kind = "judge"

    def step(self, state: Table, frame: Frame, events: list[Event]) -> None:
        if not frame.results:
            card = state.deck.pop(0)
            if TABLE_TRIGGERS.fire(state, "judgement", {"seat": frame.data["seat"], "card": card},
                                   state.order()) is not None:
                return
            final = card
        else:
            final = frame.results[0]["ctx"]["card"]
        state.log.append(["judgement", frame.data["seat"], final])
        finish(state, frame, final)


for _rule in (DismantleRule(), DamageRule(), JudgeRule()):
    TABLE.add(_rule)


def _guicai_choices(state: Table, seat: int, ctx: dict[str, Any]) -> list[str]:
    return [f"card={c}" for c in state.hands[seat]]


def _guicai_pay(state: Table, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    card = int(ctx[USE]["card"])
    state.log.append(["guicai pays", seat, card])
    lose_card(state, seat, card)


def _guicai(state: Table, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    state.log.append(["guicai replaces", ctx["card"], int(ctx[USE]["card"])])
    ctx["card"] = int(ctx[USE]["card"])


def _lianying(state: Table, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    state.hands[seat].append(state.deck.pop(0))
    state.log.append(["lianying draws", seat])


def _fankui(state: Table, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    select(state, seat, state.hands[ctx["source"]], 1, 1, "fankui")


def _fankui_take(state: Table, seat: int, ctx: dict[str, Any], value: Any, events: list[Event]) -> None:
    picks = picked(value, "fankui")
    if picks is None:
        return  # the report of a trigger fired on the way (the source lost its last card)
    card = picks[0]
    state.log.append(["fankui takes", seat, card])
    lose_card(state, ctx["source"], card)
    state.hands[seat].append(card)


TABLE_TRIGGERS.register(Ability("guicai", "judgement", _guicai, optional=True, choices=_guicai_choices,
                                pay=_guicai_pay))
TABLE_TRIGGERS.register(Ability("lianying", "card_lost", _lianying,
                                condition=lambda state, seat, ctx: ctx["seat"] == seat and not state.hands[seat]))
TABLE_TRIGGERS.register(Ability(
    "fankui", "damaged", _fankui, optional=True, resume=_fankui_take,
    condition=lambda state, seat, ctx: seat == ctx["target"] and ctx["source"] >= 0
    and bool(state.hands[ctx["source"]]),
))


def play(state: Table, script: list[tuple[int, str]], *, roundtrip: bool = False) -> list[tuple[int, str]]:
    """Answer the waiting frames with ``script``; return (seat, decision kind) of every ask.

    With ``roundtrip`` the table is saved to JSON and rebuilt before every answer, as a
    server restarting mid-chain would.
    """
    events: list[Event] = []
    asked: list[tuple[int, str]] = []
    TABLE.run(state, events)
    for seat, action in script:
        if roundtrip:
            copy = Table.from_json(state.to_json())
            assert copy.to_json() == state.to_json()
            state.__dict__.update(copy.__dict__)
        frame = TABLE.waiting(state)
        assert frame is not None and frame.seat == seat, (seat, action, frame)
        asked.append((seat, str(TABLE.decision_kind(state))))
        assert TABLE.is_legal(state, seat, action), (action, TABLE.legal(state, seat))
        TABLE.answer(state, seat, action, events)
    assert TABLE.waiting(state) is None, TABLE.waiting(state)
    return asked


NEGATE_CHAIN = [(0, "pass"), (1, "negate card=1"), (0, "negate card=0"), (2, "negate card=2")]


@pytest.mark.parametrize("roundtrip", [False, True])
def test_a_negate_on_a_negate_on_a_negate_cancels_the_dismantle(roundtrip: bool) -> None:
    # seat 0 dismantles seat 1; each negate opens a window on itself; seats without one are skipped
    state = Table(hands=[[0, 10], [1, 11], [2, 12]])
    state.frames.append(Frame("dismantle", data={"target": 1, "stage": "ask"}))
    asked = play(state, NEGATE_CHAIN, roundtrip=roundtrip)
    assert asked == [(0, "window:negate"), (1, "window:negate"), (0, "window:negate"), (2, "window:negate")]
    assert state.log == [["negate", 1, 0], ["negate", 0, 1], ["negate", 2, 2], ["dismantle negated"]]
    assert state.hands == [[10], [11], [12]]  # three negates: odd, so seat 1 keeps its cards


def test_a_fourth_negate_lets_the_dismantle_through_and_the_window_depth_follows_the_chain() -> None:
    state = Table(hands=[[0, 3, 10], [1, 11], [2, 12]])
    state.frames.append(Frame("dismantle", data={"target": 1, "stage": "ask"}))
    depths: list[int] = []
    TABLE.run(state, [])
    chain = [(0, "pass"), (1, "negate card=1"), (0, "negate card=0"), (0, "pass"), (2, "negate card=2"),
             (0, "negate card=3")]
    for seat, action in chain:
        depths.append(sum(f.kind == "window" for f in state.frames))
        TABLE.answer(state, seat, action, [])
    assert depths == [1, 1, 2, 3, 3, 4]
    assert state.log[-1] == ["dismantled", 1, 11]  # four negates: even, the dismantle resolves


def test_a_dismantle_that_takes_the_last_card_waits_for_the_triggers_it_fires() -> None:
    state = Table(hands=[[], [11], []], skills={1: ["lianying"]}, deck=[16])
    state.frames.append(Frame("dismantle", data={"target": 1, "stage": "ask"}))
    assert play(state, []) == []  # nobody holds a negate: nobody is asked
    assert state.log == [["dismantled", 1, 11], ["lianying draws", 1]] and state.hands[1] == [16]
    assert state.frames == [] and state.frame_results == [None]


def test_losing_the_last_card_to_a_negate_triggers_before_the_next_window_asks() -> None:
    # seat 1's only card is its negate: lianying (compulsory) draws at once, and the card drawn
    # is asked about in the window on that very negate
    state = Table(hands=[[0], [1], []], skills={1: ["lianying"]}, deck=[4, 15])
    state.frames.append(Frame("dismantle", data={"target": 1, "stage": "ask"}))
    asked = play(state, [(0, "pass"), (1, "negate card=1"), (0, "pass"), (1, "pass")])
    assert asked[2:] == [(0, "window:negate"), (1, "window:negate")]
    assert state.log == [["negate", 1, 0], ["lianying draws", 1], ["dismantle negated"]]
    assert state.hands[1] == [4]


def test_a_dying_player_is_asked_for_peaches_by_every_seat_in_turn_from_the_current_one() -> None:
    # seat 2's turn; seat 1 falls to -1. Seat 2 has no peach (not asked), seat 0 gives two in a
    # row (asked again while seat 1 is still dying), then seat 1 is never asked: it is saved
    state = Table(hands=[[6, 7], [8], [10]], hp=[3, 1, 3], current=2)
    state.frames.append(Frame("damage", data={"target": 1, "source": 2, "amount": 2, "stage": "hit"}))
    asked = play(state, [(0, "peach card=6"), (0, "peach card=7")])
    assert asked == [(0, "window:peach"), (0, "window:peach")]
    assert state.hp == [3, 1, 3] and state.log == [["peach", 0, 1], ["peach", 0, 1]]


def test_nobody_saves_a_dying_player_who_then_dies() -> None:
    state = Table(hands=[[10], [8], [11]], hp=[3, 1, 3], current=0)
    state.frames.append(Frame("damage", data={"target": 1, "source": 0, "amount": 1, "stage": "hit"}))
    asked = play(state, [(1, "pass")])  # only the dying seat holds a peach, and declines
    assert asked == [(1, "window:peach")] and state.log == [["dies", 1]]


def test_a_uniform_window_never_asks_a_seat_that_left_the_table() -> None:
    state = Table(hands=[[], [], []], hp=[3, 0, 3])
    TABLE_WINDOWS.open(state, "peach", [0, 1, 2], uniform=True, dying=2)
    asked = play(state, [(0, "pass"), (2, "pass")])
    assert asked == [(0, "window:peach"), (2, "window:peach")]


@pytest.mark.parametrize("roundtrip", [False, True])
def test_an_optional_judgement_skill_pays_a_chosen_card_and_a_cost_that_empties_the_hand_triggers_first(
    roundtrip: bool,
) -> None:
    # seat 2 judges; seat 0 (guicai) may replace the judgement with a hand card: choosing the
    # skill and the card is one decision. Paying with its last card fires lianying, which
    # draws before guicai's effect takes place.
    state = Table(hands=[[13], [], [14]], skills={0: ["guicai", "lianying"]}, deck=[11, 16], current=2)
    state.frames.append(Frame("judge", data={"seat": 2}))
    TABLE.run(state, [])
    assert TABLE.legal(state, 0) == ["decline", "use ability=guicai card=13"]
    asked = play(state, [(0, "use ability=guicai card=13")], roundtrip=roundtrip)
    assert asked == [(0, "ability:guicai")]
    assert state.log == [["guicai pays", 0, 13], ["lianying draws", 0], ["guicai replaces", 11, 13],
                         ["judgement", 2, 13]]
    assert state.hands[0] == [16] and state.frame_results == [13]


def test_a_declined_judgement_skill_leaves_the_card() -> None:
    state = Table(hands=[[13], [], [14]], skills={0: ["guicai"], 2: ["guicai"]}, deck=[11], current=2)
    state.frames.append(Frame("judge", data={"seat": 2}))
    # seat order from the current seat: seat 2 is asked before seat 0
    asked = play(state, [(2, "decline"), (0, "decline")])
    assert asked == [(2, "ability:guicai"), (0, "ability:guicai")]
    assert state.frame_results == [11] and state.hands == [[13], [], [14]]


def test_a_skill_on_damage_pushes_a_choice_and_resumes_with_it() -> None:
    # seat 1 (fankui) is damaged by seat 0 and takes one of seat 0's cards of its choice;
    # seat 0 losing its last card fires its own lianying, nested inside fankui's resume
    state = Table(hands=[[12], [], []], skills={1: ["fankui"], 0: ["lianying"]}, deck=[17])
    state.frames.append(Frame("damage", data={"target": 1, "source": 0, "amount": 1, "stage": "hit"}))
    asked = play(state, [(1, "use ability=fankui"), (1, "pick card=12")])
    assert asked == [(1, "ability:fankui"), (1, "select:fankui")]
    assert state.log == [["fankui takes", 1, 12], ["lianying draws", 0]]
    assert state.hands == [[17], [12], []] and state.hp[1] == 2


def test_a_skill_is_not_offered_when_its_cost_cannot_be_paid() -> None:
    state = Table(hands=[[], [], []], skills={0: ["guicai"]}, deck=[11], current=0)
    state.frames.append(Frame("judge", data={"seat": 0}))
    assert play(state, []) == [] and state.frame_results == [11]


def test_a_window_resume_sees_what_a_response_pushed_and_may_close_the_window() -> None:
    windows = Windows()
    resolver: Resolver[Any] = Resolver([SelectRule()])

    def responses(state: Mini, frame: Frame, seat: int) -> list[str]:
        return ["aim"] if state.cancels[seat] else []

    def aim(state: Mini, frame: Frame, seat: int, action: str, events: list[Event]) -> str:
        state.cancels[seat] -= 1
        select(state, seat, [0, 1, 2], 1, 1, "target")
        return "next"

    def resume(state: Mini, frame: Frame, value: Any, events: list[Event]) -> bool:
        state.log.append(value["picked"])
        return value["picked"] == [2]  # aiming at seat 2 ends the window

    windows.register(WindowRule("aim", responses, aim, resume=resume))
    windows.install(resolver)
    state = Mini(cancels=[1, 1, 1])
    windows.open(state, "aim", [0, 1, 2])
    events: list[Event] = []
    resolver.run(state, events)
    for seat, action in [(0, "aim"), (0, "pick card=1"), (1, "aim"), (1, "pick card=2")]:
        assert resolver.waiting(state).seat == seat
        resolver.answer(state, seat, action, events)
    assert state.frames == [] and state.log == [[1], [2]]
    assert state.frame_results[0]["answers"] == [[0, "aim"], [1, "aim"]]  # seat 2 was never asked


def test_a_choice_with_nothing_to_pick_asks_nobody() -> None:
    state = Mini()
    select(state, 1, [], 0, 3, "discard")
    assert RESOLVER.run(state, []) is None and state.frame_results == [{"purpose": "discard", "picked": []}]


def test_renaming_a_choice_for_a_redealt_world_keeps_it_consistent() -> None:
    state = Mini()
    frame = select(state, 0, [4, 7, 9], 0, 3, "discard")
    RESOLVER.answer(state, 0, "pick card=7", [])
    rename(frame, {7: 2, 9: 8})
    assert frame.data["candidates"] == [2, 4, 8] and frame.data["picked"] == [2]
    assert frame.answers == [[0, "pick card=2"]]
    assert RESOLVER.legal(state, 0) == ["pick card=4", "pick card=8", "done"]


def test_only_optional_abilities_offer_choices() -> None:
    registry: Triggers[Any] = Triggers(lambda state, seat, name: True)
    with pytest.raises(ValueError, match="only an optional ability"):
        registry.register(Ability("x", "t", _lianying, choices=_guicai_choices))


def test_a_choice_checks_one_action_exactly_as_its_list_would() -> None:
    state = Mini()
    select(state, 0, [3, 7, 12], 1, 3, "discard")
    RESOLVER.answer(state, 0, "pick card=7", [])
    legal = RESOLVER.legal(state, 0)
    tries: list[Any] = [*legal, "pick card=7", "pick card=07", "pick card=²", "pick card=٣", "pick card=-3",
                        "pick cards=3", "pick card=3 x=1", "take card=3", "done", "", None, 3, "pick", "pick card="]
    for action in tries:
        assert RESOLVER.is_legal(state, 0, action) == (action in legal), action
    assert not RESOLVER.is_legal(state, 1, "pick card=3")  # not the seat it waits on


def test_a_game_that_ends_inside_an_effect_halts_the_stack_quietly() -> None:
    registry: Triggers[Any] = Triggers(lambda state, seat, name: True)
    resolver: Resolver[Any] = Resolver()
    registry.install(resolver)

    def doom(state: Mini, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
        state.log.append(("doom", seat))
        halt(state)  # the last opponent fell: the game is over mid-chain

    registry.register(Ability("doom", "turn_start", doom))
    state = Mini()
    state.frames.append(Frame("outer", data={}))
    registry.fire(state, "turn_start", {}, [1, 2, 0])
    assert resolver.run(state, []) is None
    assert state.log == [("doom", 1)] and state.frames == []  # seats 2 and 0 never resolved
    finish(state, Frame("late"))  # a rule finishing after the halt does nothing
    assert state.frames == [] and state.frame_results == []


def test_the_uniform_windows_option_is_read_from_a_configuration() -> None:
    assert not uniform_windows({"players": 2, "variants": [], "options": {}})
    assert uniform_windows({"players": 2, "variants": [], "options": {"uniform_windows": 1}})
    assert not uniform_windows({"options": {"uniform_windows": "0"}})


def test_an_ability_frame_pushed_on_its_own_is_a_plain_yes_or_no_ask() -> None:
    # a game may ask "use this?" outside a trigger (an armour asked during a response)
    state = Table(hands=[[13], [], []])
    push(state, "ability", 1, name="eight_diagram", timing="ask")
    assert TABLE.legal(state, 1) == ["decline", "use ability=eight_diagram"]
    TABLE.answer(state, 1, "use ability=eight_diagram", [])
    assert state.frame_results == [{"ability_answer": "use", "ability": "eight_diagram"}]


def _luoshen(state: Table, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    state.frames.append(Frame("judge", data={"seat": seat}))


def _luoshen_judged(state: Table, seat: int, ctx: dict[str, Any], value: Any, events: list[Event]) -> None:
    if isinstance(value, int) and kind_of(value) == "plain":  # a plain card: keep it, and judge again?
        state.hands[seat].append(value)
        push(state, "ability", seat, name="luoshen", timing="start")


TABLE_TRIGGERS.register(Ability("luoshen", "start", _luoshen, optional=True, resume=_luoshen_judged))


@pytest.mark.parametrize("roundtrip", [False, True])
def test_an_ability_that_may_repeat_asks_again_from_its_resume(roundtrip: bool) -> None:
    state = Table(hands=[[], [], []], skills={0: ["luoshen"]}, deck=[10, 11, 12, 4])
    TABLE_TRIGGERS.fire(state, "start", {}, [0])
    asked = play(state, [(0, "use ability=luoshen"), (0, "use ability=luoshen"), (0, "decline")],
                 roundtrip=roundtrip)
    assert asked == [(0, "ability:luoshen")] * 3
    assert state.log == [["judgement", 0, 10], ["judgement", 0, 11]] and state.hands[0] == [10, 11]
    assert state.frame_results == [{"timing": "start", "ctx": {}}]


def test_a_repeating_ability_stops_when_its_resume_does_not_ask() -> None:
    state = Table(hands=[[], [], []], skills={0: ["luoshen"]}, deck=[10, 4, 12])
    TABLE_TRIGGERS.fire(state, "start", {}, [0])
    assert play(state, [(0, "use ability=luoshen"), (0, "use ability=luoshen")]) == [(0, "ability:luoshen")] * 2
    assert state.log == [["judgement", 0, 10], ["judgement", 0, 4]] and state.hands[0] == [10]


def test_action_space_tells_shapes_of_one_verb_apart_by_their_argument_names() -> None:
    space = ActionSpace([Shape.of("play", card=[1, 2]), Shape.of("play", card=[1, 2], on=[7, 8]),
                         Shape.of("pass")])
    assert space.size == 2 + 4 + 1
    assert [space.action(i) for i in range(space.size)] == [
        "play card=1", "play card=2", "play card=1 on=7", "play card=1 on=8", "play card=2 on=7",
        "play card=2 on=8", "pass"]
    assert all(space.index(space.action(i)) == i for i in range(space.size))
    with pytest.raises(MalformedAction):
        space.index("play card=1 at=7")
    with pytest.raises(ValueError, match="same arguments"):
        ActionSpace([Shape.of("play", card=[1]), Shape.of("play", card=[2])])
