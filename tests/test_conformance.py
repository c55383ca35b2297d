"""Every registered game passes the conformance suite (``tests/conformance.py``).

The number of seeds comes from ``WARROOM_CONFORMANCE_SEEDS`` (24 per game by
default); ``benchmarks/conformance_sweep.py`` runs long sweeps. The second half of
this file checks the suite itself: a small correct game passes it, and the same
game with one promise broken at a time is caught.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests import conformance as cf
from tests.twenty import Twenty, TwentyState
from warroom.engine import Decision, Event, Game, IllegalAction, Result, parse, registry

SETTINGS = cf.Settings.from_env()
SETUPS = cf.setups(SETTINGS)
PLAYOUTS = [pytest.param(s, seed, id=f"{s.label}-{seed}") for s in SETUPS for seed in s.seeds]
# replays are cheaper to check but need no more than a few seeds per configuration
REPLAYS = [pytest.param(s, seed, id=f"{s.label}-{seed}") for s in SETUPS for seed in s.seeds[:6]]
BY_SETUP = [pytest.param(s, id=s.label) for s in SETUPS]
BOT_PLAYOUTS = [pytest.param(s, seed, id=f"{s.label}-{seed}") for s in cf.bot_setups() for seed in s.seeds]
GAMES = [pytest.param(g, id=g.name) for g in cf.suite_games()]
# save and restore mid-frame over a few seeds of each configuration
RESTORES = [pytest.param(s, seed, id=f"{s.label}-{seed}") for s in SETUPS for seed in s.seeds[:4]]
UNIFORM_SETUPS = [pytest.param(s, id=s.label) for s in SETUPS if s.tag == "uniform"]


# ----- every registered game ------------------------------------------------------------------
@pytest.mark.parametrize(("setup", "seed"), PLAYOUTS)
def test_random_playout_keeps_every_promise(setup: cf.Setup, seed: int) -> None:
    game = cf.game_named(setup.game)
    stats = cf.check_playout(game, setup.config, seed, SETTINGS)
    assert stats.result is not None
    assert stats.deep_checks > 0 and stats.illegal_tried > 0


@pytest.mark.parametrize(("setup", "seed"), BOT_PLAYOUTS)
def test_heuristic_playout_keeps_every_promise(setup: cf.Setup, seed: int) -> None:
    game = cf.game_named(setup.game)
    stats = cf.check_playout(game, setup.config, seed, SETTINGS, bots=True)
    assert stats.result is not None and stats.deep_checks > 0


@pytest.mark.parametrize(("setup", "seed"), REPLAYS)
def test_record_replays_exactly_and_resumes(setup: cf.Setup, seed: int) -> None:
    game = cf.game_named(setup.game)
    assert cf.check_replay(game, setup.config, seed) > 0


@pytest.mark.parametrize("setup", BY_SETUP)
def test_same_seed_and_actions_give_same_states(setup: cf.Setup) -> None:
    game = cf.game_named(setup.game)
    for seed in setup.seeds[:3]:
        cf.check_determinism(game, setup.config, seed)


@pytest.mark.parametrize("setup", BY_SETUP)
def test_set_up_depends_on_the_seed(setup: cf.Setup) -> None:
    game = cf.game_named(setup.game)
    texts = {cf.state_text(game, game.new(setup.config, s)) for s in range(6)}
    assert len(texts) > 1


@pytest.mark.parametrize("game", GAMES)
def test_games_are_the_same_in_another_process(game: Game[Any]) -> None:
    """Nothing depends on Python's per-process string hashing (set or dict order of strings)."""
    players = game.min_players
    seeds = [1, 2, 3]
    here = cf.trajectory_digest(game.name, players, seeds)
    assert cf.cross_process_digest(game.name, players, seeds, hash_seed=1) == here
    assert cf.cross_process_digest(game.name, players, seeds, hash_seed=4242) == here


@pytest.mark.parametrize("game", GAMES)
def test_game_facts_are_plain_data(game: Game[Any]) -> None:
    facts = game.describe_game()
    assert facts["name"] == game.name and cf.game_named(game.name) is game
    assert facts["players"] == list(range(game.min_players, game.max_players + 1))
    json.dumps(facts)
    reference = game.rules_reference()
    assert reference["game"] == game.name
    json.dumps(reference)
    for n in facts["players"]:
        config = game.configure(n)
        names = game.seat_names(config)
        assert len(names) == n == len(set(names))
        assert [game.seat_index(config, name) for name in names] == list(range(n))


def test_every_game_and_player_count_is_covered() -> None:
    covered = {(s.game, s.config["players"]) for s in SETUPS}
    for game in cf.suite_games():
        for n in cf.PLAYER_COUNTS.get(game.name, range(game.min_players, game.max_players + 1)):
            assert (game.name, n) in covered


def test_test_games_run_in_the_suite_without_being_registered() -> None:
    assert {s.game for s in SETUPS} >= set(cf.TEST_GAMES)
    assert not set(cf.TEST_GAMES) & set(registry.names())


