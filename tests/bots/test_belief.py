"""A search that follows the game: the belief over the opponent's hidden cards, on Twenty.

Twenty's cards are all different and a card is played face up, so what a belief should
conclude can be worked out by hand: a model that always plays its highest card, seen to play
a card, held nothing higher."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.twenty import Twenty, TwentyState
from warroom.bots import RandomBot
from warroom.bots.belief import Belief
from warroom.bots.ismcts import ISMCTSBot, Settings
from warroom.engine import ConfigError, Rng, parse
from warroom.engine.bot import Bot
from warroom.engine.infoset import InfoSet, choose, followers, witness
from warroom.engine.runner import play_bots


class FollowedTwenty(Twenty):
    """Twenty with what a belief needs: every move shown as it is made (a draw shows no card),
    and worlds re-dealt like earlier ones."""

    def shown_action(self, state: TwentyState, player: int, action: str, seat: int) -> str:
        return action

    def determinize(self, state: TwentyState, player: int, seed: int) -> TwentyState:
        out = state.clone()
        rng = Rng(seed)
        opp = 1 - player
        pool = sorted(out.hands[opp] + out.deck)  # sorted first: the real order is hidden
        rng.shuffle(pool)
        n = len(out.hands[opp])
        out.hands[opp], out.deck = pool[:n], pool[n:]
        out.rng = Rng(rng.next64())
        return out

    def redealer(self, state: TwentyState, player: int) -> Any:
        def deal(seed: int, like: TwentyState, shown: str | None = None) -> TwentyState:
            out = self.determinize(state, player, seed)
            opp = 1 - player
            pool = out.hands[opp] + out.deck
            n = len(out.hands[opp])
            first = [int(parse(shown)[1]["card"])] if shown and shown.startswith("play") else []
            first += [c for c in like.hands[opp] if c not in first]
            keep = [c for c in first if c in pool][:n]
            rest = [c for c in pool if c not in keep]
            out.hands[opp], out.deck = keep + rest[:n - len(keep)], rest[n - len(keep):]
            return out

        return deal


GAME = FollowedTwenty()


class Highest(Bot):
    """A model of the opponent: it always plays its highest card."""

    name = "highest"
    needs_view = False

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        plays = [a for a in legal if a.startswith("play")]
        return max(plays, key=lambda a: int(parse(a)[1]["card"])) if plays else legal[0]


def opponent_to_play(seed: int = 1) -> TwentyState:
    """A fresh deal, two cards each, the opponent (seat 1) to move."""
    state = GAME.new(GAME.configure(), seed)
    state.turn = 1
    return state


def lowest_play(state: TwentyState, seat: int) -> str:
    return min((a for a in GAME.legal_actions(state, seat) if a.startswith("play")),
               key=lambda a: int(parse(a)[1]["card"]))


def test_a_card_played_by_a_model_of_highest_first_says_the_rest_of_the_hand_is_lower() -> None:
    state = opponent_to_play()
    move = lowest_play(state, 1)  # the real opponent plays its lower card: the other is higher
    played = int(parse(move)[1]["card"])
    belief = Belief(200, 0.02, Highest())
    info = InfoSet(GAME, state, 0)
    belief.witness(info, 1, GAME.shown_action(state, 1, move, 0), random.Random(3))
    after = state.clone()
    GAME.apply(after, 1, move)
    belief.sync(InfoSet(GAME, after, 0), random.Random(4))
    total = sum(belief.weights)
    lower = sum(w for w, world in zip(belief.weights, belief.worlds, strict=True) if world.hands[1][0] < played)
    # the uniform deal holds a lower card in a share of the worlds set by the card played
    unseen = sorted(state.hands[1] + state.deck)
    prior = sum(1 for c in unseen if c < played and c != played) / (len(unseen) - 1)
    assert played not in (w.hands[1][0] for w in belief.worlds)  # it was played in every world
    assert prior < 0.9 and lower / total > 0.95


def test_every_world_can_make_the_move_it_is_shown_and_makes_it() -> None:
    state = opponent_to_play(5)
    move = lowest_play(state, 1)
    belief = Belief(50, 0.1, None)  # no model: every legal move as likely
    belief.witness(InfoSet(GAME, state, 0), 1, move, random.Random(0))
    played = int(parse(move)[1]["card"])
    assert all(w.played[1] == [played] for w in belief.worlds)
    assert all(weight > 0 for weight in belief.weights)


def test_the_belief_depends_only_on_what_the_seat_knows() -> None:
    state = opponent_to_play(2)
    other = state.clone()  # the opponent's hand and the deck dealt differently
    other.hands[1], other.deck = other.deck[:2], other.hands[1] + other.deck[2:]
    assert GAME.view(other, 0) == GAME.view(state, 0)
    beliefs = []
    for s in (state, other):
        belief = Belief(30, 0.1, Highest())
        belief.witness(InfoSet(GAME, s, 0), 1, "draw", random.Random(7))
        beliefs.append(([w.to_json() for w in belief.worlds], belief.weights))
    assert beliefs[0] == beliefs[1]


class Spy(Bot):
    """A bot that plays randomly and writes down what it is shown of the others' moves."""

    name = "spy"
    needs_view = False
    follows = True

    def __init__(self) -> None:
        self.seen: list[tuple[int, int, str]] = []

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        return legal[rng.randrange(len(legal))]

    def witness(self, info: InfoSet, player: int, shown: str, rng: random.Random) -> None:
        self.seen.append((info.seat, player, shown))


