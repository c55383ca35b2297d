"""The conformance suite: the promises every registered game keeps.

It drives a game only through the protocol (:class:`warroom.engine.game.Game`),
so a new game that is registered in ``warroom.engine.registry`` is checked by it
unchanged. ``tests/test_conformance.py`` runs it under pytest for every game,
each player count and each variant; ``benchmarks/conformance_sweep.py`` runs it
over many more seeds without pytest.

What is checked, by seeded random playouts:

* ``decisions`` is non-empty until ``result`` is set and empty after; every
  deciding seat has legal actions (canonical text, no duplicates, the same list
  however the state was obtained) and every other seat has none;
* legal actions apply without error on clones; clone-then-apply equals apply on
  a JSON copy; applying to a clone leaves the original untouched;
* ``from_json(to_json(s))`` round-trips exactly through JSON text, with the same hash;
* ``determinize`` keeps the seat's view, legal actions and who decides, leaves
  the spectator's view alone, leaves the original untouched, is a function of its
  seed, really re-deals hidden things across seeds, and yields a playable state;
* views are JSON and depend only on what the seat may see (a view of a
  determinized state equals the view of the real one);
* events (the set-up's too) are JSON, address real seats, share no data with the
  state (they never change later), and a seat outside ``to`` sees exactly what a
  spectator sees;
* illegal actions (garbage text, wrong seats, legal-looking actions with a wrong
  argument, anything after the end) raise :class:`IllegalAction` with a one-line
  reason that does not depend on hidden information, and leave the state unchanged;
* the game ends within a bounded number of decisions with a valid ``Result``;
* records replay with every hash and event reproduced, survive save/load, and
  ``Match.from_record`` continues a game; the same seed and actions give the same
  states, in this process and in another one with a different hash seed;
* a game on the engine's frame stack, saved to JSON and restored in the middle of any
  window, trigger, ability or choice frame, goes on with the same events and hashes;
* with ``uniform_windows=1``, a table asks the same seats, in the same order, whatever
  the hidden cards (whether or not anyone could answer).

Besides the registered games the suite runs over the test games of ``TEST_GAMES``
(``tests/nest_game.py``), which are never registered for users.

A failure names the game, configuration, seed and step; ``reproduce`` replays
the bot's choices up to that step.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import math
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warroom.bots import make as make_bot
from warroom.engine import (
    ALL_SEEING,
    CLOCK_SEAT,
    ConfigError,
    Event,
    Game,
    GameOver,
    IllegalAction,
    Result,
    WarroomError,
    canonical,
    make,
    mix_seed,
    parse,
    registry,
)
from warroom.engine.frames import Frame
from warroom.engine.infoset import choose as choose_for
from warroom.engine.match import Match
from warroom.engine.record import Record, replay

TESTS_DIR = Path(__file__).resolve().parent

# Test games the suite runs over as if they were registered: name -> module defining GAME.
TEST_GAMES: dict[str, str] = {"nest": "tests.nest_game"}


def game_named(name: str) -> Game[Any]:
    """A registered game, or one of the suite's test games."""
    if name in TEST_GAMES and name not in registry.names():
        game: Game[Any] = importlib.import_module(TEST_GAMES[name]).GAME
        return game
    return registry.get(name)


def suite_games() -> list[Game[Any]]:
    """Every game the suite checks: the registered ones, then the test games."""
    return [*registry.all_games(), *(game_named(n) for n in sorted(TEST_GAMES) if n not in registry.names())]


# ----- settings -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Settings:
    """How hard to look. The defaults keep the pytest run to seconds per game."""

    seeds: int = 24  # playouts per game, spread over its configurations
    deep_every: int = 2  # deep checks (clones, JSON, views, determinize) every k decisions
    illegal_every: int = 7  # the illegal-action battery every k decisions
    tries: int = 3  # legal actions applied on clones per deep check (the chosen one included)
    det_seeds: int = 2  # determinizations per seat per deep check
    lookahead: int = 6  # random decisions played on a determinized state, now and then
    max_decisions: int = 20_000  # a game still running after this many decisions has failed

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from ``WARROOM_CONFORMANCE_SEEDS`` and ``WARROOM_CONFORMANCE_DEEP_EVERY``."""
        default = cls()
        seeds = int(os.environ.get("WARROOM_CONFORMANCE_SEEDS", default.seeds))
        deep = int(os.environ.get("WARROOM_CONFORMANCE_DEEP_EVERY", default.deep_every))
        return cls(seeds=seeds, deep_every=max(1, deep))


@dataclass(frozen=True, slots=True)
class Setup:
    """One configuration of one game to run playouts on."""

    game: str
    config: dict[str, Any]
    seeds: tuple[int, ...]
    tag: str = ""  # what else sets this configuration apart (an option), for its label

    @property
    def label(self) -> str:
        variants = "+".join(self.config.get("variants", [])) or "base"
        return f"{self.game}-{self.config['players']}p-{variants}{'-' + self.tag if self.tag else ''}"


# configurations checked besides each player count and each variant once: (players, variants)
EXTRA_SETUPS: dict[str, tuple[tuple[int, tuple[str, ...]], ...]] = {
    "kasl": ((3, ("advanced",)), (4, ("advanced",))),
}


# games whose playouts run at a few representative player counts only (the others are covered
# by their own tests), so that the suite's runtime stays modest
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"ltk": (2, 5, 8, 10)}
# seeds per configuration for games whose playouts are long (``benchmarks/conformance_sweep.py``
# runs many more)
SEEDS_PER_CONFIG: dict[str, int] = {"ltk": 3}


def setups(settings: Settings | None = None) -> list[Setup]:
    """Every game of the suite with each player count it supports, and each variant once.

    A game with the ``uniform_windows`` option also gets it on, at its largest player
    count. A game's seeds are spread over its configurations (at least 4 each), so a
    game with many player counts does not cost many times more than one with one.
    """
    settings = settings or Settings()
    out: list[Setup] = []
    for game in suite_games():
        counts = PLAYER_COUNTS.get(game.name, range(game.min_players, game.max_players + 1))
        configs = [game.configure(n) for n in counts]
        for variant in sorted(game.variants):
            # the first player count the variant accepts
            for n in range(game.min_players, game.max_players + 1):
                try:
                    cfg = game.configure(n, [variant])
                    game.new(cfg, 0)
                except ConfigError:
                    continue
                configs.append(cfg)
                break
        tags = [""] * len(configs)
        for n, variants in EXTRA_SETUPS.get(game.name, ()):
            configs.append(game.configure(n, list(variants)))
            tags.append("")
        if UNIFORM in game.options:
            configs.append(game.configure(game.max_players, (), {UNIFORM: 1}))
            tags.append("uniform")
        per = max(4, math.ceil(settings.seeds / len(configs)))
        per = min(per, SEEDS_PER_CONFIG.get(game.name, per))
        for i, cfg in enumerate(configs):
            seeds = tuple(mix_seed(i, s) % 1_000_000 for s in range(per))
            out.append(Setup(game.name, cfg, seeds, tags[i]))
    return out


UNIFORM = "uniform_windows"  # the rule option of windows that ask every seat

# turn-based games whose playouts are also driven by their heuristic bots, at these player
# counts (the heuristic's lines of play differ from random ones: rules paths random play misses)
BOT_PLAYOUTS: dict[str, tuple[int, ...]] = {"kessen": (2,), "ltk": (5, 8), "kasl": (4,)}


def bot_setups(seeds: int = 3) -> list[Setup]:
    """The configurations of ``BOT_PLAYOUTS``, ``seeds`` seeds each."""
    out = []
    for name, counts in BOT_PLAYOUTS.items():
        game = game_named(name)
        for n in counts:
            out.append(Setup(name, game.configure(n), tuple(mix_seed(0xB07, n * 100 + s) % 1_000_000
                                                           for s in range(seeds)), "bots"))
    return out


# ----- helpers --------------------------------------------------------------------------------
def dumps(data: Any) -> str:
    """JSON text in one canonical form (sorted keys), the unit of comparison here."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def state_text(game: Game[Any], state: Any) -> str:
    return dumps(game.to_json(state))


