"""Scenario tests of Nest (``tests/nest_game.py``), the engine's nesting test game: one rule each.

Card ids: Strikes 0-17, Cancels 18-31, Mends 32-39. Seats: 0 north, 1 east, 2 south, 3 west.
"""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import conformance as cf
from tests import nest_game
from tests.nest_game import GAME, NestState
from warroom.engine import IllegalAction, Rng, registry
from warroom.engine.frames import Frame


def table(hands: list[list[int]], *, life: list[int] | None = None, deck: list[int] | None = None,
          turn: int = 0, uniform: int = 0, rounds: int = 6) -> NestState:
    """A position: ``turn``'s seat is acting (it has drawn); ``deck`` lists the top card last."""
    n = len(hands)
    config = GAME.configure(n, (), {"uniform_windows": uniform, "rounds": rounds})
    used = {c for h in hands for c in h} | set(deck or [])
    state = NestState(config, Rng(7), list(deck) if deck is not None else [c for c in range(40) if c not in used],
                      [], [list(h) for h in hands], list(life or [3] * n), [True] * n, turn=turn)
    state.frames.append(Frame("turn", turn, {"seat": turn, "stage": "act", "struck": False, "traded": False}))
    return state


def play(state: NestState, *script: tuple[int, str]) -> list[dict[str, Any]]:
    """Apply the actions (each checked by the engine); return every event as the all-seeing log has it."""
    log: list[dict[str, Any]] = []
    for seat, action in script:
        assert GAME.deciders(state) == [seat], (seat, action, GAME.decisions(state))
        log += [e.visible_to(-2) for e in GAME.apply(state, seat, action)]
    return log


def kinds(log: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in log]


def asks(state: NestState) -> tuple[int, str]:
    d = GAME.decisions(state)[0]
    return d.player, d.kind


def test_an_uncancelled_strike_deals_one_damage() -> None:
    state = table([[0, 39], [32], [33]])  # nobody holds a Cancel: no window asks anyone
    log = play(state, (0, "strike card=0 target=1"))
    assert state.life == [3, 2, 3] and 0 in state.discard
    assert [e for e in log if e["kind"] == "damage"] == [{"kind": "damage", "seat": 1, "source": 0, "life": 2}]
    assert asks(state) == (1, "ability:thorns")  # east was damaged and holds a card: thorns?


def test_a_cancel_stops_a_strike() -> None:
    state = table([[0, 32], [18, 33], [34]])
    play(state, (0, "strike card=0 target=1"))
    assert asks(state) == (1, "window:cancel")  # only east holds a Cancel
    log = play(state, (1, "cancel card=18"))
    assert state.life == [3, 3, 3] and "cancelled" in kinds(log) and state.discard == [18, 0]
    assert asks(state) == (0, "turn")


def test_a_cancel_on_a_cancel_lets_the_strike_through() -> None:
    state = table([[0, 19], [18, 33], [34]])
    play(state, (0, "strike card=0 target=1"), (0, "pass"), (1, "cancel card=18"))
    assert asks(state) == (0, "window:cancel")  # the window on east's Cancel
    play(state, (0, "cancel card=19"))
    assert state.life == [3, 2, 3]


def test_cancels_nest_three_deep_and_deeper_the_parity_decides() -> None:
    # north strikes east; east, south, north, south cancel in turn: four Cancels, even, it hits
    state = table([[0, 20, 32], [18, 33], [19, 21, 34]])
    play(state, (0, "strike card=0 target=1"), (0, "pass"), (1, "cancel card=18"), (0, "pass"),
         (2, "cancel card=19"))
    depth = [f.data["depth"] for f in state.frames if f.kind == "window"]
    assert depth == [0, 1, 2] and asks(state) == (0, "window:cancel")
    play(state, (0, "cancel card=20"))
    assert [f.data["depth"] for f in state.frames if f.kind == "window"] == [0, 1, 2, 3]
    view = GAME.view(state, 1)
    assert [f.get("card") for f in view["stack"] if f["kind"] == "window"] == [0, 18, 19, 20]
    play(state, (2, "cancel card=21"))
    assert state.life == [3, 2, 3]  # north's Strike went through: 4 Cancels
    assert state.discard[:5] == [18, 19, 20, 21, 0]


