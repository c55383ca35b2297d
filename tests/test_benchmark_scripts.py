"""The benchmark scripts run, at the smallest sizes, and print figures that add up.

``benchmarks/README.md`` quotes their figures, and a script that broke unnoticed would make those
figures impossible to reproduce. Each runs here as a user runs it (a fresh interpreter from the
repository's root) with a few games, so the whole file takes seconds.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def run_json(*args: str) -> Any:
    return json.loads(run(*args))


def check_interval(figure: dict[str, Any], games: int) -> None:
    assert 0 <= figure["count"] <= games
    assert figure["rate"] == pytest.approx(figure["count"] / games, abs=1e-6)
    assert figure["low"] <= figure["rate"] <= figure["high"]


def test_eval_fit_scores_held_out_games_with_and_without_the_hand_terms() -> None:
    out = run_json("benchmarks/kessen_eval_fit.py", "--games", "10", "--jobs", "1", "--hand-terms", "--json")
    from warroom.games.kessen import evaluate
    assert set(out["weights"]) == set(evaluate.TERMS)
    assert out["positions"]["train"] > 0 and out["positions"]["held_out"] > 0
    even = out["held_out"]["even"]
    assert even["log_loss"] == pytest.approx(0.69315, abs=1e-4) and even["brier"] == 0.25
    wide = out["hand_terms"]
    assert len(wide["weights"]) == len(evaluate.TERMS) + 14
    assert wide["held_out"]["log_loss"] > 0 and 0 <= wide["held_out"]["brier"] <= 1


def test_headroom_plays_every_variant_on_the_same_paired_deals() -> None:
    rows = run_json("benchmarks/kessen_headroom.py", "--games", "4", "--jobs", "1", "--json")
    assert len(rows) > 10
    for row in rows:
        assert row["games"] == 4 and row["kind"] in ("tuning", "noise")
        assert 0 <= row["score"] <= 4 and row["low"] <= row["rate"] <= row["high"]


def test_headroom_refuses_a_bad_variant_in_one_line() -> None:
    done = subprocess.run([sys.executable, "benchmarks/kessen_headroom.py", "--games", "2", "--noise", "2.0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and done.stderr.strip()


def test_strength_writes_one_line_a_game_and_a_summary_that_adds_up(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    run("benchmarks/ismcts_strength.py", "--games", "2", "--jobs", "1", "--no-speed", "--out", str(out))
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["index"] for g in games] == [0, 1]
    assert [g["search_seat"] for g in games] == [0, 1]  # the sides swapped in each pair
    assert all(g["decisions"] > 0 and len(g["winners"]) >= 1 for g in games)


def test_the_truth_diagnostic_searches_the_real_hands_with_a_fresh_random_stream() -> None:
    spec = importlib.util.spec_from_file_location("ismcts_strength", ROOT / "benchmarks" / "ismcts_strength.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from warroom.engine import registry
    from warroom.engine.infoset import InfoSet
    game = registry.get("kessen")
    state = game.new(game.configure(), 5)
    seat = game.deciders(state)[0]
    world = bench._TrueWorlds(InfoSet(game, state, seat), decks=True).sample(11)
    hands_only = bench._TrueWorlds(InfoSet(game, state, seat), decks=False).sample(11)
    for real, seen, dealt in zip(state.sides, world.sides, hands_only.sides, strict=True):
        assert (seen.leaders, seen.recruits, seen.actions) == (real.leaders, real.recruits, real.actions)
        assert (dealt.leaders, dealt.recruits, dealt.actions) == (real.leaders, real.recruits, real.actions)
        assert sorted(dealt.leader_deck) == sorted(real.leader_deck)
    assert world.rng.state != state.rng.state and world is not state
    assert world.recruit_deck == state.recruit_deck and world.action_deck == state.action_deck
    # --truth hands: the same cards in every deck, in a fresh order
    assert hands_only.recruit_deck != state.recruit_deck
    assert sorted(hands_only.recruit_deck) == sorted(state.recruit_deck)
    # an honest world re-deals what the seat cannot see
    honest = InfoSet(game, state, seat).sample(11)
    assert honest.sides[1 - seat].recruits != state.sides[1 - seat].recruits


def test_bot_cost_times_each_choice_and_each_followed_move() -> None:
    out = run_json("benchmarks/bot_cost.py", "--games", "2", "--set", "iterations=4", "--set", "belief=8", "--json")
    assert out["games"] == 2 and out["players"] == 2 and out["cpu_seconds_per_game"] > 0
    # the search chose at many decisions and followed the heuristic's moves (Kessen's are public)
    for part in ("choose", "witness"):
        figure = out[part]
        assert figure["count"] > 10
        assert 0 <= figure["p10_ms"] <= figure["median_ms"] <= figure["p90_ms"] and figure["mean_ms"] > 0
    plain = run_json("benchmarks/bot_cost.py", "--games", "1", "--bot", "heuristic", "--json")
    assert plain["choose"]["count"] > 10 and plain["witness"] == {"count": 0}  # the heuristic follows nothing


def test_bot_cost_refuses_settings_for_a_bot_that_has_none() -> None:
    done = subprocess.run([sys.executable, "benchmarks/bot_cost.py", "--bot", "heuristic", "--set", "belief=8"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "ISMCTS level" in done.stderr


def test_departures_values_each_candidate_at_the_sampled_positions() -> None:
    out = run_json("benchmarks/ismcts_departures.py", "--games", "1", "--rollouts", "2", "--every", "40",
                   "--jobs", "1", "--json")
    assert out["positions"] > 0
    for figure in out["candidates"].values():
        assert 0 <= figure["departures"] <= out["positions"]
        assert figure["rate"] == pytest.approx(figure["departures"] / out["positions"], abs=1e-3)


def test_search_digest_is_the_same_in_every_run() -> None:
    first = run("benchmarks/search_digest.py", "--games", "2")
    assert "digest" in first and first == run("benchmarks/search_digest.py", "--games", "2")


def test_bot_strength_scripts_count_every_game() -> None:
    kessen = run_json("benchmarks/kessen_bot_strength.py", "--games", "2", "--jobs", "1", "--json")
    for pairing in kessen["pairings"]:
        assert pairing["good_wins"]["count"] + pairing["evil_wins"]["count"] + pairing["draws"] == 2
        check_interval(pairing["good_wins"], 2)
    kasl = run_json("benchmarks/kasl_bot_strength.py", "--games", "2", "--jobs", "1", "--json")
    assert kasl["games"] == 2 and kasl["low"] <= kasl["win_rate"] <= kasl["high"]
    ltk = run_json("benchmarks/ltk_role_strength.py", "--games", "2", "--json")
    seats = sum(side["games"] for role in ltk["roles"].values() for side in role.values())
    assert seats == 2 * ltk["players"]
    tessen = run_json("benchmarks/tessen_bots.py", "--matches", "2", "--json")
    assert all(row["matches"] == 2 and 0 <= row["first_wins"] <= 2 for row in tessen)


def test_speed_scripts_report_their_figures() -> None:
    loops = run_json("benchmarks/research_overhead.py", "--games", "2", "--rounds", "1")
    assert loops[0]["ratio"] == 1.0 and all(loop["cpu_us_per_step"] > 0 for loop in loops)
    runner = run_json("benchmarks/realtime_runner.py", "--seconds", "0.2", "--rounds", "1", "--json")
    assert runner["actions_per_second"] > 0 and isinstance(runner["meets_target"], bool)
    sweep = run("benchmarks/conformance_sweep.py", "--game", "kessen", "--seeds", "2")
    assert "kessen-2p-base: 2 games" in sweep


def test_server_churn_reports_the_servers_memory_after_each_batch_of_finished_tables() -> None:
    out = run_json("benchmarks/server_churn.py", "--tables", "20", "--batch", "10", "--every", "10", "--json")
    assert [p["tables"] for p in out["points"]] == [0, 10, 20]
    assert all(20 < p["rss_mb"] < 4000 for p in out["points"])
