"""Real-time play on a simulated clock: reaction models and the discrete-event runner.

A real-time game (``Dynamics.REALTIME``) has no turns: every seat with a decision may act at
any instant, and what is legal may depend on the time. People do not act the instant something
happens; they perceive, decide and move. :func:`play_realtime` plays such a game between bots on
a clock in simulated milliseconds, so that a simulation is deterministic for its seed and runs
far faster than real time.

The life of one seat in the runner::

    perceive at t ──► bot.choose(view at t, legal at t) ──► action lands at t + delay
         ▲                   │ None ("nothing now")                 │ game.apply (full checks)
         │                   ▼                                      ▼
         └──── the state changes (an action, a deadline) or idle_ms pass ◄── accepted or refused

- A seat **perceives** at ``t``: it sees ``game.view`` and ``game.legal_actions(state, seat, t)``
  of the state as it is at ``t``. Its bot chooses at once (thinking time is part of the delay).
- The chosen action **lands** at ``t + delay``, ``delay`` drawn from the seat's
  :class:`ReactionModel`. It is checked again then, through ``game.apply`` with every check, and
  may fail because the state moved on meanwhile (the other seat acted first, a deadline passed),
  as a person's would. A failed action is counted and the seat perceives again at once.
- While its action is in flight a seat perceives nothing new (its hands are busy).
- A bot's ``choose`` may return ``None``: nothing now. The seat perceives again when the state
  next changes (an accepted action or a deadline that did something) or after ``idle_ms``,
  whichever is first. A seat without a decision (or without legal actions) waits for the next
  change.
- A seat is asked only when it may act: the game's ``next_chance(state, seat, t)`` hint says
  when that is (at once, at the end of a minimum interval, or not before the state changes), and
  the seat's look is queued for then; a refused action changes nothing for the other seats.
- Deadlines come from ``game.next_deadline``; at each one the clock is advanced
  (``Match.advance``, or ``game.advance_time`` without a record). If it did something, every
  waiting seat looks again; if only legality moved, a seat with a look queued keeps it (what it
  sees is unchanged) and a seat waiting with none looks whether it may act now.
- Between bots only (``play_realtime``), the runner wakes at ``game.next_state_change(state)``,
  the instants at which the state changes by itself (by default every ``next_deadline``; a game
  may name fewer, an attack timing out but not a minimum interval ending, only if its
  ``next_chance`` is exact, so that every seat's look already waits for the instant its legality
  changes; the deadlines left out would change nothing but the state's clock, which the next
  action moves anyway). So the game played is the same, with fewer events.
- A bot with ``partial_view = True`` gets ``game.bot_view`` (the part of the view it reads,
  cheaper to build) instead of the whole ``game.view``. A bot with ``lens_view = True`` gets the
  game's ``bot_lens(state, seat)``: what the bot reads in the game's own terms (a snapshot
  holding nothing the seat's view does not), cheaper still (by default the ``bot_view``).

- Two more hooks of the game (``engine.game.Game``), each answering exactly what the long way
  answers and each with a default that takes the long way: ``game.perceive(state, seat, t)``,
  what a look finds in one call (a later chance, ``None`` for nothing to do, else the legal
  actions) instead of ``next_chance``, ``deciders`` and ``legal_actions``; and, with nothing
  recorded (so that nobody can see the events), ``game.apply_quiet(state, seat, action, t)`` for
  a landing action, the change ``game.apply`` makes, answered ``True`` or ``False`` instead of
  events or an error. A reaction model draws through its ``sampler(rng)``: the numbers of
  ``delay_ms`` (``HumanReaction`` binds its constants once).

Until the ``next_chance`` hint (issue 9) the runner also asked every waiting seat again at each
deadline and after each refused action; a bot that draws from its stream at every ``choose``
(a blunder roll, say) therefore plays other games for the same seed than it did then.

**Ties.** Events at the same millisecond run in a fixed order: first deadlines, then actions
landing, then perceptions (so a seat that perceives at ``t`` sees every change made at ``t``).
Two actions landing at the same millisecond are ordered by a draw from the runner's own seeded
stream, taken when each action is chosen (so neither seat 0 nor seat 1 wins every tie);
anything still equal falls back to the order in which the events were scheduled.

**Randomness.** Each seat's bot draws from ``runner.bot_rng(seed, seat)`` (the stream
``play_bots`` gives it), its reaction times from a separate stream per seat, and the tie-breaks
from a third; so the whole game is a function of (game, config, seed, bots, reactions).

The runner relies on two promises of the game's time hooks: ``advance_time`` is idempotent and
path-independent (advancing to ``a`` then ``b`` gives the state that advancing to ``b`` gives,
which is what lets a record keep only the deadlines that changed something), and
``next_deadline`` names every instant at which legality or the state changes by itself.
"""