def test_three_cancels_stop_the_strike() -> None:
    state = table([[0, 20, 32], [18, 33], [19, 34]])
    play(state, (0, "strike card=0 target=1"), (0, "pass"), (1, "cancel card=18"), (0, "pass"),
         (2, "cancel card=19"), (0, "cancel card=20"))
    assert state.life == [3, 3, 3] and asks(state) == (0, "turn")


def test_a_dying_player_is_asked_for_mends_round_the_table_from_the_current_player() -> None:
    # south's turn: it strikes north (1 life). South has no Mend, east gives one: north lives
    state = table([[4], [32, 33], [1, 5]], life=[1, 3, 3], turn=2)
    play(state, (2, "strike card=1 target=0"))
    assert state.life[0] == 0 and asks(state) == (1, "window:dying")
    play(state, (1, "mend card=32"))
    assert state.life == [1, 3, 3] and state.alive == [True, True, True]
    assert asks(state) == (0, "ability:thorns")  # the damage is done: north's thorns now


def test_a_dying_player_may_mend_themselves_when_their_seat_comes() -> None:
    state = table([[32, 4], [5], [1]], life=[1, 3, 3], turn=2, deck=[6, 7])
    play(state, (2, "strike card=1 target=0"))
    assert asks(state) == (0, "window:dying")  # south and then north: only north holds a Mend
    play(state, (0, "mend card=32"))
    assert state.life[0] == 1 and state.alive[0]


def test_an_unsaved_player_dies_discards_their_hand_and_the_last_one_standing_wins() -> None:
    state = table([[0], [5, 6]], life=[3, 1], deck=[7])
    log = play(state, (0, "strike card=0 target=1"))
    assert state.alive == [True, False] and sorted(state.discard) == [0, 5, 6]
    assert [e for e in log if e["kind"] == "die"] == [{"kind": "die", "seat": 1, "discarded": [5, 6]}]
    res = GAME.result(state)
    assert res is not None and res.winners == [0] and "last one standing" in res.reason
    assert state.frames == [] and GAME.decisions(state) == []


def test_thorns_costs_a_chosen_card_and_strikes_back() -> None:
    state = table([[0, 32], [5, 33], [34]])
    play(state, (0, "strike card=0 target=1"))
    assert GAME.legal_actions(state, 1) == ["decline", "use ability=thorns card=33", "use ability=thorns card=5"]
    log = play(state, (1, "use ability=thorns card=33"))
    assert state.life == [2, 2, 3] and 33 in state.discard and state.hands[1] == [5]
    assert {"kind": "ability", "seat": 1, "ability": "thorns"} in log
    assert asks(state) == (0, "ability:thorns")  # north may answer thorns with thorns


def test_thorns_is_not_offered_without_a_card_to_pay_with() -> None:
    state = table([[0, 32], [], [34]], deck=list(range(40))[-3:])
    play(state, (0, "strike card=0 target=1"))
    assert asks(state) == (0, "turn") and state.life[1] == 2


def test_paying_thorns_with_the_last_card_draws_before_the_damage_back() -> None:
    # east's last card pays for thorns: Last stand draws at once, then north is damaged
    state = table([[0, 32], [33], [34]], deck=[36, 35])
    play(state, (0, "strike card=0 target=1"))
    log = play(state, (1, "use ability=thorns card=33"))
    assert kinds(log)[:5] == ["discard", "ability", "draw", "ability", "damage"]
    assert log[1]["ability"] == "last_stand" and log[3]["ability"] == "thorns"
    assert state.hands[1] == [35] and state.life == [2, 2, 3]


def test_last_stand_draws_when_a_strike_empties_the_hand() -> None:
    state = table([[0], [32], [33]], deck=[36, 35])
    log = play(state, (0, "strike card=0 target=1"))
    assert log[:3] == [{"kind": "strike", "seat": 0, "card": 0, "target": 1},
                       {"kind": "ability", "seat": 0, "ability": "last_stand"},
                       {"kind": "draw", "seat": 0, "count": 1, "cards": [35]}]


