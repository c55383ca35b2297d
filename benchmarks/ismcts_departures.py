"""Where a search bot departs from the heuristic in Paper Kessen, what the departure is worth.

    .venv/bin/python benchmarks/ismcts_departures.py [--games 16] [--rollouts 32] [--every 5]
        [--candidate NAME=JSON ...] [--truth] [--jobs 2] [--json]

Plays seeded heuristic-v-heuristic games (seeds 1000 on). At every ``--every``-th decision with
a choice, each candidate (the ``ismcts`` level with the JSON's settings changed; by default the
level itself) is asked for its move from the decider's information set. Where a candidate's
move differs from the heuristic's, both moves are valued by ``--rollouts`` paired playouts:
the same worlds sampled from the decider's information set, the move, then heuristic play by
both sides to the end with the same random stream. Printed per candidate: how often it departs,
the mean gain in the decider's win rate per departure (with its standard error) and per
position. The value assumes the heuristic's continuation and hands dealt at random within the
information set, the same assumptions the search makes, so a positive gain here is necessary for
a stronger bot but not sufficient. ``--truth`` values the moves in the real state instead (the
hidden cards as they were dealt, which the bot never sees; only the game's later coin flips and
reshuffles are drawn afresh), so it shows what the departures are
worth in the game actually played (see benchmarks/README.md, "ISMCTS strength").
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from warroom import bots
from warroom.bots import ismcts
from warroom.engine.infoset import InfoSet, choose
from warroom.engine.rng import Rng
from warroom.games.kessen.rules import GAME

HEURISTIC = bots.make("kessen", "heuristic")


def worth(info: InfoSet, seat: int, action: str, seed: int, stream: int, truth: Any = None) -> float:
    """``seat``'s result after ``action`` in the world ``seed`` (or in a copy of ``truth``, the
    real state, if given), both sides then heuristic."""
    if truth is not None:  # the real hands and decks; only the game's later draws are sampled
        world = truth.clone()
        world.rng = Rng(seed)
    else:
        world = info.sample(seed)
    GAME.apply_trusted(world, seat, action, None)
    rng = random.Random(stream)
    while GAME.result(world) is None:
        player = GAME.deciders(world)[0]
        legal = GAME.legal_actions(world, player)
        move = choose(GAME, world, player, HEURISTIC, legal, rng) if len(legal) > 1 else legal[0]
        GAME.apply_trusted(world, player, move, None)
    return 0.5 if world.winner == 2 else float(world.winner == seat)


def game(args: tuple[int, dict[str, dict[str, Any]], int, int, bool]) -> list[dict[str, Any]]:
    """One heuristic game: a row per sampled position, each candidate's gain where it departs."""
    index, candidates, rollouts, every, truth = args
    state = GAME.new(GAME.configure(), 1000 + index)
    rng = random.Random(index)
    rows: list[dict[str, Any]] = []
    decision = 0
    while GAME.result(state) is None:
        seat = GAME.deciders(state)[0]
        legal = GAME.legal_actions(state, seat)
        move = choose(GAME, state, seat, HEURISTIC, legal, rng) if len(legal) > 1 else legal[0]
        if len(legal) > 1 and decision % every == 0:
            info = InfoSet(GAME, state, seat)
            picks = {name: ismcts.custom("ismcts", **changes).choose_in(
                         info, legal, random.Random(decision * 7 + index))
                     for name, changes in candidates.items()}
            row: dict[str, Any] = {}
            departures = {p for p in picks.values() if p != move}
            if departures:
                draw = random.Random(index * 100_003 + decision)
                seeds = [(draw.getrandbits(63), draw.getrandbits(63)) for _ in range(rollouts)]
                real = state if truth else None
                values = {a: [worth(info, seat, a, s, t, real) for s, t in seeds] for a in departures | {move}}
                for name, pick in picks.items():
                    if pick != move:
                        row[name] = sum(x - y for x, y in zip(values[pick], values[move], strict=True)) / rollouts
            rows.append(row)
        GAME.apply_trusted(state, seat, move, None)
        decision += 1
    return rows


def candidate(text: str) -> tuple[str, dict[str, Any]]:
    name, sep, raw = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"not NAME=JSON: {text!r}")
    return name, json.loads(raw)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--rollouts", type=int, default=32)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--candidate", type=candidate, action="append", default=[])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--truth", action="store_true",
                    help="value the moves in the real state (its hidden cards as dealt), not sampled worlds")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    candidates = dict(args.candidate) or {"ismcts": {}}
    work = [(i, candidates, args.rollouts, args.every, args.truth) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for part in pool.map(game, work) for r in part]
    out: dict[str, Any] = {"positions": len(rows), "candidates": {}}
    for name in candidates:
        gains = [r[name] for r in rows if name in r]
        n = len(gains)
        mean = sum(gains) / n if n else 0.0
        se = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else float("nan")
        out["candidates"][name] = {"departures": n, "rate": round(n / len(rows), 4) if rows else 0.0,
                                   "gain_per_departure": round(mean, 4), "standard_error": round(se, 4),
                                   "gain_per_position": round(sum(gains) / len(rows), 5) if rows else 0.0}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{len(rows)} positions of {args.games} heuristic games, {args.rollouts} paired playouts a move")
    for name, c in out["candidates"].items():
        print(f"  {name:12} departs {c['departures']:4} ({c['rate']:.1%})  gain a departure "
              f"{c['gain_per_departure']:+.4f} ± {c['standard_error']:.4f}  a position {c['gain_per_position']:+.5f}")


if __name__ == "__main__":
    main()
