"""Canonical action text.

An action is a ``str`` in canonical form: a verb, then ``key=value`` words in the
order the game gives them, single spaces (``play card=88 on=12``). Strings are the
cheapest immutable values Python has, they sort stably, and the text *is* the
value, so the terminal, the web protocol, records and tests all speak the same
words and nothing needs converting.
"""

from __future__ import annotations

from warroom.engine.errors import MalformedAction

Action = str


def make(verb: str, **args: int | str) -> Action:
    """Build canonical text: ``make("play", card=3, on=7)`` -> ``"play card=3 on=7"``."""
    if not args:
        return verb
    return verb + " " + " ".join(f"{k}={v}" for k, v in args.items())


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
        if key in args:
            raise MalformedAction(f"malformed action {text!r}: {key!r} given twice")
        args[key] = value
    return verb, args


def canonical(text: str) -> Action:
    """Normalise spacing so that hand-typed text compares equal to generated actions."""
    verb, args = parse(text)
    return make(verb, **args)
