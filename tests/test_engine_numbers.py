"""Numbers in action text are ASCII digits only (issue 34, item 18).

Python's ``int()`` reads other scripts' digits (``int("١٩٠")`` is 190) and ``str.isdigit()``
accepts superscripts that ``int()`` then refuses (``"²"``): typed text could name another move,
or fail with a ValueError deep inside a game. Every game refuses such text with one line and
leaves the state as it was; ``describe`` and ``explain_illegal`` answer it without failing.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from warroom.engine import MalformedAction, WarroomError, digits, is_whole, parse, registry, whole
from warroom.engine.actions import ints

# other scripts' digits 0-9: Arabic-Indic, superscripts, fullwidth, Devanagari, circled
SCRIPTS = ["٠١٢٣٤٥٦٧٨٩", "⁰¹²³⁴⁵⁶⁷⁸⁹", "０１２３４５６７８９", "०१२३४५६७८९", "⓪①②③④⑤⑥⑦⑧⑨"]


def written_in(action: str, script: str) -> str:
    return action.translate(str.maketrans("0123456789", script))


@pytest.mark.parametrize("text", ["²", "١٩٠", "０", "⑤", "+3", " 7", "7 ", "1_0", "", "-", "--1", "1.0"])
def test_whole_reads_only_ascii_digits(text: str) -> None:
    assert not is_whole(text)
    with pytest.raises(MalformedAction, match="digits 0-9"):
        whole(text)


def test_whole_digits_and_lists_read_ascii_numbers() -> None:
    assert [whole(t) for t in ("0", "12", "-1", "007")] == [0, 12, -1, 7]
    assert digits("190") and not digits("-1") and not digits("١٩٠") and not digits("²") and not digits("")
    assert ints("2,-5,17") == [2, -5, 17]
    with pytest.raises(MalformedAction, match="expected whole numbers"):
        ints("2,٥")


def test_parse_refuses_numerals_that_are_not_ascii_digits() -> None:
    with pytest.raises(MalformedAction) as caught:
        parse("deploy leader=١٩٠ troop=²")
    assert str(caught.value) == ("malformed action 'deploy leader=١٩٠ troop=²': "
                                 "write numbers in the digits 0-9, not '١٩٠'")
    for value in ("Ⅻ", "½", "x²"):
        with pytest.raises(MalformedAction):
            parse(f"play card={value}")
    assert parse("choose general=cao_cao") == ("choose", {"general": "cao_cao"})


def _game_at(name: str, moves: list[tuple[int, str]], t: int | None) -> tuple[Any, Any]:
    """``name`` dealt with seed 1 (default set-up) after ``moves``, the clock at ``t`` in Tessen."""
    game = registry.get(name)
    state = game.new(game.configure(None, [], {}), 1)
    for i, (seat, action) in enumerate(moves):
        game.apply(state, seat, action, None if t is None else i * 500)
    if t is not None:
        game.advance_time(state, t)
    return game, state


def _words_hold(game: Any, state: Any, seat: int, text: str) -> None:
    """``describe`` and ``explain_illegal``, asked directly about ``text``, answer in words or
    refuse it with a one-line error (they parse it first), never with another exception."""
    for words in (game.describe, game.explain_illegal):
        try:
            said = words(state, seat, text)
        except WarroomError as err:
            said = str(err)
        assert isinstance(said, str) and "\n" not in said


# each game at its first decision with a number in it (seed 1, the first legal move before):
# (game, moves before, clock, the legal move, the same move written in other digits)
SCENES = [
    ("kessen", [], None, "deploy leader=186 troop=2", ["deploy leader=١٨٦ troop=²", "deploy leader=١٩٠ troop=²"]),
    ("tessen", [(0, "draw")], 500, "play animal=fox place=1", ["play animal=fox place=¹", "play animal=fox place=١"]),
    ("ltk", [(0, "choose general=cao_cao"), (1, "choose general=lu_bu")], None, "use card=27",
     ["use card=²⁷", "use card=٢٧", "use card=2⁷"]),
    ("kasl", [], None, "pick territory=1", ["pick territory=١", "pick territory=①", "pick territory=１"]),
]


@pytest.mark.parametrize(("name", "moves", "t", "legal", "typed"), SCENES, ids=[s[0] for s in SCENES])
def test_a_move_typed_in_other_digits_is_refused_in_one_line_and_changes_nothing(
        name: str, moves: list[tuple[int, str]], t: int | None, legal: str, typed: list[str]) -> None:
    game, state = _game_at(name, moves, t)
    assert legal in game.legal_actions(state, 0, t)
    before = game.to_json(state)
    for text in typed:
        with pytest.raises(MalformedAction) as caught:
            game.apply(state, 0, text, t)
        reason = str(caught.value)
        assert "\n" not in reason and "write numbers in the digits 0-9" in reason
        assert game.to_json(state) == before
        _words_hold(game, state, 0, text)
    game.apply(state, 0, legal, t)  # the same move in ASCII digits is taken
    assert game.to_json(state) != before


@pytest.mark.parametrize("name", ["kessen", "tessen", "ltk", "kasl"])
def test_no_game_reads_other_digits_anywhere_along_a_random_game(name: str) -> None:
    """Every legal move with a number, at every step of a seeded random game, written in each
    other script: refused as malformed, and described or explained without an exception."""
    game = registry.get(name)
    rng = random.Random(7)
    state = game.new(game.configure(None, [], {}), 7)
    t = 0 if game.realtime else None
    for _ in range(60):
        if game.result(state) is not None:
            break
        if t is not None:
            t += 500
            game.advance_time(state, t)
        seats = game.deciders(state)
        legal = game.legal_actions(state, seats[0], t) if seats else []
        if not legal:
            continue
        seat = seats[0]
        before = game.hash(state)
        for action in [a for a in legal if re.search("[0-9]", a)][:6]:
            for script in SCRIPTS:
                text = written_in(action, script)
                with pytest.raises(MalformedAction):
                    game.apply(state, seat, text, t)
                _words_hold(game, state, seat, text)
        assert game.hash(state) == before
        game.apply(state, seat, rng.choice(legal), t)


def test_what_a_paper_kessen_move_shows_and_a_seat_number_read_ascii_digits_only() -> None:
    """Two public calls that read numbers without parsing an action first."""
    game, state = _game_at("kessen", [], None)
    # a move is shown to the other seat with its cards named by face; a number it cannot read stays as typed
    assert game.shown_action(state, 0, "deploy leader=186 troop=2", 1) == "deploy leader=liu_bei troop=swords"
    assert game.shown_action(state, 0, "deploy leader=١٨٦ troop=²", 1) == "deploy leader=١٨٦ troop=²"
    config = game.configure(None, [], {})
    assert game.seat_index(config, "1") == 1
    for name in ("¹", "١"):
        with pytest.raises(WarroomError, match="no seat"):
            game.seat_index(config, name)
