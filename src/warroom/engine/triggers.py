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
once; an optional one pushes an ``ability`` frame that asks its owner ``use ability=NAME``
or ``decline`` (a cost that cannot be paid means it is not offered).

**Costs.** ``can_pay`` says whether the cost can be paid now, ``pay`` pays it. A cost that
needs a choice (discard *which* card) is written as ``choices``: the ways to use the
ability, each the argument words of one use action (``"card=12"`` offers
``use ability=NAME card=12``), so choosing the ability and how to pay for it is one
decision. While the ability resolves, ``ctx["use"]`` (:data:`USE`) holds the chosen
arguments as text (``{"card": "12"}``); it is removed once the ability is done.

**Order within one ability.** ``pay`` runs first. If it pushes frames (paying with the last
hand card fires "card lost"), they resolve before the effect; what they hand back goes to
``resume``. Then the ``ability`` event is logged and ``effect`` runs. An effect may push
frames of its own (a choice, a window, damage); each value they hand back is given to
``resume``, which may push more (store how far it got in ``ctx``), until nothing more is
pushed. An ability that "may repeat" (Luoshen: judge again?) has ``resume`` push an
``ability`` frame of its own name: answered ``use``, the ability pays and takes effect once
more; declined, it is done. ``resume`` receives the value of *every* frame pushed above the trigger frame,
including the ``{"timing", "ctx"}`` of a trigger fired inside the effect (a card lost on the
way): pick out what it waits for with :func:`warroom.engine.choices.picked` or
:func:`warroom.engine.windows.outcome`. Only then does the next ability resolve. The trigger frame finally hands
``{"timing", "ctx"}`` to the frame below it (effects may have changed ``ctx``: a damage
amount, a replaced judgement card).

