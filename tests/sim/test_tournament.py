"""`warroom tournament`: every pairing on both sides, ratings, the same results whatever --jobs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests import tiny_game
from warroom.cli import app
from warroom.engine import ConfigError
from warroom.sim.tournament import lineups, run_tournament, without_timing

RUNNER = CliRunner()


def test_two_seats_every_pairing_plays_both_sides() -> None:
    got = [lu.bots for lu in lineups(["a", "b", "c"], 2)]
    assert got == [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]


def test_three_seats_every_seat_order_of_every_group() -> None:
    got = [lu.bots for lu in lineups(["a", "b", "c", "d"], 3)]
    assert len(got) == 4 * 6  # four groups of three, six seat orders each
    assert ("c", "a", "b") in got and ("d", "c", "b") in got


@pytest.mark.parametrize(("bots", "message"), [(["a"], "at least two"), (["a", "a"], "each bot once"),
                                                (["a", "b"], "at least 3 bots")])
def test_bad_bot_lists_are_refused(bots: list[str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        lineups(bots, 3 if message.endswith("3 bots") else 2)


def test_the_heuristic_tops_random_and_results_do_not_depend_on_jobs() -> None:
    one = run_tournament("kessen", ["random", "heuristic"], 6, seed=3, jobs=1)
    two = run_tournament("kessen", ["random", "heuristic"], 6, seed=3, jobs=2)
    assert without_timing(one) == without_timing(two)
    assert one["games"] == 12 and one["errors"] == 0
    top, bottom = one["standings"]
    assert top["bot"] == "heuristic" and top["ordinal"] > bottom["ordinal"]
    assert top["games"] == bottom["games"] == 12
    assert top["wins"] + bottom["wins"] + top["draws"] == 12
    cell = one["head_to_head"]["heuristic vs random"]
    assert cell["a_wins"] == top["wins"]
    # both seat orders played the same six deals
    assert [lu["bots"] for lu in one["per_lineup"]] == [["random", "heuristic"], ["heuristic", "random"]]


def test_a_three_player_game_rates_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_game.register(monkeypatch)
    result = run_tournament("tiny", ["random", "ismcts", "ismcts-strong"], 2, seed=1, players=3, jobs=1)
    assert result["lineups"] == 6 and result["games"] == 12
    assert sum(row["games"] for row in result["standings"]) == 36  # three seats a game
    assert result["head_to_head"] == {}
    assert {row["bot"] for row in result["standings"]} == {"random", "ismcts", "ismcts-strong"}
    # searching bots win a counting race the random one plays blindly
    assert result["standings"][-1]["bot"] == "random"


def test_the_command_prints_json_and_a_table() -> None:
    out = RUNNER.invoke(app, ["tournament", "kessen", "--bots", "random,heuristic", "--games", "2",
                              "--jobs", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["games"] == 4 and data["rating_model"] == "openskill PlackettLuce"
    table = RUNNER.invoke(app, ["tournament", "kessen", "--bots", "random,heuristic", "--games", "2", "--jobs", "1"])
    assert table.exit_code == 0, table.output
    assert "ordinal" in table.stdout and "heuristic vs random" in table.stdout


def test_an_unknown_bot_is_one_line() -> None:
    out = RUNNER.invoke(app, ["tournament", "kessen", "--bots", "random,nobody", "--games", "2"])
    assert out.exit_code == 2
    assert "no bot 'nobody'" in out.output
