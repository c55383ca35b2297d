"""The long conformance sweep: the checks of tests/conformance.py over many seeds.

    .venv/bin/python benchmarks/conformance_sweep.py                  # every game, 500 seeds each
    .venv/bin/python benchmarks/conformance_sweep.py --game kessen --seeds 5000 --deep-every 4
    .venv/bin/python benchmarks/conformance_sweep.py --seed 123456     # one seed, full detail
    .venv/bin/python benchmarks/conformance_sweep.py --bots --game ltk --seeds 300   # heuristic seats

Every configuration of every game of the suite (registered or a test game; each player count, each variant)
is played from seeds 0..N-1 with every per-step check, then recorded, replayed
and resumed. The first broken promise of each configuration is printed with its
seed and step and a ``conformance.reproduce(...)`` call that rebuilds the state;
the exit status is the number of configurations that failed (0: all passed).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

# the repository root, so that ``tests.conformance`` imports as it does under pytest
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import conformance as cf


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game (default: every registered game)")
    parser.add_argument("--seeds", type=int, default=500, help="seeds per configuration")
    parser.add_argument("--seed", type=int, help="only this seed")
    parser.add_argument("--deep-every", type=int, default=2,
                        help="deep checks (clones, JSON, views, determinize) every k decisions")
    parser.add_argument("--no-replay", action="store_true", help="skip the record/replay checks")
    parser.add_argument("--bots", action="store_true",
                        help="the heuristic-driven playouts (BOT_PLAYOUTS: most seats play the heuristic)")
    args = parser.parse_args()

    settings = cf.Settings(seeds=args.seeds, deep_every=max(1, args.deep_every))
    failed = 0
    for setup in cf.bot_setups() if args.bots else cf.setups(settings):
        if args.game and cf.game_named(args.game).name != setup.game:
            continue
        game = cf.game_named(setup.game)
        seeds = [args.seed] if args.seed is not None else range(args.seeds)
        started = time.perf_counter()
        decisions = 0
        results: dict[str, int] = {}
        error = None
        for seed in seeds:
            try:
                stats = cf.check_playout(game, setup.config, seed, settings, bots=args.bots)
                if not args.no_replay:
                    cf.check_replay(game, setup.config, seed)
                    cf.check_determinism(game, setup.config, seed)
            except AssertionError as err:
                error = str(err)
                break
            except Exception:  # a crash inside the game is a finding too
                error = f"seed={seed}: {traceback.format_exc()}"
                break
            decisions += stats.decisions
            assert stats.result is not None
            key = "draw" if not stats.result.winners else "+".join(map(str, stats.result.winners))
            results[key] = results.get(key, 0) + 1
        elapsed = time.perf_counter() - started
        played = sum(results.values())
        print(f"{setup.label}: {played} games, {decisions} decisions, {elapsed:.1f} s, "
              f"results {dict(sorted(results.items()))}")
        if error is not None:
            failed += 1
            print(f"  FAILED: {error}")
    return failed


if __name__ == "__main__":
    sys.exit(main())
