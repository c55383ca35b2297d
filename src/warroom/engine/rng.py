"""The one source of randomness inside a game state.

Two generators behind one class, chosen by the configuration (:func:`make_rng`):

- ``splitmix64`` (the default: local play, simulation, benchmarks): its whole state is the
  seed-sized integer, fast, but anyone who sees a few dealt cards can search its seed.
- ``blake2b-ctr`` (online tables): a keyed cryptographic stream, BLAKE2b in counter mode keyed by
  256 bits derived from the seed. Its future cannot be computed from what it has dealt without
  the key. Its state is still one plain integer, ``TAG | key << 64 | position``, so it clones for
  free, round-trips through JSON and replays exactly.

Either way ``Rng(state)`` rebuilds the generator from ``rng.state``, so a game's state file reads
back without knowing which generator it holds.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from functools import partial
from itertools import repeat, starmap
from typing import Any, TypeVar

from warroom.engine.errors import ConfigError

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

SPLITMIX = "splitmix64"
KEYED = "blake2b-ctr"
GENERATORS = (SPLITMIX, KEYED)
CONFIG_KEY = "rng"  # a configuration's generator; absent means splitmix64 (every older record)

_KEY_BITS = 256
_KEY_MASK = (1 << _KEY_BITS) - 1
_TAG = 1 << (_KEY_BITS + 64)  # marks a keyed state; a SplitMix64 state is below 2**64
_WORDS = 8  # 64-bit words per BLAKE2b block (512 bits)

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


def generator_of(config: Mapping[str, Any]) -> str:
    """The generator a configuration asks for (``splitmix64`` when it names none)."""
    name = config.get(CONFIG_KEY, SPLITMIX)
    if name not in GENERATORS:
        raise ConfigError(f"unknown random generator {name!r} (generators: {', '.join(GENERATORS)})")
    return str(name)


def with_generator(config: Mapping[str, Any], generator: str) -> dict[str, Any]:
    """A copy of ``config`` that asks for ``generator`` (splitmix64 leaves the key out)."""
    out = {k: v for k, v in config.items() if k != CONFIG_KEY}
    if generator != SPLITMIX:
        out[CONFIG_KEY] = generator
    generator_of(out)
    return out


def make_rng(config: Mapping[str, Any], seed: int) -> Rng:
    """The game's generator for ``seed``: every game creates its state's Rng here."""
    if generator_of(config) == KEYED:
        return Rng.keyed(seed)
    return Rng(seed)


def _derive_key(seed: int) -> int:
    # any non-negative seed (a 256-bit one from ``secrets`` online) becomes a uniform 256-bit key
    width = max(32, (seed.bit_length() + 7) // 8)
    digest = hashlib.blake2b(seed.to_bytes(width, "little"), digest_size=32, person=b"warroom-seed").digest()
    return int.from_bytes(digest, "little")


class Rng:
    """``state`` is the only field that matters and is plain data (one integer); see the module."""

    __slots__ = ("_block", "state")

    def __new__(cls, *args: Any, **kwargs: Any) -> Rng:
        # ``Rng(state)`` of a keyed state rebuilds the keyed generator; subclasses (a test's loaded
        # dice, say) keep their own constructor arguments
        if cls is Rng:
            state = args[0] if args else kwargs.get("state", 0)
            if isinstance(state, int) and state >> (_KEY_BITS + 64) == 1:
                return object.__new__(_KeyedRng)
        return object.__new__(cls)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @staticmethod
    def keyed(seed: int) -> Rng:
        """A ``blake2b-ctr`` stream at its start, keyed by ``seed``."""
        if seed < 0:
            raise ValueError("a seed is a non-negative integer")
        return Rng(_TAG | _derive_key(seed) << 64)

    @property
    def generator(self) -> str:
        return SPLITMIX

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
    # the key is ``rnd.random()`` once per item, in order, as a lambda calling it would be, but
    # made of C callables only (``next(keys, item)`` of an iterator that calls ``random()``
    # once a step): no Python frame per card, the same draws and the same order
    items.sort(key=partial(next, starmap(rnd.random, repeat((), len(items)))))


class _KeyedRng(Rng):
    """BLAKE2b(key, position // 8) gives 8 words; ``state`` keeps the key and the word position.

    ``_block`` caches the current block (derived from ``state``, never part of it).
    """

    __slots__ = ()

    def __init__(self, state: int) -> None:
        if state >> (_KEY_BITS + 64) != 1:
            raise ValueError("not a keyed generator state")
        self.state = state
        self._block: tuple[int, list[int]] | None = None

    @property
    def generator(self) -> str:
        return KEYED

    def next64(self) -> int:
        s = self.state
        position = s & _MASK
        index = position // _WORDS
        block = self._block
        if block is None or block[0] != index:
            key = ((s >> 64) & _KEY_MASK).to_bytes(32, "little")
            raw = hashlib.blake2b(index.to_bytes(8, "little"), key=key, digest_size=64).digest()
            block = (index, [int.from_bytes(raw[i:i + 8], "little") for i in range(0, 64, 8)])
            self._block = block
        if position == _MASK:
            raise OverflowError("the keyed stream is exhausted")  # 2**64 words: never in a game
        self.state = s + 1
        return block[1][position % _WORDS]
