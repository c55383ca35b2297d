"""Fit the weights of Paper Kessen's evaluation function to the outcomes of heuristic games.

    .venv/bin/python benchmarks/kessen_eval_fit.py [--games 3000] [--every 3] [--jobs 2]
        [--l2 1.0] [--explore 0.1] [--hand-terms] [--seed 0] [--json]

Plays ``--games`` seeded games of the heuristic bot against itself and, at every ``--every``-th
decision of a running game, records the evaluation's terms (``evaluate.terms``: seat 0's side of
each difference) and the game's result for seat 0 (1 won, 0 lost, 0.5 drawn). A logistic
regression without intercept (Newton's method, an L2 penalty ``--l2``) fits the weights on the
games whose index is not a multiple of 5; the others are held out. The evaluation is
``0.5 + 0.5 * tanh(score)``, which is the logistic of ``2 * score``, so a fitted coefficient is
twice the weight the evaluation uses. Printed: each term's coefficient and evaluation weight,
and the held-out log loss and Brier score of the fitted weights against the current
``evaluate_all`` (and of 0.5, for scale). The positions are those heuristic play reaches, the
same kind a search bot's heuristic rollouts end in; ``--explore P`` makes each decision of the
fitted games a random one with chance ``P`` (held-out games stay pure heuristic play), to see
whether positions off the heuristic's path change the weights. ``--hand-terms`` also fits the
terms with fourteen more (``HAND_TERMS``: what the hands hold and the table's generals and
sorcerers, read from the true state) and prints that fit's held-out scores beside the first: a
check that an evaluation reading the hands would judge positions better.
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from warroom import bots
from warroom.engine import registry
from warroom.engine.infoset import choose
from warroom.engine.runner import bot_rng
from warroom.games.kessen import evaluate
from warroom.games.kessen.cards import CARDS
from warroom.sim.simulate import game_seed

KIND = [c.kind for c in CARDS]
PRINTED = [c.force for c in CARDS]
ACTION_KINDS = ("strategy", "tactic", "spell", "formation", "event")
HAND_TERMS = ("troops_in_hand", "troop_force_in_hand", "modifiers_in_hand", "specials_in_hand",
              "leaders_in_hand", "leader_force_in_hand", "deployable", *ACTION_KINDS,
              "generals_in_play", "sorcerers_in_play")


def hand_terms(state: Any) -> list[float]:
    """Seat 0's side of each ``HAND_TERMS`` difference: the recruit hand's troops (how many, their
    Force), modifiers and specials; the leader hand (how many, their Force); the units a deploy
    could form from the hands (fewer of leaders and troops); the action hand by kind; and the
    generals and sorcerers in play (who can use tactics and spells)."""
    def side(s: Any) -> list[int]:
        troops = [c for c in s.recruits if KIND[c] == "troop"]
        leaders = [c for c in s.leaders if KIND[c] == "leader"]
        kinds = [KIND[c] for c in s.actions]
        fielded = [CARDS[u.leader] for u in s.units if u.troops]
        return [len(troops), sum(PRINTED[c] for c in troops),
                sum(KIND[c] == "modifier" for c in s.recruits), sum(KIND[c] == "special" for c in s.recruits),
                len(leaders), sum(PRINTED[c] for c in leaders), min(len(leaders), len(troops)),
                *(kinds.count(k) for k in ACTION_KINDS),
                sum(c.general for c in fielded), sum(c.sorcerer for c in fielded)]
    return [float(a - b) for a, b in zip(side(state.sides[0]), side(state.sides[1]), strict=True)]


def sample_game(seed: int, index: int, every: int, explore: float = 0.0,
                hands: bool = False) -> tuple[list[list[float]], list[float], float]:
    """Game ``index``: the terms at every ``every``-th decision, the current evaluation there for
    seat 0, and the result for seat 0. With ``explore``, each decision is a uniformly random
    legal action with that probability (a stream of its own), so the positions include some the
    heuristic would not reach, as a search's departures do."""
    game = registry.get("kessen")
    config = game.configure()
    s = game_seed(seed, index)
    state = game.new(config, s)
    players = [bots.make("kessen", "heuristic"), bots.make("kessen", "heuristic")]
    rngs = [bot_rng(s, 0), bot_rng(s, 1)]
    wander = random.Random(s ^ 0x5EED)
    rows: list[list[float]] = []
    current: list[float] = []
    decisions = 0
    while game.result(state) is None:
        player = game.deciders(state)[0]
        legal = game.legal_actions(state, player)
        if decisions % every == 0:
            rows.append(evaluate.terms(state) + (hand_terms(state) if hands else []))
            current.append(evaluate.evaluate_all(state)[0])
        if explore and wander.random() < explore:
            action = legal[wander.randrange(len(legal))]
        else:
            action = choose(game, state, player, players[player], legal, rngs[player])
        game.apply_trusted(state, player, action, None)
        decisions += 1
    winner = state.winner
    return rows, current, 0.5 if winner == 2 else float(winner == 0)


