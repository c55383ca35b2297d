"""Paper Kessen under search: the evaluation function, cheap and information-only worlds,
and an ISMCTS bot that cannot read what its seat does not see."""

from __future__ import annotations

import math
import random

from tests.kessen.scenario import EVIL, GOOD, Scenario
from warroom.bots.ismcts import ISMCTSBot, Settings
from warroom.engine.events import Event
from warroom.engine.infoset import InfoSet, choose
from warroom.engine.runner import play_bots
from warroom.games.kessen import evaluate
from warroom.games.kessen.cards import KIND
from warroom.games.kessen.rules import GAME, Kessen
from warroom.games.kessen.state import KessenState

CONFIG = GAME.configure()


def mid_game(seed: int, steps: int) -> KessenState:
    """A state after ``steps`` random decisions, stopped where the decider has a real choice."""
    state = GAME.new(CONFIG, seed)
    rng = random.Random(seed)
    done = 0
    while GAME.result(state) is None:
        seat = GAME.deciders(state)[0]
        legal = GAME.legal_actions(state, seat)
        if done >= steps and len(legal) > 2:
            return state
        GAME.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)
        done += 1
    raise AssertionError("the game ended first")


def hidden_swapped(state: KessenState, seat: int) -> KessenState:
    """The same position for ``seat`` with everything it cannot see dealt differently: one of the
    opponent's unseen action cards swapped with one in the deck, the decks reversed, the
    opponent's hands reordered, the game's random stream changed."""
    other = state.clone()
    opp = other.sides[1 - seat]
    unseen = [c for c in opp.actions if c not in other.known[1 - seat]]
    assert unseen and other.action_deck
    i = opp.actions.index(unseen[0])
    opp.actions[i], other.action_deck[0] = other.action_deck[0], opp.actions[i]
    other.action_deck.reverse()
    other.recruit_deck.reverse()
    other.sides[seat].leader_deck.reverse()
    opp.leader_deck.reverse()
    opp.recruits.reverse()
    opp.leaders.reverse()
    other.rng.state ^= 0x5555
    other.cache = None
    return other


def test_a_world_depends_only_on_what_the_seat_knows() -> None:
    state = mid_game(4, 40)
    seat = GAME.deciders(state)[0]
    other = hidden_swapped(state, seat)
    assert GAME.to_json(other) != GAME.to_json(state)
    assert GAME.view(other, seat) == GAME.view(state, seat)
    for seed in range(5):
        assert GAME.to_json(GAME.determinize(state, seat, seed)) == GAME.to_json(GAME.determinize(other, seat, seed))


def test_ismcts_chooses_the_same_in_two_states_it_cannot_tell_apart() -> None:
    for game_seed, steps in ((4, 40), (11, 90)):
        state = mid_game(game_seed, steps)
        seat = GAME.deciders(state)[0]
        other = hidden_swapped(state, seat)
        legal = GAME.legal_actions(state, seat)
        assert GAME.legal_actions(other, seat) == legal
        picks = []
        trees = []
        for s in (state, other):
            bot = ISMCTSBot(Settings(iterations=120, depth=4))
            root = bot.search(InfoSet(GAME, s, seat), random.Random(5))
            trees.append({a: n.visits for a, n in root.children.items()})
            picks.append(choose(GAME, s, seat, ISMCTSBot(Settings(iterations=120, depth=4)), legal, random.Random(5)))
        assert picks[0] == picks[1]
        assert trees[0] == trees[1]


def test_heuristic_rollouts_play_whole_games() -> None:
    bot = ISMCTSBot(Settings(iterations=8, depth=3, rollout="heuristic"))
    outcome, _ = play_bots(GAME, CONFIG, 2, [bot, ISMCTSBot(Settings(iterations=8, depth=2))])
    assert outcome.reason
    assert outcome.winners in ([0], [1], [])


# ----- the evaluation function ----------------------------------------------------------------
def test_a_finished_game_scores_one_for_the_winner_and_zero_for_the_loser() -> None:
    s = Scenario()
    s.state.winner = EVIL
    assert GAME.evaluate(s.state, EVIL) == 1.0
    assert GAME.evaluate(s.state, GOOD) == 0.0
    s.state.winner = 2
    assert GAME.evaluate(s.state, GOOD) == 0.5


def test_an_even_table_is_even_and_the_two_sides_values_add_up_to_one() -> None:
    s = Scenario()
    assert GAME.evaluate(s.state, GOOD) == 0.5
    s.unit(GOOD, "guan_yu", ["swords"])
    assert GAME.evaluate(s.state, GOOD) > 0.5
    assert abs(GAME.evaluate(s.state, GOOD) + GAME.evaluate(s.state, EVIL) - 1.0) < 1e-12


def test_a_winning_streak_counts_more_than_a_unit() -> None:
    s = Scenario()
    s.unit(EVIL, "xiahou_dun", ["spears"])
    s.state.last_winner, s.state.streak = GOOD, 2
    s.state.sides[GOOD].battles_won = 2
    assert GAME.evaluate(s.state, GOOD) > 0.8


def test_stronger_material_is_worth_more() -> None:
    weak, strong = Scenario(), Scenario()
    weak.unit(GOOD, "guan_yu", ["swords"])
    strong.unit(GOOD, "guan_yu", ["swords"])
    strong.unit(GOOD, "zhuge_liang", ["cavalry"])
    assert GAME.evaluate(strong.state, GOOD) > GAME.evaluate(weak.state, GOOD)


