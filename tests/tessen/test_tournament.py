"""The knockout tournament: the bracket, byes, reporting results, bots playing it through."""

from __future__ import annotations

import json

import pytest

from tests.tessen.scenario import GAME
from warroom.engine import ConfigError
from warroom.games.tessen import tournament as ko


def fixed(winner_seat: int) -> ko.PlayMatch:
    return lambda config, seed, a, b: (winner_seat, "3-0")


def test_seeds_are_placed_so_the_top_two_meet_only_in_the_final() -> None:
    assert ko.slots(4) == [0, 3, 1, 2]
    assert ko.slots(8) == [0, 7, 3, 4, 1, 6, 2, 5]


def test_a_bracket_of_four_plays_two_semi_finals_and_a_final() -> None:
    b = ko.new_bracket("tessen", GAME.configure(), ["a", "b", "c", "d"], 1)
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
    b = ko.new_bracket("tessen", GAME.configure(), ["a", "b", "c", "d", "e", "f"], 1)
    first = b["rounds"][0]
    assert [(m["a"], m["b"]) for m in first] == [(0, None), (3, 4), (1, None), (2, 5)]
    assert first[0]["winner"] == 0 and first[2]["winner"] == 1
    assert b["rounds"][1][0]["a"] == 0 and b["rounds"][1][1]["a"] == 1
    ko.play_all(b, fixed(0))
    assert b["champion"] == 0  # the higher seed (p1) wins every match here


def test_a_knockout_needs_four_entrants() -> None:
    with pytest.raises(ConfigError, match="at least 4 entrants"):
        ko.new_bracket("tessen", GAME.configure(), ["a", "b", "c"], 1)


def test_a_result_for_someone_not_in_the_match_is_refused() -> None:
    b = ko.new_bracket("tessen", GAME.configure(), ["a", "b", "c", "d"], 1)
    with pytest.raises(ConfigError, match="not playing"):
        ko.report(b, 0, 0, 1)
    ko.report(b, 0, 0, 0)
    with pytest.raises(ConfigError, match="already decided"):
        ko.report(b, 0, 0, 3)


def test_a_person_in_the_bracket_plays_at_the_server() -> None:
    b = ko.new_bracket("tessen", GAME.configure(), ["expert", "human:ann", "novice", "random"], 1)
    with pytest.raises(ConfigError, match="needs a person"):
        ko.play_all(b, fixed(0))


def test_bots_play_a_bracket_through_on_the_simulated_clock() -> None:
    config = GAME.configure(2, [], {"wins": 1})
    b = ko.new_bracket("tessen", config, ["expert", "casual", "novice", "random"], 2)
    ko.play_all(b, ko.play_bots)
    assert b["champion"] is not None
    assert all(m["winner"] is not None and m["score"] for r in b["rounds"] for m in r)
    # the same seed plays the same tournament
    again = ko.play_all(ko.new_bracket("tessen", config, ["expert", "casual", "novice", "random"], 2),
                        ko.play_bots)
    assert again == b


def test_the_knockout_command_plays_a_bracket_of_bots() -> None:
    from typer.testing import CliRunner

    from warroom.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["knockout", "tessen", "--entrants", "expert,casual,novice,random",
                              "--seed", "4", "--option", "wins=1", "--json"])
    assert out.exit_code == 0, out.output
    bracket = json.loads(out.stdout)
    assert bracket["champion"] is not None and len(bracket["rounds"]) == 2
    bad = runner.invoke(app, ["knockout", "tessen", "--entrants", "expert,casual,novice"])
    assert bad.exit_code != 0 and "at least 4 entrants" in bad.output
