"""Information-set Monte Carlo tree search (single observer), for any turn-based game.

The bot sees what every bot sees, and no more: its seat's legal actions and an
:class:`~warroom.engine.infoset.InfoSet`, whose one question is "give me a world my seat
cannot tell from the real one" (``Game.determinize``). Each iteration

1. samples such a world (a fresh seed each time: other seats' hidden cards, deck orders
   and the game's own random stream are all drawn afresh);
2. walks down one shared tree, whose edges are actions (the bot's and everybody else's),
   choosing among the children *legal in this world* by UCB1 with availability counts
   (a child is judged against the number of times it could have been chosen, not the
   parent's visits: Cowling, Powley and Whitehouse, 2012);
3. adds one untried action, then plays on with a rollout policy (uniform random, or a named
   bot of the game) for at most ``depth`` decisions (with ``until="stage"``, only until the
   game's current stage, e.g. a Paper Kessen battle, is over);
4. scores the world it reached with ``Game.evaluate`` for each seat that moved in the tree
   (the result itself once the game is over) and adds it up the path.

The move played is the root's most visited action. With an iteration budget the bot is a
pure function of (information set, legal actions, the bot's random stream): the same seed
gives the same choice. A budget in milliseconds is for people; it depends on the machine.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any

from warroom.bots.belief import Belief
from warroom.engine import registry
from warroom.engine.bot import Bot
from warroom.engine.errors import ConfigError
from warroom.engine.game import Game
from warroom.engine.infoset import InfoSet, choose


@dataclass(frozen=True, slots=True)
class Settings:
    """A search budget and how to spend it."""

    iterations: int | None = 1000  # per move; None: use ``ms`` alone
    ms: float | None = None  # wall-clock budget per move (the iteration budget still caps it)
    depth: int = 10  # rollout decisions after the tree before the position is evaluated
    exploration: float = 0.7  # UCB1 constant (rewards are in [0, 1])
    rollout: str = "random"  # "random", "default" (the game's default bot) or a bot's name
    # a bot whose choice at each new tree node is tried first and favoured by a bonus that
    # fades with visits (progressive bias): "" none, "default" the game's default bot, or a name
    prior: str = ""
    prior_weight: float = 1.0
    # progressive unpruning below the root (with a prior only): a node passed through fewer
    # than ``widen`` times plays the prior bot's choice in the sampled world, so the tree below
    # the root starts as the prior's line of play (for the opponent: a model of how it plays)
    # and opens up to every action only where it is visited often; 0: off
    widen: int = 0
    # with a prior: the other seats always play the prior bot's choice in the sampled world (a
    # model of how they play, as with ``widen`` but never opened up), so the tree branches on
    # the searching seat's own choices only and the budget goes to them
    model: bool = False
    # where a rollout stops before ``depth``: "" nowhere; "stage" as soon as the game's
    # ``stage(state)`` (a public count of the game's natural episodes, in its evaluate module:
    # Paper Kessen's battles fought) has grown since the root, so a rollout plays out the battle
    # the decision is in and is judged at its end, when the evaluation is most nearly the truth
    until: str = ""
    # stop the search early once the most visited root action can no longer be overtaken by
    # another within the iteration budget (the move is then settled), so clear decisions cost
    # little and a larger budget goes to the close ones; the move is the one the whole budget
    # would have chosen (the bot's random stream is then drawn less far)
    settle: bool = False
    # follow the game with a belief over the hidden cards (``warroom.bots.belief``): this many
    # weighted worlds, judged at every move of another seat by how likely the prior bot (the
    # game's default bot if none) makes it, with this much chance of any legal move instead; the
    # search draws its worlds from them. 0: off, every world dealt afresh. Only in games that can
    # re-deal a world like an earlier one (``Game.redealer``); elsewhere it changes nothing
    belief: int = 0
    belief_noise: float = 0.1

    def __post_init__(self) -> None:
        if self.iterations is None and self.ms is None:
            raise ConfigError("an ISMCTS budget needs iterations or ms")
        if self.iterations is not None and self.iterations < 1:
            raise ConfigError(f"ISMCTS iterations must be at least 1, not {self.iterations}")
        if self.widen < 0:
            raise ConfigError(f"ISMCTS widen must be at least 0, not {self.widen}")
        if self.belief < 0:
            raise ConfigError(f"ISMCTS belief must be at least 0 worlds, not {self.belief}")
        if not 0.0 < self.belief_noise <= 1.0:
            raise ConfigError(f"ISMCTS belief_noise must be above 0 and at most 1, not {self.belief_noise}")
        if self.depth < 0:
            raise ConfigError(f"ISMCTS rollout depth must be at least 0, not {self.depth}")
        if self.until not in UNTIL:
            raise ConfigError(f"ISMCTS until must be one of {', '.join(map(repr, UNTIL))}, not {self.until!r}")


UNTIL = ("", "stage")  # the values of ``Settings.until``


# The named levels the lobby, the terminal and ``simulate`` offer (docs/bots.md). Rollouts are
# played by the game's own default bot (its heuristic; random for a game without one).
# ``settle`` ends a search once its move cannot change (the same move as the whole budget). A
# level is for every turn-based game, so neither uses ``until="stage"`` (a game may have no stage).
# The other seats are modelled by that bot (``model``), in worlds drawn from a belief that follows
# the game where it can re-deal them (Paper Kessen): the modelled replies are then the ones the
# opponent's moves so far make likely, and the whole budget goes to the bot's own choices. That
# is what beats Kessen's heuristic (benchmarks/README.md); without a belief the modelled replies
# were guesses over uniform hands, and neither change alone beat it.
_LEVEL = Settings(exploration=0.3, rollout="default", prior="default", widen=8, model=True, settle=True,
                  belief=256, belief_noise=0.05)
LEVELS: dict[str, Settings] = {
    "ismcts": replace(_LEVEL, iterations=64, depth=6),
    "ismcts-strong": replace(_LEVEL, iterations=256, depth=8),
}


class _Node:
    """One edge of the tree: the action that led here, taken by ``seat``."""

    __slots__ = ("avail", "children", "hint", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hint: str | None = None  # the prior bot's choice here, once asked
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class ISMCTSBot(Bot):
    """Single-observer ISMCTS with UCB1 selection (see the module's docstring)."""

    searches = True
    follows = True
    needs_view = False

    def __init__(self, settings: Settings | None = None, name: str = "ismcts") -> None:
        self.settings = settings or Settings()
        self.name = name
        self._rollout_bots: dict[str, Any] = {}
        self.last_iterations = 0  # of the last search, for benchmarks
        self._stage: Any = None  # the game's stage function while a search stops rollouts at it
        self._belief: Belief | None = None  # the worlds believed in, this game (``belief``)

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        raise ConfigError(f"the {self.name} bot searches: it plays through an information set, not a view")

    def choose_in(self, info: InfoSet, legal: list[str], rng: random.Random) -> str:
        if info.game.realtime:
            raise ConfigError(f"the {self.name} bot plays turn-based games only, not {info.game.name}")
        belief = self._follow(info)
        if belief is not None:
            belief.sync(info, rng)
        if len(legal) == 1:
            self.last_iterations = 0
            best = legal[0]
        else:
            root = self.search(info, rng, legal)
            best = legal[0]
            most = -1
            for action in legal:  # ties go to the first in the game's own order
                child = root.children.get(action)
                visits = child.visits if child is not None else 0
                if visits > most:
                    best, most = action, visits
        if belief is not None:
            belief.played(info, best)
        return best

    def witness(self, info: InfoSet, player: int, shown: str, rng: random.Random) -> None:
        """Another seat's move, as this seat sees it (``engine.infoset.witness``): the belief,
        if the bot keeps one, weighs its worlds by it."""
        belief = self._follow(info)
        if belief is not None:
            belief.witness(info, player, shown, rng)

    def _follow(self, info: InfoSet) -> Belief | None:
        """The belief this bot carries through the game, if it keeps one and the game allows."""
        s = self.settings
        if not s.belief or not info.follows():
            return None
        if self._belief is None:
            self._belief = Belief(s.belief, s.belief_noise, self._bot(info.game, s.prior or "default"))
        return self._belief

    def search(self, info: InfoSet, rng: random.Random, legal: list[str] | None = None) -> _Node:
        """Run the budget from one information set (``legal``: the seat's legal actions there,
        if known); return the root of the tree."""
        s = self.settings
        root = _Node(info.seat)
        policy = self._bot(info.game, s.rollout)
        prior = self._bot(info.game, s.prior) if s.prior else None
        self._stage = self._stage_function(info.game)
        deadline = None if s.ms is None else time.perf_counter() + s.ms / 1000.0
        cap = s.iterations if s.iterations is not None else 1 << 62
        done = 0
        belief = self._follow(info)
        sample = belief.sampler(info, rng) if belief is not None and belief.worlds else info.sample
        while done < cap:
            self._iterate(info, root, rng.getrandbits(63), rng, policy, prior, legal, sample)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if s.settle and self._settled(root, cap - done):
                break
        self.last_iterations = done
        return root

    # ----- one iteration --------------------------------------------------------------------
    def _iterate(self, info: InfoSet, root: _Node, seed: int, rng: random.Random, policy: Any,
                 prior: Any, root_legal: list[str] | None = None, sample: Any = None) -> None:
        """One sample, descent, expansion, rollout and update. ``root_legal``: the seat's legal
        actions at the root, the same in every world it cannot tell apart (else asked per world).
        The game is over when nobody decides (``deciders`` is empty), so ``result`` is not asked."""
        game = info.game
        # playouts step with apply_unrecorded: nobody reads their events (a game may skip them)
        deciders_of, legal_of = game.deciders, game.legal_actions
        step = game.apply_unrecorded
        c = self.settings.exploration
        weight = self.settings.prior_weight
        widen = self.settings.widen if prior is not None else 0
        model = self.settings.model and prior is not None
        me = info.seat
        log, sqrt = math.log, math.sqrt
        world = (sample or info.sample)(seed)
        stage = self._stage
        start = stage(world) if stage is not None else 0
        node = root
        path: list[_Node] = []
        # selection and expansion
        while True:
            deciders = deciders_of(world)
            if not deciders:
                break
            player = deciders[0]
            legal = root_legal if node is root and root_legal is not None else legal_of(world, player)
            children = node.children
            if node is not root and ((widen and node.visits < widen) or (model and player != me)):
                # not opened up yet: the prior's move in this world, a new node if it is new
                action = choose(game, world, player, prior, legal, rng)
                child = children.get(action)
                step(world, player, action, None)
                if child is None:
                    path.append(children.setdefault(action, _Node(player)))
                    break
                path.append(child)
                node = child
                continue
            if prior is not None and node.hint is None:
                node.hint = choose(game, world, player, prior, legal, rng)
            hint = node.hint
            # one pass: every child legal here was available once more; UCB1 among them
            untried: list[str] = []
            best_action = ""
            best: _Node | None = None
            best_value = -1.0
            for a in legal:
                ch = children.get(a)
                if ch is None:
                    untried.append(a)
                    continue
                ch.avail += 1
                if untried:
                    continue
                v = ch.visits
                value = ch.reward / v + c * sqrt(log(ch.avail) / v)
                if a == hint:
                    value += weight / (v + 1)
                if value > best_value:
                    best_action, best, best_value = a, ch, value
            if untried:
                action = hint if hint in untried else untried[rng.randrange(len(untried))]
                child = children[action] = _Node(player)
                step(world, player, action, None)
                path.append(child)
                break
            assert best is not None
            step(world, player, best_action, None)
            path.append(best)
            node = best
        # rollout, cut at the configured depth. A uniform choice of the stdlib generator,
        # ``randrange(n)``, is ``getrandbits(n.bit_length())`` until a draw is below ``n``:
        # written out, the very same draws without its two Python calls (another generator
        # class keeps its own ``randrange``)
        bits = rng.getrandbits if type(rng) is random.Random else None
        for _ in range(self.settings.depth):
            deciders = deciders_of(world)
            if not deciders or (stage is not None and stage(world) != start):
                break
            player = deciders[0]
            legal = legal_of(world, player)
            if policy is not None:
                action = choose(game, world, player, policy, legal, rng)
            elif bits is None:
                action = legal[rng.randrange(len(legal))]
            else:  # ``rng.randrange(size)`` written out (above)
                size = len(legal)
                k = size.bit_length()
                i = bits(k)
                while i >= size:
                    i = bits(k)
                action = legal[i]
            step(world, player, action, None)
        # backpropagation: each node is scored for the seat that chose it
        every = game.evaluate_all(world) if path else None
        if every is not None:
            # a game that scores every seat at once (``evaluate_all(state)``, one value per seat,
            # each equal to ``evaluate(state, seat)``) shares the work between the seats
            for n in path:
                n.visits += 1
                n.reward += every[n.seat]
            return
        values: dict[int, float] = {}
        evaluate = game.evaluate
        for n in path:
            score = values.get(n.seat)
            if score is None:
                score = values[n.seat] = evaluate(world, n.seat)
            n.visits += 1
            n.reward += score

    @staticmethod
    def _settled(root: _Node, left: int) -> bool:
        """Whether the root's most visited action leads every other by more than ``left`` visits
        (the iterations still to run: none of them could change the move)."""
        first = second = 0
        for child in root.children.values():
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    def _stage_function(self, game: Game[Any]) -> Any:
        """The game's ``stage(state)`` if rollouts stop at it (``until="stage"``), else ``None``."""
        if self.settings.until != "stage":
            return None
        if not game.has_stages:
            raise ConfigError(f"{game.name} has no stages for ISMCTS until='stage'")
        return game.stage

    def _bot(self, game: Game[Any], name: str) -> Any:
        """The rollout or prior bot called ``name`` (``None``: uniform random, inlined for speed)."""
        if name in ("random", ""):
            return None
        key = f"{game.name}/{name}"
        bot = self._rollout_bots.get(key)
        if bot is None:
            own = registry.game_bots(game.name)  # a rollout plays the game's own bots, or random
            if name == "default":
                if game.default_bot not in own:
                    return None
                name = game.default_bot
            if name in LEVELS:
                raise ConfigError(f"a rollout or prior bot cannot search itself ({name})")
            if name not in own:
                known = ", ".join(sorted({*own, "random"}))
                raise ConfigError(f"no rollout or prior bot {name!r} for {game.name} (bots: {known})")
            bot = own[name]()
            self._rollout_bots[key] = bot
        return bot


def level(name: str) -> ISMCTSBot:
    """A fresh bot at one of the named levels."""
    return ISMCTSBot(LEVELS[name], name)


def custom(name: str, **changes: Any) -> ISMCTSBot:
    """A bot at a named level with some settings changed (benchmarks, tests)."""
    return ISMCTSBot(replace(LEVELS[name], **changes), name)