@pytest.mark.parametrize(("setup", "seed"), RESTORES)
def test_restored_in_the_middle_of_any_frame_a_game_goes_on_identically(setup: cf.Setup, seed: int) -> None:
    game = cf.game_named(setup.game)
    stats = cf.check_restore_in_frames(game, setup.config, seed)
    if cf.engine_frames(game.new(setup.config, seed)):
        assert stats.restores > 0  # a game on the frame stack has frames to restore in


def test_restores_reach_every_kind_of_frame_and_deep_chains() -> None:
    game = cf.game_named("nest")
    kinds: set[str] = set()
    deepest = 0
    for seed in range(6):
        stats = cf.check_restore_in_frames(game, game.configure(4), seed)
        kinds |= stats.kinds
        deepest = max(deepest, stats.deepest)
    assert kinds == set(cf.RESTORED_KINDS) and deepest >= 3


@pytest.mark.parametrize("setup", UNIFORM_SETUPS)
def test_uniform_windows_ask_the_same_seats_whoever_can_answer(setup: cf.Setup) -> None:
    game = cf.game_named(setup.game)
    checked = 0
    for seed in setup.seeds[:3]:
        n, differing = cf.check_uniform_windows(game, setup.config, seed)
        assert differing == 0
        checked += n
    assert checked > 0


def test_windows_that_skip_seats_ask_differently_by_deal() -> None:
    """The control of the test above: without uniform windows, who is asked depends on the deal."""
    game = cf.game_named("nest")
    differing = sum(cf.check_uniform_windows(game, game.configure(4), seed)[1] for seed in range(3))
    assert differing > 0


def test_kessen_determinize_redeals_the_opponents_hands() -> None:
    """Named check from the brief: the opponent's hands change for some seed, sizes never."""
    game = registry.get("kessen")
    state = _kessen_state_with_full_hands(game)
    for seat in (0, 1):
        opp = state.sides[1 - seat]
        real = (sorted(opp.leaders), sorted(opp.recruits), sorted(opp.actions))
        dealt = []
        for s in range(8):
            det = game.determinize(state, seat, s)
            o = det.sides[1 - seat]
            assert [len(o.leaders), len(o.recruits), len(o.actions)] == [len(h) for h in real]
            assert det.sides[seat].recruits == state.sides[seat].recruits
            dealt.append((sorted(o.leaders), sorted(o.recruits), sorted(o.actions)))
        assert any(d != real for d in dealt)
        assert len(set(map(repr, dealt))) > 1


def _kessen_state_with_full_hands(game: Game[Any]) -> Any:
    """The first state of a suite playout in which every hand of both sides holds a card."""
    for seed in range(100):
        state = game.new(game.configure(), seed)
        bot = cf.Chooser(seed)
        while game.result(state) is None:
            if all(s.leaders and s.recruits and s.actions for s in state.sides):
                return state
            game.apply(state, *bot.choose(game, state))
    raise AssertionError("no playout reached a battle with every hand holding cards")


# ----- the suite catches broken games ---------------------------------------------------------
# Twenty (tests/twenty.py) passes; each subclass below breaks one promise.
class LeakyView(Twenty):
    def view(self, state: TwentyState, player: int | None) -> dict[str, Any]:
        out = super().view(state, player)
        out["opponent_top"] = sorted(state.hands[1 - state.turn])[:1]
        return out


class SpectatorSeesHands(Twenty):
    def view(self, state: TwentyState, player: int | None) -> dict[str, Any]:
        out = super().view(state, player)
        if player is None:
            out["hands"] = [sorted(h) for h in state.hands]
        return out


class SharedClone(Twenty):
    def clone(self, state: TwentyState) -> TwentyState:
        out = state.clone()
        out.hands = state.hands  # the bug: both states hold the same hand lists
        return out


class LossyJson(Twenty):
    def from_json(self, data: dict[str, Any]) -> TwentyState:
        state = super().from_json(data)
        state.played = [sorted(p) for p in state.played]
        return state


class NoRedeal(Twenty):
    def determinize(self, state: TwentyState, player: int, seed: int) -> TwentyState:
        return state.clone()


class RedealsOwnHand(Twenty):
    def determinize(self, state: TwentyState, player: int, seed: int) -> TwentyState:
        return super().determinize(state, 1 - player, seed)


class DirtyRefusal(Twenty):
    def apply(self, state: TwentyState, player: int, action: str,
              time_ms: int | None = None) -> list[Event]:
        try:
            return super().apply(state, player, action, time_ms)
        except IllegalAction:
            state.turn = 1 - state.turn  # the bug: a refused action still changes something
            raise


class OpenSecret(Twenty):
    def _apply(self, state: TwentyState, player: int, action: str, time_ms: int | None) -> list[Event]:
        events = super()._apply(state, player, action, time_ms)
        return [Event(e.kind, e.data, e.secret, ()) for e in events]