def json_copy(game: Game[Any], state: Any) -> Any:
    """A state rebuilt from JSON text, as a server or a database would."""
    return game.from_json(json.loads(json.dumps(game.to_json(state))))


class ConformanceError(AssertionError):
    """A broken promise, with where it happened."""


@dataclass(slots=True)
class Where:
    """Where a playout is, for failure messages."""

    game: str
    config: dict[str, Any]
    seed: int
    step: int = 0
    actions: list[tuple[int, str]] = field(default_factory=list)

    def fail(self, message: str) -> ConformanceError:
        last = self.actions[-3:]
        return ConformanceError(
            f"{self.game} players={self.config['players']} variants={self.config.get('variants')} "
            f"seed={self.seed} after {self.step} decisions (last actions {last}): {message} "
            f"[reproduce: conformance.reproduce({self.game!r}, {self.config['players']}, "
            f"{self.seed}, {self.step}, {tuple(self.config.get('variants', ()))!r}, "
            f"{self.config.get('options')!r})]"
        )

    def check(self, condition: bool, message: str | Callable[[], str]) -> None:
        if not condition:
            raise self.fail(message() if callable(message) else message)


def one_line(text: str) -> bool:
    return bool(text) and "\n" not in text and "\r" not in text


def time_for(game: Game[Any], step: int) -> int | None:
    """Real-time games get a clock that moves half a second per decision."""
    return step * 500 if game.realtime else None


def tick(game: Game[Any], state: Any, step: int, match: Match | None = None) -> list[Event]:
    """Real-time games: the clock runs to ``time_for(step)`` before the suite's bot looks, as a
    seat sees the state at the instant it acts (deadlines up to then take effect; with a match
    they are recorded). Turn-based games: nothing."""
    if not game.realtime:
        return []
    t = time_for(game, step)
    assert t is not None
    return match.advance(t) if match is not None else game.advance_time(state, t)


def waiting(game: Game[Any], state: Any) -> bool:
    """A running real-time game in which no seat may act until a deadline (a minimum interval
    between one seat's actions, say): the suite's clock moves on without an action."""
    return (game.realtime and game.result(state) is None and not game.deciders(state)
            and game.next_deadline(state) is not None)


class Chooser:
    """The seeded random bot of the suite: a random deciding seat, a random legal action; with
    ``bots``, seats not numbered 2 mod 3 play the game's heuristic instead, which reaches lines
    of play random moves seldom do (a Borrowed Sword answered while Lianying empties the pile)."""

    def __init__(self, seed: int, bots: Game[Any] | None = None) -> None:
        self.rng = random.Random(mix_seed(seed, 0xC0FFEE))
        self.bot = make_bot(bots.name, "heuristic") if bots is not None else None

    def choose(self, game: Game[Any], state: Any) -> tuple[int, str]:
        deciders = sorted({d.player for d in game.decisions(state)})
        seat = deciders[self.rng.randrange(len(deciders))]
        legal = game.legal_actions(state, seat)
        if self.bot is not None and seat % 3 != 2:
            return seat, choose_for(game, state, seat, self.bot, legal, self.rng)
        return seat, legal[self.rng.randrange(len(legal))]


def trajectory(game: Game[Any], config: dict[str, Any], seed: int,
               max_decisions: int = 20_000) -> list[tuple[int, str, str, int | None]]:
    """(seat, action, state hash, time) for each decision of the suite's bot game from ``seed``."""
    state = game.new(config, seed)
    bot = Chooser(seed)
    out: list[tuple[int, str, str, int | None]] = []
    clock = 0
    while game.result(state) is None and len(out) < max_decisions and clock < 4 * max_decisions:
        tick(game, state, clock)
        clock += 1
        if waiting(game, state) or game.result(state) is not None:
            continue
        seat, action = bot.choose(game, state)
        t = time_for(game, clock - 1)
        game.apply(state, seat, action, t)
        out.append((seat, action, game.hash(state), t))
    return out


