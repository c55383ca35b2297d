"""What a search bot believes about the cards it cannot see, followed through one game.

A plain ISMCTS bot deals every world afresh: the opponent's hidden cards are uniform over
what is unseen, as if the opponent's moves said nothing. A :class:`Belief` is a particle
filter instead. It holds a few worlds (full states of the game), each a guess at the hidden
cards, with a weight. At every move of another seat (``engine.infoset.witness``) each world
is re-dealt to the seat's new information set, keeping its guess where it still can
(``InfoSet.resample``), and its weight is multiplied by how likely a model of that seat (a
bot of the game, usually its heuristic) makes what the seat was seen to do: ``1 - noise``
plus ``noise`` spread over the legal moves when the model does the same, ``noise`` spread
over them when it does not, nothing when nothing it could do there looks like what it did.
The move is then played in the world. When the weights grow too uneven the worlds are
resampled. The search draws its worlds from the belief, each re-dealt afresh for what the
guess leaves open (the decks' order, cards drawn since).

Everything is a pure function of the information sets seen, the moves shown and the bot's
random stream: the belief reads nothing a seat's view does not show.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Callable
from typing import Any

from warroom.engine.infoset import InfoSet, choose


class Belief:
    """Weighted worlds, carried from one information set of a game to the next."""

    __slots__ = ("model", "noise", "size", "weights", "worlds")

    def __init__(self, size: int, noise: float, model: Any) -> None:
        self.size = size
        self.noise = noise
        self.model = model  # the bot whose moves a world is judged by (``None``: uniform)
        self.worlds: list[Any] = []
        self.weights: list[float] = []

    def sync(self, info: InfoSet, rng: random.Random, shown: str | None = None) -> None:
        """Re-deal every world to ``info``, keeping its guess (fresh worlds the first time, or
        when no world was left that fits what was seen); with ``shown``, a move about to be
        made, each world holds the hidden cards it shows."""
        if not self.worlds:
            self.worlds = [info.sample(rng.getrandbits(63)) for _ in range(self.size)]
            self.weights = [1.0] * self.size
            if shown is None:
                return
        self.worlds = [info.resample(rng.getrandbits(63), w, shown) for w in self.worlds]

    def witness(self, info: InfoSet, player: int, shown: str, rng: random.Random) -> None:
        """``player`` is about to make a move that ``info``'s seat sees as ``shown``."""
        self.sync(info, rng, shown)
        game, seat = info.game, info.seat
        noise, model = self.noise, self.model
        weights = self.weights
        for i, world in enumerate(self.worlds):
            if not weights[i]:
                continue
            legal = game.legal_actions(world, player)
            same = [a for a in legal if game.shown_action(world, player, a, seat) == shown]
            if not same:  # this world's hidden cards could not have made that move
                weights[i] = 0.0
                continue
            spread = noise * len(same) / len(legal)
            guess = choose(game, world, player, model, legal, rng) if model is not None else None
            if guess in same:
                weights[i] *= 1.0 - noise + spread
                move = guess
            else:
                weights[i] *= spread if model is not None else len(same) / len(legal)
                move = same[0]
            game.apply_unrecorded(world, player, move, None)
        total = sum(weights)
        if total <= 0.0:  # nothing fits (a model far from the real player): start afresh
            self.worlds, self.weights = [], []
            return
        if total * total < 0.5 * len(weights) * sum(w * w for w in weights):
            self._resample(rng, total)

    def played(self, info: InfoSet, action: str) -> None:
        """The bot's own seat played ``action`` from ``info`` (the worlds were synced to it)."""
        game, seat = info.game, info.seat
        for world in self.worlds:
            # legal in every world the seat cannot tell from the real state, unless the belief
            # was changed meanwhile (a server's bot whose seat was shown a move while it thought)
            if action in game.legal_actions(world, seat):
                game.apply_unrecorded(world, seat, action, None)

    def sampler(self, info: InfoSet, rng: random.Random) -> Callable[[int], Any]:
        """The worlds of a search from ``info`` (the belief synced to it): for each seed, a
        guess drawn by weight with ``rng``, re-dealt for that seed."""
        worlds = self.worlds
        cumulative = list(itertools.accumulate(self.weights))
        top, last = cumulative[-1], len(worlds) - 1
        resample, pick, uniform = info.resample, bisect.bisect_right, rng.random

        def draw(seed: int) -> Any:
            return resample(seed, worlds[min(pick(cumulative, uniform() * top), last)])

        return draw

    def _resample(self, rng: random.Random, total: float) -> None:
        """Systematic resampling: as many worlds again, each kept in proportion to its weight
        (a world drawn twice is shared: the next ``sync`` re-deals each copy apart)."""
        n = len(self.worlds)
        step = total / n
        mark = rng.random() * step
        out: list[Any] = []
        acc = 0.0
        i = 0
        for w, world in zip(self.weights, self.worlds, strict=True):
            acc += w
            while mark < acc and i < n:
                out.append(world)
                mark += step
                i += 1
        while len(out) < n:  # rounding at the end
            out.append(self.worlds[-1])
        self.worlds = out
        self.weights = [1.0] * n
