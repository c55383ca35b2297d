"""A PettingZoo AEC environment for every turn-based warroom game.

    from warroom.research.pettingzoo import env
    e = env("kessen")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are the game's seat names. An observation is ``{"observation": float32 array,
"action_mask": int8 array}``: the game's own encoder (``Game.encode``, read from the state:
only what the seat's view shows) where it has one, else the seat's view encoded by
:mod:`warroom.research.encode`, and a mask over the game's stable action numbering
(``Game.action_space``), 1 for each action the seat may take now (all 0 when it is not the
seat's turn). Rewards come at the end: +1 for each winner, -1 for each loser, 0 for all in a
draw. The game is seeded by ``reset(seed=...)``.
The info of the agent to act holds the same legal numbers as a list (``"legal_actions"``).
``obs_size=0`` gives the mask alone (no view is built: the cheapest steps); ``obs_size=None``
(the default) the game's encoder's length, or ``SIZE`` feature slots without one. The legal
numbers are found once per decision (the legal actions of a state do not change until it
moves), through text <-> number tables shared by every environment of the process.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from warroom.engine import registry
from warroom.engine.action_space import ActionSpace
from warroom.engine.errors import ConfigError
from warroom.engine.game import Dynamics, Game
from warroom.research.encode import SIZE, features

# numberings no larger than this are turned into text <-> number tables in full, once per process
# (Kessen's 16,663 actions: tens of milliseconds); larger ones are memoised as actions are seen
TABULATE = 100_000
_tables: dict[int, tuple[ActionSpace, dict[str, int], dict[int, str]]] = {}


def numbering(space: ActionSpace) -> tuple[dict[str, int], dict[int, str]]:
    """``space``'s text -> number and number -> text tables, shared by every environment of the
    process (a number never changes): a look-up per legal action on the hot path."""
    got = _tables.get(id(space))
    if got is None or got[0] is not space:
        texts: dict[int, str] = {}
        if space.size <= TABULATE:
            texts = {i: space.action(i) for i in range(space.size)}
        got = _tables[id(space)] = (space, {t: i for i, t in texts.items()}, texts)
    return got[1], got[2]


def turn_based(game: Game[Any]) -> bool:
    return game.dynamics is Dynamics.SEQUENTIAL


class WarroomEnv(AECEnv):  # type: ignore[misc]
    """One warroom game as a PettingZoo AEC environment (see the module's docstring)."""


    def __init__(self, game: str = "kessen", players: int | None = None, variants: tuple[str, ...] = (),
                 options: dict[str, str | int] | None = None, render_mode: str | None = None,
                 obs_size: int | None = None) -> None:
        super().__init__()
        self.game: Game[Any] = registry.get(game)
        if not turn_based(self.game):
            raise ConfigError(f"{self.game.name} is not turn-based; the AEC environment plays turn-based games")
        self.config = self.game.configure(players, variants, options)
        space = self.game.action_space(self.config)
        if space is None:
            raise ConfigError(f"{self.game.name} has no action numbering (Game.action_space) yet")
        self.space = space
        self._actions = space.size
        self.metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "name": f"warroom_{self.game.name}_v0"}
        self.render_mode = render_mode
        own = self.game.observation_size(self.config)
        # the game's encoder when it has one and the size asked for is its own
        self.native = bool(own) and obs_size in (None, own)
        self.obs_size = own if self.native else SIZE if obs_size is None else obs_size
        self.possible_agents = list(self.game.seat_names(self.config))
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        n = self.space.size
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._index, self._text = numbering(space)  # action text -> number and back
        self._seeds = random.Random(0)
        self._masks: dict[str, list[int]] = {}  # agent -> this decision's legal numbers
        self._no_obs = np.zeros(0, np.float32)
        self._rewarded = False  # some reward of the last step is not 0
        self.state: Any = None
        self.seed_used = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- AEC ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.seed_used = self._seeds.getrandbits(63)
        self.state = self.game.new(self.config, self.seed_used)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._masks = {}
        self._rewarded = False
        self._select()

    def _select(self) -> None:
        deciders = self.game.deciders(self.state)
        if deciders:
            seat = deciders[0]
            agent = self.agent_selection = self.possible_agents[seat]
            legal = self._masks[agent] = self._numbers(seat)
            # the legal numbers also as a list, for players that would otherwise decode the mask
            self.infos[agent] = {"legal_actions": legal}

    def number(self, action: str) -> int:
        got = self._index.get(action)
        if got is None:
            got = self._index[action] = self.space.index(action)
        return got

    def legal_numbers(self, agent: str) -> list[int]:
        seat = self._seat[agent]
        if seat not in self.game.deciders(self.state):  # nobody decides once the game is over
            return []
        return self._numbers(seat)

    def _numbers(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions (a seat that decides now)."""
        legal = self.game.legal_actions(self.state, seat)
        index = self._index
        try:  # tabulated or seen before: one dict look-up each
            return [index[a] for a in legal]
        except KeyError:
            return [self.number(a) for a in legal]

    def moved(self) -> None:
        """Forget this decision's legal numbers: for wrappers that apply actions to ``state``
        themselves (``research.gym``) rather than through :meth:`step`."""
        self._masks = {}

    def _legal(self, agent: str) -> list[int]:
        """The agent's legal numbers now, found once per decision."""
        got = self._masks.get(agent)
        if got is None:
            got = self._masks[agent] = self.legal_numbers(agent)
        return got

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # a new mask each call (callers keep what they are given): the legal numbers set in a
        # zeroed bytearray, which numpy then wraps without a copy (a bytearray's item costs
        # less than a numpy array's, and a fancy index has a fixed cost of about ten of them)
        legal = self._masks.get(agent)
        if legal is None:
            legal = self._legal(agent)
        buf = bytearray(self._actions)
        for i in legal:
            buf[i] = 1
        mask = np.frombuffer(buf, np.int8)
        if not self.obs_size:  # mask only: no view is built (the cheapest steps)
            obs = self._no_obs.copy()
        elif self.native:
            got = self.game.encode(self.state, self._seat[agent])
            obs = (np.frombuffer(got, np.uint8).astype(np.float32) if type(got) is bytearray
                   else np.array(got, np.float32))
        else:
            obs = np.asarray(features(self.game.view(self.state, self._seat[agent]), self.obs_size), np.float32)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        n = int(action)  # type: ignore[arg-type]
        text = self._text.get(n)
        if text is None:
            text = self._text[n] = self.space.action(n)  # raises for a number outside the space
        legal = self._masks.get(agent)
        if n in (self._legal(agent) if legal is None else legal):  # from this decision's mask: known legal
            # an environment hands out no events, so the game need not build them
            self.game.apply_unrecorded(self.state, seat, text)
        else:
            self.game.apply(self.state, seat, text)  # raises with the reason, state untouched
        self._masks = {}
        self.infos[agent] = {}
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step's rewards were not all 0: clear them
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        res = self.game.result(self.state)
        if res is not None:
            for a in self.agents:
                s = self._seat[a]
                self.rewards[a] = 0.0 if not res.winners else (1.0 if s in res.winners else -1.0)
                self.terminations[a] = True
                self.infos[a] = {"reason": res.reason}
            self._rewarded = True
            self._accumulate_rewards()
        else:
            # every reward is 0 until the end, so there is nothing to accumulate
            self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        res = self.game.result(self.state)
        if res is not None:
            return f"{self.game.title}: over ({res.reason})"
        return f"{self.game.title}: {self.agent_selection} to decide"

    def close(self) -> None:
        pass


def env(game: str = "kessen", **kwargs: Any) -> WarroomEnv:
    """The AEC environment for ``game`` (keyword arguments as :class:`WarroomEnv`)."""
    return WarroomEnv(game, **kwargs)


def games() -> list[str]:
    """Registered games the environment can play: turn-based, with an action numbering."""
    out = []
    for g in registry.all_games():
        if turn_based(g) and g.action_space(g.configure()) is not None:
            out.append(g.name)
    return out