def trajectory_digest(game_name: str, players: int, seeds: list[int]) -> str:
    """One digest of several whole trajectories (for the cross-process determinism check)."""
    game = game_named(game_name)
    config = game.configure(players)
    h = hashlib.sha256()
    for seed in seeds:
        h.update(game.hash(game.new(config, seed)).encode())
        for seat, action, digest, t in trajectory(game, config, seed):
            h.update(f"{seat}|{action}|{digest}|{t};".encode())
    return h.hexdigest()


def reproduce(game_name: str, players: int, seed: int, step: int,
              variants: tuple[str, ...] = (),
              options: dict[str, Any] | None = None) -> tuple[Any, list[tuple[int, str]]]:
    """The state after ``step`` decisions of a suite playout, and the actions that led there."""
    game = game_named(game_name)
    config = game.configure(players, variants, options)
    state = game.new(config, seed)
    bot = Chooser(seed)
    actions: list[tuple[int, str]] = []
    clock = 0
    while len(actions) < step:
        tick(game, state, clock)
        clock += 1
        if waiting(game, state):
            continue
        seat, action = bot.choose(game, state)
        game.apply(state, seat, action, time_for(game, clock - 1))
        actions.append((seat, action))
    return state, actions


# ----- game-specific probes of hidden information ------------------------------------------------
@dataclass(frozen=True, slots=True)
class Probe:
    """What a seat cannot see (must change under re-dealing) and what must be kept."""

    hidden: Callable[[Any, int], dict[str, Any]]
    kept: Callable[[Any, int], Any]


def _kessen_probe() -> Probe:
    def hidden(state: Any, seat: int) -> dict[str, Any]:
        opp, me = state.sides[1 - seat], state.sides[seat]
        return {
            "opponent leader hand": sorted(opp.leaders),
            "opponent recruit hand": sorted(opp.recruits),
            "opponent action hand": sorted(opp.actions),
            "recruit deck order": list(state.recruit_deck),
            "action deck order": list(state.action_deck),
            "own leader deck order": list(me.leader_deck),
            "rng": state.rng.state,
        }

    def kept(state: Any, seat: int) -> Any:
        me = state.sides[seat]
        sizes = [
            (len(s.leaders), len(s.recruits), len(s.actions), len(s.leader_deck))
            for s in state.sides
        ]
        return (sizes, len(state.recruit_deck), len(state.action_deck),
                sorted(me.leaders), sorted(me.recruits), sorted(me.actions))

    return Probe(hidden, kept)


def _ltk_probe() -> Probe:
    def hidden(state: Any, seat: int) -> dict[str, Any]:
        others = [i for i in range(len(state.seats)) if i != seat]
        return {
            "other hands": [sorted(c for c in state.seats[i].hand if c not in state.seats[i].known)
                            for i in others if state.seats[i].hand],
            # roles can only be re-dealt among seats whose roles are not all the same
            "hidden roles": roles if len(set(roles := [state.seats[i].role for i in others
                                                       if not state.seats[i].revealed])) > 1 else [],
            "draw pile order": list(state.draw),
            "rng": state.rng.state,
        }

    def kept(state: Any, seat: int) -> Any:
        me = state.seats[seat]
        return ([(len(s.hand), sorted(s.known), s.general, s.hp, s.equip) for s in state.seats],
                len(state.draw), sorted(me.hand), me.role, sorted(me.offers), me.pick,
                sorted(s.role for s in state.seats))

    return Probe(hidden, kept)


# A game listed here gets its hidden parts checked one by one; any other game gets
# the generic check (some determinization differs from the real state).
PROBES: dict[str, Callable[[], Probe]] = {"kessen": _kessen_probe, "ltk": _ltk_probe}
# Games without hidden information or chance (none yet) are exempt from re-dealing.
PERFECT_INFORMATION: frozenset[str] = frozenset()


# ----- the playout with every per-step check ----------------------------------------------------
@dataclass(slots=True)
class Stats:
    """What one checked playout saw."""

    decisions: int = 0
    deep_checks: int = 0
    illegal_tried: int = 0
    redealt: bool = False
    changed: set[str] = field(default_factory=set)  # probe parts that changed at least once
    probe_parts: set[str] = field(default_factory=set)
    simultaneous: int = 0  # decisions taken at once by several seats, checked
    result: Result | None = None


def check_playout(game: Game[Any], config: dict[str, Any], seed: int,
                  settings: Settings | None = None, bots: bool = False) -> Stats:
    """Play one seeded random game (``bots``: mostly the heuristic's), checking every promise
    along the way."""
    settings = settings or Settings()
    where = Where(game.name, config, seed)
    players = int(config["players"])
    seats = list(range(players))
    probe = PROBES[game.name]() if game.name in PROBES else None
    rng = random.Random(mix_seed(seed, 0xBEEF))  # for the checks' own choices
    bot = Chooser(seed, game if bots else None)
    stats = Stats()

    state, setup = game.start(config, seed)
    check_new(game, config, seed, state, setup, where)
    history = [(setup, dumps([e.visible_to(ALL_SEEING) for e in setup]))]
    clock = 0  # real-time games: the suite's clock, one tick per loop (see ``tick``)
    while True:
        if game.realtime:
            ticked = tick(game, state, clock)
            if ticked:
                check_events(game, ticked, seats, where)
                history.append((ticked, dumps([e.visible_to(ALL_SEEING) for e in ticked])))
            clock += 1
            if waiting(game, state):
                where.check(clock < 4 * settings.max_decisions, "the clock runs but nobody ever acts")
                continue
        res = game.result(state)
        pending = game.decisions(state)
        check_decisions(game, state, res, pending, seats, where)
        if res is not None:
            break
        where.check(stats.decisions < settings.max_decisions,
                    f"no result after {settings.max_decisions} decisions")
        legal = {s: game.legal_actions(state, s) for s in seats}
        check_legal(game, state, pending, legal, seats, where)
        if len(pending) > 1 and game.simultaneous(state):
            check_simultaneous(game, state, [d.player for d in pending], legal, rng, where)
            stats.simultaneous += 1
        seat, action = bot.choose(game, state)
        t = time_for(game, clock - 1)
        deep = (stats.decisions + seed) % settings.deep_every == 0  # seeds differ in phase
        expected: tuple[dict[str, Any], list[Event]] | None = None
        if deep:
            stats.deep_checks += 1
            check_json(game, state, legal, seats, where)
            check_views(game, state, seats, where)
            expected = check_clone_apply(game, state, seat, action, legal[seat], t, rng,
                                         settings, where)
            check_determinize(game, state, seats, rng, settings, probe, stats, where)
        if (stats.decisions + seed) % settings.illegal_every == 0:
            stats.illegal_tried += check_illegal(game, state, pending, legal, seats, rng, where, t)
        events = game.apply(state, seat, action, t)
        check_events(game, events, seats, where)
        history.append((events, dumps([e.visible_to(ALL_SEEING) for e in events])))
        if expected is not None:
            where.check(game.to_json(state) == expected[0],
                        f"applying {action!r} to the state and to a clone gave different states")
            where.check(events == expected[1],
                        f"applying {action!r} to the state and to a clone gave different events")
        stats.decisions += 1
        where.step = stats.decisions
        where.actions.append((seat, action))

    assert res is not None
    # events are values: none of them may share a list with the state and change later
    for i, (events, text) in enumerate(history):
        where.check(dumps([e.visible_to(ALL_SEEING) for e in events]) == text,
                    f"the events of {f'decision {i}' if i else 'the set-up'} changed later "
                    f"(they share data with the state)")
    check_result(game, state, res, seats, where)
    check_after_end(game, state, seats, where)
    stats.result = res
    if probe is None:
        where.check(game.name in PERFECT_INFORMATION or stats.redealt or stats.deep_checks == 0,
                    "determinize never changed anything: hidden cards are not re-dealt")
    else:
        missing = sorted(stats.probe_parts - stats.changed)
        where.check(not missing or stats.deep_checks == 0,
                    f"determinize never re-dealt: {', '.join(missing)}")
    return stats