from __future__ import annotations

import heapq
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from warroom.engine.bot import Bot
from warroom.engine.errors import WarroomError
from warroom.engine.game import Game
from warroom.engine.match import Match
from warroom.engine.rng import mix_seed
from warroom.engine.runner import GameOutcome, bot_rng

# the runner's own streams, apart from the bots' (runner.bot_rng uses 1000 + seat)
REACTION_STREAM = 2000
TIE_STREAM = 3000

# event kinds, in the order they run at one millisecond
_DEADLINE = 0
_LAND = 1
_PERCEIVE = 2

# what a seat's bot is handed when it perceives
_NOTHING = 0  # needs_view = False: {}
_LENS = 1  # lens_view = True: game.bot_lens
_PART = 2  # partial_view = True: game.bot_view
_VIEW = 3  # game.view


class ReactionModel(ABC):
    """How long a seat takes from perceiving a state to its action landing."""

    __slots__ = ()

    @abstractmethod
    def delay_ms(self, rng: random.Random, options: int) -> int:
        """A delay in whole milliseconds (at least 0) for a choice among ``options`` actions."""

    def sampler(self, rng: random.Random) -> Callable[[int], int]:
        """The runner's draw of this model's delays from ``rng``, in whole milliseconds and at
        least 0: the numbers ``delay_ms`` gives. A model may override it with a faster draw of
        the same numbers (its constants bound once)."""
        return lambda options: max(0, int(self.delay_ms(rng, options)))


@dataclass(frozen=True, slots=True)
class HumanReaction(ReactionModel):
    """A person's reaction: perception, then decision, then movement.

    ``delay = perception + ExGaussian(mu, sigma, tau) + hick * log2(options) + motor``

    - ``perception_ms``: seeing and recognising the change (a fixed part).
    - ``mu``, ``sigma``, ``tau``: the decision, ex-Gaussian (a normal part with mean ``mu`` and
      spread ``sigma`` plus an exponential tail of mean ``tau``); reaction times are right-skewed,
      and this is the family they are usually fitted with.
    - ``hick_ms_per_bit``: the Hick-Hyman law, choice time growing with the log of the number of
      options. With ``log2(options)`` a single option adds nothing (a simple reaction) and two
      options add one bit, which matches the reference figures (simple about 220-250 ms,
      two-choice about 370-450 ms).
    - ``motor_ms``: moving the hand and placing the card (or pressing the key).

    The sum is floored at ``perception_ms + motor_ms``: the normal part cannot make a person
    faster than seeing and moving.
    """

    perception_ms: float
    mu: float
    sigma: float
    tau: float
    hick_ms_per_bit: float
    motor_ms: float

    def delay_ms(self, rng: random.Random, options: int) -> int:
        decision = rng.gauss(self.mu, self.sigma) + (rng.expovariate(1.0 / self.tau) if self.tau > 0 else 0.0)
        choice = self.hick_ms_per_bit * math.log2(options) if options > 1 else 0.0
        floor = self.perception_ms + self.motor_ms
        return round(max(floor, floor + decision + choice))

    def sampler(self, rng: random.Random) -> Callable[[int], int]:
        """``delay_ms`` with ``rng`` bound and its constants worked out once, less than 0 read
        as 0: the draw the runner makes at every choice (the same numbers from the same stream,
        in one call; a test compares the two)."""
        mu, sigma, tau, hick = self.mu, self.sigma, self.tau, self.hick_ms_per_bit
        tail, rate = tau > 0, 1.0 / tau if tau > 0 else 0.0
        floor = self.perception_ms + self.motor_ms
        gauss, uniform, log, log2 = rng.gauss, rng.random, math.log, math.log2
        kept = _CHOICES_KEPT
        choices = [hick * log2(n) if n > 1 else 0.0 for n in range(kept)]

        def draw(options: int) -> int:  # options: at least 1 (a choice among legal actions)
            # the exponential tail as random.expovariate(rate) draws it, written out
            decision = gauss(mu, sigma) + (-log(1.0 - uniform()) / rate if tail else 0.0)
            choice = choices[options] if options < kept else hick * log2(options)
            ms = floor + decision + choice
            ms = round(ms if ms > floor else floor)  # max(floor, ms), without the call
            return ms if ms > 0 else 0

        return draw

    def mean_ms(self, options: int) -> float:
        """The expected delay for ``options`` options (ignoring the floor), for documentation."""
        choice = self.hick_ms_per_bit * math.log2(options) if options > 1 else 0.0
        return self.perception_ms + self.mu + self.tau + choice + self.motor_ms


