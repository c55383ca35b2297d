"""Bot-vs-bot games, the way simulation and benchmarks drive the engine."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from warroom.engine.events import Event
from warroom.engine.game import Game
from warroom.engine.infoset import choose, followers, witness
from warroom.engine.match import Match
from warroom.engine.rng import mix_seed


@dataclass(slots=True)
class GameOutcome:
    """How one bot game went. Real-time games (``engine.realtime.play_realtime``) also give
    the game's length in simulated ms and the actions refused when they landed."""

    seed: int
    winners: list[int]
    reason: str
    decisions: int
    scores: dict[str, Any]
    game_ms: int | None = None
    failed: int = 0


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each seat's bot gets its own stream, derived from the game seed."""
    return random.Random(mix_seed(seed, 1000 + seat))


def play_bots(
    game: Game[Any],
    config: dict[str, Any],
    seed: int,
    bots: list[Any],
    record: bool = False,
    max_decisions: int = 1_000_000,
    observe: Callable[[int, str, list[Event]], None] | None = None,
) -> tuple[GameOutcome, Match | None]:
    """Play one game between ``bots`` (one per seat); return its outcome and, if asked, the match.

    ``observe(seat, action, events)`` is told every action and the events it caused (balance
    reports count the cards drawn and played from them)."""
    rngs = [bot_rng(seed, i) for i in range(len(bots))]
    match = Match(game, config, seed, [b.name for b in bots], hashes=True) if record else None
    state = match.state if match is not None else game.new(config, seed)
    decisions = 0
    watchers = followers(game, bots)  # bots that follow others' moves, in a game that shows them
    while True:
        res = game.result(state)
        if res is not None:
            break
        pending = game.deciders(state)
        if not pending or decisions >= max_decisions:
            raise RuntimeError(f"game stalled after {decisions} decisions (seed {seed})")
        # seats deciding at once all answer from this same state, none seeing another's answer;
        # the answers then land in seat order
        seats = pending if len(pending) > 1 and game.simultaneous(state) else pending[:1]
        answers = []
        for player in seats:
            legal = game.legal_actions(state, player)
            answers.append((player, choose(game, state, player, bots[player], legal, rngs[player]), legal))
        for player, action, legal in answers:
            trusted = action in legal  # anything else goes through full validation and raises
            if trusted and watchers:
                witness(game, state, player, action, dict(enumerate(bots)), rngs.__getitem__)
            if match is not None:
                events = match.act(player, action, trusted=trusted)
            elif trusted:
                events = game.apply_trusted(state, player, action, None)
            else:
                events = game.apply(state, player, action, None)
            if observe is not None:
                observe(player, action, events)
            decisions += 1
    return GameOutcome(seed, list(res.winners), res.reason, decisions, dict(res.scores)), match
