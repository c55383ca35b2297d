"""Nested resolution: a last-in-first-out stack of plain-data frames.

A frame is one thing being resolved: a card taking effect, a response window going round
the table, a triggered ability asking its owner, a choice of several cards. Frames live in
the game state (``state.frames``, bottom first), so a state can be saved, cloned, hashed,
replayed and determinized at any depth of a chain. Behaviour is not in the frame: each
frame *kind* names a :class:`FrameRule` registered with a :class:`Resolver`, and the
resolver steps the top frame until some seat must decide.

The contract of a frame rule:

- ``step`` runs the automatic work of a frame whose ``seat`` is :data:`NO_SEAT`. It must
  make progress: push a frame, pop this one (with :func:`finish`), change the frame's data,
  or set ``frame.seat`` to the seat it now waits on.
- ``legal`` lists the canonical actions of the seat the frame waits on; ``answer`` applies
  one of them (and sets ``frame.seat`` back to ``NO_SEAT`` when the frame has more work).
- A frame hands its outcome to the frame below with :func:`finish`: the value is appended
  to that frame's ``results``, so a parent reads what its children decided in order. A
  frame finished at the bottom of the stack hands its value to ``state.frame_results``
  if the state has that list, else drops it.

Straight-line rules code may still run inside one ``step``; what must never happen is
progress kept in a Python closure or generator, which could not be saved or cloned.

**Typed frame data.** A frame kind's data is a :class:`FrameData` class: a slots dataclass with
named fields, listed in the game's :class:`FrameKinds`, copied and saved by the engine's codec
(:mod:`warroom.engine.codec`), with its stage an ``Enum`` field, never a string key in a dict.
``push(state, data, seat)`` puts one on the stack; ``frame.data`` is then that object, and a
rule reads ``frame.data.side``. Its JSON is the same dict the untyped form wrote, so states keep
their hashes. Kinds not yet written so still carry a plain dict (``push(state, "kind", seat,
key=value)``, ``frame.data["key"]``), and a frame reads what its children handed back from
``results``. A frame read from JSON carries a dict until its game's ``FrameKinds.typed`` reads
it into its class (the state does that as it is loaded).

A game that ends in the middle of a chain (the last opponent dies while a window is open)
calls :func:`halt`: the stack is emptied, the resolver stops, and a rule still running when it
happened finds :func:`finish` a no-op and the engine's frames notice the empty stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from warroom.engine.actions import Action
from warroom.engine.codec import Plain, copy_data
from warroom.engine.events import Event

NO_SEAT = -1  # a frame that waits on nobody: the resolver steps it
_new = object.__new__
MAX_STEPS = 1_000_000  # a stack that needs more automatic steps than this is looping


__all__ = ["NO_SEAT", "Frame", "FrameData", "FrameKinds", "FrameRule", "Resolver", "copy_data", "finish", "halt",
           "push", "top"]


class FrameData(Plain):
    """The data of one frame kind, typed: subclass it as ``@dataclass(slots=True, kw_only=True)``
    with ``kind: ClassVar[str] = "..."``, and list it in the game's :class:`FrameKinds`."""

    __slots__ = ()
    kind: ClassVar[str] = ""


class FrameKinds:
    """One game's typed frame kinds (two games may each have a kind of the same name): what a
    frame's saved data is read back as."""

    def __init__(self, *kinds: type[FrameData]) -> None:
        self.by_kind: dict[str, type[FrameData]] = {k.kind: k for k in kinds}

    def typed(self, frames: list[Frame]) -> list[Frame]:
        """``frames`` (read from JSON, data as dicts) with the data of the game's typed kinds read
        into their classes, in place; returns the list."""
        by_kind = self.by_kind
        for f in frames:
            kind = by_kind.get(f.kind)
            if kind is not None and f.data.__class__ is dict:
                f.data = kind.from_json(f.data)
        return frames


@dataclass(slots=True)
class Frame:
    """One thing being resolved.

    ``kind`` names the rule that drives it; ``seat`` is the seat it waits on
    (:data:`NO_SEAT`: nobody, the engine steps it); ``data`` is its own plain data;
    ``answers`` are the answers gathered from seats, ``[seat, action]`` in the order given;
    ``results`` are the values its finished child frames handed back.
    """

    kind: str
    seat: int = NO_SEAT
    data: Any = field(default_factory=dict)  # the kind's FrameData, or a plain dict (untyped kinds)
    answers: list[list[Any]] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)

    def clone(self) -> Frame:
        # slots set on a bare instance, empty lists made without a copy: search bots clone often
        c = _new(Frame)
        c.kind, c.seat = self.kind, self.seat
        data = self.data
        c.data = copy_data(data) if data.__class__ is dict else data.clone()
        c.answers = [a[:] for a in self.answers] if self.answers else []
        c.results = copy_data(self.results) if self.results else []
        return c

    def to_json(self) -> dict[str, Any]:
        data = self.data
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat,
                               "data": copy_data(data) if data.__class__ is dict else data.to_json()}
        if self.answers:
            out["answers"] = [a[:] for a in self.answers]
        if self.results:
            out["results"] = copy_data(self.results)
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Frame:
        return cls(
            str(raw["kind"]),
            int(raw["seat"]),
            copy_data(raw.get("data", {})),
            [list(a) for a in raw.get("answers", [])],
            copy_data(raw.get("results", [])),
        )


class HasFrames(Protocol):
    """A state with a frame stack (bottom first), and where a frame finished at the bottom of the
    stack hands its value: a list (``frame_results``), or ``None`` (a class constant) for nowhere."""

    frames: list[Frame]

    @property
    def frame_results(self) -> list[Any] | None: ...