@dataclass(frozen=True, slots=True)
class FixedReaction(ReactionModel):
    """Always the same delay: for tests and benchmarks where the model is not the point."""

    ms: int

    def delay_ms(self, rng: random.Random, options: int) -> int:
        return self.ms


_CHOICES_KEPT = 64  # HumanReaction.sampler's table of Hick-Hyman terms, by number of options


# Grounded in docs/architecture.md "Real time" and ../shared/reference/games-background.md §2.3:
# simple visual reaction about 220-250 ms for healthy adults, two-choice about 370-450 ms, a
# Hick-Hyman slope about 155 ms per bit, ex-Gaussian fits with sigma about 30 ms and tau about
# 80 ms. "casual" is that average adult (simple ~290 ms, two choices ~445 ms); "expert" is a
# practised player, whose Hick slope flattens with practice (simple ~220 ms, two ~300 ms);
# "novice" is slower in every part and has a long tail of hesitation (simple ~520 ms, two
# ~720 ms), in the range of the easy bot profiles of online speed games (0.35-0.6 s taps).
REACTION_LEVELS: dict[str, HumanReaction] = {
    "novice": HumanReaction(perception_ms=100, mu=150, sigma=40, tau=150, hick_ms_per_bit=200, motor_ms=120),
    "casual": HumanReaction(perception_ms=80, mu=80, sigma=30, tau=50, hick_ms_per_bit=155, motor_ms=80),
    "expert": HumanReaction(perception_ms=70, mu=60, sigma=20, tau=30, hick_ms_per_bit=80, motor_ms=60),
}
DEFAULT_REACTION = "casual"
IDLE_MS = 250  # a bot that chose nothing looks again after this long if nothing changed
STRETCH_MS = 10_000  # play_realtime runs the clock this far at a time between its checks


def reaction_of(bot: Bot, default: ReactionModel) -> ReactionModel:
    """The bot's own ``reaction`` model if it carries one, else ``default``."""
    return bot.reaction if bot.reaction is not None else default


@dataclass(slots=True)
class _Seat:
    """The scheduler's bookkeeping for one bot seat (not game state)."""

    bot: Bot
    rng: random.Random
    reaction_rng: random.Random
    reaction: ReactionModel
    delay: Callable[[int], int]  # its reaction time for a number of options (the model's draw)
    generation: int = 0  # bumped whenever a scheduled perception is superseded
    busy: bool = False  # an action is in flight
    waiting: bool = False  # waits for the next change of the state (perhaps with a look queued)
    look_at: int | None = None  # when its queued perception is due (None: none is queued)
    sees: int = _VIEW  # what it is handed when it perceives (its bot's declaration)