def test_trade_discards_a_chosen_subset_one_pick_at_a_time_and_draws_as_many() -> None:
    state = table([[0, 18, 32], [1], [2]], deck=[37, 36, 35])
    play(state, (0, "trade"))
    assert GAME.legal_actions(state, 0) == ["pick card=0", "pick card=18", "pick card=32"]
    play(state, (0, "pick card=32"))
    assert GAME.legal_actions(state, 0) == ["pick card=0", "pick card=18", "done"]
    assert GAME.view(state, 0)["stack"][-1]["picked"] == [32]
    assert "picked" not in GAME.view(state, 1)["stack"][-1]  # another seat's picks stay private
    log = play(state, (0, "pick card=0"), (0, "done"))
    assert state.hands[0] == [18, 35, 36] and {"kind": "discard", "seat": 0, "cards": [0, 32], "for": "trade"} in log
    assert GAME.legal_actions(state, 0) == ["end"]  # the strike card is gone, trade is used


def test_trading_away_the_whole_hand_triggers_last_stand_before_the_draw() -> None:
    state = table([[0, 18], [1], [2]], deck=[37, 36, 35])
    log = play(state, (0, "trade"), (0, "pick card=0"), (0, "pick card=18"))
    assert kinds(log) == ["discard", "ability", "draw", "draw"]
    assert state.hands[0] == [35, 36, 37]


def test_ending_the_turn_discards_down_to_life_and_passes_the_turn() -> None:
    state = table([[0, 1, 2, 18, 32], [3], [4]], life=[2, 3, 3])
    play(state, (0, "end"))
    assert asks(state) == (0, "select:discard")
    assert GAME.decisions(state)[0].prompt == "Discard 3 cards down to your life"
    log = play(state, (0, "pick card=0"), (0, "pick card=1"), (0, "pick card=2"))  # the third ends it
    assert state.hands[0] == [18, 32] and state.turn == 1 and "turn" in kinds(log)
    assert len(state.hands[1]) == 3  # east drew 2 at the start of its turn


def test_a_strike_is_once_per_turn_and_a_refusal_says_why() -> None:
    state = table([[0, 1], [32], [33]])
    play(state, (0, "strike card=0 target=1"), (1, "decline"))
    assert GAME.legal_actions(state, 0) == ["trade", "end"]
    with pytest.raises(IllegalAction, match="struck once this turn"):
        GAME.apply(state, 0, "strike card=1 target=2")
    with pytest.raises(IllegalAction, match="card 5 is not in your hand"):
        GAME.apply(state, 0, "strike card=5 target=2")


def test_after_the_last_round_the_most_life_wins_together() -> None:
    state = table([[18], [19], [20]], life=[2, 3, 3], turn=2, rounds=1)
    log = play(state, (2, "end"))
    res = GAME.result(state)
    assert res is not None and res.winners == [1, 2] and res.scores == {"life": [2, 3, 3]}
    assert kinds(log)[-1] == "game_over" and GAME.decisions(state) == []


def test_uniform_windows_ask_every_living_seat_even_those_without_an_answer() -> None:
    state = table([[0, 32], [33], [34], [35]], uniform=1)
    state.alive[3] = False  # west has left the table: never asked
    state.hands[3] = []
    play(state, (0, "strike card=0 target=1"))
    seen = []
    while asks(state)[1] == "window:cancel":
        seat = asks(state)[0]
        assert GAME.legal_actions(state, seat) == ["pass"]
        seen.append(seat)
        play(state, (seat, "pass"))
    assert seen == [0, 1, 2] and state.life[1] == 2


