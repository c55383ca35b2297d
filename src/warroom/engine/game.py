"""The game protocol: the one seam between a game's rules and everything else.

Terminal, server, bots, simulation, replays and research adapters talk to a game
only through these methods. A game subclasses :class:`Game` and implements the
underscored hooks; the public methods validate and keep the engine's promises
(an illegal action raises and leaves the state untouched; nothing happens after
the end).
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from warroom.engine.actions import Action, canonical, digits
from warroom.engine.errors import ConfigError, GameOver, IllegalAction, NotYourTurn, WarroomError
from warroom.engine.events import Event
from warroom.engine.reference import GameDescription, OptionInfo, RulesReference, VariantInfo

if TYPE_CHECKING:
    from warroom.engine.action_space import ActionSpace


class GameState(Protocol):
    """What the engine needs of a state: plain data it can clone and serialise."""

    def clone(self) -> Any: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameState)


class Dynamics(StrEnum):
    """How a game's seats take their decisions.

    - ``sequential``: one seat decides at a time (most board and card games).
    - ``simultaneous``: every decision is taken at once by the seats deciding (a secret
      pick); the order in which answers arrive changes nothing.
    - ``realtime``: there are no turns; any seat with a decision may act at any instant,
      actions take effect in the order they arrive, and legality may depend on the time
      (``legal_actions``/``apply`` get the time in milliseconds, and the game names its next
      deadline with ``next_deadline``).

    Which decisions are taken at once is :meth:`Game.simultaneous`'s answer for each state: a
    game that is sequential but for some decisions (LTK's general pick) stays ``sequential``
    and answers it ``True`` in those states.
    """

    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"
    REALTIME = "realtime"


# The pseudo-seat and action of a recorded passage of time in a real-time game (a deadline
# that changed the state with nobody acting): ``Match.advance`` records it, replay repeats it.
CLOCK_SEAT = -1
WAIT = "wait"


class Decision(NamedTuple):
    """Someone who must decide now, and what kind of choice it is."""

    player: int
    kind: str
    prompt: str


@dataclass(slots=True)
class Result:
    """How a game ended. ``winners`` empty means a draw."""

    winners: list[int]
    reason: str
    scores: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "scores": dict(self.scores)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        return cls(list(data["winners"]), str(data["reason"]), dict(data.get("scores", {})))


@dataclass(frozen=True, slots=True)
class Option:
    """A documented rule option (``--option KEY=VALUE``)."""

    default: int | str
    help: str
    minimum: int | None = None
    maximum: int | None = None


def state_hash(state_json: dict[str, Any]) -> str:
    """A short, stable digest of a state's JSON, for records and replay checks."""
    text = json.dumps(state_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses set the class facts and implement the hooks."""

    name: str = ""
    title: str = ""
    rules_version: int = 1
    min_players: int = 2
    max_players: int = 2
    dynamics: ClassVar[Dynamics] = Dynamics.SEQUENTIAL
    variants: ClassVar[dict[str, str]] = {}  # name -> help text
    options: ClassVar[dict[str, Option]] = {}
    # the bot the terminal, the lobby and the server's autopilot use when none is named;
    # ``warroom.bots.default_bot`` falls back to "random" when this one is not installed
    default_bot: str = "random"

    @property
    def realtime(self) -> bool:
        """Whether the game is played in real time (``dynamics`` is ``realtime``)."""
        return self.dynamics is Dynamics.REALTIME

    # ----- configuration -------------------------------------------------------------
    def configure(
        self,
        players: int | None = None,
        variants: list[str] | tuple[str, ...] = (),
        options: dict[str, str | int] | None = None,
    ) -> dict[str, Any]:
        """Validate and complete a configuration: ``{"players", "variants", "options"}``."""
        # configurations also come from records and web requests: check the shapes first,
        # so that a bad one is a one-line ConfigError and never a TypeError
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise ConfigError(f"the number of players must be a whole number, not {players!r}")
        if isinstance(variants, str) or not isinstance(variants, list | tuple):
            raise ConfigError(f"variants must be a list of names, not {variants!r}")
        if options is not None and not isinstance(options, dict):
            raise ConfigError(f"options must map names to values, not {options!r}")
        n = self.min_players if players is None else players
        if not self.min_players <= n <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise ConfigError(f"{self.name} is for {span} players, not {n}")
        for v in variants:
            if not isinstance(v, str) or v not in self.variants:
                known = ", ".join(sorted(self.variants)) or "none"
                raise ConfigError(f"{self.name} has no variant {v!r} (variants: {known})")
        opts: dict[str, int | str] = {k: o.default for k, o in self.options.items()}
        for key, raw in (options or {}).items():
            short = key.split(".", 1)[1] if str(key).startswith(self.name + ".") else key
            spec = self.options.get(short) if isinstance(short, str) else None
            if spec is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise ConfigError(f"{self.name} has no option {key!r} (options: {known})")
            opts[short] = _coerce_option(short, spec, raw)
        return {"players": n, "variants": sorted(set(variants)), "options": opts}

    def seat_names(self, config: dict[str, Any]) -> list[str]:
        """Names of the seats, in seat order (``good``/``evil``, ``p1``/``p2``...)."""
        return [f"p{i + 1}" for i in range(int(config["players"]))]

    def seat_index(self, config: dict[str, Any], name: str) -> int:
        """The seat number for a seat name or number given by a user."""
        names = self.seat_names(config)
        if name in names:
            return names.index(name)
        if digits(name) and int(name) < len(names):
            return int(name)
        raise ConfigError(f"no seat {name!r} in {self.name} (seats: {', '.join(names)})")

    # ----- the protocol ----------------------------------------------------------------
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.new is Game.new and cls.start is Game.start and not getattr(cls, "__abstractmethods__", None):
            raise TypeError(f"{cls.__name__} must implement new() or start()")

    def new(self, config: dict[str, Any], seed: int) -> S:
        """The set-up state, fully determined by ``config`` and ``seed``.

        A game implements either this or :meth:`start` (which also returns the set-up events).
        """
        return self.start(config, seed)[0]

    def start(self, config: dict[str, Any], seed: int) -> tuple[S, list[Event]]:
        """``new`` plus the events of setting up (deals, first draws), for logs and replays."""
        return self.new(config, seed), []

    @abstractmethod
    def decisions(self, state: S) -> list[Decision]:
        """Who must decide now (empty once the game is over)."""

    def deciders(self, state: S) -> list[int]:
        """The seats that must decide now: ``decisions`` without the prompts (a hot path)."""
        return [d.player for d in self.decisions(state)]

    def simultaneous(self, state: S) -> bool:
        """Whether the seats deciding now decide at once: no seat's answer shows in another's view
        (nor changes its legal actions) until all have answered, and the order in which the
        answers arrive changes nothing. Runners then ask every deciding seat from this same state
        and apply the answers in seat order. Default: every decision of a ``simultaneous`` game."""
        return self.dynamics is Dynamics.SIMULTANEOUS

    @abstractmethod
    def legal_actions(self, state: S, player: int, now_ms: int | None = None) -> list[Action]:
        """Every legal action for ``player`` now, sorted deterministically; empty if none.

        ``now_ms`` is the time in a real-time game (legality may depend on it); turn-based
        games ignore it.
        """

    def is_legal(self, state: S, player: int, action: Action, now_ms: int | None = None) -> bool:
        """Whether canonical ``action`` is legal for ``player`` now.

        The default is membership in ``legal_actions``; a game whose legal list is long
        overrides it to check one action directly (the answer must be the same).
        """
        return action in self.legal_actions(state, player, now_ms)

    def apply(
        self, state: S, player: int, action: Action, time_ms: int | None = None
    ) -> list[Event]:
        """Validate and apply ``action`` for ``player``; on error raise and change nothing.

        In a real-time game ``time_ms`` is required: the clock is first advanced to it
        (deadlines up to then take effect, see :meth:`advance_time`), which a refused action
        does not undo, since time passed whether or not the action was legal.
        """
        if self.result(state) is not None:
            raise GameOver("the game is over")
        pre: list[Event] = []
        if self.dynamics is Dynamics.REALTIME:
            if time_ms is None or isinstance(time_ms, bool) or not isinstance(time_ms, int):
                raise IllegalAction("a real-time action needs the time it was taken")
            pre = self.advance_time(state, time_ms)
            if self.result(state) is not None:
                raise GameOver("the game is over")
        if player not in self.deciders(state):
            raise NotYourTurn(f"{self.seat_label(state, player)} has no decision to make now")
        if not self.is_legal(state, player, action, time_ms):
            text = canonical(action)  # raises MalformedAction for garbage
            if not self.is_legal(state, player, text, time_ms):
                raise IllegalAction(self.explain_illegal(state, player, text))
            action = text
        return pre + self._apply(state, player, action, time_ms)

    def apply_trusted(
        self, state: S, player: int, action: Action, time_ms: int | None = None
    ) -> list[Event]:
        """Apply an action taken from ``legal_actions`` of this very state (bots, simulation)."""
        return self._apply(state, player, action, time_ms)

    def apply_unrecorded(
        self, state: S, player: int, action: Action, time_ms: int | None = None
    ) -> list[Event]:
        """``apply_trusted`` where nobody reads the events (a search bot's playouts): the same
        change of state. A game may override it to skip building events (and return ``[]``)."""
        return self._apply(state, player, action, time_ms)

    @abstractmethod
    def _apply(self, state: S, player: int, action: Action, time_ms: int | None) -> list[Event]:
        """Apply a known-legal action and return the events it caused."""

    # ----- time (real-time games) ----------------------------------------------------------
    def next_deadline(self, state: S) -> int | None:
        """The next instant (ms) at which something happens by itself (an attack times out,
        a minimum interval ends), or ``None``. Runners and servers wake the game then."""
        return None

    def advance_time(self, state: S, now_ms: int) -> list[Event]:
        """Let time run to ``now_ms``: apply every deadline up to then, return their events.

        Deterministic and idempotent (advancing twice to the same instant changes nothing
        the second time), so a replay that advances at each recorded time reproduces the game.
        Turn-based games have no deadlines.
        """
        return []

    def next_state_change(self, state: S) -> int | None:
        """Between bots only (``engine.realtime.play_realtime``): the next instant at which the
        state changes by itself, a subset of ``next_deadline``'s (an attack timing out, not a
        minimum interval ending). A game may name fewer instants here only if its
        ``next_chance`` is exact (see ``engine.realtime``). Default: ``next_deadline``."""
        return self.next_deadline(state)

    def perceive(self, state: S, player: int, now_ms: int) -> list[Action] | int | None:
        """What a real-time seat finds when it looks at ``now_ms``, in one call: ``None`` (nothing
        to do until the state changes), an instant (it may act only from then on: look again
        then), or its legal actions. A game may override it with a faster equivalent; the
        default asks ``next_chance``, ``deciders`` and ``legal_actions``."""
        at = self.next_chance(state, player, now_ms)
        if at is None:
            return None
        if at > now_ms:
            return at
        if player not in self.deciders(state):
            return None
        return self.legal_actions(state, player, now_ms)

    def apply_quiet(self, state: S, player: int, action: Action, time_ms: int) -> bool:
        """A real-time action landing where nobody reads its events (a simulation without a
        record): the change ``apply`` makes, answered ``True``, or ``False`` where ``apply``
        would refuse it (the clock still moves). A game may override it to skip the events."""
        try:
            self.apply(state, player, action, time_ms)
        except WarroomError:
            return False
        return True

    def bot_view(self, state: S, player: int) -> dict[str, Any]:
        """The view a bot is handed: ``view`` itself, or a game's cheaper copy in the same
        shape that leaves out what only people read (descriptions, derived totals); real-time
        bots declaring ``partial_view = True`` get it from the runner, other bots through
        ``engine.infoset``. Never anything the view does not hold."""
        return self.view(state, player)

    def bot_lens(self, state: S, player: int) -> Any:
        """What a real-time bot declaring ``lens_view`` reads, in the game's own terms (a
        snapshot holding nothing the seat's view does not), cheaper than any view. Default: the
        ``bot_view``."""
        return self.bot_view(state, player)

    def next_chance(self, state: S, player: int, now_ms: int) -> int | None:
        """A hint for runners: the earliest instant (at or after ``now_ms``) at which ``player``
        may have a legal action if nothing else happens before, or ``None`` if ``player`` has
        none until the state changes. It must never be later than the truth (a runner does not
        look before it); the default, ``now_ms``, means "look now"."""
        return now_ms

    # ----- research and positions ------------------------------------------------------------
    def action_space(self, config: dict[str, Any]) -> ActionSpace | None:
        """A stable numbering of every action this configuration can offer, or ``None``."""
        return None

    def observation_size(self, config: dict[str, Any]) -> int:
        """The length of :meth:`encode`'s list for this configuration; 0: the game has no
        encoder of its own (research interfaces then encode the view)."""
        return 0

    def encode(self, state: S, seat: int) -> Sequence[float]:
        """``seat``'s observation as ``observation_size`` numbers read straight from the state
        (cheaper than building the view): a list of floats, or a ``bytearray`` when every feature
        is a count from 0 to 255 (consumers turn that into an array without a Python float per
        slot). It must read only what the seat's view shows: two states the seat cannot tell
        apart encode the same."""
        raise ConfigError(f"{self.name} has no observation encoder")

    def evaluate(self, state: S, seat: int) -> float:
        """How well ``seat`` stands, in ``[0, 1]`` (1: won, 0: lost), for search bots that cut
        their playouts short. The default knows only the result: 1 or 0 once the game is over
        (a draw is half a win, a win shared by a team is a win for each), 0.5 while it runs.
        Games override it with their own judgement of a position."""
        res = self.result(state)
        if res is None or not res.winners:
            return 0.5
        return 1.0 if seat in res.winners else 0.0

    def match_score(self, state: S) -> list[int] | None:
        """In a game played as a match of several rounds (Tessen), the rounds each seat has won
        so far, for tournament brackets; ``None`` (the default): a game of one round."""
        return None

    def evaluate_all(self, state: S) -> list[float] | None:
        """Every seat's ``evaluate`` at once (one value per seat, in seat order), for a game that
        shares the work between seats; ``None`` (the default): a search asks seat by seat."""
        return None

    # whether ``stage`` counts something: a search may then stop its rollouts at a stage's end
    has_stages: ClassVar[bool] = False

    def stage(self, state: S) -> int:
        """A public count of the game's natural episodes so far (Paper Kessen: battles fought),
        which grows when one ends; a search bot with ``until="stage"`` stops its rollouts then.
        Only for games that set ``has_stages``."""
        return 0

    def position(self, description: dict[str, Any]) -> S:
        """A state built from a human-written position description (see ``docs/positions.md``).

        Raises ``ConfigError`` with one line for each inconsistency (a card twice or missing,
        a count outside the rules, a decision that cannot be pending).
        """
        raise ConfigError(f"{self.name} has no position descriptions yet")

    def describe_position(self, state: S) -> dict[str, Any]:
        """The position description of ``state`` (``position`` of it gives the same state)."""
        raise ConfigError(f"{self.name} has no position descriptions yet")

    @abstractmethod
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator). Never another seat's hidden cards."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once the game has ended, else ``None``."""

    @abstractmethod
    def determinize(self, state: S, player: int, seed: int) -> S:
        """A full state that ``player`` cannot tell from ``state``, with all it cannot see re-dealt."""

    def dealer(self, state: S, player: int) -> Callable[[int], S]:
        """``determinize(state, player, seed)`` as a function of the seed alone, for a search that
        asks one state for many worlds (``state`` must not change meanwhile). A game may work out
        the part that does not depend on the seed once; the worlds must be the same."""
        return partial(self.determinize, state, player)

    def redealer(self, state: S, player: int) -> Callable[[int, S, str | None], S] | None:
        """For a search that follows the game (a belief over the hidden cards, ``bots.belief``):
        a function of ``(seed, like, shown)`` giving a world ``player`` cannot tell from ``state``
        that keeps what it can of the world ``like`` (a world of an earlier state of the same
        game): the other seats' hidden cards that ``like`` gave them and that could still be
        there, the rest dealt as ``determinize`` deals it. ``shown``, if given, is a move of
        another seat about to be made here as ``player`` sees it (``shown_action``): the world
        then holds the hidden cards that move shows. ``None`` (the default): the game cannot,
        and a search samples every world afresh."""
        return None

    def shown_action(self, state: S, player: int, action: Action, seat: int) -> str | None:
        """What ``seat`` sees of ``player`` taking ``action`` in ``state``: a text equal for two
        actions ``seat`` cannot tell apart (``None``, the default: nothing, as if the action were
        secret). A search bot that follows the game compares it with what a model of ``player``
        would have done in each world it believes in; it must never tell more than the seat's
        view will show once the action is taken."""
        return None

    # ----- plain data ------------------------------------------------------------------
    def clone(self, state: S) -> S:
        cloned: S = state.clone()
        return cloned

    def to_json(self, state: S) -> dict[str, Any]:
        return state.to_json()

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> S:
        """Rebuild a state from ``to_json`` output."""

    def hash(self, state: S) -> str:
        return state_hash(state.to_json())

    # ----- words for people --------------------------------------------------------------
    def seat_label(self, state: S, player: int) -> str:
        return f"seat {player}"

    def describe(self, state: S, player: int, action: Action) -> str:
        """A sentence for a legal action (the terminal and browser show it beside the text)."""
        return action

    def explain_illegal(self, state: S, player: int, action: Action) -> str:
        """Why ``action`` is not legal now; games override this to be more specific."""
        return f"{action!r} is not a legal action now"

    # ----- what the tables show between decisions (all optional, read from public events) -----
    # Event kinds whose outcome a person should have time to read (an engagement's result): the
    # server's bots and autopilot wait a little longer after an action that produced one, and
    # the browser shows the outcome in a panel before the next decision.
    pause_events: ClassVar[frozenset[str]] = frozenset()

    def marker(self, config: dict[str, Any], event: dict[str, Any]) -> str | None:
        """A replay marker's label when the public ``event`` starts a round, battle or turn
        (``"Round 2"``), else ``None``. Replays offer a jump to the step of each marker."""
        return None

    def summary(self, config: dict[str, Any], log: list[dict[str, Any]]) -> list[str]:
        """A finished game's summary from its public log: one line per battle, round or death
        with its result, so a player who lost can see why. Default: nothing to add."""
        return []

    def rules_reference(self) -> RulesReference:
        """Every card, general or board element with its text (``warroom rules``); see
        :mod:`warroom.engine.reference` for the shape. Default: no sections."""
        return RulesReference(game=self.name, title=self.title, rules_version=self.rules_version,
                              intro=[], sections=[])

    # ----- balance reports (``warroom report``): the card tables, for games with cards -----
    def card_usage(self, initial: S, steps: list[tuple[int, Action, list[Event]]]) -> dict[str, list[list[str]]] | None:
        """For one game played from ``initial`` with ``steps`` (seat, action, events), each kind of
        use (``"drew"``, ``"played"``...) -> per seat, the sorted names of the cards it used so. The
        report compares the win rates of seats that did with seats that did not. ``None`` (the
        default): the game's report has no card tables."""
        return None

    def card_groups(self) -> dict[str, str]:
        """Card name -> the group (deck and kind) the report's card tables file it under."""
        return {}

    def card_owners(self) -> dict[str, int]:
        """Card name -> the seat whose own deck holds it: its effect is measured within that seat,
        so one seat's edge is not counted as the card's."""
        return {}

    def describe_game(self) -> GameDescription:
        """The facts ``warroom games --json`` lists and the lobby builds its form from."""
        counts = list(range(self.min_players, self.max_players + 1))
        return GameDescription(
            name=self.name,
            title=self.title,
            rules_version=self.rules_version,
            players=counts,
            seat_names={str(n): self.seat_names(self.configure(n)) for n in counts},
            dynamics=self.dynamics.value,
            realtime=self.realtime,
            variants=[VariantInfo(name=k, help=v) for k, v in self.variants.items()],
            options=[
                OptionInfo(name=k, type="int" if isinstance(o.default, int) else "str", default=o.default,
                           help=o.help, min=o.minimum, max=o.maximum)
                for k, o in self.options.items()
            ],
            default_bot=self.default_bot,
        )


def _coerce_option(key: str, spec: Option, raw: str | int) -> int | str:
    if isinstance(spec.default, int):
        try:
            if isinstance(raw, bool) or not isinstance(raw, int | str):
                raise ValueError(raw)  # int() would read True as 1 and cut 2.5 to 2
            value = int(raw)
        except (TypeError, ValueError):
            raise ConfigError(f"option {key} takes a whole number, not {raw!r}") from None
        if spec.minimum is not None and value < spec.minimum:
            raise ConfigError(f"option {key} must be at least {spec.minimum}")
        if spec.maximum is not None and value > spec.maximum:
            raise ConfigError(f"option {key} must be at most {spec.maximum}")
        return value
    return str(raw)


def parse_option_pairs(pairs: list[str]) -> dict[str, str | int]:
    """``["a=1", "b=x"]`` (``--option KEY=VALUE``) -> ``{"a": "1", "b": "x"}``;
    :meth:`Game.configure` then coerces and checks the values."""
    out: dict[str, str | int] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def require(condition: bool, reason: str) -> None:
    """Raise ``IllegalAction(reason)`` unless ``condition`` holds (for game hooks)."""
    if not condition:
        raise IllegalAction(reason)
