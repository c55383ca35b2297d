"""A stable numbering of a game's actions, for research adapters (action masks, OpenSpiel).

OpenSpiel calls these "distinct actions": every action the game can ever offer gets a
fixed integer in ``[0, size)``, the same in every state, process and version of the
rules. A game describes its actions as *shapes*: a verb and, for each argument in the
order the game writes them, the finite list of values it may take. The numbering is then
mixed-radix arithmetic over the shapes in the order given, so ``index`` and ``action`` cost
a few dictionary look-ups and never enumerate the space.

Actions whose argument is a list (several targets in one action) have no fixed numbering;
every warroom game makes such choices as a sequence of picks (:mod:`warroom.engine.choices`),
each of which is one numbered action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warroom.engine.actions import Action, Move
from warroom.engine.errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Shape:
    """One verb and the values each of its arguments may take (``[]``: a verb alone)."""

    verb: str
    args: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @classmethod
    def of(cls, verb: str, **domains: Sequence[int | str]) -> Shape:
        return cls(verb, tuple((k, tuple(str(v) for v in vals)) for k, vals in domains.items()))

    @property
    def size(self) -> int:
        n = 1
        for _, vals in self.args:
            n *= len(vals)
        return n


class ActionSpace:
    """Numbers ``0..size-1`` for every action of the given shapes, in shape order."""

    def __init__(self, shapes: Sequence[Shape]) -> None:
        self.shapes = tuple(shapes)
        self.offsets: dict[str, int] = {}  # verb -> offset of its first shape
        # a verb may have several shapes told apart by their argument names
        # (``play card=`` and ``play card= on=``): shapes are found by (verb, names)
        self._by_sig: dict[tuple[str, tuple[str, ...]], Shape] = {}
        self._start: dict[tuple[str, tuple[str, ...]], int] = {}
        self._position: dict[tuple[str, tuple[str, ...]], list[dict[str, int]]] = {}
        offset = 0
        for shape in self.shapes:
            sig = (shape.verb, tuple(k for k, _ in shape.args))
            if sig in self._by_sig:
                raise ValueError(f"verb {shape.verb!r} has two shapes with the same arguments")
            self._by_sig[sig] = shape
            self.offsets.setdefault(shape.verb, offset)
            self._start[sig] = offset
            self._position[sig] = [{v: i for i, v in enumerate(vals)} for _, vals in shape.args]
            offset += shape.size
        self.size = offset

    def index(self, action: Action) -> int:
        """The number of ``action``; ``MalformedAction`` if it has no place in this space."""
        unknown = f"{action!r} has no number in this game's action space"
        try:
            move = Move.parse(action)
        except MalformedAction:
            raise MalformedAction(unknown) from None
        sig = (move.verb, tuple(k for k, _ in move.args))
        shape = self._by_sig.get(sig)
        # only canonical text has a number ("play card=07" and other spacing have none)
        if shape is None or move.text != action:
            raise MalformedAction(unknown)
        n = 0
        for (key, vals), pos in zip(shape.args, self._position[sig], strict=True):
            i = pos.get(move.word(key))
            if i is None:
                raise MalformedAction(unknown)
            n = n * len(vals) + i
        return self._start[sig] + n

    def action(self, number: int) -> Action:
        """The action numbered ``number``."""
        if not 0 <= number < self.size:
            raise MalformedAction(f"action number {number} is outside 0..{self.size - 1}")
        for shape in self.shapes:
            start = self._start[(shape.verb, tuple(k for k, _ in shape.args))]
            if number < start + shape.size:
                rest = number - start
                picks: list[str] = []
                for key, vals in reversed(shape.args):
                    rest, i = divmod(rest, len(vals))
                    picks.append(f"{key}={vals[i]}")
                return " ".join([shape.verb, *reversed(picks)])
        raise AssertionError("unreachable")  # pragma: no cover

    def mask(self, legal: Sequence[Action]) -> list[int]:
        """A 0/1 list of length ``size`` with 1 at the number of each legal action."""
        out = [0] * self.size
        for a in legal:
            out[self.index(a)] = 1
        return out
