"""Tessen's bots against each other: seeded real-time matches on the simulated clock.

    .venv/bin/python benchmarks/tessen_bots.py [--matches 500] [--seed 0] [--json]

Plays, with seats swapped every other match so that neither bot always sits first:

- ``expert`` against ``novice`` (the levels: speed and skill together);
- ``heuristic`` against ``random`` at equal reaction speed (both the engine's ``casual``
  reaction model: the strategy alone).

Prints each pairing's wins with a 95% Wilson interval, the mean match length in game seconds,
accepted and refused actions per match, and matches per second of wall time (one process).
Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from warroom import bots
from warroom.engine import registry
from warroom.engine.realtime import REACTION_LEVELS, play_realtime
from warroom.engine.rng import mix_seed
from warroom.sim.stats import wilson

PAIRINGS = [("expert", "novice"), ("heuristic", "random")]


def duel(first: str, second: str, matches: int, seed: int) -> dict[str, Any]:
    game = registry.get("tessen")
    config = game.configure(2)
    casual = REACTION_LEVELS["casual"]
    wins = accepted = refused = 0
    game_ms = 0
    start = time.perf_counter()
    for i in range(matches):
        a, b = bots.make("tessen", first), bots.make("tessen", second)
        seats = [a, b] if i % 2 == 0 else [b, a]
        # the random bot has no reaction model of its own: it gets the default, ``casual``
        reactions = [getattr(s, "reaction", casual) for s in seats]
        outcome, _ = play_realtime(game, config, mix_seed(seed, i), seats, reactions=reactions)
        wins += outcome.winners == [0 if i % 2 == 0 else 1]
        accepted += outcome.decisions
        refused += outcome.failed
        game_ms += outcome.game_ms or 0
    seconds = time.perf_counter() - start
    share = wilson(wins, matches)
    low, high = share.low, share.high
    return {
        "first": first, "second": second, "matches": matches, "first_wins": wins,
        "first_rate": round(wins / matches, 3), "low": round(low, 3), "high": round(high, 3),
        "mean_game_seconds": round(game_ms / matches / 1000, 1),
        "mean_actions": round(accepted / matches, 1), "mean_refused": round(refused / matches, 1),
        "matches_per_second": round(matches / seconds, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [duel(a, b, args.matches, args.seed) for a, b in PAIRINGS]
    if args.json:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['first']:>9} vs {r['second']:<7} {r['first_wins']:>4}/{r['matches']} "
              f"({r['first_rate']:.1%}, 95% {r['low']:.1%}-{r['high']:.1%})  "
              f"{r['mean_game_seconds']:.0f} game s/match, {r['mean_actions']:.0f} actions "
              f"(+{r['mean_refused']:.0f} refused), {r['matches_per_second']:.1f} matches/s")


if __name__ == "__main__":
    main()
