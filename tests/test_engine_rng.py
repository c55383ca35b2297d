"""The engine's RNG: one integer of state, the same stream everywhere, JSON-safe."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warroom.engine import ConfigError, Rng, make_rng, mix_seed
from warroom.engine.rng import KEYED, SPLITMIX, with_generator

SEEDS = st.integers(min_value=-(2**70), max_value=2**70)


def test_stream_is_splitmix64() -> None:
    """Records depend on this exact stream: the published SplitMix64 outputs for seed 0."""
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(SEEDS)
def test_same_seed_same_stream(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]


def test_different_seeds_differ() -> None:
    firsts = {Rng(s).next64() for s in range(1000)}
    assert len(firsts) == 1000


@given(SEEDS)
def test_state_is_one_json_int(seed: int) -> None:
    rng = Rng(seed)
    rng.next64()
    assert isinstance(rng.state, int) and 0 <= rng.state < 2**64
    restored = Rng(json.loads(json.dumps(rng.state)))
    assert [restored.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]


@given(SEEDS, st.integers(min_value=1, max_value=2**70))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    for _ in range(20):
        assert 0 <= rng.below(n) < n


def test_below_reaches_every_value() -> None:
    rng = Rng(7)
    assert {rng.below(6) for _ in range(600)} == set(range(6))


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(1).below(n)


def test_coin_gives_both_sides() -> None:
    rng = Rng(3)
    flips = [rng.coin() for _ in range(200)]
    assert set(flips) == {0, 1}
    assert 60 < sum(flips) < 140


@given(SEEDS, st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = items[:]
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_shuffle_is_seeded_and_varied() -> None:
    def deal(seed: int) -> list[int]:
        cards = list(range(20))
        Rng(seed).shuffle(cards)
        return cards

    assert deal(5) == deal(5)
    assert len({tuple(deal(s)) for s in range(50)}) == 50


def test_shuffle_puts_every_card_everywhere() -> None:
    """Fisher-Yates without an off-by-one: the first card can end up in every position."""
    seen = set()
    for s in range(400):
        cards = list(range(5))
        Rng(s).shuffle(cards)
        seen.add(cards.index(0))
    assert seen == set(range(5))


@given(SEEDS, st.lists(st.integers(), max_size=20, unique=True), st.integers(0, 25))
def test_sample_gives_distinct_items(seed: int, items: list[int], k: int) -> None:
    picked = Rng(seed).sample(items, k)
    assert len(picked) == min(k, len(items))
    assert len(set(picked)) == len(picked) and set(picked) <= set(items)


def test_choice_picks_from_the_list() -> None:
    rng = Rng(9)
    assert {rng.choice(["a", "b", "c"]) for _ in range(100)} == {"a", "b", "c"}


def test_clone_is_independent() -> None:
    rng = Rng(42)
    rng.next64()
    twin = rng.clone()
    assert twin.state == rng.state
    first = twin.next64()
    assert twin.state != rng.state  # advancing the clone leaves the original where it was
    assert rng.next64() == first


def test_mix_seed_is_stable_and_order_sensitive() -> None:
    assert mix_seed(1, 2) == mix_seed(1, 2)
    assert mix_seed(1, 2) != mix_seed(2, 1)
    assert mix_seed(1) != mix_seed(1, 0)
    assert len({mix_seed(7, i) for i in range(1000)}) == 1000
    assert all(0 <= mix_seed(s, -s) < 2**64 for s in range(-5, 5))


# ----- the keyed stream (online tables) --------------------------------------------------------
KEYED_SEEDS = st.integers(min_value=0, max_value=2**256)


def test_keyed_stream_is_blake2b_in_counter_mode() -> None:
    """A known-answer check against hashlib: word i is 64 bits of BLAKE2b(key, i // 8)."""
    import hashlib

    seed = 2**200 + 12345
    key = hashlib.blake2b(seed.to_bytes(32, "little"), digest_size=32, person=b"warroom-seed").digest()
    words = []
    for block in range(3):
        raw = hashlib.blake2b(block.to_bytes(8, "little"), key=key, digest_size=64).digest()
        words += [int.from_bytes(raw[i:i + 8], "little") for i in range(0, 64, 8)]
    rng = Rng.keyed(seed)
    assert rng.generator == KEYED
    assert [rng.next64() for _ in range(24)] == words


@given(KEYED_SEEDS, st.integers(min_value=0, max_value=40))
def test_keyed_state_is_one_json_int_and_replays(seed: int, drawn: int) -> None:
    rng = Rng.keyed(seed)
    for _ in range(drawn):
        rng.next64()
    restored = Rng(json.loads(json.dumps(rng.state)))  # how a game's from_json rebuilds it
    clone = rng.clone()
    assert restored.generator == clone.generator == KEYED
    ahead = [rng.next64() for _ in range(10)]
    assert [restored.next64() for _ in range(10)] == ahead
    assert [clone.next64() for _ in range(10)] == ahead


def test_every_bit_of_a_keyed_seed_matters() -> None:
    """Seeds that agree on their low 64 bits (all SplitMix64 would keep) give unrelated streams."""
    streams = {tuple(Rng.keyed(low + (high << 64)).next64() for _ in range(4))
               for low in (0, 7) for high in (0, 1, 2**100)}
    assert len(streams) == 6


def test_a_keyed_state_reveals_no_dealt_word() -> None:
    """The state is the key and a position: what it has dealt is not in it (it is not a buffer)."""
    rng = Rng.keyed(99)
    dealt = [rng.next64() for _ in range(16)]
    assert rng.state & (2**64 - 1) == 16
    assert all(str(w) not in str(rng.state) for w in dealt)


def test_make_rng_follows_the_configuration() -> None:
    assert make_rng({"players": 2}, 5).generator == SPLITMIX  # local play, simulations, old records
    assert make_rng({"players": 2}, 5).next64() == Rng(5).next64()
    keyed = make_rng(with_generator({"players": 2}, KEYED), 5)
    assert keyed.generator == KEYED and keyed.next64() == Rng.keyed(5).next64()
    assert with_generator({"rng": KEYED, "players": 2}, SPLITMIX) == {"players": 2}
    with pytest.raises(ConfigError, match="unknown random generator 'mt19937'"):
        make_rng({"rng": "mt19937"}, 5)


def test_a_kessen_game_on_the_keyed_stream_round_trips_and_replays() -> None:
    from warroom.engine import registry
    from warroom.engine.match import Match
    from warroom.engine.record import Record, replay

    game = registry.get("kessen")
    config = with_generator(game.configure(2, [], {"max_rounds": 2}), KEYED)
    seed = 2**255 + 3
    match = Match(game, config, seed, hashes=True)
    assert match.state.rng.generator == KEYED
    plain = game.new(game.configure(2, [], {"max_rounds": 2}), seed)
    assert plain.rng.generator == SPLITMIX
    assert game.view(plain, 0) != game.view(match.state, 0)  # another deal
    chooser = __import__("random").Random(4)
    while match.result() is None:
        seat = game.deciders(match.state)[0]
        match.act(seat, chooser.choice(game.legal_actions(match.state, seat)))
        again = game.from_json(json.loads(json.dumps(match.state.to_json())))
        assert game.hash(again) == game.hash(match.state)
    record = Record.from_json(json.loads(json.dumps(match.record.to_json())))
    assert record.generator == KEYED and record.seed == seed
    assert game.hash(list(replay(record))[-1].state) == game.hash(match.state)


def test_a_record_naming_an_unknown_generator_is_refused_in_one_line() -> None:
    from warroom.engine import RecordError, registry
    from warroom.engine.record import Record, replay

    game = registry.get("kessen")
    record = Record("kessen", game.rules_version, {**game.configure(2), "rng": "dice"}, 1, [])
    with pytest.raises(RecordError, match="record config: unknown random generator 'dice'"):
        list(replay(record))


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(), max_size=200))
def test_quick_shuffle_sorts_on_one_random_key_per_item_in_order(seed: int, items: list[int]) -> None:
    """``quick_shuffle`` is the stable sort of the items on ``random()`` drawn once per item, in
    the items' order, and leaves the generator where those draws leave it (determinized worlds
    depend on exactly this)."""
    import random

    from warroom.engine.rng import quick_shuffle

    mine, theirs = items.copy(), items.copy()
    a, b = random.Random(seed), random.Random(seed)
    quick_shuffle(mine, a)
    keys = [b.random() for _ in theirs]
    theirs = [x for _, x in sorted(zip(keys, theirs, strict=True), key=lambda kx: kx[0])]
    assert mine == theirs
    assert a.getstate() == b.getstate()
