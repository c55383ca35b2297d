"""Does the LTK heuristic bot play for its role? One heuristic seat among random seats.

    .venv/bin/python benchmarks/ltk_role_strength.py              # 500 five-player games
    .venv/bin/python benchmarks/ltk_role_strength.py --games 100  # quicker
    .venv/bin/python benchmarks/ltk_role_strength.py --json

Game ``i`` uses seed ``seed + i`` and puts the heuristic bot on seat ``i % players`` (roles are
dealt at random, so every role is played by the heuristic seat in about its share of games). For
each role the table shows the heuristic seat's win rate in that role and the random seats' win
rate in the same role over the same games, both with 95% Wilson intervals. The target: the
heuristic seat wins clearly more often than a random seat, for every role.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from warroom.bots import make
from warroom.engine.runner import play_bots
from warroom.games.ltk.rules import GAME
from warroom.sim.stats import wilson

ROLES = ("monarch", "minister", "rebel", "defector")


def run(games: int, players: int, seed: int) -> dict[str, Any]:
    tally = {r: {"heuristic": [0, 0], "random": [0, 0]} for r in ROLES}
    config = GAME.configure(players)
    for i in range(games):
        hero = i % players
        bots = [make("ltk", "heuristic" if s == hero else "random") for s in range(players)]
        outcome, _ = play_bots(GAME, config, seed + i, bots)
        roles = outcome.scores["roles"]
        for s, role in enumerate(roles):
            who = "heuristic" if s == hero else "random"
            tally[role][who][1] += 1
            tally[role][who][0] += s in outcome.winners
    out: dict[str, Any] = {"game": "ltk", "players": players, "games": games, "seed": seed, "roles": {}}
    for role, t in tally.items():
        out["roles"][role] = {}
        for who, (won, n) in t.items():
            p = wilson(won, n)
            out["roles"][role][who] = {"wins": won, "games": n, "rate": p.rate, "ci95": [p.low, p.high]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = run(args.games, args.players, args.seed)
    if args.json:
        print(json.dumps(out))
        return
    print(f"LTK, {args.players} players, {args.games} games, one heuristic seat among random seats")
    print(f"{'role':10} {'heuristic':>24} {'random':>24}")
    for role, row in out["roles"].items():
        cells = [f"{row[w]['rate']:6.1%} [{row[w]['ci95'][0]:.2f}, {row[w]['ci95'][1]:.2f}] n={row[w]['games']}"
                 for w in ("heuristic", "random")]
        print(f"{role:10} {cells[0]:>24} {cells[1]:>24}")


if __name__ == "__main__":
    main()
