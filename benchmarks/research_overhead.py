"""What the PettingZoo environment adds to the engine's per-step cost, measured side by side.

    .venv/bin/python benchmarks/research_overhead.py [--game kessen] [--games 30] [--rounds 3]

Three loops play random games (game ``i`` seeded ``i``, moves drawn uniformly from the legal
ones with one ``random.Random`` per game): the engine alone (``deciders``, ``legal_actions``,
``apply``: the bench loop), the AEC environment with the mask only (``obs_size=0``), and the
environment with the full observation (the game's own encoder, ``Game.encode``, where it has
one; else the view feature-hashed). The player of the environment loops takes the legal numbers from the
info (``info["legal_actions"]``); a fourth loop decodes the mask instead (``np.flatnonzero``,
the player's cost, shown apart). The loops run in turn, ``--rounds`` times, and each prints CPU
microseconds per step (``time.process_time`` of the whole loop, the median over the rounds:
wall time swings with the machine's load) and its ratio to the engine's. The games are the
same in every loop (the environment's seeds); the moves differ, since the environment's legal
numbers are in numbering order, not the engine's.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import numpy as np

from warroom.engine import registry
from warroom.research.pettingzoo import WarroomEnv


def engine_loop(game_name: str, games: int) -> tuple[int, float]:
    game = registry.get(game_name)
    config = game.configure()
    steps = 0
    started = time.process_time()
    for i in range(games):
        state = game.new(config, random.Random(i).getrandbits(63))  # the environment's seeds
        rng = random.Random(i)
        while game.result(state) is None:
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - started


def env_loop(game_name: str, games: int, obs_size: int | None, decode: bool = False) -> tuple[int, float]:
    """The AEC loop; the player reads the legal numbers from the info, or (``decode``) from the
    mask with ``np.flatnonzero``, which on a mask of ~16,000 actions costs about an engine step."""
    env = WarroomEnv(game_name) if obs_size is None else WarroomEnv(game_name, obs_size=obs_size)
    steps = 0
    started = time.process_time()
    for i in range(games):
        env.reset(seed=i)
        rng = random.Random(i)
        for _agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"]) if decode else info["legal_actions"]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, time.process_time() - started


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="kessen")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    loops = {"engine": lambda: engine_loop(args.game, args.games),
             "pettingzoo mask only": lambda: env_loop(args.game, args.games, 0),
             "pettingzoo full observation": lambda: env_loop(args.game, args.games, None),
             "pettingzoo full observation, mask decoded": lambda: env_loop(args.game, args.games, None, True)}
    env_loop(args.game, 1, None)  # warm up: imports, memoised numbers
    per_step: dict[str, list[float]] = {k: [] for k in loops}
    counts: dict[str, int] = {}
    for _ in range(args.rounds):
        for name, loop in loops.items():
            n, seconds = loop()
            counts[name] = n
            per_step[name].append(seconds / n * 1e6)
    base = statistics.median(per_step["engine"])
    rows = []
    for name in loops:
        us = statistics.median(per_step[name])
        rows.append({"loop": name, "steps": counts[name], "cpu_us_per_step": round(us, 1),
                     "ratio": round(us / base, 2)})
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
