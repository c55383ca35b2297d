"""How strong is the Kasl heuristic bot? Seeded 4-player games, one heuristic seat among random ones.

    .venv/bin/python benchmarks/kasl_bot_strength.py               # 300 games
    .venv/bin/python benchmarks/kasl_bot_strength.py --games 60    # quicker
    .venv/bin/python benchmarks/kasl_bot_strength.py --json

Game ``i`` uses seed ``seed + i`` and puts the heuristic bot on seat ``i % 4``, so every seat
gets its share. A shared first place counts as a fraction of a win. Its fair share is 25%.
"""

from __future__ import annotations

import argparse
import json
from multiprocessing import Pool
from typing import Any

from warroom.bots import make
from warroom.engine.runner import play_bots
from warroom.games.kasl.rules import GAME
from warroom.sim.stats import wilson

PLAYERS = 4


def play_one(job: tuple[int, int]) -> dict[str, Any]:
    seed, seat = job
    bots = [make("kasl", "heuristic" if p == seat else "random") for p in range(PLAYERS)]
    outcome, _ = play_bots(GAME, GAME.configure(PLAYERS, list(ADVANCED)), seed, bots)
    share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    return {"seat": seat, "win": share, "vp": outcome.scores["vp"]}


ADVANCED: tuple[str, ...] = ()


def main() -> None:
    global ADVANCED
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--advanced", action="store_true", help="play the advanced rules")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    ADVANCED = ("advanced",) if args.advanced else ()
    work = [(args.seed + i, i % PLAYERS) for i in range(args.games)]
    with Pool(args.jobs) as pool:
        rows = pool.map(play_one, work)
    wins = sum(r["win"] for r in rows)
    ci = wilson(round(wins), args.games)
    out = {"games": args.games, "players": PLAYERS, "advanced": bool(ADVANCED),
           "heuristic_wins": round(wins, 2), "win_rate": round(wins / args.games, 4),
           "low": round(ci.low, 4), "high": round(ci.high, 4), "fair_share": 1 / PLAYERS}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"heuristic among {PLAYERS - 1} random seats: won {out['win_rate']:.1%} of {args.games} games "
              f"(95% {out['low']:.1%}-{out['high']:.1%}; fair share 25%)")


if __name__ == "__main__":
    main()