class EventsShareState(Twenty):
    def _apply(self, state: TwentyState, player: int, action: str, time_ms: int | None) -> list[Event]:
        events = super()._apply(state, player, action, time_ms)
        return [*events, Event("table", {"played": state.played[player]})]  # a live list


class DuplicateActions(Twenty):
    def legal_actions(self, state: TwentyState, player: int, now_ms: int | None = None) -> list[str]:
        legal = super().legal_actions(state, player)
        return legal + legal[:1]


class CrashesOnGarbage(Twenty):
    def explain_illegal(self, state: TwentyState, player: int, action: str) -> str:
        return str(int(parse(action)[1]["card"]))  # KeyError or ValueError on most inputs


class TellingReasons(Twenty):
    def explain_illegal(self, state: TwentyState, player: int, action: str) -> str:
        card = parse(action)[1].get("card", "")
        if card.isdigit() and int(card) in state.hands[1 - player]:
            return f"card {card} is in your opponent's hand"  # the bug: a hidden fact
        return "not legal now"


class TwoLineReasons(Twenty):
    def explain_illegal(self, state: TwentyState, player: int, action: str) -> str:
        return "not legal\nat all"


class Endless(Twenty):
    def result(self, state: TwentyState) -> Result | None:
        return None

    def decisions(self, state: TwentyState) -> list[Decision]:
        return [Decision(state.turn, "turn", "Draw or play a card")]

    def legal_actions(self, state: TwentyState, player: int, now_ms: int | None = None) -> list[str]:
        return ["wait"] if player == state.turn else []

    def _apply(self, state: TwentyState, player: int, action: str, time_ms: int | None) -> list[Event]:
        state.turn = 1 - player
        return []


SMALL = cf.Settings(seeds=1, max_decisions=200)


@pytest.mark.parametrize("variants", [(), ("long",)])
def test_the_test_game_passes(variants: tuple[str, ...]) -> None:
    game = Twenty()
    config = game.configure(2, variants, {"hand": 3})
    for seed in range(5):
        stats = cf.check_playout(game, config, seed, SMALL)
        assert stats.result is not None and stats.redealt
        cf.check_determinism(game, config, seed)


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (LeakyView, "view differs after determinize"),
        (SpectatorSeesHands, "spectator's view differs"),
        (SharedClone, "changed the original"),
        (LossyJson, "not the same state"),
        (NoRedeal, "never changed anything"),
        (RedealsOwnHand, "view differs after determinize"),
        (DirtyRefusal, "changed the state"),
        (OpenSecret, "secret that nobody may see"),
        (EventsShareState, "changed later"),
        (DuplicateActions, "duplicate legal actions"),
        (CrashesOnGarbage, "instead of IllegalAction"),
        (TwoLineReasons, "not one line"),
        (TellingReasons, "depends on hidden information"),
        (Endless, "no result after 200 decisions"),
    ],
)
def test_the_suite_catches_a_broken_promise(broken: type[Twenty], complaint: str) -> None:
    game = broken()
    with pytest.raises(cf.ConformanceError, match=complaint) as caught:
        for seed in range(3):
            cf.check_playout(game, game.configure(), seed, SMALL)
    assert "twenty players=2" in str(caught.value) and "reproduce" in str(caught.value)



# ----- decisions taken at once (Game.simultaneous) -------------------------------------------------
LTK = registry.get("ltk")


class PicksShown(type(LTK)):  # type: ignore[misc]
    """Every view lists the generals already picked: a pick shows before all have picked."""

    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        return {**super().view(state, player), "picks": [s.pick for s in state.seats]}


class LastPickerLeads(type(LTK)):  # type: ignore[misc]
    """The last seat to pick takes the first turn: the order of the picks changes the game."""

    def _apply(self, state: Any, player: int, action: str, time_ms: int | None) -> list[Event]:
        if state.stage == "pick":
            state.current = player
        return super()._apply(state, player, action, time_ms)


def test_ltk_playouts_check_the_general_pick_as_simultaneous() -> None:
    stats = cf.check_playout(LTK, LTK.configure(5), 1, SMALL)
    assert stats.simultaneous == 3  # four seats pick after the Monarch: checked with 4, 3 and 2 left


@pytest.mark.parametrize(("broken", "complaint"), [(PicksShown, "can tell which answer"),
                                                   (LastPickerLeads, "changes the state")])
def test_the_suite_catches_a_simultaneous_decision_that_is_not(broken: type[Game[Any]], complaint: str) -> None:
    game = broken()
    state = game.new(game.configure(5), 4)
    game.apply(state, state.current, "choose general=cao_cao")
    deciding = game.deciders(state)
    legal = {seat: game.legal_actions(state, seat) for seat in deciding}
    with pytest.raises(cf.ConformanceError, match=complaint):
        cf.check_simultaneous(game, state, deciding, legal, random.Random(1), cf.Where("ltk", game.configure(5), 4))
