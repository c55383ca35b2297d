"""Canonical action text.

An action is a ``str`` in canonical form: a verb, then ``key=value`` words in the
order the game gives them, single spaces (``play card=88 on=12``). Strings are the
cheapest immutable values Python has, they sort stably, and the text *is* the
value, so the terminal, the web protocol, records and tests all speak the same
words and nothing needs converting.

**Lists.** An argument may hold several values, comma-separated with no spaces
(``play card=12 targets=2,5``): ``make`` writes a list or tuple that way and
``values``/``ints`` read one back. The order is the game's (targets in the order
chosen); a game that means a set writes it sorted. Records and the web protocol
carry the text unchanged. Values never contain spaces, ``=`` or (inside a list)
empty items.

**Moves.** Rules, bots and encoders read an action through :class:`Move`, its typed value: the
verb and the arguments, whole numbers as ``int``, lists as tuples, words as ``str``.
``Move.parse`` is the one reader of action text and ``str(move)`` the one writer, and they
round-trip exactly (``Move.parse(str(m)) == m``, and ``str(Move.parse(t)) == t`` for every
canonical ``t`` a game offers); nothing else splits action text.

**Numbers** are written in ASCII digits only, and read with ``digits``/``whole``,
never with ``int()`` or ``str.isdigit()``: those also take other scripts' digits
(``int("١٩٠")`` is 190) and ``isdigit`` takes superscripts that ``int`` then
refuses (``"²"``), so typed text would name another move or fail deep inside a
game. ``parse`` refuses a value holding any numeral that is not an ASCII digit.
"""

from __future__ import annotations

from typing import Union

from warroom.engine.errors import MalformedAction

Action = str


def make(verb: str, /, **args: int | str | list[int] | list[str] | tuple[int | str, ...]) -> Action:
    """Build canonical text: ``make("play", card=3, on=[7, 9])`` -> ``"play card=3 on=7,9"``.

    ``verb`` is positional-only, so an argument may be called ``verb`` too (``pass verb=1``).
    """
    if not args:
        return verb
    return verb + " " + " ".join(
        f"{k}={','.join(str(x) for x in v) if isinstance(v, list | tuple) else v}" for k, v in args.items()
    )


def digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits ``0-9`` (``str.isdigit`` without the other
    scripts' digits, superscripts and circled numbers it also accepts)."""
    return text.isascii() and text.isdigit()


def is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number ``whole`` reads: ASCII digits, perhaps after a minus sign."""
    return digits(text[1:] if text[:1] == "-" else text)


def whole(text: str) -> int:
    """``text`` as a whole number: ASCII digits, perhaps after a minus sign (``"12"``, ``"-1"``);
    ``MalformedAction`` for anything else, ``"²"``, ``"١٩٠"``, ``"+3"`` and ``" 7"`` among them."""
    if not is_whole(text):
        raise MalformedAction(f"{text!r} is not a whole number written in the digits 0-9")
    return int(text)


def values(value: str) -> list[str]:
    """The items of a list argument (``"2,5"`` -> ``["2", "5"]``; a single value is a list of one)."""
    items = value.split(",")
    if any(not item for item in items):
        raise MalformedAction(f"malformed list {value!r}: empty item")
    return items


def ints(value: str) -> list[int]:
    """The items of a list argument as whole numbers; ``MalformedAction`` otherwise."""
    try:
        return [whole(item) for item in values(value)]
    except MalformedAction:
        raise MalformedAction(f"malformed list {value!r}: expected whole numbers") from None


def parse(text: str) -> tuple[str, dict[str, str]]:
    """Split action text into its verb and arguments; raise ``MalformedAction`` if it is not one."""
    if not isinstance(text, str):
        raise MalformedAction("an action must be text")
    words = text.split()
    if not words:
        raise MalformedAction("empty action")
    verb = words[0]
    if "=" in verb or not verb.replace("-", "").isalnum():
        raise MalformedAction(f"malformed action {text!r}: it must start with a verb")
    args: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise MalformedAction(f"malformed action {text!r}: expected key=value, got {word!r}")
        if value.startswith(",") or value.endswith(",") or ",," in value:
            raise MalformedAction(f"malformed action {text!r}: empty item in the list {value!r}")
        if key in args:
            raise MalformedAction(f"malformed action {text!r}: {key!r} given twice")
        if not value.isascii() and any(c.isnumeric() for c in value):
            raise MalformedAction(f"malformed action {text!r}: write numbers in the digits 0-9, not {value!r}")
        args[key] = value
    return verb, args


def canonical(text: str) -> Action:
    """Normalise spacing so that hand-typed text compares equal to generated actions."""
    verb, args = parse(text)
    return make(verb, **args)


Value = Union[int, str, tuple[int | str, ...]]  # noqa: UP007 (a runtime alias: Python 3.11 has no `type` statement)
_PARSED: dict[str, Move] = {}  # text -> its move: games offer the same few thousand texts again and again
_PARSED_MAX = 1 << 16


def _typed(value: str) -> Value:
    if "," in value:
        return tuple(whole(v) if is_whole(v) else v for v in values(value))
    return whole(value) if is_whole(value) else value


def _written(value: Value) -> str:
    return ",".join(str(v) for v in value) if isinstance(value, tuple) else str(value)


class Move:
    """An action as a value: a verb and its arguments in the game's order, typed (whole numbers
    ``int``, lists ``tuple``, words ``str``). Hashable and ordered; ordered and compared as its
    canonical text, which ``str(move)`` writes and :meth:`parse` reads."""

    __slots__ = ("args", "text", "verb")

    verb: str
    args: tuple[tuple[str, Value], ...]
    text: str

    def __init__(self, verb: str, args: tuple[tuple[str, Value], ...] = ()) -> None:
        self.verb = verb
        self.args = args
        self.text = verb if not args else verb + " " + " ".join(f"{k}={_written(v)}" for k, v in args)

    @classmethod
    def of(cls, verb: str, /, **args: Value | list[int] | list[str]) -> Move:
        """``Move.of("play", card=3, on=[7, 9])``: the move ``play card=3 on=7,9``."""
        return cls(verb, tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in args.items()))

    @staticmethod
    def parse(text: str) -> Move:
        """The move that ``text`` writes; ``MalformedAction`` (one line) if it is not one. Spacing
        is forgiven (``"play  card=3"``); everything else must be as :func:`parse` reads it."""
        move = _PARSED.get(text) if isinstance(text, str) else None
        if move is None:
            verb, raw = parse(text)
            move = Move(verb, tuple((k, _typed(v)) for k, v in raw.items()))
            if len(_PARSED) >= _PARSED_MAX:
                _PARSED.clear()
            _PARSED[text] = move
        return move

    # ----- reading the arguments ----------------------------------------------------------------
    def __contains__(self, key: str) -> bool:
        return any(k == key for k, _ in self.args)

    def __getitem__(self, key: str) -> Value:
        for k, v in self.args:
            if k == key:
                return v
        raise MalformedAction(f"the move {self.text!r} has no {key!r}")

    def get(self, key: str, default: Value | None = None) -> Value | None:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def number(self, key: str) -> int:
        """The whole number ``key`` holds; ``MalformedAction`` if it holds anything else."""
        value = self[key]
        if not isinstance(value, int):
            raise MalformedAction(f"in the move {self.text!r}, {key} must be a whole number")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        """The whole numbers of a list argument (a single number is a list of one)."""
        value = self[key]
        items = value if isinstance(value, tuple) else (value,)
        out = tuple(v for v in items if isinstance(v, int))
        if len(out) != len(items):
            raise MalformedAction(f"in the move {self.text!r}, {key} must be whole numbers")
        return out

    def word(self, key: str) -> str:
        """The word ``key`` holds (a number as its digits)."""
        return _written(self[key])

    # ----- a value --------------------------------------------------------------------------------
    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __lt__(self, other: Move) -> bool:
        return self.text < other.text

    def __le__(self, other: Move) -> bool:
        return self.text <= other.text

    def __gt__(self, other: Move) -> bool:
        return self.text > other.text

    def __ge__(self, other: Move) -> bool:
        return self.text >= other.text

    def to_json(self) -> dict[str, object]:
        """``{"verb", "args", "text"}``: what a client builds and reads a move from (args by name,
        lists as lists), with its canonical text for the wire and records."""
        return {"verb": self.verb, "args": {k: list(v) if isinstance(v, tuple) else v for k, v in self.args},
                "text": self.text}
