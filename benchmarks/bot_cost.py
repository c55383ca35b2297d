"""What a bot costs: the CPU time of each of its decisions in whole games, and of following others' moves.

    .venv/bin/python benchmarks/bot_cost.py [--game kessen] [--bot ismcts] [--set belief=0 ...]
        [--opponent heuristic] [--players N] [--games 4] [--seed 0] [--json]

Game ``i`` (seeded ``game_seed(seed, i)``) puts the bot in seat ``i mod players`` and the
opponent bot in every other seat, and plays it to the end through the engine's runner, as
``simulate`` does. Every ``choose`` with more than one legal action is timed in CPU seconds
(``time.process_time``: what the bot costs, whatever else the machine runs), and so is every
``witness`` (a search that keeps a belief follows each other seat's move; the server runs it
off its event loop). Prints the median, the 10th and 90th percentiles and the mean of both, and
the CPU seconds of a whole game (every seat's bot and the engine). ``--set name=value`` changes
one ``Settings`` field of an ISMCTS level, as in ``ismcts_strength.py``. ``docs/bots.md``'s cost
column is this script's figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from ismcts_strength import setting
from warroom import bots
from warroom.bots import ismcts
from warroom.engine import registry
from warroom.engine.runner import play_bots
from warroom.sim.simulate import game_seed


def _timed(method: Callable[..., Any], sink: list[float], counts: Callable[..., bool]) -> Callable[..., Any]:
    """``method`` with the CPU time of each call that ``counts`` appended to ``sink``."""

    def call(*args: Any) -> Any:
        started = time.process_time()
        out = method(*args)
        if counts(*args):
            sink.append(time.process_time() - started)
        return out

    return call


def measured_bot(game: str, name: str, changes: dict[str, Any], choices: list[float], follows: list[float]) -> Any:
    """A fresh bot ``name`` whose decisions with a choice and whose witnessing are timed."""
    bot = ismcts.custom(name, **changes) if changes else bots.make(game, name)
    many = lambda _where, legal, _rng: len(legal) > 1  # noqa: E731
    if getattr(bot, "searches", False):
        bot.choose_in = _timed(bot.choose_in, choices, many)  # type: ignore[method-assign]
    else:
        bot.choose = _timed(bot.choose, choices, many)  # type: ignore[method-assign]
    if hasattr(bot, "witness"):
        bot.witness = _timed(bot.witness, follows, lambda *_: True)  # type: ignore[method-assign]
    return bot


def percentiles(values: list[float]) -> dict[str, Any]:
    """Median, 10th and 90th percentile and mean of ``values`` (seconds), in ms."""
    if not values:
        return {"count": 0}
    cuts = statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1 else [values[0]] * 9
    ms = lambda s: round(s * 1000, 3)  # noqa: E731
    return {"count": len(values), "median_ms": ms(statistics.median(values)), "p10_ms": ms(cuts[0]),
            "p90_ms": ms(cuts[-1]), "mean_ms": ms(statistics.fmean(values))}


def measure(game_name: str, bot: str, changes: dict[str, Any], opponent: str, players: int | None,
            games: int, seed: int) -> dict[str, Any]:
    game = registry.get(game_name)
    config = game.configure(players)
    seats = len(game.seat_names(config))
    choices: list[float] = []
    follows: list[float] = []
    game_cpu: list[float] = []
    for i in range(games):
        lineup = [bots.make(game_name, opponent) for _ in range(seats)]
        lineup[i % seats] = measured_bot(game_name, bot, changes, choices, follows)
        started = time.process_time()
        play_bots(game, config, game_seed(seed, i), lineup)
        game_cpu.append(time.process_time() - started)
    return {"game": game_name, "players": seats, "bot": bot, "settings": changes, "opponent": opponent,
            "games": games, "choose": percentiles(choices), "witness": percentiles(follows),
            "cpu_seconds_per_game": round(statistics.fmean(game_cpu), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="kessen")
    ap.add_argument("--bot", default="ismcts")
    ap.add_argument("--set", dest="changes", type=setting, action="append", default=[],
                    metavar="NAME=VALUE", help="change one Settings field of an ISMCTS level")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    changes = dict(args.changes)
    if changes and args.bot not in ismcts.LEVELS:
        ap.error(f"--set changes an ISMCTS level ({', '.join(ismcts.LEVELS)}), not {args.bot!r}")
    out = measure(args.game, args.bot, changes, args.opponent, args.players, args.games, args.seed)
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['bot']} {changes or ''} in {out['game']} ({out['players']} players) against {out['opponent']}, "
          f"{out['games']} games, {out['cpu_seconds_per_game']} CPU-s a game")
    for part in ("choose", "witness"):
        p = out[part]
        if p["count"]:
            print(f"  {part}: {p['count']} calls, median {p['median_ms']} ms ({p['p10_ms']}-{p['p90_ms']}), "
                  f"mean {p['mean_ms']} ms")


if __name__ == "__main__":
    main()