def test_the_view_hides_other_hands_and_determinize_renames_a_pending_choice() -> None:
    state = table([[0, 18], [1, 19, 33], [2]], deck=[37, 36, 35])
    play(state, (0, "end"))  # north keeps 2 cards (life 3): east's turn, it draws 2
    play(state, (1, "trade"), (1, "pick card=19"))
    east = sorted(state.hands[1])
    for seat in (0, 2, None):
        view = GAME.view(state, seat)
        assert view.get("hand") == (None if seat is None else sorted(state.hands[seat]))
        assert view["hand_sizes"] == [2, 5, 1]
        assert view["stack"][-1] == {"kind": "select", "waiting": 1, "purpose": "trade", "least": 1, "most": 5}
    assert GAME.view(state, 1)["stack"][-1]["picked"] == [19]
    for seed in range(5):
        world = GAME.determinize(state, 0, seed)
        choice = world.frames[-1]
        assert sorted(choice.data["candidates"]) == sorted(world.hands[1])
        assert set(choice.data["picked"]) <= set(world.hands[1]) and len(choice.data["picked"]) == 1
        assert GAME.view(world, 0) == GAME.view(state, 0)
        assert world.hands[0] == state.hands[0]
    assert any(sorted(GAME.determinize(state, 0, s).hands[1]) != east for s in range(5))


@settings(max_examples=30, deadline=None, derandomize=bool(os.environ.get("CI")),
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), bot_seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       uniform=st.sampled_from([0, 1]), life=st.sampled_from([1, 3, 6]))
def test_random_games_keep_the_invariants_of_the_stack(seed: int, bot_seed: int, players: int, uniform: int,
                                                       life: int) -> None:
    config = GAME.configure(players, (), {"uniform_windows": uniform, "life": life})
    state = GAME.new(config, seed)
    rng = random.Random(bot_seed)
    while GAME.result(state) is None:
        # every card is in exactly one place: a hand, the deck, the discard pile or on the stack
        cards = [c for h in state.hands for c in h] + state.deck + state.discard + state.in_play()
        assert sorted(cards) == list(range(40))
        # a turn is at the bottom, and the one seat asked is a living one
        assert state.frames[0].kind == "turn" and state.frames[0].data["seat"] == state.turn
        (seat,) = GAME.deciders(state)
        assert state.alive[seat] and all(state.hands[s] == [] for s in range(players) if not state.alive[s])
        # a seat at 0 life is alive only while the table is asked to save it
        dying = {f.data["dying"] for f in state.frames if f.kind == "window" and f.data["name"] == "dying"}
        assert all(state.life[s] > 0 or s in dying for s in range(players) if state.alive[s])
        # each Cancel window answers the one below it: one chain, depths 0, 1, 2... from the Strike's
        depths = [f.data["depth"] for f in state.frames if f.kind == "window" and f.data["name"] == "cancel"]
        assert depths == list(range(len(depths)))
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    res = GAME.result(state)
    assert res is not None and res.winners and all(state.alive[w] for w in res.winners)
    assert state.frames == []


def test_every_legal_action_has_a_stable_number() -> None:
    config = GAME.configure(4, (), {"uniform_windows": 1})
    space = GAME.action_space(config)
    seen: set[str] = set()
    for seed in range(4):
        state = GAME.new(config, seed)
        bot = cf.Chooser(seed)
        while GAME.result(state) is None:
            for seat in GAME.deciders(state):
                for action in GAME.legal_actions(state, seat):
                    assert space.action(space.index(action)) == action
                    seen.add(action.split()[0])
            GAME.apply(state, *bot.choose(GAME, state))
    assert seen >= {"strike", "cancel", "pass", "trade", "pick", "done", "end", "use", "decline"}


def test_nest_is_not_a_registered_game() -> None:
    assert "nest" not in registry.names()


def test_nest_registers_inside_one_test(monkeypatch: pytest.MonkeyPatch) -> None:
    nest_game.register(monkeypatch)
    assert registry.get("nest") is GAME


def test_the_nesting_benchmark_measures_the_chain_it_describes() -> None:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "nesting.py"
    spec = importlib.util.spec_from_file_location("nesting_benchmark", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    state = bench.start()
    kinds_seen = []
    for seat, action in bench.CHAIN:
        kinds_seen.append(asks(state)[1])
        GAME.apply(state, seat, action)
    assert kinds_seen == ["turn", "window:cancel", "window:cancel", "window:cancel", "window:cancel"]
    bench.check(state)
    row = bench.measure(rounds=1, chains=20)
    assert row["frames_per_chain"] == 5 and row["engine_us_per_frame"] > 0
