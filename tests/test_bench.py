"""`warroom bench`: the JSON contract, the table, and the measuring helpers."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from warroom.cli import app
from warroom.engine import registry
from warroom.sim.bench import meets, per_call, playouts, sample_states

RUNNER = CliRunner()
POSITIVE = ("decisions_per_second", "games_per_second", "clone_us", "json_roundtrip_us", "hash_us")


def test_json_has_one_positive_row_per_player_count() -> None:
    result = RUNNER.invoke(app, ["bench", "kessen", "--seconds", "0.15", "--json"])
    assert result.exit_code == 0, result.output
    rows: list[dict[str, Any]] = json.loads(result.stdout)
    game = registry.get("kessen")
    assert [(r["game"], r["players"]) for r in rows] == [
        ("kessen", n) for n in range(game.min_players, game.max_players + 1)
    ]
    for row in rows:
        for key in POSITIVE:
            assert isinstance(row[key], float | int) and row[key] > 0, key
        assert row["games"] >= 1 and row["decisions"] >= row["games"]
        assert row["targets"] == {"decisions_per_second": 60_000.0, "clone_us": 15.0}
        assert row["meets_targets"] == meets(row, row["targets"])


def test_every_game_is_benchmarked_when_none_is_named() -> None:
    result = RUNNER.invoke(app, ["bench", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    assert {r["game"] for r in json.loads(result.stdout)} == set(registry.names())


def test_human_output_shows_the_kessen_targets() -> None:
    result = RUNNER.invoke(app, ["bench", "kessen", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    assert "decisions/s" in result.stdout and "clone µs" in result.stdout
    assert "targets for kessen: >= 60,000 decisions/s, clone < 15 µs" in result.stdout


def test_bad_input_is_a_one_line_error() -> None:
    for args, words in ((["nosuchgame"], "unknown game"), (["--seconds", "0"], "positive")):
        result = RUNNER.invoke(app, ["bench", *args])
        assert result.exit_code == 2
        assert isinstance(result.exception, SystemExit)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


def test_playouts_finish_at_least_one_game_and_count_its_decisions() -> None:
    game = registry.get("kessen")
    out = playouts(game, game.configure(), 0.0, seed=3)
    assert out["games"] == 1
    assert out["decisions"] > 0
    assert out["total_seconds"] == out["setup_seconds"] + out["step_seconds"]


def test_sampled_states_are_independent_mid_game_clones() -> None:
    game = registry.get("kessen")
    states = sample_states(game, game.configure(), seed=5)
    assert len(states) > 10
    assert all(game.result(s) is None for s in states)  # mid-game, not finished
    assert len({id(s) for s in states}) == len(states)
    assert len({game.hash(s) for s in states}) > len(states) // 2  # spread over the game


def test_per_call_is_a_median_of_batches() -> None:
    calls: list[int] = []
    seconds = per_call(lambda s: calls.append(s), [1, 2, 3], budget=0.0, reps=4)
    assert calls == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]  # with no budget: one pass
    assert seconds >= 0


def test_meets_treats_costs_and_rates_differently() -> None:
    targets = {"decisions_per_second": 100.0, "clone_us": 10.0}
    assert meets({"decisions_per_second": 100.0, "clone_us": 9.9}, targets)
    assert not meets({"decisions_per_second": 99.0, "clone_us": 1.0}, targets)
    assert not meets({"decisions_per_second": 500.0, "clone_us": 10.0}, targets)