def check_new(game: Game[Any], config: dict[str, Any], seed: int, state: Any,
              setup: list[Event], where: Where) -> None:
    again, events = game.start(config, seed)
    where.check(state_text(game, again) == state_text(game, state) and events == setup,
                "start(config, seed) is not a function of config and seed")
    where.check(state_text(game, game.new(config, seed)) == state_text(game, state),
                "start(config, seed) and new(config, seed) set up different states")
    check_events(game, setup, list(range(int(config["players"]))), where)
    where.check(len(game.seat_names(config)) == config["players"],
                "seat_names does not name every seat")


def check_decisions(game: Game[Any], state: Any, res: Result | None, pending: list[Any],
                    seats: list[int], where: Where) -> None:
    if res is not None:
        where.check(pending == [], f"decisions {pending} open after the result {res}")
        where.check(game.deciders(state) == [], f"deciders open after the result {res}")
        return
    where.check(bool(pending), "no decisions while the game has no result")
    players = [d.player for d in pending]
    where.check(game.deciders(state) == players,
                f"deciders {game.deciders(state)} are not the seats of decisions {players}")
    where.check(len(set(players)) == len(players), f"a seat is asked twice: {pending}")
    for d in pending:
        where.check(d.player in seats, f"decision for a seat that does not exist: {d}")
        where.check(isinstance(d.kind, str) and bool(d.kind), f"decision without a kind: {d}")
        where.check(isinstance(d.prompt, str) and one_line(d.prompt), f"bad prompt: {d}")


def check_legal(game: Game[Any], state: Any, pending: list[Any], legal: dict[int, list[str]],
                seats: list[int], where: Where) -> None:
    deciders = {d.player for d in pending}
    for seat in seats:
        acts = legal[seat]
        if seat not in deciders:
            where.check(acts == [], f"seat {seat} has no decision but legal actions {acts[:5]}")
            continue
        where.check(bool(acts), f"deciding seat {seat} has no legal actions")
        where.check(len(set(acts)) == len(acts), f"duplicate legal actions for seat {seat}")
        where.check(game.legal_actions(state, seat) == acts,
                    f"legal_actions for seat {seat} changed between two calls")
        for a in acts:
            where.check(isinstance(a, str) and canonical(a) == a,
                        f"legal action {a!r} is not canonical text")
            text = game.describe(state, seat, a)
            where.check(isinstance(text, str) and one_line(text),
                        f"describe({a!r}) is not one line of text: {text!r}")


def check_simultaneous(game: Game[Any], state: Any, deciding: list[int], legal: dict[int, list[str]],
                       rng: random.Random, where: Where) -> None:
    """Seats deciding at once (``Game.simultaneous``): one seat's answer shows in no view and
    changes nobody's legal actions, and the order in which the answers arrive changes nothing."""
    first, rest = deciding[0], deciding[1:]
    seen: dict[str, str] = {}
    for action in rng.sample(legal[first], min(3, len(legal[first]))):
        copy = game.clone(state)
        game.apply(copy, first, action, None)
        where.check(game.deciders(copy) == rest,
                    f"after seat {first}'s answer {action!r} the seats deciding at once are "
                    f"{game.deciders(copy)}, not {rest}")
        for seat in [*rest, None]:
            shown = dumps([game.view(copy, seat), game.legal_actions(copy, seat) if seat is not None else []])
            earlier = seen.setdefault(str(seat), shown)
            where.check(shown == earlier, f"seat {seat} can tell which answer seat {first}, deciding "
                                          f"at the same time, gave (its view or legal actions differ)")
        for seat in rest:
            where.check(game.legal_actions(copy, seat) == legal[seat],
                        f"seat {first}'s answer {action!r} changed seat {seat}'s legal actions")
    answers = {seat: rng.choice(legal[seat]) for seat in deciding}
    ends = set()
    for order in (deciding, deciding[::-1], rng.sample(deciding, len(deciding))):
        copy = game.clone(state)
        for seat in order:
            game.apply(copy, seat, answers[seat], None)
        ends.add(state_text(game, copy))
    where.check(len(ends) == 1, f"seats {deciding} decide at once, but the order in which their "
                                f"answers {answers} arrive changes the state")


