"""A digest of many seeded Tessen bot matches: run it on two branches to show they play alike.

    PYTHONPATH=<tree>/src .venv/bin/python benchmarks/tessen_digest.py [--seeds 8] [--verbose]

Every variant set (none, dragon, sacred-animal, handicap, all three) and pairings that cover every
bot level (novice, casual, heuristic, expert, random), each over ``--seeds`` seeds, played twice:

- recorded (``play_realtime(record=True)``): every step's seat, action, time and state hash;
- unrecorded (the path ``warroom bench`` and the simulations take): the outcome (winners,
  reason, scores, accepted and refused actions, game time).

Prints one SHA-256 over everything, and with ``--verbose`` one line per match. A speed change
that keeps play identical keeps the digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any

from warroom import bots
from warroom.engine import registry
from warroom.engine.realtime import REACTION_LEVELS, play_realtime
from warroom.engine.rng import mix_seed

VARIANTS: tuple[tuple[str, ...], ...] = (
    (), ("dragon",), ("sacred-animal",), ("handicap",), ("dragon", "sacred-animal", "handicap"))
PAIRINGS = (("expert", "novice"), ("heuristic", "random"), ("casual", "heuristic"),
            ("novice", "casual"), ("random", "expert"), ("heuristic", "heuristic"))


def match_lines(seeds: int) -> list[str]:
    game = registry.get("tessen")
    casual = REACTION_LEVELS["casual"]
    lines: list[str] = []
    for variants in VARIANTS:
        config = game.configure(2, list(variants))
        for first, second in PAIRINGS:
            for i in range(seeds):
                seed = mix_seed(7, i)
                for recorded in (True, False):
                    seats = [bots.make("tessen", first), bots.make("tessen", second)]
                    reactions = [getattr(s, "reaction", casual) for s in seats]
                    outcome, match = play_realtime(game, config, seed, seats, reactions=reactions,
                                                   record=recorded)
                    data: dict[str, Any] = {
                        "winners": outcome.winners, "reason": outcome.reason, "scores": outcome.scores,
                        "decisions": outcome.decisions, "failed": outcome.failed,
                        "game_ms": outcome.game_ms}
                    if match is not None:
                        data["steps"] = [[s.seat, s.action, s.t, s.hash] for s in match.record.steps]
                    text = json.dumps(data, sort_keys=True)
                    lines.append(f"{'+'.join(variants) or '-'} {first}-{second} {i} "
                                 f"{'rec' if recorded else 'sim'} "
                                 f"{hashlib.sha256(text.encode()).hexdigest()[:16]} "
                                 f"{outcome.decisions}/{outcome.failed}/{outcome.game_ms}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    lines = match_lines(args.seeds)
    if args.verbose:
        print("\n".join(lines))
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    print(f"{len(lines)} matches, digest {digest}")


if __name__ == "__main__":
    main()