St = TypeVar("St", bound=HasFrames)


def clone_frames(frames: list[Frame]) -> list[Frame]:
    return [f.clone() for f in frames]


def frames_to_json(frames: list[Frame]) -> list[dict[str, Any]]:
    return [f.to_json() for f in frames]


def frames_from_json(raw: list[dict[str, Any]]) -> list[Frame]:
    return [Frame.from_json(f) for f in raw]


def push(state: HasFrames, kind: str | FrameData, seat: int = NO_SEAT, **data: Any) -> Frame:
    """Put a new frame on top of the stack and return it: of a typed kind (``kind`` is its
    :class:`FrameData`), or of an untyped one (``kind`` names it, ``data`` is its dict)."""
    frame = Frame(kind, seat, data) if isinstance(kind, str) else Frame(kind.kind, seat, kind)
    state.frames.append(frame)
    return frame


def top(state: HasFrames) -> Frame | None:
    return state.frames[-1] if state.frames else None


def halt(state: HasFrames) -> None:
    """Empty the stack because the game has ended in the middle of a chain."""
    state.frames.clear()


def finish(state: HasFrames, frame: Frame, value: Any = None) -> None:
    """Pop ``frame`` (which must be on top) and hand ``value`` to the frame below it.

    On a stack emptied by :func:`halt` it does nothing.
    """
    if not state.frames:
        return
    popped = state.frames.pop()
    assert popped is frame, "only the top frame can finish"
    if state.frames:
        state.frames[-1].results.append(value)
    else:
        results = state.frame_results
        if results is not None:
            results.append(value)


class FrameRule(Generic[St]):
    """The behaviour of one kind of frame; subclasses override what their kind needs."""

    kind: str = ""

    def step(self, state: St, frame: Frame, events: list[Event]) -> None:
        """Automatic work for a frame that waits on nobody (see the module contract)."""
        raise NotImplementedError(f"frame kind {self.kind!r} has no automatic step")

    def legal(self, state: St, frame: Frame, seat: int) -> list[Action]:
        """The actions of ``seat`` (the seat the frame waits on), canonical and sorted."""
        return []

    def is_legal(self, state: St, frame: Frame, seat: int, action: Action) -> bool:
        """Whether ``action`` is legal; override to check without listing every action."""
        return action in self.legal(state, frame, seat)

    def answer(self, state: St, frame: Frame, seat: int, action: Action, events: list[Event]) -> None:
        """Apply a legal answer of ``seat``."""
        raise NotImplementedError(f"frame kind {self.kind!r} takes no answers")

    def decision_kind(self, state: St, frame: Frame) -> str:
        """The ``Decision.kind`` shown while the frame waits (default: the frame's kind)."""
        return frame.kind


class Resolver(Generic[St]):
    """Steps a state's frame stack with the rules registered for each frame kind.

    One resolver per game, built at import time (it holds rules, never game progress).
    """

    def __init__(self, rules: list[FrameRule[St]] | None = None) -> None:
        self.rules: dict[str, FrameRule[St]] = {}
        for rule in rules or []:
            self.add(rule)

    def add(self, rule: FrameRule[St]) -> FrameRule[St]:
        if not rule.kind:
            raise ValueError("a frame rule needs a kind")
        if rule.kind in self.rules:
            raise ValueError(f"frame kind {rule.kind!r} registered twice")
        self.rules[rule.kind] = rule
        return rule

    def rule(self, frame: Frame) -> FrameRule[St]:
        try:
            return self.rules[frame.kind]
        except KeyError:
            raise AssertionError(f"no rule for frame kind {frame.kind!r}") from None

    def run(self, state: St, events: list[Event]) -> Frame | None:
        """Step the top frame until one waits on a seat (returned) or the stack is empty (``None``)."""
        frames = state.frames
        rules = self.rules
        for _ in range(MAX_STEPS):
            if not frames:
                return None
            frame = frames[-1]
            if frame.seat != NO_SEAT:
                return frame
            rule = rules.get(frame.kind)
            if rule is None:
                raise AssertionError(f"no rule for frame kind {frame.kind!r}")
            rule.step(state, frame, events)
        raise AssertionError(f"frame stack did not settle in {MAX_STEPS} steps: {[f.kind for f in frames]}")

    def waiting(self, state: St) -> Frame | None:
        """The top frame if it waits on a seat."""
        frames = state.frames
        if frames and frames[-1].seat != NO_SEAT:
            return frames[-1]
        return None

    def decision_kind(self, state: St) -> str | None:
        """The ``Decision.kind`` of the waiting frame (``None`` if no frame waits)."""
        frame = self.waiting(state)
        return None if frame is None else self.rule(frame).decision_kind(state, frame)

    def legal(self, state: St, seat: int) -> list[Action]:
        frame = self.waiting(state)
        if frame is None or frame.seat != seat:
            return []
        return self.rule(frame).legal(state, frame, seat)

    def is_legal(self, state: St, seat: int, action: Action) -> bool:
        """Whether ``action`` answers the waiting frame; ``False`` for anything that is not text."""
        frame = self.waiting(state)
        if frame is None or frame.seat != seat or not isinstance(action, str):
            return False
        return self.rule(frame).is_legal(state, frame, seat, action)

    def answer(self, state: St, seat: int, action: Action, events: list[Event]) -> None:
        """Apply ``seat``'s answer to the waiting frame, then step until the next decision."""
        frame = self.waiting(state)
        assert frame is not None and frame.seat == seat, "answer without a waiting frame"
        self.rule(frame).answer(state, frame, seat, action, events)
        self.run(state, events)