class Scheduler:
    """The discrete-event core of :func:`play_realtime`, driven by a clock from outside.

    ``bots`` maps the seats it plays to their bots; other seats (people at a terminal) act through
    :meth:`act`. The owner moves the clock: :meth:`run_until` runs every event up to an instant
    (deadlines, bots' perceptions and landing actions), :meth:`next_time` says when the next one
    is due. ``play_realtime`` jumps from event to event; the live terminal follows the wall clock.
    Actions are recorded in ``match`` when one is given, else applied to ``state``.
    ``bots_only`` (every seat is in ``bots``: ``play_realtime``) lets it wake only at the game's
    ``next_state_change`` if the game has one (see the module notes).
    """

    def __init__(self, game: Game[Any], state: Any, bots: dict[int, Bot], seed: int,
                 reactions: dict[int, ReactionModel] | None = None, idle_ms: int = IDLE_MS,
                 start_ms: int = 0, match: Match | None = None, bots_only: bool = False) -> None:
        self.game = game
        # when the runner wakes by itself: between bots only, at the state's own changes
        self.next_wake = game.next_state_change if bots_only else game.next_deadline
        self.chance = game.next_chance
        self.match = match
        self.state = match.state if match is not None else state
        self.idle_ms = max(1, idle_ms)
        default: ReactionModel = REACTION_LEVELS[DEFAULT_REACTION]
        self.seats: dict[int, _Seat] = {}
        for i, bot in sorted(bots.items()):
            model = (reactions or {}).get(i) or reaction_of(bot, default)
            reaction_rng = random.Random(mix_seed(seed, REACTION_STREAM + i))
            self.seats[i] = _Seat(bot, bot_rng(seed, i), reaction_rng, model, model.sampler(reaction_rng),
                                  sees=_sees(bot))
        self.ties = random.Random(mix_seed(seed, TIE_STREAM))
        # the event queue: (time, kind, tie, sequence, seat, payload); sequence makes every key unique
        self.queue: list[tuple[int, int, float, int, int, Any]] = []
        self.seq = 0
        self.now = start_ms
        self.accepted = 0  # actions accepted, bots' and people's
        self.failed = 0  # bots' actions refused when they landed
        self.deadline_at: int | None = None  # the deadline now in the queue
        self.fired = -1  # the last deadline that ran: a game naming it again would loop forever
        for i, seat in self.seats.items():
            seat.look_at = start_ms
            self._schedule(start_ms, _PERCEIVE, i, 0)
        self._plan_deadline()

    # ----- the queue ---------------------------------------------------------------------------
    def _schedule(self, t: int, kind: int, seat: int, payload: Any, tie: float = 0.0) -> None:
        self.seq += 1
        heapq.heappush(self.queue, (t, kind, tie, self.seq, seat, payload))

    def next_time(self) -> int | None:
        """When the next event is due (``None``: nothing will happen until someone acts)."""
        return self.queue[0][0] if self.queue else None

    def _look(self, i: int, s: _Seat, t: int) -> None:
        """Plan seat ``i``'s next perception after a change at ``t``: at once if the game's
        ``next_chance`` says it may act now, at that chance if later, else none (it waits for
        the next change). A perception already queued for the same instant stays."""
        at = self.chance(self.state, i, t)
        if at is not None and at < t:
            at = t
        s.waiting = at is None or at > t
        if at != s.look_at:
            s.generation += 1  # supersedes the queued look (an idle look among them)
            s.look_at = at
            if at is not None:
                self.seq += 1  # self._schedule, inline: after every action
                heapq.heappush(self.queue, (at, _PERCEIVE, 0.0, self.seq, i, s.generation))

    def _wake(self, t: int) -> None:
        """The state changed at ``t``: every waiting seat plans its next look again."""
        for i, s in self.seats.items():
            if s.waiting:
                self._look(i, s, t)

    def _plan_deadline(self) -> None:
        d = self.next_wake(self.state)
        if d is None or d <= self.fired:
            self.deadline_at = None  # a deadline still queued is skipped when it comes up
        elif d != self.deadline_at:
            self.deadline_at = max(d, self.now)
            self._schedule(self.deadline_at, _DEADLINE, -1, self.deadline_at)

    def _changed(self, t: int) -> None:
        self._wake(t)
        self._plan_deadline()

    # ----- people ------------------------------------------------------------------------------
    def act(self, seat: int, action: str, t: int) -> list[Any]:
        """A seat the scheduler does not play acts at ``t`` (not before :attr:`now`): fully
        checked, recorded if there is a match; raises ``WarroomError`` if refused. Either way the
        clock has moved to ``t`` and the bots look again."""
        self.run_until(t)
        t = max(t, self.now)
        self.now = t
        try:
            events = self.match.act(seat, action, t) if self.match is not None else \
                self.game.apply(self.state, seat, action, t)
        finally:
            self._changed(t)
        self.accepted += 1
        return events

    # ----- the clock ---------------------------------------------------------------------------
    def run_until(self, until: int) -> int:
        """Run every event due at or before ``until`` (stopping at the end of the game); return
        how many changed the game (actions accepted, deadlines that did something)."""
        game, state, match, queue, seats = self.game, self.state, self.match, self.queue, self.seats
        view_of, part_of, result = game.view, game.bot_view, game.result
        lens_of = game.bot_lens
        # one call for what a seat finds when it looks, and, with nothing recorded, an action
        # landing without its events (the game's shortcuts where it has them: module notes)
        perceive = game.perceive
        quiet = game.apply_quiet if match is None else None
        look, plan_deadline, pop, push, ties = self._look, self._plan_deadline, heapq.heappop, heapq.heappush, \
            self.ties.random
        changes = 0
        over = result(state) is not None  # asked again only when the state may have changed
        while not over and queue and queue[0][0] <= until:
            t, kind, _tie, _seq, seat, payload = pop(queue)
            self.now = t
            if kind == _DEADLINE:
                if payload != self.deadline_at:
                    continue  # superseded by an earlier or later deadline
                self.deadline_at = None
                self.fired = t
                events = match.advance(t) if match is not None else game.advance_time(state, t)
                over = result(state) is not None
                if events:
                    changes += 1
                    self._changed(t)
                else:
                    # only legality moved (a minimum interval ended, say): a seat with a look
                    # queued (at its next chance, or an idle look) keeps it, since what it sees
                    # is unchanged; a seat waiting with none looks whether it may act now
                    for i, w in seats.items():
                        if w.waiting and w.look_at is None:
                            look(i, w, t)
                    plan_deadline()
                continue
            s = seats[seat]
            if kind == _LAND:
                s.busy = False
                if quiet is not None:
                    accepted = quiet(state, seat, payload, t)
                else:
                    accepted = True
                    try:
                        if match is not None:
                            match.act(seat, payload, t)
                        else:
                            game.apply(state, seat, payload, t)
                    except WarroomError:
                        accepted = False
                over = result(state) is not None  # a refused action still moved the clock
                if accepted:
                    self.accepted += 1
                    changes += 1
                    for i, w in seats.items():  # self._changed(t), inline: every action comes here
                        if w.waiting:
                            look(i, w, t)
                    plan_deadline()
                else:
                    self.failed += 1  # the world moved on while the seat was reacting
                look(seat, s, t)
                continue
            # a perception
            if payload != s.generation or s.busy:
                continue
            s.look_at = None
            s.waiting = True  # unless it acts, it waits for the next change
            found = perceive(state, seat, t)
            if found is None:
                continue
            if isinstance(found, int):  # too soon after all: look again at that chance
                s.generation += 1
                s.look_at = found
                self.seq += 1
                push(queue, (found, _PERCEIVE, 0.0, self.seq, seat, s.generation))
                continue
            legal = found
            if not legal:
                continue
            sees = s.sees
            if sees == _LENS:
                view = lens_of(state, seat)  # what it reads, in the game's own terms: cheapest
            elif sees == _PART:
                view = part_of(state, seat)  # only what it reads of the view: cheaper
            elif sees == _VIEW:
                view = view_of(state, seat)
            else:
                view = {}
            action = s.bot.choose(view, legal, s.rng)
            if action is None:
                s.generation += 1
                s.look_at = t + self.idle_ms
                self._schedule(s.look_at, _PERCEIVE, seat, s.generation)
                continue
            delay = s.delay(len(legal))
            s.busy = True
            s.waiting = False
            self.seq += 1  # self._schedule, inline
            push(queue, (t + delay, _LAND, ties(), self.seq, seat, action))
        if self.now < until and not over:
            self.now = until
        return changes


