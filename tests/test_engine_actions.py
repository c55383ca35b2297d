"""Actions as canonical text, and events with their one place of redaction."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warroom.engine import (
    ALL_SEEING,
    Event,
    IllegalAction,
    MalformedAction,
    WarroomError,
    canonical,
    make,
    parse,
)
from warroom.engine.events import log_for

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=8)
VERB = st.text(alphabet="abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=10).filter(
    lambda v: v.replace("-", "")
)
VALUE = st.one_of(st.integers(-1000, 10**6), WORD)


# ----- actions ----------------------------------------------------------------------------------
def test_make_writes_canonical_text() -> None:
    assert make("pass") == "pass"
    assert make("play", card=3, on=7) == "play card=3 on=7"
    assert make("play", card=88, **{"as": "hail"}) == "play card=88 as=hail"


def test_parse_splits_verb_and_arguments() -> None:
    assert parse("deploy leader=190 troop=12") == ("deploy", {"leader": "190", "troop": "12"})
    assert parse("pass") == ("pass", {})


@given(VERB, st.dictionaries(WORD.filter(lambda k: "=" not in k), VALUE, max_size=4))
def test_make_parse_round_trip(verb: str, args: dict[str, int | str]) -> None:
    text = make(verb, **args)
    assert parse(text) == (verb, {k: str(v) for k, v in args.items()})
    assert canonical(text) == text


def test_canonical_normalises_spacing_only() -> None:
    assert canonical("  play   card=3\ton=7 ") == "play card=3 on=7"
    # argument order is part of the text: the game decides it, canonical keeps it
    assert canonical("play on=7 card=3") == "play on=7 card=3"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("card=3", "must start with a verb"),
        ("!!!", "must start with a verb"),
        ("play card", "expected key=value"),
        ("play =3", "expected key=value"),
        ("play card=", "expected key=value"),
        ("play card=1 card=2", "given twice"),
    ],
)
def test_malformed_text_is_refused(text: str, reason: str) -> None:
    with pytest.raises(MalformedAction, match=reason) as caught:
        parse(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("value", [None, 3, ["pass"], b"pass"])
def test_non_text_is_refused(value: object) -> None:
    with pytest.raises(MalformedAction, match="must be text"):
        parse(value)  # type: ignore[arg-type]


def test_malformed_action_is_an_illegal_action() -> None:
    """Callers catch one family: the terminal and server show any of them as one line."""
    assert issubclass(MalformedAction, IllegalAction)
    assert issubclass(IllegalAction, WarroomError)


# ----- events -----------------------------------------------------------------------------------
DRAW = Event("draw", {"side": "good", "count": 2}, {"cards": [4, 9]}, (0,))
PLAY = Event("play", {"side": "evil", "card": 12})


def test_public_event_is_the_same_for_everyone() -> None:
    expected = {"kind": "play", "side": "evil", "card": 12}
    for seat in (0, 1, None, ALL_SEEING):
        assert PLAY.visible_to(seat) == expected


def test_secret_goes_only_to_its_seats() -> None:
    public = {"kind": "draw", "side": "good", "count": 2}
    assert DRAW.visible_to(0) == {**public, "cards": [4, 9]}
    assert DRAW.visible_to(1) == public
    assert DRAW.visible_to(None) == public


def test_all_seeing_sees_every_secret() -> None:
    assert DRAW.visible_to(ALL_SEEING)["cards"] == [4, 9]


def test_secret_to_several_seats() -> None:
    steal = Event("steal", {"count": 2}, {"cards": [1, 2]}, (0, 1))
    assert "cards" in steal.visible_to(0) and "cards" in steal.visible_to(1)
    assert "cards" not in steal.visible_to(2) and "cards" not in steal.visible_to(None)


def test_redaction_gives_a_new_dict() -> None:
    """The redacted dict is the reader's own (nested values are shared and read-only)."""
    seen = DRAW.visible_to(0)
    seen["count"] = 7
    seen["extra"] = True
    assert DRAW.data == {"side": "good", "count": 2}
    assert DRAW.secret == {"cards": [4, 9]}


def test_log_for_redacts_each_event() -> None:
    log = log_for([DRAW, PLAY], 1)
    assert log == [{"kind": "draw", "side": "good", "count": 2},
                   {"kind": "play", "side": "evil", "card": 12}]
    assert log_for([DRAW, PLAY], 0)[0]["cards"] == [4, 9]


def test_an_argument_named_verb_is_just_an_argument() -> None:
    """Typed text reaches ``make`` through ``canonical``: ``pass verb=1`` is an action, not a TypeError."""
    from warroom.engine.actions import canonical, make

    assert canonical("pass  verb=1") == "pass verb=1"
    assert make("play", verb="x", card=3) == "play verb=x card=3"
