"""`warroom simulate`: JSON shape, determinism across processes, records, errors."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom import bots
from warroom.cli import app
from warroom.engine.bot import Bot
from warroom.engine.record import Record, replay
from warroom.engine.rng import mix_seed
from warroom.sim.simulate import make_spec, plan_chunks, simulate, summarize
from warroom.sim.stats import numeric_means, wilson

RUNNER = CliRunner()
TIMING = {"seconds", "games_per_second", "jobs"}


def run_json(*args: str) -> dict[str, Any]:
    result = RUNNER.invoke(app, ["simulate", "kessen", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_json_has_the_contract_fields_and_adds_up() -> None:
    data = run_json("--games", "6", "--seed", "5", "--jobs", "1")
    for key in ("game", "games", "seed", "players", "variants", "bots", "wins", "win_rate",
                "errors", "mean_decisions", "games_per_second"):
        assert key in data, key
    assert data["game"] == "kessen"
    assert data["games"] == 6 and data["seed"] == 5 and data["players"] == 2
    assert data["bots"] == ["random", "random"]
    assert set(data["wins"]) == {"good", "evil", "draw"}
    assert sum(data["wins"].values()) == 6
    assert data["errors"] == 0 and data["error_games"] == []
    for name, rate in data["win_rate"].items():
        assert rate["count"] == data["wins"][name]
        assert 0.0 <= rate["low"] <= rate["rate"] <= rate["high"] <= 1.0
    assert data["mean_decisions"] > 0
    assert data["mean_scores"]["rounds"] >= 3  # a side needs three battles in a row to win
    assert data["games_per_second"] > 0


def test_the_number_of_processes_does_not_change_the_results() -> None:
    one = run_json("--games", "12", "--seed", "9", "--jobs", "1")
    two = run_json("--games", "12", "--seed", "9", "--jobs", "2")
    assert two["jobs"] == 2  # twelve games are split into several chunks, so a pool is used
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in two.items() if k not in TIMING
    }


def test_rows_come_back_in_game_order_with_derived_seeds() -> None:
    spec = make_spec("kessen", 77)
    seen: list[int] = []
    run = simulate(spec, 10, jobs=2, on_progress=seen.append)
    assert [r.index for r in run.rows] == list(range(10))
    assert [r.seed for r in run.rows] == [mix_seed(77, i) for i in range(10)]
    assert sum(seen) == 10
    again = simulate(spec, 10, jobs=1)
    assert [(r.winners, r.decisions, r.scores) for r in run.rows] == [
        (r.winners, r.decisions, r.scores) for r in again.rows
    ]


def test_a_different_seed_gives_different_games() -> None:
    a = simulate(make_spec("kessen", 1), 4, jobs=1)
    b = simulate(make_spec("kessen", 2), 4, jobs=1)
    assert [r.decisions for r in a.rows] != [r.decisions for r in b.rows]


def test_records_are_written_and_replay_with_every_hash(tmp_path: Path) -> None:
    out = tmp_path / "records"
    data = run_json("--games", "3", "--seed", "4", "--jobs", "2", "--record", str(out))
    files = sorted(out.iterdir())
    assert [f.name for f in files] == [
        f"kessen-{i:06d}-seed{mix_seed(4, i)}.json" for i in range(3)
    ]
    winners = []
    for f in files:
        record = Record.load(f)
        steps = list(replay(record, verify=True))
        assert len(steps) == len(record.steps) + 1
        assert record.result is not None
        winners.extend(record.result["winners"])
    seats = ["good", "evil"]
    assert sorted(seats[w] for w in winners) == sorted(
        name for name in seats for _ in range(data["wins"][name])
    )


def test_mean_decisions_matches_the_records(tmp_path: Path) -> None:
    data = run_json("--games", "2", "--seed", "8", "--jobs", "1", "--record", str(tmp_path))
    steps = [len(Record.load(f).steps) for f in tmp_path.iterdir()]
    assert data["mean_decisions"] == pytest.approx(sum(steps) / len(steps))


class FlakyBot(Bot):
    """Plays randomly but now and then crashes, the way a broken bot or engine would."""

    name = "flaky"
    needs_view = False

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if rng.random() < 0.004:
            raise RuntimeError("flaky bot gave up")
        return legal[rng.randrange(len(legal))]


def test_a_game_that_raises_is_counted_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(bots._GENERIC, "flaky", FlakyBot)
    result = RUNNER.invoke(
        app, ["simulate", "kessen", "--games", "8", "--seed", "3", "--jobs", "1",
              "--bots", "flaky", "--json"]
    )
    assert result.exit_code == 1  # a crashing game is a failure scripts must notice
    data = json.loads(result.stdout)
    assert data["games"] == 8
    assert 0 < data["errors"] < 8
    assert sum(data["wins"].values()) == data["completed"] == 8 - data["errors"]
    for err in data["error_games"]:
        assert err["seed"] == mix_seed(3, err["index"])
        assert err["error"] == "RuntimeError: flaky bot gave up"
        assert "test_simulate.py:" in err["where"]  # where it raised, to start debugging


def test_human_output_is_a_table() -> None:
    result = RUNNER.invoke(app, ["simulate", "kessen", "--games", "4", "--seed", "1", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "good wins" in result.stdout and "evil wins" in result.stdout
    assert "95% CI" in result.stdout and "mean rounds" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["kessen", "--bots", "random,nosuchbot"], "no bot 'nosuchbot'"),
        (["kessen", "--bots", "random,random,random"], "one bot per seat"),
        (["kessen", "--option", "nosuch=1"], "no option 'nosuch'"),
        (["kessen", "--option", "max_rounds=many"], "whole number"),
        (["kessen", "--option", "max_rounds"], "KEY=VALUE"),
        (["kessen", "--variant", "nosuch"], "no variant 'nosuch'"),
        (["kessen", "--players", "5"], "2 players"),
        (["kessen", "--games", "0"], "at least 1"),
        (["kessen", "--jobs", "0"], "at least 1"),
        (["kessen", "--backend", "mars"], "unknown backend"),
        (["nosuchgame"], "unknown game 'nosuchgame'"),
    ],
)
def test_bad_input_is_a_one_line_error(args: list[str], words: str) -> None:
    result = RUNNER.invoke(app, ["simulate", *args, "--games", "2", "--seed", "1"]
                           if "--games" not in args else ["simulate", *args])
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)  # not an escaped exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
    assert result.stdout == ""


def test_the_installed_command_prints_no_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "warroom.cli", "simulate", "kessen", "--games", "2",
         "--bots", "random,nosuchbot"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "error: no bot 'nosuchbot' for kessen (bots: " + ", ".join(bots.available("kessen")) + ")"
    ]


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed")
def test_ray_backend_without_ray_says_how_to_install_it() -> None:
    result = RUNNER.invoke(app, ["simulate", "kessen", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: the ray backend needs Ray; install it with: pip install 'warroom[ray]'"
    ]


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_backend_gives_the_local_results() -> None:
    spec = make_spec("kessen", 21)
    local = summarize(simulate(spec, 6, jobs=1))
    remote = summarize(simulate(spec, 6, jobs=2, backend="ray"))
    skip = TIMING | {"backend"}
    assert {k: v for k, v in local.items() if k not in skip} == {
        k: v for k, v in remote.items() if k not in skip
    }


def test_chunks_cover_every_game_once_in_order() -> None:
    for games, workers in [(1, 2), (7, 2), (200, 2), (1000, 8), (5, 1)]:
        chunks = plan_chunks(games, workers)
        flat = [i for a, b in chunks for i in range(a, b)]
        assert flat == list(range(games))
        assert all(b > a for a, b in chunks)


def test_wilson_interval_matches_known_values() -> None:
    half = wilson(5, 10)
    assert half.rate == 0.5
    assert half.low == pytest.approx(0.2366, abs=1e-4)
    assert half.high == pytest.approx(0.7634, abs=1e-4)
    none = wilson(0, 10)
    assert none.low == 0.0 and none.high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0).to_json() == {"count": 0, "rate": 0.0, "low": 0.0, "high": 1.0}
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_only_plain_number_scores_are_averaged() -> None:
    rows = [
        {"rounds": 4, "battles_won": [0, 3], "winner_side": "evil", "flag": True},
        {"rounds": 6, "battles_won": [3, 1], "winner_side": "good", "flag": False, "bonus": 1.5},
    ]
    assert numeric_means(rows) == {"bonus": 1.5, "rounds": 5.0}
