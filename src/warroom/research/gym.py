"""A Gymnasium single-agent environment: one seat of a warroom game against a chosen bot.

    from warroom.research.gym import SeatEnv
    e = SeatEnv("kessen", seat="good", opponent="heuristic")
    obs, info = e.reset(seed=0)
    while True:
        obs, reward, terminated, truncated, info = e.step(e.action_space.sample(obs["action_mask"]))
        if terminated or truncated:
            break

Observations and the action mask are those of the PettingZoo environment
(:mod:`warroom.research.pettingzoo`); the other seats are played by ``opponent`` (any bot the
game has, searching ones included) between the agent's moves. The reward is +1 for a win,
-1 for a loss, 0 for a draw, given at the end. An action the mask forbids is refused: the
state is untouched, the reward 0, and ``info["illegal"]`` says why. The opponents' random streams come from the
reset seed, so ``reset(seed=s)`` and the same actions give the same game.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from warroom import bots as bot_registry
from warroom.engine.errors import WarroomError
from warroom.engine.infoset import choose, witness
from warroom.engine.rng import mix_seed
from warroom.research.pettingzoo import WarroomEnv


class SeatEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """One seat against bots (see the module's docstring)."""

    metadata = {"render_modes": []}  # noqa: RUF012 - Gymnasium's own convention

    def __init__(self, game: str = "kessen", seat: str | int = 0, opponent: str = "random", **kwargs: Any) -> None:
        self.aec = WarroomEnv(game, **kwargs)
        agents = self.aec.possible_agents
        self.seat = agents.index(seat) if isinstance(seat, str) else int(seat)
        self.agent = agents[self.seat]
        self.opponent = opponent
        self.bots = {i: bot_registry.make(self.aec.game.name, opponent) for i in range(len(agents)) if i != self.seat}
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._rngs: dict[int, random.Random] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        # fresh bots each game: a search bot that follows the game keeps a belief in it
        self.bots = {i: bot_registry.make(self.aec.game.name, self.opponent) for i in self.bots}
        self._rngs = {i: random.Random(mix_seed(self.aec.seed_used, 1000 + i)) for i in self.bots}
        self._others()
        return self.aec.observe(self.agent), {}

    def _others(self) -> None:
        """Let the bots play until the agent must decide or the game is over."""
        game, state = self.aec.game, self.aec.state
        while game.result(state) is None:
            seat = game.deciders(state)[0]
            if seat == self.seat:
                break
            legal = game.legal_actions(state, seat)
            action = choose(game, state, seat, self.bots[seat], legal, self._rngs[seat])
            if action in legal:
                witness(game, state, seat, action, self.bots, self._rngs.__getitem__)
            game.apply(state, seat, action)
        self.aec.moved()  # the environment's masks were of the state before these moves

    def step(self, action: np.int64) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        game, state = self.aec.game, self.aec.state
        try:
            move = self.aec.space.action(int(action))
            if move in game.legal_actions(state, self.seat):
                witness(game, state, self.seat, move, self.bots, self._rngs.__getitem__)
            game.apply(state, self.seat, move)
        except WarroomError as err:  # an unmasked action: refused, the state untouched, a step lost
            return self.aec.observe(self.agent), 0.0, False, False, {"illegal": str(err)}
        self._others()
        res = game.result(state)
        obs = self.aec.observe(self.agent)
        if res is None:
            return obs, 0.0, False, False, {}
        reward = 0.0 if not res.winners else (1.0 if self.seat in res.winners else -1.0)
        return obs, reward, True, False, {"reason": res.reason}


def legal(obs: dict[str, np.ndarray]) -> list[int]:
    """The legal action numbers in an observation's mask."""
    return [int(i) for i in np.flatnonzero(obs["action_mask"])]