def check_json(game: Game[Any], state: Any, legal: dict[int, list[str]], seats: list[int],
               where: Where) -> None:
    text = state_text(game, state)
    copy = game.from_json(json.loads(text))
    where.check(state_text(game, copy) == text, "from_json(to_json(state)) is not the same state")
    where.check(game.hash(copy) == game.hash(state), "a JSON copy hashes differently")
    clone = game.clone(state)
    where.check(game.to_json(clone) == game.to_json(state), "clone(state) is not the same state")
    for seat in seats:
        where.check(game.legal_actions(copy, seat) == legal[seat],
                    f"a JSON copy has other legal actions (or another order) for seat {seat}")
        where.check(game.legal_actions(clone, seat) == legal[seat],
                    f"a clone has other legal actions (or another order) for seat {seat}")
    where.check([tuple(d) for d in game.decisions(copy)] == [tuple(d) for d in game.decisions(state)],
                "a JSON copy has other decisions")


def check_views(game: Game[Any], state: Any, seats: list[int], where: Where) -> None:
    copy = json_copy(game, state)
    for seat in [*seats, None]:
        view = game.view(state, seat)
        where.check(isinstance(view, dict), f"view for {seat} is not a dict")
        try:
            text = json.dumps(view)
        except (TypeError, ValueError) as err:
            raise where.fail(f"view for {seat} is not JSON: {err}") from None
        where.check(json.loads(text) == view, f"view for {seat} changes through JSON")
        where.check(game.view(copy, seat) == view,
                    f"view for {seat} depends on more than the state's data")


def check_clone_apply(game: Game[Any], state: Any, seat: int, action: str, legal: list[str],
                      t: int | None, rng: random.Random, settings: Settings,
                      where: Where) -> tuple[dict[str, Any], list[Event]]:
    """Apply the chosen action and a few others on clones; return what the chosen one gave."""
    # text, so that a to_json that hands out live lists cannot hide a change
    before = state_text(game, state)
    snap = game.to_json(state)
    others = [a for a in legal if a != action]
    tried = [action, *rng.sample(others, min(len(others), settings.tries - 1))]
    expected: tuple[dict[str, Any], list[Event]] | None = None
    for a in tried:
        clone = game.clone(state)
        try:
            events = game.apply(clone, seat, a, t)
        except WarroomError as err:
            raise where.fail(f"legal action {a!r} of seat {seat} raised {err!r}") from None
        where.check(game.to_json(state) == snap, f"applying {a!r} to a clone changed the original")
        copy = json_copy(game, state)
        copy_events = game.apply(copy, seat, a, t)
        after = game.to_json(clone)
        where.check(game.to_json(copy) == after,
                    f"{a!r} on a clone and on a JSON copy gave different states")
        where.check(copy_events == events,
                    f"{a!r} on a clone and on a JSON copy gave different events")
        trusted = game.clone(state)
        game.apply_trusted(trusted, seat, a, t)
        where.check(game.to_json(trusted) == after,
                    f"apply_trusted({a!r}) and apply gave different states")
        if a == action:
            expected = (after, events)
    where.check(state_text(game, state) == before,
                f"applying one of {tried} to a clone changed the original")
    assert expected is not None
    return expected


def check_determinize(game: Game[Any], state: Any, seats: list[int], rng: random.Random,
                      settings: Settings, probe: Probe | None, stats: Stats,
                      where: Where) -> None:
    before = state_text(game, state)
    real = game.to_json(state)
    spectator = game.view(state, None)
    who = [(d.player, d.kind) for d in game.decisions(state)]
    for seat in seats:
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        real_hidden = probe.hidden(state, seat) if probe is not None else None
        kept = probe.kept(state, seat) if probe is not None else None
        for i in range(settings.det_seeds):
            s = rng.randrange(1 << 62)
            det = game.determinize(state, seat, s)
            det_json = game.to_json(det)
            if i == 0:
                where.check(det_json == game.to_json(game.determinize(state, seat, s)),
                            f"determinize(state, {seat}, {s}) is not a function of its seed")
                text = dumps(det_json)
                where.check(state_text(game, game.from_json(json.loads(text))) == text,
                            "a determinized state does not round-trip through JSON")
            where.check(game.view(det, seat) == view,
                        lambda seat=seat, det=det: (
                            f"seat {seat}'s view differs after determinize: the view depends on "
                            f"hidden information ({_first_difference(game.view(state, seat), game.view(det, seat))})"
                        ))
            where.check(game.view(det, None) == spectator,
                        lambda seat=seat, det=det: (
                            f"the spectator's view differs after determinizing for seat {seat}: "
                            f"it depends on hidden information "
                            f"({_first_difference(game.view(state, None), game.view(det, None))})"
                        ))
            where.check(game.legal_actions(det, seat) == legal,
                        f"seat {seat}'s legal actions differ after determinize")
            where.check([(d.player, d.kind) for d in game.decisions(det)] == who,
                        "who decides differs after determinize")
            where.check(game.result(det) is None, "a determinized running game has a result")
            if det_json != real:
                stats.redealt = True
            if probe is not None:
                assert real_hidden is not None
                where.check(probe.kept(det, seat) == kept,
                            f"determinize for seat {seat} changed what that seat knows or a size")
                hidden = probe.hidden(det, seat)
                # a part can only be re-dealt when there is something in it
                stats.probe_parts.update(k for k, v in real_hidden.items() if v != [])
                stats.changed.update(k for k, v in hidden.items() if v != real_hidden[k])
        if rng.random() < 0.2:
            _play_on(game, game.determinize(state, seat, rng.randrange(1 << 62)), rng,
                     settings.lookahead, where)
    where.check(state_text(game, state) == before, "determinize changed the real state")