def _games(args: tuple[int, int, int, int, float, bool]) -> list[tuple[int, list[list[float]], list[float], float]]:
    seed, start, stop, every, explore, hands = args
    # held-out games (index a multiple of 5) are pure heuristic play: the fit is judged where
    # rollouts end, whatever positions it was trained on
    return [(i, *sample_game(seed, i, every, 0.0 if i % 5 == 0 else explore, hands)) for i in range(start, stop)]


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 50) -> np.ndarray:
    """L2-penalised logistic regression without intercept, by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w


def scores(p: np.ndarray, y: np.ndarray) -> dict[str, float]:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return {"log_loss": round(float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), 5),
            "brier": round(float(np.mean((p - y) ** 2)), 5)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--explore", type=float, default=0.0,
                    help="chance of a random action at each decision of the fitted games")
    ap.add_argument("--hand-terms", action="store_true", help="also fit with the HAND_TERMS added")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    chunk = 50
    work = [(args.seed, a, min(a + chunk, args.games), args.every, args.explore, args.hand_terms)
            for a in range(0, args.games, chunk)]
    with ProcessPoolExecutor(args.jobs) as pool:
        done = [g for part in pool.map(_games, work) for g in part]
    xs: dict[bool, list[list[float]]] = {True: [], False: []}
    ys: dict[bool, list[float]] = {True: [], False: []}
    cur: dict[bool, list[float]] = {True: [], False: []}
    for index, rows, current, result in done:
        held = index % 5 == 0
        xs[held] += rows
        ys[held] += [result] * len(rows)
        cur[held] += current
    x_train, y_train = np.array(xs[False]), np.array(ys[False])
    x_test, y_test = np.array(xs[True]), np.array(ys[True])
    n = len(evaluate.TERMS)
    w = fit(x_train[:, :n], y_train, args.l2)
    fitted = 1.0 / (1.0 + np.exp(-x_test[:, :n] @ w))
    out: dict[str, Any] = {
        "games": args.games, "positions": {"train": len(y_train), "held_out": len(y_test)},
        "coefficients": {t: round(float(c), 4) for t, c in zip(evaluate.TERMS, w, strict=True)},
        "weights": {t: round(float(c) / 2, 4) for t, c in zip(evaluate.TERMS, w, strict=True)},
        "held_out": {"fitted": scores(fitted, y_test), "current": scores(np.array(cur[True]), y_test),
                     "even": scores(np.full(len(y_test), 0.5), y_test)},
    }
    if args.hand_terms:
        wide = fit(x_train, y_train, args.l2)
        out["hand_terms"] = {
            "weights": {t: round(float(c) / 2, 4) for t, c in zip(evaluate.TERMS + HAND_TERMS, wide, strict=True)},
            "held_out": scores(1.0 / (1.0 + np.exp(-x_test @ wide)), y_test)}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.games} heuristic games, {len(y_train)} positions fitted, {len(y_test)} held out")
    for t in evaluate.TERMS:
        print(f"  {t:18} coefficient {out['coefficients'][t]:8.4f}  weight {out['weights'][t]:8.4f}")
    for name, s in out["held_out"].items():
        print(f"  held out, {name:8} log loss {s['log_loss']:.5f}  Brier {s['brier']:.5f}")
    if args.hand_terms:
        wide_out = out["hand_terms"]
        for t in HAND_TERMS:
            print(f"  {t:20} weight {wide_out['weights'][t]:8.4f}")
        s = wide_out["held_out"]
        print(f"  held out, with the hand terms: log loss {s['log_loss']:.5f}  Brier {s['brier']:.5f}")


if __name__ == "__main__":
    main()
