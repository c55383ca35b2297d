"""Response windows: ask the table, in a fixed order, whether anyone answers.

A window is a ``window`` frame with a name (which :class:`WindowRule` drives it), the order
of the seats it asks, and data of the game's choosing (what is being answered). It asks
each seat in order; a seat answers with one of the rule's responses or ``pass``. What a
response does is the rule's business: it may push frames (a Negate opens a window of its
own, to any depth) and it says whether the window then closes, asks the same seat again,
or moves on. When the window has gone round (or closed), it hands
``{"window": name, "answers": [[seat, action], ...], "results": [...], "data": data}`` to the
frame below; ``results`` are what the frames pushed by its responses handed back (a nested
window's outcome, and the report of any trigger a response fired: :func:`outcomes` picks out
the windows'), so the frame that opened the window can settle a chain.

**Who is asked.** A seat with no possible response is skipped without being asked: that is
the largest speed lever for simulation. Online, a person could read something into how fast
a window closed (nobody asked means nobody holds a Negate), so a window opened with
``uniform=True`` asks every seat in its order, offering ``pass`` alone to those who cannot
answer: the table then behaves the same whether or not anyone could answer. Games expose
this as the rule option ``uniform_windows`` (:data:`UNIFORM_WINDOWS`, read with
:func:`uniform_windows`), which servers set for tables with more than one person. A seat that
is no longer at the table (``seated`` says no: a dead player) is never asked, uniform or not.

**After a response's frames.** A response that pushes frames (a nested window, a choice of
targets) has them resolved before the window asks on. If the rule has ``resume``, each value
they hand back is given to it; it returns ``True`` to close the window (a Negate that was not
itself cancelled, under a reading where a cancelled Negate lets others answer again).

**Non-uniform windows reveal something**: that a seat is asked tells the table it could answer.
A determinization does not condition on it (it re-deals as if nothing was learned); uniform
windows remove both the leak and the bias.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from warroom.engine.actions import Action
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, Resolver, St, finish, push
from warroom.engine.game import Option

PASS = "pass"
# a response's outcome: close the window, ask the same seat again, or go on round the table
Then = Literal["close", "again", "next"]

UNIFORM_WINDOWS = Option(
    0,
    "1: every response window asks every seat in order, even one that cannot answer, so the "
    "table behaves the same whoever holds what (servers set it for tables of several people)",
    0,
    1,
)

Responses = Callable[[Any, Frame, int], list[Action]]
Respond = Callable[[Any, Frame, int, Action, list[Event]], Then]
WindowResume = Callable[[Any, Frame, Any, list[Event]], bool]
Seated = Callable[[Any, int], bool]


def uniform_windows(config: dict[str, Any]) -> bool:
    """Whether a configuration asks for uniform windows (the ``uniform_windows`` option)."""
    return bool(int(config.get("options", {}).get("uniform_windows", 0)))


@dataclass(frozen=True, slots=True)
class WindowRule:
    """How one named window is answered.

    ``responses(state, frame, seat)`` lists what ``seat`` could answer now (without
    ``pass``; empty: nothing); ``respond(state, frame, seat, action, events)`` applies a
    response and says what the window does next. Optional: ``resume(state, frame, value,
    events)`` receives what frames pushed by a response hand back and returns ``True`` to
    close the window; ``seated(state, seat)`` is ``False`` for a seat that is not to be asked
    at all any more (a dead player), even in a uniform window; ``can_respond(state, frame,
    seat)`` answers ``bool(responses(...))`` faster (without writing the actions), for the
    window's decision of whom to ask.
    """

    name: str
    responses: Responses
    respond: Respond
    resume: WindowResume | None = None
    seated: Seated | None = None
    can_respond: Callable[[Any, Frame, int], bool] | None = None


class Windows:
    """The windows of one game, and the ``window`` frame kind that runs them."""

    def __init__(self) -> None:
        self.rules: dict[str, WindowRule] = {}

    def register(self, rule: WindowRule) -> WindowRule:
        if rule.name in self.rules:
            raise ValueError(f"window {rule.name!r} registered twice")
        self.rules[rule.name] = rule
        return rule

    def install(self, resolver: Resolver[St]) -> None:
        resolver.add(_WindowFrameRule(self))

    def open(self, state: St, name: str, order: list[int], uniform: bool = False, **data: Any) -> Frame:
        """Push a window ``name`` asking ``order`` in turn; ``data`` says what is being answered."""
        if name not in self.rules:
            raise AssertionError(f"no window {name!r}")
        return push(state, "window", name=name, order=list(order), at=0, uniform=uniform, closed=False, **data)


def outcome(value: Any, name: str) -> dict[str, Any] | None:
    """``value`` if it is what a window ``name`` handed back, else ``None``.

    A frame's ``results`` hold the values of every frame pushed above it (a trigger fired by a
    response hands back its ``{"timing", "ctx"}`` too); this picks out a window's outcome.
    """
    if isinstance(value, dict) and value.get("window") == name and "answers" in value:
        return value
    return None


def outcomes(results: list[Any], name: str) -> list[dict[str, Any]]:
    """The outcomes of windows ``name`` among ``results``, in the order they were handed back."""
    return [v for v in results if outcome(v, name) is not None]


def outcome_data(frame: Frame) -> dict[str, Any]:
    """The game's own data of a window frame (without the engine's keys)."""
    return {k: v for k, v in frame.data.items() if k not in _ENGINE_KEYS}


_ENGINE_KEYS = frozenset({"name", "order", "at", "uniform", "closed", "seen"})


class _WindowFrameRule(FrameRule[Any]):
    kind = "window"

    def __init__(self, windows: Windows) -> None:
        self.windows = windows

    def step(self, state: Any, frame: Frame, events: list[Event]) -> None:
        data = frame.data
        rule = self.windows.rules[data["name"]]
        if rule.resume is not None and len(frame.results) > data.get("seen", 0):
            fresh = frame.results[data.get("seen", 0):]
            data["seen"] = len(frame.results)
            for value in fresh:
                if rule.resume(state, frame, value, events):
                    data["closed"] = True
            if not state.frames or state.frames[-1] is not frame:
                return  # resume pushed frames (they resolve first), or the game ended
        order = data["order"]
        if not data["closed"]:
            at = data["at"]
            uniform = data["uniform"]
            seated = rule.seated
            can = rule.can_respond or rule.responses
            while at < len(order):
                seat = order[at]
                if (seated is None or seated(state, seat)) and (uniform or can(state, frame, seat)):
                    data["at"] = at
                    frame.seat = seat
                    return
                at += 1
            data["at"] = at
        finish(state, frame, {
            "window": data["name"],
            "answers": [a[:] for a in frame.answers],
            "results": frame.results[:],
            "data": outcome_data(frame),
        })

    def legal(self, state: Any, frame: Frame, seat: int) -> list[Action]:
        rule = self.windows.rules[frame.data["name"]]
        return [*sorted(set(rule.responses(state, frame, seat))), PASS]

    def answer(self, state: Any, frame: Frame, seat: int, action: Action, events: list[Event]) -> None:
        data = frame.data
        frame.seat = NO_SEAT
        if action == PASS:
            data["at"] += 1
            return
        frame.answers.append([seat, action])
        then = self.windows.rules[data["name"]].respond(state, frame, seat, action, events)
        if then == "close":
            data["closed"] = True
        elif then == "next":
            data["at"] += 1
        # "again": the same seat is asked once more (if it still can answer)

    def decision_kind(self, state: Any, frame: Frame) -> str:
        return f"window:{frame.data['name']}"
