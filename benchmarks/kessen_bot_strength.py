"""How strong is the Paper Kessen heuristic bot? Seeded games against the random bot, both sides.

    .venv/bin/python benchmarks/kessen_bot_strength.py               # 500 games per pairing
    .venv/bin/python benchmarks/kessen_bot_strength.py --games 100   # quicker
    .venv/bin/python benchmarks/kessen_bot_strength.py --json        # one JSON object

Pairings (game ``i`` of each uses seed ``seed + i``, so every pairing sees the same deals):

- heuristic as Good against random as Evil, and random as Good against heuristic as Evil:
  the heuristic bot's win rate (target: at least 90% from either side);
- heuristic against heuristic: Good's and Evil's win rates, a balance check of the game itself.

Win rates come with 95% Wilson intervals. The heuristic bot's time per decision (building the
view excluded) is measured too: its mean and 99th percentile.
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from typing import Any

from warroom.bots import make
from warroom.engine.bot import Bot
from warroom.engine.runner import play_bots
from warroom.games.kessen.rules import GAME
from warroom.sim.stats import wilson

PAIRINGS = (("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))
SIDES = ("good", "evil")


class Timed(Bot):
    """Wraps a bot and adds up the time its decisions take."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_view = bot.needs_view
        self.times: list[float] = []

    def choose(self, view: dict[str, Any], legal: list[str], rng: Any) -> str:
        start = time.perf_counter()
        action: str = self.bot.choose(view, legal, rng)
        self.times.append(time.perf_counter() - start)
        return action


def play_one(job: tuple[int, tuple[str, str]]) -> dict[str, Any]:
    """One seeded game; the winner (0 good, 1 evil, -1 draw) and the heuristic bot's timing."""
    seed, names = job
    bots = [Timed(make("kessen", n)) for n in names]
    outcome, _ = play_bots(GAME, GAME.configure(), seed, bots)
    timed = [b for b in bots if b.name == "heuristic"]
    return {
        "winner": outcome.winners[0] if outcome.winners else -1,
        "rounds": outcome.scores["rounds"],
        "times": [x for b in timed for x in b.times],
    }


def rate(count: int, total: int) -> dict[str, Any]:
    ci = wilson(count, total)
    return {"count": count, "rate": round(ci.rate, 4), "low": round(ci.low, 4), "high": round(ci.high, 4)}


def measure(names: tuple[str, str], games: int, seed: int, jobs: int) -> dict[str, Any]:
    work = [(seed + i, names) for i in range(games)]
    with Pool(jobs) as pool:
        rows = pool.map(play_one, work, chunksize=max(1, games // (8 * jobs)))
    wins = [sum(1 for r in rows if r["winner"] == side) for side in (0, 1)]
    draws = games - sum(wins)
    times = sorted(x for r in rows for x in r["times"])
    out: dict[str, Any] = {
        "good": names[0],
        "evil": names[1],
        "games": games,
        "good_wins": rate(wins[0], games),
        "evil_wins": rate(wins[1], games),
        "draws": draws,
        "mean_rounds": round(sum(r["rounds"] for r in rows) / games, 2),
        "decisions": len(times),
        "decision_us": round(sum(times) / len(times) * 1e6, 1) if times else None,
        # the slowest few are the OS or the garbage collector, not the bot: report the 99th
        "p99_decision_us": round(times[int(0.99 * (len(times) - 1))] * 1e6, 1) if times else None,
    }
    if names.count("heuristic") == 1:
        out["heuristic_wins"] = out["good_wins"] if names[0] == "heuristic" else out["evil_wins"]
    return out


def _pct(r: dict[str, Any]) -> str:
    return f"{r['rate'] * 100:5.1f}%  [{r['low'] * 100:5.1f}%, {r['high'] * 100:5.1f}%]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=500, help="games per pairing (default 500)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")

    start = time.perf_counter()
    results = [measure(names, args.games, args.seed, args.jobs) for names in PAIRINGS]
    summary = {"games": args.games, "seed": args.seed, "pairings": results,
               "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(summary))
        return
    print(f"Paper Kessen bot strength: {args.games} games per pairing, seeds "
          f"{args.seed}..{args.seed + args.games - 1}, 95% Wilson intervals")
    for r in results:
        title = f"{r['good']} (good) vs {r['evil']} (evil)"
        if "heuristic_wins" in r:
            print(f"  {title:38s} heuristic wins {_pct(r['heuristic_wins'])}"
                  f"  draws {r['draws']}  rounds {r['mean_rounds']}")
        else:
            print(f"  {title:38s} good wins {_pct(r['good_wins'])}  evil wins {_pct(r['evil_wins'])}"
                  f"  draws {r['draws']}  rounds {r['mean_rounds']}")
    timed = [r for r in results if r["decisions"]]
    mean = sum(r["decision_us"] * r["decisions"] for r in timed) / sum(r["decisions"] for r in timed)
    p99 = max(r["p99_decision_us"] for r in timed)
    print(f"  heuristic decision time (view excluded): mean {mean:.0f} µs, 99th percentile {p99:.0f} µs"
          f"; wall {summary['seconds']} s")


if __name__ == "__main__":
    main()
