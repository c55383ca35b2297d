"""OpenSpiel Python games for every turn-based warroom game with an action numbering.

    import pyspiel
    import warroom.research.openspiel  # registers warroom_kessen, ...
    game = pyspiel.load_game("warroom_kessen")           # or "warroom_kessen(max_rounds=6)"
    state = game.new_initial_state()

A game starts with one chance node, the deal: ``deals`` equally likely outcomes (a parameter,
1000 by default), outcome ``k`` seeding the warroom game with ``mix_seed(k)``; every later draw
comes from that seed, so there are no more chance nodes. Actions are the game's stable
numbering (``Game.action_space``). The information state and observation of a player are its
seat's view (a string: the view's JSON; a tensor: the game's own encoder, ``Game.encode``, or
where a game has none the view by feature hashing, :mod:`warroom.research.encode`). Returns are
+1 for a winner, -1 for a loser, 0 for everyone in a draw.

:func:`resampler` gives OpenSpiel's ISMCTS bot our ``determinize`` (``bot.set_resampler``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from warroom.engine import registry
from warroom.engine.game import Dynamics, Game
from warroom.engine.rng import mix_seed
from warroom.research.encode import SIZE, features

DEALS = 1000
MAX_LENGTH = 100_000  # decisions; no warroom game comes near it (Kessen has a round limit)


def short_name(game: str) -> str:
    return f"warroom_{game}"


def _config(game: Game[Any], params: dict[str, Any]) -> dict[str, Any]:
    options = {k: v for k, v in params.items() if k in game.options}
    return game.configure(int(params.get("players", game.min_players)), (), options)


def _types(game: Game[Any]) -> tuple[Any, dict[str, Any]]:
    defaults: dict[str, Any] = {"players": game.min_players, "deals": DEALS}
    defaults.update({k: o.default for k, o in game.options.items()})
    zero_sum = game.min_players == game.max_players == 2
    game_type = pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"warroom {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )
    return game_type, defaults


class WarroomGame(pyspiel.Game):  # type: ignore[misc]
    """One warroom game as an OpenSpiel game (``warroom_<name>``)."""

    warroom: Game[Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type, defaults = _types(self.warroom)
        self.params = {**defaults, **(params or {})}
        self.config = _config(self.warroom, self.params)
        space = self.warroom.action_space(self.config)
        assert space is not None
        self.space = space
        self.deals = int(self.params["deals"])
        players = int(self.config["players"])
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            # declared only for a zero-sum game type (OpenSpiel checks the two agree)
            utility_sum=0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=MAX_LENGTH,
        )
        super().__init__(game_type, info, self.params)

    def new_initial_state(self) -> WarroomState:
        return WarroomState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self)


class _Context:
    """What a state needs of its game: shared by every clone (OpenSpiel deep-copies states)."""

    def __init__(self, game: WarroomGame) -> None:
        self.warroom = game.warroom
        self.config = game.config
        self.space = game.space
        self.deals = game.deals

    def __deepcopy__(self, memo: Any) -> _Context:
        return self


class WarroomState(pyspiel.State):  # type: ignore[misc]
    """A warroom state behind OpenSpiel's state interface."""

    def __init__(self, game: WarroomGame) -> None:
        super().__init__(game)
        self.wgame = _Context(game)
        self.inner: Any = None  # the warroom state, once dealt

    # ----- whose turn --------------------------------------------------------------------
    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        g = self.wgame.warroom
        if g.result(self.inner) is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return g.deciders(self.inner)[0]

    def _legal_actions(self, player: int) -> list[int]:
        g = self.wgame.warroom
        if self.inner is None or g.result(self.inner) is not None or player not in g.deciders(self.inner):
            return []
        space = self.wgame.space
        return sorted(space.index(a) for a in g.legal_actions(self.inner, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.wgame.deals
        return [(k, p) for k in range(self.wgame.deals)]

    def _apply_action(self, action: int) -> None:
        g = self.wgame.warroom
        if self.inner is None:
            self.inner = g.new(self.wgame.config, mix_seed(int(action)))
            return
        player = g.deciders(self.inner)[0]
        g.apply(self.inner, player, self.wgame.space.action(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {action}"
        return self.wgame.space.action(int(action))

    # ----- the end ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.inner is not None and self.wgame.warroom.result(self.inner) is not None

    def returns(self) -> list[float]:
        n = int(self.wgame.config["players"])
        res = None if self.inner is None else self.wgame.warroom.result(self.inner)
        if res is None or not res.winners:
            return [0.0] * n
        return [1.0 if s in res.winners else -1.0 for s in range(n)]

    # ----- what a player knows ---------------------------------------------------------------
    def view_text(self, player: int) -> str:
        if self.inner is None:
            return "before the deal"
        return json.dumps(self.wgame.warroom.view(self.inner, player), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, player: int | None = None) -> str:
        return self.view_text(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def __str__(self) -> str:
        if self.inner is None:
            return "before the deal"
        return json.dumps(self.wgame.warroom.view(self.inner, None), sort_keys=True)

    def resampled(self, player: int, seed: int) -> WarroomState:
        """A state ``player`` cannot tell from this one (our ``determinize``), same history."""
        out: WarroomState = self.clone()
        out.inner = self.wgame.warroom.determinize(self.inner, player, seed)
        return out


class ViewObserver:
    """OpenSpiel's PyObserver over what a seat sees: the tensor is the game's own encoder
    (``Game.encode``, read from the state: only what the seat's view shows) when the game has
    one, else the seat's view by feature hashing (:mod:`warroom.research.encode`)."""

    def __init__(self, game: WarroomGame | None = None) -> None:
        own = game.warroom.observation_size(game.config) if game is not None else 0
        self.native = bool(own)
        self.tensor = np.zeros(own or SIZE, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: WarroomState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
        elif self.native:
            got = state.wgame.warroom.encode(state.inner, player)
            self.tensor[:] = np.frombuffer(got, np.uint8) if type(got) is bytearray else got
        else:
            self.tensor[:] = features(state.wgame.warroom.view(state.inner, player), SIZE)

    def string_from(self, state: WarroomState, player: int) -> str:
        return state.view_text(player)


def resampler(seed: int = 0) -> Any:
    """A ``set_resampler`` callback for OpenSpiel's ISMCTS bot: worlds from ``determinize``."""
    rng = random.Random(seed)

    def resample(state: WarroomState, player: int) -> WarroomState:
        return state.resampled(player, rng.getrandbits(63))

    return resample


def _register() -> list[str]:
    names = []
    for game in registry.all_games():
        if game.dynamics is not Dynamics.SEQUENTIAL or game.action_space(game.configure()) is None:
            continue
        cls = type(f"Warroom{game.name.title()}Game", (WarroomGame,), {"warroom": game})
        game_type, _ = _types(game)
        if short_name(game.name) not in pyspiel.registered_names():
            pyspiel.register_game(game_type, cls)
        names.append(short_name(game.name))
    return names


REGISTERED = _register()
