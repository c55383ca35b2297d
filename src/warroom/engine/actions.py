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

**Numbers** are written in ASCII digits only, and read with ``digits``/``whole``,
never with ``int()`` or ``str.isdigit()``: those also take other scripts' digits
(``int("١٩٠")`` is 190) and ``isdigit`` takes superscripts that ``int`` then
refuses (``"²"``), so typed text would name another move or fail deep inside a
game. ``parse`` refuses a value holding any numeral that is not an ASCII digit.
"""

from __future__ import annotations

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
