"""The ISMCTS bot on test games: it finds wins, is a pure function of its seed, and plays
through the information set alone."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests import tiny_game
from tests.twenty import GAME as TWENTY
from warroom import bots
from warroom.bots.ismcts import LEVELS, ISMCTSBot, Settings
from warroom.engine import ConfigError
from warroom.engine.infoset import InfoSet, choose
from warroom.engine.runner import play_bots

TINY = tiny_game.GAME


def tiny_at(count: int, players: int = 2, turn: int = 0) -> tiny_game.TinyState:
    state = TINY.new(TINY.configure(players), 0)
    state.count, state.turn = count, turn
    return state


def pick(bot: ISMCTSBot, state: object, game: object = TINY, seed: int = 0) -> str:
    seat = game.deciders(state)[0]  # type: ignore[attr-defined]
    legal = game.legal_actions(state, seat)  # type: ignore[attr-defined]
    return choose(game, state, seat, bot, legal, random.Random(seed))  # type: ignore[arg-type]


@pytest.mark.parametrize(("count", "winning"), [(5, "add n=1"), (4, "add n=2"), (7, "add n=2"), (8, "add n=1")])
def test_it_takes_the_move_that_leaves_the_opponent_a_lost_count(count: int, winning: str) -> None:
    # target 9, steps of 1 or 2: a count of 3, 6 (or 9 - 3k) to move is lost, so from 5 add 1,
    # from 4 add 2 (7 and 8 win at once)
    bot = ISMCTSBot(Settings(iterations=400, depth=20))
    assert pick(bot, tiny_at(count)) == winning


def test_with_three_players_each_seat_is_scored_for_itself() -> None:
    # three players, target 9, count 7, seat 0 to move: adding 2 wins now
    bot = ISMCTSBot(Settings(iterations=200, depth=20))
    assert pick(bot, tiny_at(7, players=3)) == "add n=2"


def test_the_same_seed_gives_the_same_choice_and_the_same_tree() -> None:
    state = TWENTY.new(TWENTY.configure(), 3)
    a = ISMCTSBot(Settings(iterations=150, depth=4))
    b = ISMCTSBot(Settings(iterations=150, depth=4))
    info = InfoSet(TWENTY, state, 0)
    ta, tb = a.search(info, random.Random(9)), b.search(info, random.Random(9))
    assert {k: (c.visits, c.reward) for k, c in ta.children.items()} == {
        k: (c.visits, c.reward) for k, c in tb.children.items()}
    assert sum(c.visits for c in ta.children.values()) == 150


def test_random_choices_are_the_generators_own_randrange_draws() -> None:
    """The search writes ``randrange`` of the stdlib generator out; a subclass of it (which the
    search leaves to its own ``randrange``) grows the very same tree from the same seed."""
    from warroom.games.kessen.rules import GAME as KESSEN

    class Subclassed(random.Random):
        pass

    for seed in range(3):
        state = KESSEN.new(KESSEN.configure(), seed)
        info = InfoSet(KESSEN, state, KESSEN.deciders(state)[0])
        bot = ISMCTSBot(Settings(iterations=60, depth=4))
        ta = bot.search(info, random.Random(seed))
        tb = bot.search(info, Subclassed(seed))
        assert {k: (c.visits, c.avail, c.reward) for k, c in ta.children.items()} == {
            k: (c.visits, c.avail, c.reward) for k, c in tb.children.items()}


def test_a_single_legal_action_is_played_without_searching() -> None:
    bot = ISMCTSBot(Settings(iterations=50))
    info = InfoSet(TINY, tiny_at(0), 0)
    assert bot.choose_in(info, ["add n=1"], random.Random(0)) == "add n=1"
    assert bot.last_iterations == 0


def test_a_time_budget_stops_the_search() -> None:
    bot = ISMCTSBot(Settings(iterations=None, ms=20, depth=4))
    state = TWENTY.new(TWENTY.configure(), 1)
    root = bot.search(InfoSet(TWENTY, state, 0), random.Random(0))
    assert bot.last_iterations >= 1
    assert sum(c.visits for c in root.children.values()) == bot.last_iterations


def test_a_whole_game_of_twenty_against_random() -> None:
    bot = ISMCTSBot(Settings(iterations=30, depth=3))
    outcome, _ = play_bots(TWENTY, TWENTY.configure(), 5, [bot, bots.RandomBot()])
    assert outcome.reason.startswith("totals ")
    assert outcome.decisions >= 12  # every card drawn and played


def test_bad_settings_are_one_line_errors() -> None:
    with pytest.raises(ConfigError, match="iterations or ms"):
        Settings(iterations=None, ms=None)
    with pytest.raises(ConfigError, match="at least 1"):
        Settings(iterations=0)
    with pytest.raises(ConfigError, match="depth"):
        Settings(depth=-1)
    with pytest.raises(ConfigError, match="until"):
        Settings(until="battle")
    with pytest.raises(ConfigError, match="information set"):
        ISMCTSBot().choose({}, ["a", "b"], random.Random(0))


def test_the_named_levels_are_bots_of_every_turn_based_game() -> None:
    assert set(LEVELS) == {"ismcts", "ismcts-strong"}
    assert LEVELS["ismcts-strong"].iterations > LEVELS["ismcts"].iterations  # type: ignore[operator]
    for name in LEVELS:
        assert name in bots.available("kessen")
        bot = bots.make("kessen", name)
        assert bot.name == name
        assert getattr(bot, "searches", False)


def test_the_levels_are_offered_by_the_lobby_terminal_and_simulate(monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from typer.testing import CliRunner

    from warroom import terminal
    from warroom.cli import app

    runner = CliRunner()
    listed = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    kessen = next(g for g in listed if g["name"] == "kessen")
    assert {"ismcts", "ismcts-strong"} <= set(kessen["bots"])  # what the lobby's form offers
    assert terminal.make_bot("kessen", "ismcts").name == "ismcts"
    tiny_game.register(monkeypatch)
    out = runner.invoke(app, ["simulate", "tiny", "--games", "4", "--bots", "ismcts,random", "--jobs", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["bots"] == ["ismcts", "random"] and data["errors"] == 0
    assert data["wins"]["north"] + data["wins"]["east"] == 4


def test_a_game_that_scores_every_seat_at_once_gives_the_tree_the_same_values() -> None:
    """With ``evaluate_all`` (Paper Kessen) the search asks it once per iteration instead of
    ``evaluate`` once per seat, and the tree it grows is the one the per-seat scores give."""
    from warroom.games.kessen.rules import GAME as KESSEN

    state = KESSEN.new(KESSEN.configure(), 3)
    rng = random.Random(3)
    for _ in range(40):  # into the first battle's fighting, where the Force margin counts
        seat = KESSEN.deciders(state)[0]
        legal = KESSEN.legal_actions(state, seat)
        KESSEN.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)
    seat = KESSEN.deciders(state)[0]

    class PerSeat:
        """Kessen without ``evaluate_all`` (the engine's default, ``None``): every seat scored on its own."""

        def evaluate_all(self, world: object) -> None:
            return None

        def __getattr__(self, name: str) -> object:
            return getattr(KESSEN, name)

    def tree(game: object) -> list[tuple[str, int, float]]:
        root = ISMCTSBot(Settings(iterations=60, depth=4)).search(
            InfoSet(game, state, seat), random.Random(7))  # type: ignore[arg-type]
        return [(a, n.visits, n.reward) for a, n in sorted(root.children.items())]

    assert tree(KESSEN) == tree(PerSeat())


def test_until_stage_stops_every_rollout_at_the_end_of_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``until="stage"`` a long rollout stops as soon as Paper Kessen's battle count grows
    (or the game ends); without it the same depth plays on into later battles."""
    from warroom.games.kessen.evaluate import evaluate_all, stage
    from warroom.games.kessen.rules import GAME as KESSEN

    state = KESSEN.new(KESSEN.configure(), 5)
    seat = KESSEN.deciders(state)[0]
    start = stage(state)
    reached: list[int] = []

    def watched(self: object, world: object) -> list[float]:
        reached.append(-1 if KESSEN.result(world) is not None else stage(world))  # type: ignore[arg-type]
        return evaluate_all(world)  # type: ignore[arg-type]

    monkeypatch.setattr(type(KESSEN), "evaluate_all", watched)
    settings = Settings(iterations=30, depth=400, rollout="default", prior="default", widen=8)
    ISMCTSBot(replace(settings, until="stage")).search(InfoSet(KESSEN, state, seat), random.Random(1))
    assert len(reached) == 30 and set(reached) <= {start + 1, -1} and start + 1 in reached
    reached.clear()
    ISMCTSBot(settings).search(InfoSet(KESSEN, state, seat), random.Random(1))
    assert max(reached) > start + 1


def test_until_stage_needs_a_game_with_stages() -> None:
    bot = ISMCTSBot(Settings(iterations=10, until="stage"))
    with pytest.raises(ConfigError, match="no stages"):
        pick(bot, tiny_at(0))


def test_settle_stops_once_the_move_cannot_change_and_plays_the_same_move() -> None:
    from warroom.games.kessen.rules import GAME as KESSEN

    saved = 0
    for seed in range(6):
        state = KESSEN.new(KESSEN.configure(), seed)
        rng = random.Random(seed)
        for _ in range(20 + 7 * seed):
            s = KESSEN.deciders(state)[0]
            legal = KESSEN.legal_actions(state, s)
            KESSEN.apply_trusted(state, s, legal[rng.randrange(len(legal))], None)
        seat = KESSEN.deciders(state)[0]
        legal = KESSEN.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        full = ISMCTSBot(replace(LEVELS["ismcts"], iterations=120, settle=False))
        settled = ISMCTSBot(replace(LEVELS["ismcts"], iterations=120, settle=True))
        info = InfoSet(KESSEN, state, seat)
        assert settled.choose_in(info, legal, random.Random(2)) == full.choose_in(info, legal, random.Random(2))
        assert full.last_iterations == 120 and settled.last_iterations <= 120
        saved += 120 - settled.last_iterations
    assert saved > 0


def test_the_new_settings_read_no_hidden_card() -> None:
    """Rollouts cut at the battle's end and a settled search still choose alike in two Paper
    Kessen states that differ only in what the seat cannot see."""
    from tests.kessen.test_search import hidden_swapped, mid_game
    from warroom.games.kessen.rules import GAME as KESSEN

    cut = replace(LEVELS["ismcts"], iterations=60, depth=200, until="stage", settle=True)
    modelled = replace(LEVELS["ismcts"], iterations=60, model=True)
    for settings in (cut, modelled):
        for game_seed, steps in ((4, 40), (11, 90)):
            state = mid_game(game_seed, steps)
            seat = KESSEN.deciders(state)[0]
            other = hidden_swapped(state, seat)
            legal = KESSEN.legal_actions(state, seat)
            trees = []
            for s in (state, other):
                root = ISMCTSBot(settings).search(InfoSet(KESSEN, s, seat), random.Random(5), legal)
                trees.append({a: (n.visits, n.reward) for a, n in root.children.items()})
            assert trees[0] == trees[1]


def test_with_model_the_other_seat_only_ever_plays_the_priors_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """``model=True``: every edge of the tree taken by the other seat is a move the prior bot
    chose in some sampled world; without it, the often visited nodes open up to other moves."""
    from tests.kessen.test_search import mid_game
    from warroom.games.kessen.bots import HeuristicBot
    from warroom.games.kessen.rules import GAME as KESSEN

    chosen: set[tuple[int, str]] = set()
    original = HeuristicBot.choose

    def recorded(self: HeuristicBot, view: dict[str, object], legal: list[str], rng: random.Random) -> str:
        action = original(self, view, legal, rng)
        chosen.add((int(view["seat"]), action))  # type: ignore[call-overload]
        return action

    monkeypatch.setattr(HeuristicBot, "choose", recorded)

    def other_seats_edges(model: bool) -> set[tuple[int, str]]:
        state = mid_game(6, 60)
        seat = KESSEN.deciders(state)[0]
        settings = replace(LEVELS["ismcts"], iterations=300, settle=False, model=model)
        root = ISMCTSBot(settings).search(InfoSet(KESSEN, state, seat), random.Random(3))
        edges: set[tuple[int, str]] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            for action, child in node.children.items():
                if child.seat != seat:
                    edges.add((child.seat, action))
                stack.append(child)
        return edges

    modelled = other_seats_edges(True)
    assert modelled and modelled <= chosen
    chosen.clear()
    assert not other_seats_edges(False) <= chosen
