"""The knockout bracket of the platform: seeding, byes, reporting results, playing it through.

Matches here are stand-ins (``fixed``); Tessen's bots playing a bracket are in
``tests/tessen/test_tournament.py``."""

from __future__ import annotations

import json

import pytest

from warroom.engine import ConfigError
from warroom.sim import knockout as ko

CONFIG = {"wins": 3}  # the bracket carries its game's configuration as it is


def fixed(winner_seat: int) -> ko.PlayMatch:
    return lambda config, seed, a, b: (winner_seat, "3-0")


def test_seeds_are_placed_so_the_top_two_meet_only_in_the_final() -> None:
    assert ko.slots(4) == [0, 3, 1, 2]
    assert ko.slots(8) == [0, 7, 3, 4, 1, 6, 2, 5]


def test_a_bracket_of_four_plays_two_semi_finals_and_a_final() -> None:
    b = ko.new_bracket("tessen", CONFIG, ["a", "b", "c", "d"], 1)
    assert [(m["a"], m["b"]) for m in b["rounds"][0]] == [(0, 3), (1, 2)]
    assert ko.pending(b) == [(0, 0), (0, 1)]
    ko.report(b, 0, 0, 3, "3-2")
    ko.report(b, 0, 1, 1, "3-1")
    assert (b["rounds"][1][0]["a"], b["rounds"][1][0]["b"]) == (3, 1)
    ko.report(b, 1, 0, 1, "3-0")
    assert b["champion"] == 1
    assert ko.lines(b)[-1] == "champion: b"
    json.dumps(b)


def test_top_seeds_get_byes_when_the_entrants_do_not_fill_the_bracket() -> None:
    b = ko.new_bracket("tessen", CONFIG, ["a", "b", "c", "d", "e", "f"], 1)
    first = b["rounds"][0]
    assert [(m["a"], m["b"]) for m in first] == [(0, None), (3, 4), (1, None), (2, 5)]
    assert first[0]["winner"] == 0 and first[2]["winner"] == 1
    assert b["rounds"][1][0]["a"] == 0 and b["rounds"][1][1]["a"] == 1
    ko.play_all(b, fixed(0))
    assert b["champion"] == 0  # the higher seed (p1) wins every match here


def test_a_knockout_needs_four_entrants() -> None:
    with pytest.raises(ConfigError, match="at least 4 entrants"):
        ko.new_bracket("tessen", CONFIG, ["a", "b", "c"], 1)


def test_a_result_for_someone_not_in_the_match_is_refused() -> None:
    b = ko.new_bracket("tessen", CONFIG, ["a", "b", "c", "d"], 1)
    with pytest.raises(ConfigError, match="not playing"):
        ko.report(b, 0, 0, 1)
    ko.report(b, 0, 0, 0)
    with pytest.raises(ConfigError, match="already decided"):
        ko.report(b, 0, 0, 3)


def test_a_person_in_the_bracket_plays_at_the_server() -> None:
    b = ko.new_bracket("tessen", CONFIG, ["expert", "human:ann", "novice", "random"], 1)
    with pytest.raises(ConfigError, match="needs a person"):
        ko.play_all(b, fixed(0))


def test_a_game_without_knockouts_is_refused() -> None:
    with pytest.raises(ConfigError, match="knockout tournaments are played in tessen"):
        ko.bot_match("kessen")
