"""The one source of randomness inside a game state.

A SplitMix64 generator: its whole state is one integer, so it clones for free,
round-trips through JSON exactly and gives the same stream on every platform.
"""

from __future__ import annotations

import random
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def mix_seed(*parts: int) -> int:
    """Derive a 64-bit seed from several integers (game seed, game index, ...)."""
    s = 0x243F6A8885A308D3
    for p in parts:
        s = (s ^ (p & _MASK)) & _MASK
        s = (s + _GOLDEN) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        s = z ^ (z >> 31)
    return s


class Rng:
    """SplitMix64; ``state`` is the only field and is plain data."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def clone(self) -> Rng:
        return Rng(self.state)

    def next64(self) -> int:
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; the bias of 64-bit modulo is negligible here."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next64() % n

    def coin(self) -> int:
        """0 or 1."""
        return self.next64() >> 63

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: list[T], k: int) -> list[T]:
        """``k`` distinct items in random order (``k`` at most ``len(items)``)."""
        pool = list(items)
        out: list[T] = []
        for _ in range(min(k, len(pool))):
            out.append(pool.pop(self.below(len(pool))))
        return out


def quick_shuffle(items: list[T], rnd: random.Random) -> None:
    """Shuffle ``items`` in place by sorting them on keys from ``rnd`` (stdlib's Mersenne
    Twister, whose draws are C code): about four times as fast as :meth:`Rng.shuffle`.

    For ``Game.determinize``, which a search bot calls thousands of times a move and whose
    worlds need only be reproducible from their seed, never for a game's own draws (those
    stay on the state's :class:`Rng`, so records replay the same everywhere). Every order is
    equally likely: 53-bit keys tie with negligible probability.
    """
    key = rnd.random
    items.sort(key=lambda _: key())
