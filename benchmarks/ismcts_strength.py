"""ISMCTS against a game's heuristic bot on paired deals; search speed.

    .venv/bin/python benchmarks/ismcts_strength.py [--game kessen] [--games 200] [--level ismcts]
        [--set iterations=128 --set stop=battle ...] [--opponent heuristic] [--jobs 2] [--seed 0]
        [--out benchmarks/results/ismcts.jsonl] [--resume] [--truth [hands]]
    .venv/bin/python benchmarks/ismcts_strength.py --speed-only

Games ``2k`` and ``2k+1`` are a pair: both are seeded ``mix_seed(seed, k)`` (the same deal, deck
orders and first coin flips) and the search bot sits in seat 0 in one and seat 1 in the other, so
the luck of the deal and the side's advantage cancel within a pair. (Only partly: the game's
random stream is one sequence in the state, and coin flips, random discards, Propaganda's steal
and deck reshuffles draw from it in the order play asks for them, so once the two games' choices
differ their later draws differ too. The deal and the deck orders are always shared.) ``--set name=value`` changes one
field of the level's ``Settings`` (for screening candidate settings). Every finished game is
appended to ``--out`` as one JSON line as soon as it ends (a long run can be read while it goes,
and ``--resume`` skips the games already there), then the win rate is printed with its 95% Wilson
interval, the rate for each seat of the search bot, the pairs won both / split / lost both, and
the CPU seconds a game (the whole game, both bots, in its worker process). ``--truth`` is a
diagnostic, not a bot: the search is handed the real state instead of its information set
(every world is the true state, the opponent's hands and the decks' order as they are, with
only the game's random stream drawn afresh); ``--truth hands`` shows it the hands only (Paper
Kessen: every deck shuffled afresh in each world, so the next draws stay unknown). The two tell
apart what better inference of the opponent's hands could give a search of the same budget and
what only foreknowledge of the draws could. The speed part times
``determinize`` and ISMCTS iterations per second on one core with uniform random rollouts cut at
``--depth`` decisions, over positions taken every 15 decisions of random games.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from warroom import bots
from warroom.bots import ismcts
from warroom.bots.ismcts import ISMCTSBot, Settings
from warroom.engine import registry
from warroom.engine.infoset import InfoSet
from warroom.engine.rng import Rng
from warroom.engine.runner import play_bots
from warroom.sim.simulate import game_seed
from warroom.sim.stats import wilson


class _TrueWorlds:
    """An information set that cheats: every world is the real state, its generator reseeded."""

    def __init__(self, info: InfoSet, decks: bool) -> None:
        self.game, self.seat, self._state, self.decks = info.game, info.seat, info._state, decks

    def sample(self, seed: int) -> Any:
        world = self._state.clone()
        if self.decks:
            world.rng = Rng(seed)
            return world
        rnd = random.Random(seed)  # Paper Kessen's decks, each shuffled afresh
        for deck in (world.recruit_deck, world.action_deck, *(side.leader_deck for side in world.sides)):
            rnd.shuffle(deck)
        world.rng = Rng(rnd.getrandbits(64))
        return world


class Clairvoyant:
    """A search bot handed the real state (``--truth``): a diagnostic bound, never a player."""

    searches = True
    needs_view = False

    def __init__(self, inner: ISMCTSBot, decks: bool) -> None:
        self.inner, self.decks = inner, decks
        self.name = f"{inner.name}-truth"

    def choose_in(self, info: InfoSet, legal: list[str], rng: random.Random) -> str:
        return self.inner.choose_in(_TrueWorlds(info, self.decks), legal, rng)  # type: ignore[arg-type]


def play(game_name: str, seed: int, index: int, level: str, opponent: str,
         changes: dict[str, Any], truth: str | None = None) -> dict[str, Any]:
    """Game ``index``: the deal of pair ``index // 2``, the search bot in seat ``index % 2``."""
    game = registry.get(game_name)
    config = game.configure()
    seat = index % 2
    players: list[Any] = [None, None]
    players[seat] = ismcts.custom(level, **changes) if changes else bots.make(game.name, level)
    if truth:
        players[seat] = Clairvoyant(players[seat], decks=truth == "all")
    players[1 - seat] = bots.make(game.name, opponent)
    started, cpu = time.perf_counter(), time.process_time()
    outcome, _ = play_bots(game, config, game_seed(seed, index // 2), players)
    return {"index": index, "search_seat": seat, "winners": outcome.winners, "reason": outcome.reason,
            "decisions": outcome.decisions, "seconds": round(time.perf_counter() - started, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2)}


def setting(text: str) -> tuple[str, Any]:
    """``name=value`` for ``--set``: the value as JSON if it parses (numbers, null), else a string."""
    name, sep, raw = text.partition("=")
    if not sep or name not in Settings.__dataclass_fields__:
        raise argparse.ArgumentTypeError(f"not a Settings field=value: {text!r}")
    try:
        return name, json.loads(raw)
    except json.JSONDecodeError:
        return name, raw


def positions(game_name: str, games: int = 4, every: int = 15) -> list[tuple[Any, int]]:
    game = registry.get(game_name)
    config = game.configure()
    out = []
    for seed in range(games):
        state = game.new(config, seed)
        rng = random.Random(seed)
        k = 0
        while game.result(state) is None:
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            if k % every == 0 and len(legal) > 1:
                out.append((state.clone(), seat))
            game.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)
            k += 1
    return out


def speed(game_name: str, depth: int, iterations: int = 200) -> dict[str, Any]:
    game = registry.get(game_name)
    pos = positions(game_name)
    started = time.perf_counter()
    n = 0
    for state, seat in pos:
        for s in range(50):
            game.determinize(state, seat, s)
            n += 1
    det_us = (time.perf_counter() - started) / n * 1e6
    started = time.perf_counter()
    for state, _ in pos:
        for _ in range(50):
            state.clone()
    clone_us = (time.perf_counter() - started) / n * 1e6
    bot = ISMCTSBot(Settings(iterations=iterations, depth=depth))
    started = time.perf_counter()
    total = 0
    for state, seat in pos:
        bot.search(InfoSet(game, state, seat), random.Random(0))
        total += bot.last_iterations
    per_s = total / (time.perf_counter() - started)
    return {"game": game_name, "positions": len(pos), "determinize_us": round(det_us, 1),
            "clone_us": round(clone_us, 1), "rollout": "random", "depth": depth,
            "iterations_per_second": round(per_s)}


def pairs(rows: list[dict[str, Any]]) -> dict[str, int]:
    """Of the pairs with both games played, how many the search bot won both / split / lost both
    (a drawn game counts as not won)."""
    won: dict[int, list[bool]] = {}
    for r in rows:
        won.setdefault(r["index"] // 2, []).append(r["search_seat"] in r["winners"])
    counts = {"won_both": 0, "split": 0, "lost_both": 0}
    for results in won.values():
        if len(results) == 2:
            counts[("lost_both", "split", "won_both")[sum(results)]] += 1
    return counts


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    wins = sum(1 for r in rows if r["search_seat"] in r["winners"])
    draws = sum(1 for r in rows if not r["winners"])
    by_seat = {}
    for seat in (0, 1):
        mine = [r for r in rows if r["search_seat"] == seat]
        won = sum(1 for r in mine if seat in r["winners"])
        by_seat[seat] = {"games": len(mine), **wilson(won, len(mine)).to_json()}
    n = max(1, len(rows))
    return {"games": len(rows), "search_wins": wins, "draws": draws,
            "win_rate": wilson(wins, len(rows)).to_json(), "by_search_seat": by_seat,
            "pairs": pairs(rows), "seat0_wins": sum(1 for r in rows if 0 in r["winners"]),
            "mean_seconds_per_game": round(sum(r["seconds"] for r in rows) / n, 2),
            "mean_cpu_seconds_per_game": round(sum(r.get("cpu_seconds", 0.0) for r in rows) / n, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="kessen")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="ismcts")
    ap.add_argument("--set", dest="changes", type=setting, action="append", default=[],
                    metavar="NAME=VALUE", help="change one Settings field of the level")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--depth", type=int, default=4, help="rollout depth of the speed measurement")
    ap.add_argument("--out", default="benchmarks/results/ismcts.jsonl")
    ap.add_argument("--resume", action="store_true", help="keep the games already in --out")
    ap.add_argument("--speed-only", action="store_true")
    ap.add_argument("--no-speed", action="store_true", help="skip the speed measurement")
    ap.add_argument("--truth", nargs="?", const="all", choices=("all", "hands"),
                    help="diagnostic: the search sees the real state (all, or the hands only)")
    args = ap.parse_args()
    changes = dict(args.changes)
    if changes:
        ismcts.custom(args.level, **changes)  # a bad value fails here, not in every worker
    if not args.no_speed:
        print(json.dumps(speed(args.game, args.depth)), flush=True)
    if args.speed_only:
        return
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    if args.resume and out.exists():
        rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    elif out.exists():
        out.unlink()
    done = {r["index"] for r in rows}
    todo = [i for i in range(args.games) if i not in done]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, out.open("a") as sink:
        futures = [pool.submit(play, args.game, args.seed, i, args.level, args.opponent, changes, args.truth)
                   for i in todo]
        for fut in as_completed(futures):
            row = fut.result()
            rows.append(row)
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"{len(rows)}/{args.games} {json.dumps(summarise(rows)['win_rate'])}", file=sys.stderr, flush=True)
    print(json.dumps({"game": args.game, "level": args.level, "settings": changes, "truth": args.truth,
                      "opponent": args.opponent,
                      **summarise(rows)}))


if __name__ == "__main__":
    main()