The caller either gets ``None`` from :meth:`Triggers.fire` (nothing listens: nothing was
pushed, go straight on) or the pushed frame (wait: the caller's frame is stepped again once
the trigger frame has handed it ``{"timing", "ctx"}`` in ``results``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic

from warroom.engine.actions import Action, parse
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, Resolver, St, finish, push

Context = dict[str, Any]
Condition = Callable[[Any, int, Context], bool]
Effect = Callable[[Any, int, Context, list[Event]], None]
Resume = Callable[[Any, int, Context, Any, list[Event]], None]
Choices = Callable[[Any, int, Context], list[str]]

USE = "use"  # the ctx key holding the chosen use's arguments while an ability resolves
# the stages of the ability being resolved, kept in the trigger frame's data
_ASKING, _PAYING, _RUNNING = "asking", "paying", "running"


def _always(state: Any, seat: int, ctx: Context) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Ability:
    """One triggered ability: when ``timing`` fires, if ``condition`` holds for its owner, ``effect``.

    ``can_pay``/``pay`` are the optional cost (checked before offering, paid on use);
    ``choices`` lists the ways to use an optional ability when using it needs a choice (see
    the module text); ``resume`` receives what frames pushed by ``pay`` or ``effect`` hand back.
    """

    name: str
    timing: str
    effect: Effect
    condition: Condition = _always
    optional: bool = False
    can_pay: Condition | None = None
    pay: Effect | None = None
    resume: Resume | None = None
    choices: Choices | None = None


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
        if ability.choices is not None and not ability.optional:
            raise ValueError(f"ability {ability.name!r}: only an optional ability offers choices")
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
        return push(state, "trigger", timing=timing, ctx=ctx, pending=pending, current=None, stage="")

    def usable(self, state: Any, seat: int, ability: Ability, ctx: Context) -> bool:
        """Whether ``seat`` may use ``ability`` now: its condition holds and it can pay."""
        if not ability.condition(state, seat, ctx):
            return False
        if ability.can_pay is not None and not ability.can_pay(state, seat, ctx):
            return False
        return ability.choices is None or bool(ability.choices(state, seat, ctx))

    def uses(self, state: Any, seat: int, ability: Ability, ctx: Context) -> list[Action]:
        """The use actions offered for an optional ability, sorted."""
        base = f"use ability={ability.name}"
        if ability.choices is None:
            return [base]
        return sorted({f"{base} {words}" for words in ability.choices(state, seat, ctx)})

    def run(self, state: Any, seat: int, ability: Ability, ctx: Context, events: list[Event]) -> None:
        """Pay for and apply an ability in one go (what a frame does when neither pushes frames)."""
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
        if data["current"] is not None:
            if self._carry_on(state, frame, events):
                return  # frames it pushed resolve first
            data["current"] = None
            data["stage"] = ""
            ctx.pop(USE, None)
        pending = data["pending"]
        while pending:
            seat, name = pending.pop(0)
            ability = self.triggers.by_name[name]
            if not self.triggers.holds(state, seat, name) or not self.triggers.usable(state, seat, ability, ctx):
                continue
            data["current"] = [seat, name]
            if ability.optional:
                data["stage"] = _ASKING
                push(state, "ability", seat, name=name, timing=data["timing"])
                return
            data["stage"] = _PAYING
            if self._pay(state, frame, seat, ability, ctx, events) or self._start(
                state, frame, seat, ability, ctx, events
            ):
                return
            data["current"] = None
            data["stage"] = ""
        finish(state, frame, {"timing": data["timing"], "ctx": ctx})

    @staticmethod
    def _pushed(state: Any, frame: Frame) -> bool:
        """Whether something was pushed over ``frame`` (or the game halted: stop too)."""
        return not state.frames or state.frames[-1] is not frame

    def _pay(self, state: Any, frame: Frame, seat: int, ability: Ability, ctx: Context,
             events: list[Event]) -> bool:
        """Pay the cost; True if that pushed frames (the effect waits for them)."""
        if ability.pay is None:
            return False
        ability.pay(state, seat, ctx, events)
        return self._pushed(state, frame)

    def _start(self, state: Any, frame: Frame, seat: int, ability: Ability, ctx: Context,
               events: list[Event]) -> bool:
        """Apply the effect; True if it pushed frames."""
        frame.data["stage"] = _RUNNING
        events.append(Event("ability", {"seat": seat, "ability": ability.name}))
        ability.effect(state, seat, ctx, events)
        return self._pushed(state, frame)

    def _carry_on(self, state: Any, frame: Frame, events: list[Event]) -> bool:
        """Go on with the current ability after its frames returned; True while it still waits."""
        data = frame.data
        ctx = data["ctx"]
        seat, name = data["current"]
        ability = self.triggers.by_name[name]
        returned = frame.results[:]
        frame.results.clear()
        # the owner's answer: to the first ask, or to an ask again pushed by resume ("may repeat")
        answer = next((v for v in returned if isinstance(v, dict) and "ability_answer" in v
                       and v.get("ability", name) == name), None)
        if data["stage"] == _ASKING or answer is not None:
            if answer is None or answer["ability_answer"] != "use":
                return False
            ctx.pop(USE, None)
            if answer.get("args"):
                ctx[USE] = dict(answer["args"])
            data["stage"] = _PAYING
            if self._pay(state, frame, seat, ability, ctx, events):
                return True
            return self._start(state, frame, seat, ability, ctx, events)
        for value in returned:
            if ability.resume is not None:
                ability.resume(state, seat, ctx, value, events)
        if self._pushed(state, frame):
            return True
        if data["stage"] == _PAYING:
            return self._start(state, frame, seat, ability, ctx, events)
        return False


class _AbilityRule(FrameRule[Any]):
    """Asks the owner of an optional ability whether (and how) to use it.

    Pushed by a ``trigger`` frame, it sits right above it, and an ability with ``choices``
    reads that frame's ``ctx`` for them. A game may also push one on its own as a plain
    yes/no ask (``push(state, "ability", seat, name=NAME, timing=...)``): it offers
    ``decline`` and ``use ability=NAME`` and hands ``{"ability_answer": "use"|"decline",
    "ability": NAME}`` (and ``"args"`` when the use had some) to the frame below.
    """

    kind = "ability"

    def __init__(self, triggers: Triggers[Any]) -> None:
        self.triggers = triggers

    def legal(self, state: Any, frame: Frame, seat: int) -> list[Action]:
        name = frame.data["name"]
        ability = self.triggers.by_name.get(name)
        below = state.frames[-2] if len(state.frames) > 1 else None
        if ability is None or ability.choices is None or below is None or below.kind != "trigger":
            return ["decline", f"use ability={name}"]
        return ["decline", *self.triggers.uses(state, seat, ability, below.data["ctx"])]

    def answer(self, state: Any, frame: Frame, seat: int, action: Action, events: list[Event]) -> None:
        frame.answers.append([seat, action])
        frame.seat = NO_SEAT
        name = frame.data["name"]
        if action == "decline":
            finish(state, frame, {"ability_answer": "decline", "ability": name})
            return
        args = {k: v for k, v in parse(action)[1].items() if k != "ability"}
        answer: dict[str, Any] = {"ability_answer": "use", "ability": name}
        if args:
            answer["args"] = args
        finish(state, frame, answer)

    def decision_kind(self, state: Any, frame: Frame) -> str:
        return f"ability:{frame.data['name']}"
