"""How much better than the Paper Kessen heuristic can a bot be? Two probes on paired deals.

    .venv/bin/python benchmarks/kessen_headroom.py [--games 2000] [--tuning JSON ...]
        [--noise SPEC ...] [--jobs 2] [--json]

A variant of the heuristic plays the heuristic itself; games ``2k`` and ``2k+1`` share a deal
(seeded ``game_seed(7, k)``) with the variant in seat 0, then seat 1. Two kinds of variant:

- ``--tuning '{"opp_per_card": 1.4}'``: the heuristic with some of its ``Tuning`` numbers changed.
  If none of a sweep beats the default by more than a point or two, the heuristic sits at a
  flat optimum of its own judgement, and a search that plays its moves can only gain by finding
  decisions the heuristic's rules do not describe.
- ``--noise 0.05`` or ``--noise 1.0:pick,discard``: the heuristic, but with that probability its
  move is replaced by a uniformly random legal one (only at the named kinds of decision, if
  any). How much a random move costs at a kind of decision bounds from below how much the
  decisions of that kind matter.

Without options both probes run their default sweep. Each line: the variant's wins (a draw counts
half), its rate and the 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from warroom import bots
from warroom.engine.bot import Bot
from warroom.engine.runner import play_bots
from warroom.games.kessen.bots import HeuristicBot, Tuning
from warroom.games.kessen.rules import GAME
from warroom.sim.simulate import game_seed
from warroom.sim.stats import wilson

TUNINGS = [{name: value} for name, values in (
    ("opp_per_card", (0.35, 1.4)), ("opp_cards_counted", (3, 7)), ("own_potential", (0.4, 1.0)),
    ("win_scale", (1.0, 4.0)), ("unit_worth", (5.0, 20.0)), ("card_worth", (1.0, 4.0)),
    ("slain_lead", (2, 8)), ("losses_lead", (0, 4))) for value in values]
NOISES = ["0.05", "0.2", "1.0:pick", "1.0:discard", "1.0:deploy", "1.0:attach", "1.0:special", "1.0:play,pass"]


class Noisy(Bot):
    """The heuristic, whose move is replaced by a random legal one with probability ``rate`` at
    the decisions whose action starts with one of ``kinds`` (every decision if none)."""

    name = "noisy"
    needs_view = True

    def __init__(self, rate: float, kinds: frozenset[str]) -> None:
        self.bot = bots.make("kessen", "heuristic")
        self.rate = rate
        self.kinds = kinds

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        move: str = self.bot.choose(view, legal, rng)
        if rng.random() < self.rate and (not self.kinds or move.split()[0] in self.kinds):
            return rng.choice(legal)
        return move


def variant(spec: tuple[str, str]) -> Any:
    kind, text = spec
    if kind == "tuning":
        bot = HeuristicBot(Tuning(**json.loads(text)))
        bot.name = "variant"
        return bot
    rate, _, kinds = text.partition(":")
    chance = float(rate)
    if not 0.0 <= chance <= 1.0:
        raise ValueError(f"the rate is a chance from 0 to 1, not {rate}")
    return Noisy(chance, frozenset(k for k in kinds.split(",") if k))


def play(job: tuple[tuple[str, str], int]) -> float:
    spec, index = job
    seat = index % 2
    players: list[Any] = [None, None]
    players[seat] = variant(spec)
    players[1 - seat] = bots.make("kessen", "heuristic")
    outcome, _ = play_bots(GAME, GAME.configure(), game_seed(7, index // 2), players)
    if len(outcome.winners) != 1:
        return 0.5
    return float(outcome.winners[0] == seat)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--tuning", action="append", default=[], help="JSON of Tuning fields to change")
    ap.add_argument("--noise", action="append", default=[], help="RATE or RATE:kind,kind")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    specs = [("tuning", t) for t in args.tuning] + [("noise", n) for n in args.noise]
    for spec in specs:  # a bad variant is refused here, before any game
        try:
            variant(spec)
        except (ValueError, TypeError) as err:
            ap.error(f"--{spec[0]} {spec[1]!r}: {err}")
    if not specs:
        specs = [("tuning", json.dumps(t)) for t in TUNINGS] + [("noise", n) for n in NOISES]
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for spec in specs:
            score = sum(pool.map(play, [(spec, i) for i in range(args.games)], chunksize=20))
            rate = wilson(round(score), args.games)
            rows.append({"kind": spec[0], "variant": spec[1], "games": args.games, "score": score,
                         **rate.to_json()})
            if not args.json:
                print(f"{spec[0]:6} {spec[1]:34} {score:7.1f}/{args.games}  "
                      f"{score / args.games:.3f} ({rate.low:.3f}-{rate.high:.3f})", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