def test_the_runner_shows_each_bot_the_others_moves_and_never_its_own() -> None:
    spies = [Spy(), Spy()]
    _, match = play_bots(GAME, GAME.configure(), 4, spies, record=True)  # type: ignore[arg-type]
    assert match is not None
    steps = [(s.seat, s.action) for s in match.record.steps]
    for seat, spy in enumerate(spies):
        assert spy.seen == [(seat, p, a) for p, a in steps if p != seat]
    assert spies[0].seen and spies[1].seen


def test_a_game_that_shows_nothing_shows_the_bots_nothing() -> None:
    from tests.twenty import GAME as PLAIN

    spies = [Spy(), Spy()]
    play_bots(PLAIN, PLAIN.configure(), 4, spies)  # type: ignore[arg-type]
    assert spies[0].seen == [] and spies[1].seen == []
    # runners ask ``followers`` once: a game that shows no move has none, whoever sits there
    assert not followers(PLAIN, spies) and followers(GAME, spies)
    assert not followers(GAME, [RandomBot(), RandomBot()])
    # nor is a move shown to a bot before it is known to be legal: ``witness`` takes legal moves
    # only from its callers, and shows nothing of a seat's own move
    bot = Spy()
    witness(GAME, opponent_to_play(), 1, "draw", {1: bot}, lambda s: random.Random(s))
    assert bot.seen == []


def test_a_search_with_a_belief_plays_whole_games_the_same_for_the_same_seed() -> None:
    results = []
    for _ in range(2):
        bot = ISMCTSBot(Settings(iterations=30, depth=6, belief=16))
        spy = Spy()
        _, match = play_bots(GAME, GAME.configure(), 11, [bot, spy], record=True)
        assert match is not None and bot._belief is not None and bot._belief.worlds
        results.append([(s.seat, s.action) for s in match.record.steps])
    assert results[0] == results[1]


def test_in_a_game_that_cannot_redeal_a_belief_changes_nothing() -> None:
    from tests.twenty import GAME as PLAIN

    state = PLAIN.new(PLAIN.configure(), 3)
    legal = PLAIN.legal_actions(state, 0)
    picks = []
    for belief in (0, 16):
        bot = ISMCTSBot(Settings(iterations=80, depth=4, belief=belief))
        root = bot.search(InfoSet(PLAIN, state, 0), random.Random(9), legal)
        picks.append(({a: n.visits for a, n in root.children.items()},
                      choose(PLAIN, state, 0, bot, legal, random.Random(9))))
    assert picks[0] == picks[1]


def test_bad_belief_settings_are_one_line_errors() -> None:
    with pytest.raises(ConfigError, match="belief must be at least 0"):
        Settings(belief=-1)
    with pytest.raises(ConfigError, match="belief_noise"):
        Settings(belief_noise=0.0)
    with pytest.raises(ConfigError, match="belief_noise"):
        Settings(belief_noise=1.5)
