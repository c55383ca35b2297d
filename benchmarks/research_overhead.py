"""What the PettingZoo environment adds to the engine's per-step cost, measured side by side.

    .venv/bin/python benchmarks/research_overhead.py [--game kessen] [--games 30]

Three loops play the same random games (game ``i`` seeded ``i``, moves drawn uniformly from
the legal ones with one ``random.Random`` per game): the engine alone (``deciders``,
``legal_actions``, ``apply``: the bench loop), the AEC environment with the mask only
(``obs_size=0``), and the environment with the full observation (the view encoded as an
array). Each prints microseconds per step and its ratio to the engine.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

from warroom.engine import registry
from warroom.research.pettingzoo import WarroomEnv


def engine_loop(game_name: str, games: int) -> tuple[int, float]:
    game = registry.get(game_name)
    config = game.configure()
    steps = 0
    started = time.perf_counter()
    for i in range(games):
        state = game.new(config, i)
        rng = random.Random(i)
        while game.result(state) is None:
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - started


def env_loop(game_name: str, games: int, obs_size: int | None) -> tuple[int, float]:
    env = WarroomEnv(game_name) if obs_size is None else WarroomEnv(game_name, obs_size=obs_size)
    steps = 0
    started = time.perf_counter()
    for i in range(games):
        env.reset(seed=i)
        rng = random.Random(i)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="kessen")
    ap.add_argument("--games", type=int, default=30)
    args = ap.parse_args()
    n, t = engine_loop(args.game, args.games)
    base = t / n * 1e6
    rows = [{"loop": "engine", "steps": n, "us_per_step": round(base, 1), "ratio": 1.0}]
    for label, size in (("pettingzoo mask only", 0), ("pettingzoo full observation", None)):
        m, u = env_loop(args.game, args.games, size)
        us = u / m * 1e6
        rows.append({"loop": label, "steps": m, "us_per_step": round(us, 1), "ratio": round(us / base, 2)})
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