def _play_on(game: Game[Any], state: Any, rng: random.Random, n: int, where: Where) -> None:
    """A search bot plays on from a determinized state: it must be a playable game."""
    for i in range(n):
        tick(game, state, where.step + i)
        if game.result(state) is not None:
            return
        if waiting(game, state):
            continue
        pending = game.decisions(state)
        where.check(bool(pending), "a determinized state has no decisions and no result")
        seat = pending[rng.randrange(len(pending))].player
        legal = game.legal_actions(state, seat)
        where.check(bool(legal), "a determinized state's deciding seat has no legal actions")
        action = legal[rng.randrange(len(legal))]
        try:
            game.apply(state, seat, action, time_for(game, where.step + i))
        except WarroomError as err:
            raise where.fail(f"on a determinized state, {action!r} raised {err!r}") from None


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """The first place two JSON values differ, for readable failures."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}")
        return path or "(equal)"
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
        return path or "(equal)"
    return f"{path}: {a!r} vs {b!r}"


def check_events(game: Game[Any], events: list[Event], seats: list[int], where: Where) -> None:
    for e in events:
        where.check(isinstance(e, Event), f"apply returned {e!r}, not an Event")
        where.check(isinstance(e.kind, str) and bool(e.kind), f"event without a kind: {e}")
        try:
            dumps(e.data)
            dumps(e.secret)
        except (TypeError, ValueError) as err:
            raise where.fail(f"event {e.kind} is not JSON: {err}") from None
        where.check("kind" not in e.data, f"event {e.kind}'s data hides its kind: {e}")
        where.check(all(s in seats for s in e.to), f"event {e.kind} is addressed to no seat: {e.to}")
        if e.secret is not None:
            where.check(bool(e.to), f"event {e.kind} has a secret that nobody may see")
            where.check(not set(e.secret) & {"kind", *e.data},
                        f"event {e.kind}'s secret shares keys with its public data")
        public = e.visible_to(None)
        for seat in seats:
            seen = e.visible_to(seat)
            if seat in e.to:
                where.check(seen == {**public, **(e.secret or {})},
                            f"seat {seat} does not see the secret addressed to it in {e.kind}")
            else:
                where.check(seen == public,
                            f"seat {seat} sees more of event {e.kind} than a spectator: {seen}")
        where.check(e.visible_to(ALL_SEEING) == {**public, **(e.secret or {})},
                    f"the all-seeing log misses part of event {e.kind}")


def illegal_attempts(game: Game[Any], state: Any, pending: list[Any],
                     legal: dict[int, list[str]], seats: list[int],
                     rng: random.Random) -> Iterator[tuple[int, Any, str]]:
    """(seat, action, what it is) for actions that must be refused in this state."""
    deciders = sorted({d.player for d in pending})
    seat = deciders[0]
    acts = legal[seat]
    known = set(acts)
    for text in ("", "   ", "!!!", "=x", "play card", "key=value", "frobnicate-xyzzy",
                 "pass pass", "play card=1 card=2", "\n", "\x00"):
        if text not in known:
            yield seat, text, "garbage text"
    yield seat, None, "not text"
    yield seat, 42, "not text"
    first = acts[0]
    if first + " extra=1" not in known:
        yield seat, first + " extra=1", "an extra argument"
    for a in rng.sample(acts, min(3, len(acts))):
        verb, args = parse(a)
        for key, value in args.items():
            bad_values = ["999999", "-1", "x", str(rng.randrange(64)), str(rng.randrange(400))]
            if value.isdigit():  # the ids next to a legal one: often the same card elsewhere
                bad_values += [str(int(value) + 1), str(int(value) - 1)]
            for bad in bad_values:
                wrong = make(verb, **{**args, key: bad})
                if wrong not in known:
                    yield seat, wrong, f"{key}={bad}: a wrong argument"
    for other in seats:
        if other not in deciders:
            yield other, first, "a legal action of another seat"
    for other in (len(seats), -1, 99):
        yield other, first, "a seat that does not exist"


def check_illegal(game: Game[Any], state: Any, pending: list[Any], legal: dict[int, list[str]],
                  seats: list[int], rng: random.Random, where: Where, t: int | None = None) -> int:
    before = state_text(game, state)
    # a reason must not tell a seat what it cannot see: the same refusal in a world
    # re-dealt for that seat gives the same words
    worlds = {s: game.determinize(state, s, rng.randrange(1 << 62)) for s in seats}
    n = 0
    for seat, action, what in illegal_attempts(game, state, pending, legal, seats, rng):
        n += 1
        reason = expect_refused(game, state, seat, action, what, before, where, t=t)
        for s in seats:
            where.check(game.legal_actions(state, s) == legal[s],
                        f"refusing {action!r} changed seat {s}'s legal actions")
        if seat in worlds:
            world = worlds[seat]
            other = expect_refused(game, world, seat, action, what, state_text(game, world), where, t=t)
            where.check(other == reason,
                        f"the reason for refusing {action!r} to seat {seat} depends on hidden "
                        f"information: {reason!r} here, {other!r} in a re-dealt world")
    return n


def expect_refused(game: Game[Any], state: Any, seat: int, action: Any, what: str,
                   before: str, where: Where, kind: type[IllegalAction] = IllegalAction,
                   t: int | None = None) -> str:
    """Apply an action that must be refused with ``kind``; return the reason given.

    ``t`` is the time of a real-time game's attempt (the state's own instant: nothing moves)."""
    try:
        game.apply(state, seat, action, t)
    except kind as err:
        reason = str(err)
        where.check(one_line(reason),
                    f"refusing {action!r} ({what}) gave a reason that is not one line: {reason!r}")
    except Exception as err:
        raise where.fail(
            f"{action!r} by seat {seat} ({what}) raised {type(err).__name__}: {err} "
            f"instead of {kind.__name__}"
        ) from None
    else:
        raise where.fail(f"{action!r} by seat {seat} ({what}) was accepted")
    where.check(state_text(game, state) == before,
                f"refusing {action!r} by seat {seat} ({what}) changed the state")
    return reason


def check_result(game: Game[Any], state: Any, res: Result, seats: list[int],
                 where: Where) -> None:
    where.check(isinstance(res, Result), f"result is {res!r}, not a Result")
    where.check(set(res.winners) <= set(seats) and len(set(res.winners)) == len(res.winners),
                f"winners {res.winners} are not distinct seats")
    where.check(isinstance(res.reason, str) and one_line(res.reason),
                f"result reason {res.reason!r} is not one line")
    try:
        dumps(res.to_json())
    except (TypeError, ValueError) as err:
        raise where.fail(f"result is not JSON: {err}") from None
    where.check(Result.from_json(json.loads(dumps(res.to_json()))) == res,
                "result does not round-trip through JSON")
    copy = json_copy(game, state)
    where.check(game.result(copy) == res, "a JSON copy of a finished game has another result")


def check_after_end(game: Game[Any], state: Any, seats: list[int], where: Where) -> None:
    before = state_text(game, state)
    for seat in seats:
        where.check(game.legal_actions(state, seat) == [],
                    f"seat {seat} has legal actions after the end")
        where.check(isinstance(game.view(state, seat), dict), "no view after the end")
    last = where.actions[-1][1] if where.actions else "pass"
    for seat in seats:
        for action in (last, "pass", "!!!"):
            expect_refused(game, state, seat, action, "after the end", before, where, GameOver)


# ----- records, replay, determinism -------------------------------------------------------------
def recorded_game(game: Game[Any], config: dict[str, Any], seed: int,
                  max_decisions: int = 20_000) -> tuple[Match, list[str], list[list[Event]]]:
    """A recorded bot game with each state's JSON text (set-up first) and each step's events."""
    match = Match(game, config, seed, ["conformance"] * int(config["players"]))
    bot = Chooser(seed)
    states = [state_text(game, match.state)]
    events: list[list[Event]] = [list(match.events)]  # the set-up's events
    clock = 0
    while game.result(match.state) is None and len(events) <= max_decisions:
        steps = len(match.record.steps)
        ticked = tick(game, match.state, clock, match)
        clock += 1
        if len(match.record.steps) > steps:  # a deadline changed the state: recorded as a wait
            events.append(ticked)
            states.append(state_text(game, match.state))
        if waiting(game, match.state) or game.result(match.state) is not None:
            continue
        seat, action = bot.choose(game, match.state)
        events.append(match.act(seat, action, time_for(game, clock - 1)))
        states.append(state_text(game, match.state))
    return match, states, events


@contextlib.contextmanager
def registered(game_name: str) -> Iterator[None]:
    """Register a test game for the duration (records name their game; replay looks it up)."""
    if game_name not in TEST_GAMES or game_name in registry.names():
        yield
        return
    registry.register(game_name, TEST_GAMES[game_name])
    try:
        yield
    finally:
        registry.unregister(game_name)


def check_replay(game: Game[Any], config: dict[str, Any], seed: int) -> int:
    """Records replay exactly, survive files, and resume mid-game; returns the decisions."""
    with registered(game.name):
        return _check_replay(game, config, seed)


def _check_replay(game: Game[Any], config: dict[str, Any], seed: int) -> int:
    where = Where(game.name, config, seed)
    match, states, events = recorded_game(game, config, seed)
    res = match.result()
    where.check(res is not None and match.record.result == res.to_json(),
                "the record of a finished game does not carry its result")
    data = json.loads(json.dumps(match.record.to_json()))
    record = Record.from_json(data)
    seen = 0
    for step in replay(record, verify=True):
        where.step = step.index
        where.check(state_text(game, step.state) == states[step.index],
                    f"replay gives another state after action {step.index}")
        where.check(step.events == events[step.index],
                    f"replay gives other events for action {step.index}")
        seen += 1
    where.check(seen == len(states), "replay did not reach the end of the record")
    for seat in [*range(int(config["players"])), None, ALL_SEEING]:
        where.check(match.log(seat) == [e.visible_to(seat) for step in events for e in step],
                    f"the match log for {seat} is not its events")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        match.record.save(path)
        loaded = Record.load(path)
        where.check(dumps(loaded.to_json()) == dumps(match.record.to_json()),
                    "a saved record loads differently")

    # resume halfway, then play the rest of the recorded actions
    half = len(record.steps) // 2
    partial = Record(record.game, record.rules_version, record.config, record.seed,
                     record.seats, record.steps[:half], None)
    resumed = Match.from_record(partial)
    where.check(state_text(game, resumed.state) == states[half],
                f"Match.from_record after {half} actions gives another state")
    where.check(resumed.result() is None or half == len(record.steps),
                "a resumed unfinished match has a result")
    for i, step in enumerate(record.steps[half:], start=half):
        if step.seat == CLOCK_SEAT and step.t is not None:
            resumed.advance(step.t)  # a recorded passage of time
        else:
            resumed.act(step.seat, step.action, step.t)
        where.step = i + 1
        where.check(resumed.record.steps[-1].hash == step.hash,
                    f"the resumed match's hash after action {i + 1} differs from the record's")
    where.check(resumed.record.result == match.record.result,
                "the resumed match ends with another result")
    where.check(dumps(resumed.record.to_json()) == dumps(match.record.to_json()),
                "the resumed match's record differs from the original")
    return len(record.steps)


def check_determinism(game: Game[Any], config: dict[str, Any], seed: int) -> None:
    """The same seed and the same actions give the same states and events."""
    where = Where(game.name, config, seed)
    first = trajectory(game, config, seed)
    where.check(trajectory(game, config, seed) == first, "the same seed gave another game")
    # the same actions from the same seed, applied to a fresh state and to JSON copies
    a = game.new(config, seed)
    b = game.new(config, seed)
    for i, (seat, action, digest, t) in enumerate(first):
        where.step = i
        ea = game.apply(a, seat, action, t)
        b = json_copy(game, b)
        eb = game.apply(b, seat, action, t)
        where.check(game.hash(a) == digest == game.hash(b),
                    f"replaying {action!r} gave another state")
        where.check(ea == eb, f"replaying {action!r} gave other events")


def cross_process_digest(game_name: str, players: int, seeds: list[int], hash_seed: int) -> str:
    """``trajectory_digest`` computed in a fresh interpreter with ``PYTHONHASHSEED``."""
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from tests import conformance; "
        "print(conformance.trajectory_digest(sys.argv[2], int(sys.argv[3]), "
        "[int(s) for s in sys.argv[4:]]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(TESTS_DIR.parent), game_name, str(players), *map(str, seeds)],
        env=env, capture_output=True, text=True, timeout=300, check=True,
    )
    return out.stdout.strip()


# ----- nested resolution: save and restore mid-frame; uniform windows ------------------------------
# the engine's frame kinds that wait on seats in the middle of a chain
RESTORED_KINDS = frozenset({"window", "trigger", "ability", "select"})


def engine_frames(state: Any) -> list[Frame]:
    """The state's frame stack if it is the engine's (``state.frames`` of ``Frame``), else empty."""
    frames = getattr(state, "frames", None)
    if isinstance(frames, list) and all(isinstance(f, Frame) for f in frames):
        return frames
    return []


@dataclass(slots=True)
class RestoreStats:
    """Where ``check_restore_in_frames`` saved and restored."""

    restores: int = 0
    kinds: set[str] = field(default_factory=set)  # frame kinds it restored in the middle of
    deepest: int = 0  # most windows on the stack at one restore


def check_restore_in_frames(game: Game[Any], config: dict[str, Any], seed: int) -> RestoreStats:
    """Save and restore (JSON text) in the middle of every window, trigger, ability and choice frame.

    A suite playout is played once, keeping each decision's state text, action, events and
    hash. Then at every decision where such a frame is on the stack, the state is rebuilt
    from its JSON text and the recorded actions are applied to the copy until the lowest of
    those frames has resolved: every event and every hash must be the recorded ones.
    """
    where = Where(game.name, config, seed)
    state = game.new(config, seed)
    bot = Chooser(seed)
    texts: list[str] = []
    moves: list[tuple[int, str, int | None]] = []
    logs: list[str] = []
    hashes: list[str] = []
    stacks: list[list[Frame]] = []  # the live frames at each decision (identity tells one from another)
    # real-time games: the suite's clock runs as in ``check_playout``; the instants it ran to
    # since the previous decision are kept, so that a restored copy lets time run the same way
    ticks: list[list[int]] = []
    clock = 0
    pending_ticks: list[int] = []
    while game.result(state) is None and len(moves) < 20_000:
        if game.realtime:
            t_tick = time_for(game, clock)
            assert t_tick is not None
            game.advance_time(state, t_tick)
            pending_ticks.append(t_tick)
            clock += 1
            if waiting(game, state) or game.result(state) is not None:
                continue
        frames = engine_frames(state)
        stacks.append(frames[:])
        ticks.append(pending_ticks)
        pending_ticks = []
        texts.append(state_text(game, state))
        seat, action = bot.choose(game, state)
        t = time_for(game, clock - 1) if game.realtime else None
        events = game.apply(state, seat, action, t)
        moves.append((seat, action, t))
        logs.append(dumps([e.visible_to(ALL_SEEING) for e in events]))
        hashes.append(game.hash(state))
    stats = RestoreStats()
    for i, stack in enumerate(stacks):
        watched = [f for f in stack if f.kind in RESTORED_KINDS]
        if not watched:
            continue
        lowest = watched[0]
        end = next((k for k in range(i + 1, len(stacks)) if not any(f is lowest for f in stacks[k])),
                   len(stacks))
        copy = game.from_json(json.loads(texts[i]))
        where.step = i
        where.check(state_text(game, copy) == texts[i], "a state restored mid-frame is not the same state")
        for k in range(i, end):
            seat, action, t = moves[k]
            for instant in ticks[k] if k > i else ():
                game.advance_time(copy, instant)
            events = game.apply(copy, seat, action, t)
            where.check(dumps([e.visible_to(ALL_SEEING) for e in events]) == logs[k],
                        f"restored in a {lowest.kind} frame at decision {i}, {action!r} at decision {k} "
                        f"gave other events")
            where.check(game.hash(copy) == hashes[k],
                        f"restored in a {lowest.kind} frame at decision {i}, the state after decision {k} differs")
        stats.restores += 1
        stats.kinds.update(f.kind for f in watched)
        stats.deepest = max(stats.deepest, sum(f.kind == "window" for f in stack))
    return stats


def window_asks(game: Game[Any], state: Any) -> list[tuple[int, str]]:
    """(seat, decision kind) of every ask of the window on top of the stack, everyone passing.

    Only that window's asks: what follows it may rightly depend on hidden cards (a judgement
    drawn from the deck), whatever the windows do.
    """
    window = engine_frames(state)[-1]
    asked: list[tuple[int, str]] = []
    while game.result(state) is None and any(f is window for f in engine_frames(state)):
        seat, kind = next((d.player, d.kind) for d in game.decisions(state))
        asked.append((seat, kind))
        if "pass" not in game.legal_actions(state, seat):
            break
        game.apply(state, seat, "pass")
    return asked


def check_uniform_windows(game: Game[Any], config: dict[str, Any], seed: int,
                          worlds: int = 3) -> tuple[int, int]:
    """Compare who windows ask in the real deal and in re-dealt ones, everyone passing.

    At every decision of a suite playout where an engine ``window`` frame waits, that window
    is played out with every seat passing, in the real state and in states determinized for
    another seat (so the deciding seat's hand, and whether it could answer, is re-dealt).
    Returns (window decisions checked, how many of them asked other seats in some re-dealt
    world). With ``uniform_windows`` on
    the second number must be 0 (checked here); without it a game that skips seats that
    cannot answer shows differences.
    """
    where = Where(game.name, config, seed)
    uniform = bool(int(config.get("options", {}).get(UNIFORM, 0)))
    rng = random.Random(mix_seed(seed, 0x5EA7))
    state = game.new(config, seed)
    bot = Chooser(seed)
    players = int(config["players"])
    checked = differing = 0
    while game.result(state) is None and where.step < 20_000:
        pending = game.decisions(state)
        frames = engine_frames(state)
        if frames and frames[-1].kind == "window" and frames[-1].seat == pending[0].player:
            checked += 1
            real = window_asks(game, game.clone(state))
            other = (pending[0].player + 1) % players
            for _ in range(worlds):
                seen = window_asks(game, game.determinize(state, other, rng.randrange(1 << 62)))
                if seen != real:
                    where.check(not uniform,
                                f"a uniform window asked {seen} in a re-dealt world, {real} in the real one")
                    differing += 1
                    break
        seat, action = bot.choose(game, state)
        game.apply(state, seat, action, time_for(game, where.step))
        where.step += 1
        where.actions.append((seat, action))
    return checked, differing