def test_the_evaluation_is_the_weighted_sum_of_its_terms_squashed() -> None:
    """``evaluate_all`` is written out for speed; it must equal ``tanh`` of the weights times
    ``terms`` (what the fitting script fits) in every position of a few random games, and the
    two seats' values must add up to one."""
    weights = evaluate.weights()
    seen = 0
    for seed in range(6):
        state = GAME.new(CONFIG, seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            score = sum(w * t for w, t in zip(weights, evaluate.terms(state), strict=True))
            good, evil = GAME.evaluate_all(state)
            assert abs(good - (0.5 + 0.5 * math.tanh(score))) < 1e-12
            assert abs(good + evil - 1.0) < 1e-12
            seen += 1
            seat = GAME.deciders(state)[0]
            legal = GAME.legal_actions(state, seat)
            GAME.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)
    assert seen > 500


def test_each_term_of_the_evaluation_moves_it_its_own_way() -> None:
    """A streak of two is worth more than a streak of one, which is worth something; an action
    card in hand moves Good's value up."""
    s = Scenario()
    s.state.last_winner, s.state.streak = GOOD, 2
    assert evaluate.terms(s.state)[evaluate.TERMS.index("streak2")] == 1.0
    streak = GAME.evaluate(s.state, GOOD)
    s.state.streak = 1
    assert 0.5 < GAME.evaluate(s.state, GOOD) < streak
    s.state.last_winner, s.state.streak = -1, 0
    s.state.sides[GOOD].actions.append(s.state.action_deck.pop())
    assert GAME.evaluate(s.state, GOOD) > 0.5


def test_the_evaluation_reads_no_hidden_card() -> None:
    state = mid_game(4, 40)
    seat = GAME.deciders(state)[0]
    other = hidden_swapped(state, seat)
    assert GAME.evaluate(other, seat) == GAME.evaluate(state, seat)


def test_a_pending_assassin_keeps_a_true_leader_in_every_world() -> None:
    # Evil's Assassin found no Good unit but Liu Bei, so Good must discard a leader from hand:
    # Evil now knows that hand holds a true leader, and every world it imagines must too
    s = Scenario()
    (zhao_yun,) = s.hand(GOOD, "leaders", ["zhao_yun"])
    s.hand(GOOD, "leaders", ["li_li", "luo_luo", "mei_mei"])
    (assassin,) = s.hand(EVIL, "recruits", ["assassin"])
    s.deploy(turn=EVIL)
    s.play(EVIL, f"special card={assassin}")
    assert s.legal(GOOD) == [f"discard card={zhao_yun}"]
    # every other true leader of Good's deck is out of reach (discarded), so a world dealt
    # from the hand and the deck alone would miss Zhao Yun one time in five
    good = s.state.sides[GOOD]
    out = [c for c in good.leader_deck if KIND[c] == "leader"]
    good.leader_deck = [c for c in good.leader_deck if c not in out]
    good.leader_discard.extend(out)
    for seed in range(60):
        world = GAME.determinize(s.state, EVIL, seed)
        assert GAME.legal_actions(world, GOOD), seed


def test_the_bot_view_is_the_view_without_what_only_people_read() -> None:
    from warroom import bots

    heuristic = bots.make("kessen", "heuristic")
    state = GAME.new(CONFIG, 6)
    rng = random.Random(6)
    checked = 0
    while GAME.result(state) is None and checked < 150:
        seat = GAME.deciders(state)[0]
        legal = GAME.legal_actions(state, seat)
        full, lean = GAME.view(state, seat), GAME.bot_view(state, seat)
        full.pop("action_notes", None)
        for side in full["sides"]:
            for unit in side["units"]:
                del unit["force"], unit["parts"]
        assert lean == full
        pick = heuristic.choose(lean, legal, rng)
        assert heuristic.choose(GAME.view(state, seat), legal, rng) == pick  # the same choice
        GAME.apply_trusted(state, seat, pick if rng.random() < 0.7 else legal[rng.randrange(len(legal))], None)
        checked += 1
    assert checked == 150 or GAME.result(state) is not None


def test_an_unrecorded_step_changes_the_state_as_a_recorded_one() -> None:
    # ``apply_unrecorded`` (the search's playout step) skips events and their costly parts
    # only: over whole games, with every rule option on, each step leaves the same state
    config = GAME.configure(options={"specials_after_battle": 1, "duty_elsewhere_engagement": 1,
                                     "assassin_from_hand": 1})
    steps = 0
    for seed in range(12):
        for options in (CONFIG, config):
            state = GAME.new(options, seed)
            rng = random.Random(seed)
            while GAME.result(state) is None:
                seat = GAME.deciders(state)[0]
                legal = GAME.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
                quiet = state.clone()
                events = GAME.apply_trusted(state, seat, action, None)
                assert GAME.apply_unrecorded(quiet, seat, action, None) == []
                assert quiet.to_json() == state.to_json()
                assert GAME.legal_actions(quiet, seat) == GAME.legal_actions(state, seat)
                steps += 1 if events else 0
    assert steps > 1000


def test_the_search_plays_out_unrecorded_and_chooses_as_with_recorded_steps() -> None:
    # the same tree whether the playouts keep their events or not
    class Recorded(Kessen):
        def apply_unrecorded(self, state: KessenState, player: int, action: str,
                             time_ms: int | None = None) -> list[Event]:
            return self.apply_trusted(state, player, action, time_ms)

    state = mid_game(9, 30)
    seat = GAME.deciders(state)[0]
    trees = []
    for game in (GAME, Recorded()):
        root = ISMCTSBot(Settings(iterations=80, depth=6)).search(InfoSet(game, state, seat), random.Random(5))
        trees.append(sorted((a, c.visits, c.avail, c.reward) for a, c in root.children.items()))
    assert trees[0] == trees[1]
