"""A digest of Paper Kessen play and search: run it on two branches to show they play and search alike.

    PYTHONPATH=<tree>/src .venv/bin/python benchmarks/search_digest.py [--games 150] [--verbose]

Game ``i`` is seeded ``mix_seed(11, i)`` and played by a pairing of the random and heuristic
bots (the four pairings in turn). Hashed at every decision: the legal list, the action chosen,
every event it caused (kind, public data, secret data, who may see it) and the state's JSON.
Hashed every ``--every`` decisions with a choice:

- ``Game.determinize`` for both seats and three seeds (the worlds' JSON and cached legal list);
- ISMCTS with random rollouts cut at 4, 64 iterations, from the information set without the
  root's legal list (as ``ismcts_strength.py --speed-only`` searches): every root child's visits,
  availability and reward;
- every fourth of those positions, the ``ismcts`` level's move (heuristic rollouts and prior,
  with the root's legal list, as a game plays it) and its root's children.

Prints one SHA-256 over everything, and with ``--verbose`` one line per game. A speed change
that keeps play and search identical keeps the digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

from warroom import bots
from warroom.bots.ismcts import ISMCTSBot, Settings, level
from warroom.engine import registry
from warroom.engine.infoset import InfoSet, choose
from warroom.engine.rng import mix_seed

PAIRINGS = (("random", "random"), ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))


def _tree(root: Any) -> list[Any]:
    """The root's children as plain data: action, visits, availability, reward (exact repr)."""
    return [[a, ch.visits, ch.avail, repr(ch.reward)] for a, ch in sorted(root.children.items())]


def game_line(index: int, every: int) -> tuple[str, int, int]:
    """Play game ``index``; its digest line, decisions and searches."""
    game = registry.get("kessen")
    config = game.configure()
    seed = mix_seed(11, index)
    pairing = PAIRINGS[index % len(PAIRINGS)]
    seats = [bots.make("kessen", name) for name in pairing]
    rngs = [random.Random(mix_seed(seed, seat)) for seat in (0, 1)]
    h = hashlib.sha256()
    state, events = game.start(config, seed)
    decisions = searches = 0
    while True:
        for e in events:
            h.update(json.dumps([e.kind, e.data, e.secret, list(e.to)], sort_keys=True).encode())
        h.update(json.dumps(state.to_json(), sort_keys=True).encode())
        deciders = game.deciders(state)
        if not deciders:
            break
        player = deciders[0]
        legal = game.legal_actions(state, player)
        h.update(json.dumps(legal).encode())
        if len(legal) > 1 and decisions % every == 0:
            h.update(_search_record(game, state, player, legal, searches).encode())
            searches += 1
        action = choose(game, state, player, seats[player], legal, rngs[player])
        h.update(action.encode())
        events = game.apply_trusted(state, player, action, None)
        decisions += 1
    result = game.result(state)
    assert result is not None
    line = f"{index} {'-'.join(pairing)} {decisions} {searches} {result.winners} {h.hexdigest()[:16]}"
    return line, decisions, searches


def _search_record(game: Any, state: Any, player: int, legal: list[str], n: int) -> str:
    out: dict[str, Any] = {}
    worlds = []
    for seat in (0, 1):
        for s in range(3):
            world = game.determinize(state, seat, mix_seed(n, seat, s))
            worlds.append([world.to_json(), world.cache])
    out["worlds"] = hashlib.sha256(json.dumps(worlds, sort_keys=True).encode()).hexdigest()
    bot = ISMCTSBot(Settings(iterations=64, depth=4))
    root = bot.search(InfoSet(game, state, player), random.Random(n))
    out["random"] = _tree(root)
    if n % 4 == 0:
        strong = level("ismcts")
        out["level"] = strong.choose_in(InfoSet(game, state, player), legal[:], random.Random(n))
        out["level_tree"] = _tree(strong.search(InfoSet(game, state, player), random.Random(n), legal[:]))
    return json.dumps(out, sort_keys=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--every", type=int, default=20, help="search every this many decisions")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    lines = []
    decisions = searches = 0
    for i in range(args.games):
        line, d, s = game_line(i, args.every)
        lines.append(line)
        decisions += d
        searches += s
        if args.verbose:
            print(line, flush=True)
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    print(f"{args.games} games, {decisions} decisions, {searches} searched positions, digest {digest}")


if __name__ == "__main__":
    main()
