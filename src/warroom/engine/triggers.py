"""Triggered abilities: named timing points mapped to small ability definitions.

A game builds one :class:`Triggers` registry at import time and registers each ability
once: its name, the timing point it listens to (``"before_damage"``, ``"after_damage"``,
``"dying"``, ``"judgement_made"``, ``"card_lost"``, ``"turn_start"``...), a condition, an
optional cost, an effect, and whether it is optional. Abilities are looked up by name, so
the state only ever holds names and seats.

``fire(state, timing, ctx, order)`` pushes a ``trigger`` frame that resolves, in the
**documented order**, every ability that fires:

1. seats in the ``order`` the caller gives (usually from the current player round the
   table, see :func:`seat_order`);
2. within one seat, abilities in the order they were registered.

Each ability's condition is checked when its turn comes (an earlier ability may have
changed the situation), not when the timing point fired. A compulsory ability runs at
once; an optional one pushes an ``ability`` frame that asks its owner ``use NAME`` or
``decline`` (a cost that cannot be paid means it is not offered). An effect may push
frames of its own (a choice, a window); what they hand back is given to the ability's
``resume`` hook before the next ability resolves. The trigger frame finally hands its
``ctx`` (which effects may have changed: a damage amount, a replaced judgement card) to
the frame below it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic

from warroom.engine.actions import Action
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, Resolver, St, finish, push

Context = dict[str, Any]
Condition = Callable[[Any, int, Context], bool]
Effect = Callable[[Any, int, Context, list[Event]], None]
Resume = Callable[[Any, int, Context, Any, list[Event]], None]


def _always(state: Any, seat: int, ctx: Context) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Ability:
    """One triggered ability: when ``timing`` fires, if ``condition`` holds for its owner, ``effect``.

    ``can_pay``/``pay`` are the optional cost (checked before offering, paid on use);
    ``resume`` receives what frames pushed by the effect hand back.
    """

    name: str
    timing: str
    effect: Effect
    condition: Condition = _always
    optional: bool = False
    can_pay: Condition | None = None
    pay: Effect | None = None
    resume: Resume | None = None


def seat_order(start: int, seats: int, alive: Callable[[int], bool] | None = None) -> list[int]:
    """Seats from ``start`` round the table in seat order, skipping those not ``alive``."""
    order = [(start + i) % seats for i in range(seats)]
    return order if alive is None else [s for s in order if alive(s)]


class Triggers(Generic[St]):
    """A static registry of abilities by timing point, with the frames that resolve them.

    ``holds(state, seat, name)`` tells whether a seat has an ability now (a general's skill,
    an equipped weapon); the game supplies it.
    """

    def __init__(self, holds: Callable[[Any, int, str], bool]) -> None:
        self.holds = holds
        self.by_name: dict[str, Ability] = {}
        self.by_timing: dict[str, list[Ability]] = {}

    def register(self, ability: Ability) -> Ability:
        if ability.name in self.by_name:
            raise ValueError(f"ability {ability.name!r} registered twice")
        self.by_name[ability.name] = ability
        self.by_timing.setdefault(ability.timing, []).append(ability)
        return ability

    def install(self, resolver: Resolver[St]) -> None:
        """Register the ``trigger`` and ``ability`` frame kinds with a game's resolver."""
        resolver.add(_TriggerRule(self))
        resolver.add(_AbilityRule(self))

    def listening(self, state: Any, timing: str, order: list[int]) -> list[list[Any]]:
        """``[seat, name]`` of every ability held at ``timing``, in resolution order (not yet checked)."""
        abilities = self.by_timing.get(timing)
        if not abilities:
            return []
        return [[seat, a.name] for seat in order for a in abilities if self.holds(state, seat, a.name)]

    def fire(self, state: St, timing: str, ctx: Context, order: list[int]) -> Frame | None:
        """Push a ``trigger`` frame for ``timing`` if any seat holds an ability there.

        Returns the frame, or ``None`` when nothing listens (then nothing is pushed and
        the caller goes straight on; the ctx is unchanged).
        """
        pending = self.listening(state, timing, order)
        if not pending:
            return None
        return push(state, "trigger", timing=timing, ctx=ctx, pending=pending, current=None)

    def usable(self, state: Any, seat: int, ability: Ability, ctx: Context) -> bool:
        if not ability.condition(state, seat, ctx):
            return False
        return ability.can_pay is None or ability.can_pay(state, seat, ctx)

    def run(self, state: Any, seat: int, ability: Ability, ctx: Context, events: list[Event]) -> None:
        if ability.pay is not None:
            ability.pay(state, seat, ctx, events)
        events.append(Event("ability", {"seat": seat, "ability": ability.name}))
        ability.effect(state, seat, ctx, events)


class _TriggerRule(FrameRule[Any]):
    kind = "trigger"

    def __init__(self, triggers: Triggers[Any]) -> None:
        self.triggers = triggers

    def step(self, state: Any, frame: Frame, events: list[Event]) -> None:
        data = frame.data
        ctx = data["ctx"]
        if frame.results:
            # children of the ability that ran last (its own frames, or the ``ability`` ask)
            returned = frame.results[:]
            frame.results.clear()
            current = data["current"]
            for value in returned:
                if isinstance(value, dict) and value.get("ability_answer") is not None:
                    seat, name = current
                    ability = self.triggers.by_name[name]
                    if value["ability_answer"] == "use":
                        self.triggers.run(state, seat, ability, ctx, events)
                    return  # the effect may have pushed frames; step again
                if current is not None:
                    ability = self.triggers.by_name[current[1]]
                    if ability.resume is not None:
                        ability.resume(state, current[0], ctx, value, events)
            return
        pending = data["pending"]
        while pending:
            seat, name = pending.pop(0)
            ability = self.triggers.by_name[name]
            if not self.triggers.holds(state, seat, name) or not self.triggers.usable(state, seat, ability, ctx):
                continue
            data["current"] = [seat, name]
            if ability.optional:
                push(state, "ability", seat, name=name, timing=data["timing"])
                return
            self.triggers.run(state, seat, ability, ctx, events)
            return  # the effect may have pushed frames: let them resolve first
        finish(state, frame, {"timing": data["timing"], "ctx": ctx})


class _AbilityRule(FrameRule[Any]):
    """Asks the owner of an optional ability whether to use it."""

    kind = "ability"

    def __init__(self, triggers: Triggers[Any]) -> None:
        self.triggers = triggers

    def legal(self, state: Any, frame: Frame, seat: int) -> list[Action]:
        return ["decline", f"use ability={frame.data['name']}"]

    def answer(self, state: Any, frame: Frame, seat: int, action: Action, events: list[Event]) -> None:
        frame.answers.append([seat, action])
        frame.seat = NO_SEAT
        finish(state, frame, {"ability_answer": "decline" if action == "decline" else "use"})

    def decision_kind(self, state: Any, frame: Frame) -> str:
        return f"ability:{frame.data['name']}"