def _sees(bot: Bot) -> int:
    """What ``bot`` is handed when it perceives, from its declarations (see the module notes)."""
    if not bot.needs_view:
        return _NOTHING
    if bot.lens_view:
        return _LENS
    return _PART if bot.partial_view else _VIEW


def play_realtime(
    game: Game[Any],
    config: dict[str, Any],
    seed: int,
    bots: list[Bot],
    reactions: list[ReactionModel | None] | None = None,
    record: bool = False,
    max_ms: int = 86_400_000,
    max_actions: int = 1_000_000,
    idle_ms: int = IDLE_MS,
    match: Match | None = None,
) -> tuple[GameOutcome, Match | None]:
    """Play one real-time game between ``bots`` on a simulated clock (see the module docstring).

    ``reactions`` (one per seat, ``None`` for the default) overrides each bot's own
    ``reaction`` model; without either a seat reacts like ``REACTION_LEVELS["casual"]``.
    Returns the outcome (``decisions`` counts accepted actions; ``game_ms`` the game's length;
    ``failed`` actions refused when they landed) and, with ``record``, the match with its record.
    Raises ``RuntimeError`` if the game stalls (no seat can ever act again) or runs past
    ``max_ms`` of game time or ``max_actions`` accepted actions.

    ``match`` plays on in a match already under way (a resumed record, a test's own match): the
    clock starts at its last recorded time, and every action is recorded in it.
    """
    start = 0
    if match is not None:
        start = max((st.t for st in match.record.steps if st.t is not None), default=0)
    elif record:
        match = Match(game, config, seed, [b.name for b in bots])
    state = match.state if match is not None else game.new(config, seed)
    overrides = {i: r for i, r in enumerate(reactions or []) if r is not None}
    sched = Scheduler(game, state, dict(enumerate(bots)), seed, overrides, idle_ms, start, match,
                      bots_only=True)
    result = game.result
    while (res := result(sched.state)) is None:
        t = sched.next_time()
        if t is None:
            raise RuntimeError(f"game stalled at {sched.now} ms after {sched.accepted} actions "
                               f"(seed {seed}): no seat can act and no deadline is pending")
        if t > max_ms:
            raise RuntimeError(f"game still running after {max_ms} ms of game time (seed {seed})")
        # a stretch of game time per call, not one call per event: the checks here need not run
        # at every millisecond (a game cannot run past max_ms, and few actions fit in a stretch)
        sched.run_until(min(max_ms, t + STRETCH_MS))
        if sched.accepted > max_actions:
            raise RuntimeError(f"game still running after {max_actions} actions (seed {seed})")
    outcome = GameOutcome(seed, list(res.winners), res.reason, sched.accepted, dict(res.scores),
                          game_ms=sched.now, failed=sched.failed)
    return outcome, match
