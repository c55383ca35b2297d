"""Unit tests of the engine's frame stack, triggers, response windows, choices and action numbering."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from warroom.engine import Event, MalformedAction, make, parse
from warroom.engine.action_space import ActionSpace, Shape
from warroom.engine.actions import ints, values
from warroom.engine.choices import SelectRule, select
from warroom.engine.frames import Frame, Resolver, frames_from_json, frames_to_json
from warroom.engine.triggers import Ability, Triggers, seat_order
from warroom.engine.windows import WindowRule, Windows


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
