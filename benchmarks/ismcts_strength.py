"""ISMCTS against a game's heuristic bot, sides swapped every other game; search speed.

    .venv/bin/python benchmarks/ismcts_strength.py [--game kessen] [--games 200] [--level ismcts]
        [--opponent heuristic] [--jobs 2] [--seed 0] [--out benchmarks/results/ismcts.jsonl]
    .venv/bin/python benchmarks/ismcts_strength.py --speed-only

Game ``i`` is seeded ``mix_seed(seed, i)``; the search bot sits in seat ``i % 2``. Every finished
game is appended to ``--out`` as one JSON line as soon as it ends (a long run can be read while it
goes, and ``--resume`` skips the games already there), then the win rate is printed with its 95%
Wilson interval. The speed part times ``determinize`` and ISMCTS iterations per second on one
core with uniform random rollouts cut at ``--depth`` decisions, over positions taken every 15
decisions of random games.
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
from warroom.bots.ismcts import ISMCTSBot, Settings
from warroom.engine import registry
from warroom.engine.infoset import InfoSet
from warroom.engine.runner import play_bots
from warroom.sim.simulate import game_seed
from warroom.sim.stats import wilson


def play(game_name: str, seed: int, index: int, level: str, opponent: str) -> dict[str, Any]:
    game = registry.get(game_name)
    config = game.configure()
    seat = index % 2
    players: list[Any] = [None, None]
    players[seat] = bots.make(game.name, level)
    players[1 - seat] = bots.make(game.name, opponent)
    started = time.perf_counter()
    outcome, _ = play_bots(game, config, game_seed(seed, index), players)
    return {"index": index, "search_seat": seat, "winners": outcome.winners, "reason": outcome.reason,
            "decisions": outcome.decisions, "seconds": round(time.perf_counter() - started, 2)}


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


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    wins = sum(1 for r in rows if r["search_seat"] in r["winners"])
    draws = sum(1 for r in rows if not r["winners"])
    by_seat = {}
    for seat in (0, 1):
        mine = [r for r in rows if r["search_seat"] == seat]
        by_seat[seat] = wilson(sum(1 for r in mine if seat in r["winners"]), len(mine)).to_json()
    return {"games": len(rows), "search_wins": wins, "draws": draws,
            "win_rate": wilson(wins, len(rows)).to_json(), "by_search_seat": by_seat,
            "mean_seconds_per_game": round(sum(r["seconds"] for r in rows) / max(1, len(rows)), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="kessen")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="ismcts")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--depth", type=int, default=4, help="rollout depth of the speed measurement")
    ap.add_argument("--out", default="benchmarks/results/ismcts.jsonl")
    ap.add_argument("--resume", action="store_true", help="keep the games already in --out")
    ap.add_argument("--speed-only", action="store_true")
    args = ap.parse_args()
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
        futures = [pool.submit(play, args.game, args.seed, i, args.level, args.opponent) for i in todo]
        for fut in as_completed(futures):
            row = fut.result()
            rows.append(row)
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"{len(rows)}/{args.games} {json.dumps(summarise(rows)['win_rate'])}", file=sys.stderr, flush=True)
    print(json.dumps({"game": args.game, "level": args.level, "opponent": args.opponent, **summarise(rows)}))


if __name__ == "__main__":
    main()
