"""How fast the real-time runner (``engine.realtime.play_realtime``) plays Skirmish.

    .venv/bin/python benchmarks/realtime_runner.py [--seconds S] [--rounds R] [--record] [--json]

Skirmish (``tests/skirmish.py``) is the real-time test game: two random bots with the default
reaction model (``casual``) play whole games on the simulated clock, every action re-checked
through ``game.apply`` when it lands. Reported per round: accepted actions per second of CPU time
(the target is at least 10,000; CPU time, because this machine is shared and wall time measures
the other work too) and of wall time, actions refused when they landed, games per second, and how
much faster than real time the games ran. The median round is the figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.skirmish import GAME

from warroom.bots import RandomBot
from warroom.engine import registry
from warroom.engine.realtime import play_realtime

TARGET = 10_000.0


def one_round(seconds: float, seed: int, record: bool) -> dict[str, float]:
    config = GAME.configure(2)
    clock, cpu = time.perf_counter, time.process_time
    games = actions = failed = game_ms = 0
    start, cpu_start = clock(), cpu()
    while games == 0 or clock() - start < seconds:
        outcome, _ = play_realtime(GAME, config, seed * 100_000 + games, [RandomBot(), RandomBot()],
                                   record=record)
        games += 1
        actions += outcome.decisions
        failed += outcome.failed
        game_ms += outcome.game_ms or 0
    wall, used = clock() - start, cpu() - cpu_start
    return {"games": games, "actions": actions, "failed": failed, "actions_per_second": actions / used,
            "actions_per_wall_second": actions / wall,
            "games_per_second": games / wall, "speedup_over_real_time": game_ms / 1000 / wall,
            "failed_share": failed / max(1, actions + failed)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--record", action="store_true", help="record every game (a state hash per action)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry.register("skirmish", "tests.skirmish")
    rounds = [one_round(args.seconds, r, args.record) for r in range(args.rounds)]
    rates = [r["actions_per_second"] for r in rounds]
    row = {
        "game": "skirmish", "record": args.record, "rounds": args.rounds,
        "actions_per_second": round(statistics.median(rates), 1),
        "actions_per_second_best": round(max(rates), 1),
        "actions_per_wall_second": round(statistics.median(r["actions_per_wall_second"] for r in rounds), 1),
        "games_per_second": round(statistics.median(r["games_per_second"] for r in rounds), 1),
        "mean_actions": round(sum(r["actions"] for r in rounds) / sum(r["games"] for r in rounds), 1),
        "failed_share": round(statistics.median(r["failed_share"] for r in rounds), 3),
        "speedup_over_real_time": round(statistics.median(r["speedup_over_real_time"] for r in rounds)),
        "target_actions_per_second": TARGET,
        "meets_target": statistics.median(rates) >= TARGET,
    }
    if args.json:
        print(json.dumps(row))
        return
    for key, value in row.items():
        print(f"{key:>28}: {value}")


if __name__ == "__main__":
    main()
