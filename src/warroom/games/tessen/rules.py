"""Tessen's rules: real-time play of two hunters, attacks that interrupt, rounds and the match.

Both players act whenever they like. Legality is decided at the instant of each action:
a minimum interval between one player's actions stands for handling the cards, an attack
freezes the attacked player until they defend or yield (or the answer time runs out), and the
round ends the moment a player draws the last card of their own deck. Every reading of the
rulebook that the paper game leaves to the table is written in docs/rules/tessen.md.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, ClassVar

from warroom.engine import Decision, Dynamics, Event, Game, Option, Result, Rng, make_rng
from warroom.engine.errors import ConfigError, WarroomError
from warroom.engine.reference import RulesReference
from warroom.games.tessen import reference as references
from warroom.games.tessen import summary as summaries
from warroom.games.tessen import text
from warroom.games.tessen.cards import (
    ANIMALS,
    DRAGON_LOSS,
    HAND_LIMIT,
    KEEP_AT,
    KINDS,
    PLACES,
    SUPER,
    SUPERS,
    WARRIOR,
    WARRIORS,
    WITH_NAME,
    fresh_deck,
)
from warroom.games.tessen.core import (
    ACTIONS,
    ATTACK,
    CLEAR,
    DEFEND,
    DISCARD,
    DRAGON,
    DRAGON_ATTACK,
    DRAGON_UNDER_ATTACK,
    DRAW_OPP,
    DRAW_OWN,
    HANDICAP,
    HUNT,
    KEEP,
    PLAY,
    SACRED,
    SACRED_PLAY,
    SEATS,
    SERVE,
    TAKE,
    TAKE_DISCARD,
    YIELD,
    Op,
    can_act,
    dragon_while_attacked,
    suitable,
)
from warroom.games.tessen.positions import build, describe
from warroom.games.tessen.state import NEVER, Side, TessenState, empty_places
from warroom.games.tessen.views import bot_lens as _bot_lens
from warroom.games.tessen.views import view


def _by_mask(row: list[str]) -> list[tuple[str, ...]]:
    """``row``'s actions at the places of each 5-bit mask, in place order (place i: bit i)."""
    return [tuple(row[i] for i in range(PLACES) if mask >> i & 1) for mask in range(1 << PLACES)]


# the legal list is built from these: one lookup per kind instead of a loop over the places
PLAY_AT = [_by_mask(PLAY[k]) for k in range(KINDS)]
ATTACK_AT = {w: _by_mask(ATTACK[w]) for w in HUNT}
CLEAR_AT = {w: _by_mask(CLEAR[w]) for w in HUNT}
_HANDS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _hand(hand: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A (sorted) hand's animal kinds and its warriors (``HUNT`` order), each once; a hand is one
    of a few thousand, so each is worked out once."""
    key = tuple(hand)
    got = _HANDS.get(key)
    if got is None:
        got = _HANDS[key] = (tuple(sorted({c for c in hand if c < KINDS})), tuple(w for w in HUNT if w in hand))
    return got


def position_legal(state: TessenState, p: int) -> list[str]:
    """``p``'s legal actions in this position, as soon as the minimum interval allows."""
    phase = state.phase
    if phase != "play":
        return _serve_legal(state, p) if phase == "serve" else []
    side = state.sides[p]
    if side.take:  # a yielded pile must be placed before anything else
        return [TAKE[i] for i in suitable(side, side.take[0])] + [TAKE_DISCARD]
    hand = side.hand
    attack = state.attack
    if attack and attack[0] != p:
        out = [DEFEND[w] for w in HUNT if w in hand and (w == SUPER or attack[2] != SUPER)]
        out.append(YIELD)
        if dragon_while_attacked(state):
            out.extend([DRAGON_ATTACK[w] for w in HUNT if w in hand])
        return out
    opp = state.sides[1 - p]
    full = len(hand) >= HAND_LIMIT
    out = [] if full else [DRAW_OWN, DRAW_OPP] if opp.discard else [DRAW_OWN]
    # where each kind may go: its pile, else the empty unblocked places (bit i: place i)
    pile_at = {}
    empty = blocked = 0
    keep = []
    for i, (kind, count, blocker) in enumerate(side.places):
        if kind >= 0:
            pile_at[kind] = i
            if count >= KEEP_AT:
                keep.append(KEEP[i])
        elif blocker >= 0:
            blocked |= 1 << i
        else:
            empty |= 1 << i
    animals, warriors = _HANDS.get(tuple(hand)) or _hand(hand)
    for k in animals:
        at = pile_at.get(k)
        if at is not None:
            out.append(PLAY[k][at])
        else:
            out.extend(PLAY_AT[k][empty])
    out.extend(keep)
    if full:
        out.extend([DISCARD[k] for k in animals])
    if warriors:
        dragon = DRAGON in state.config["variants"]
        open_ = 0
        if not attack:  # one unanswered attack at a time
            for i, place in enumerate(opp.places):
                if place[2] < 0:
                    open_ |= 1 << i
        for w in warriors:
            if open_:
                out.extend(ATTACK_AT[w][open_])
            if blocked:
                out.extend(CLEAR_AT[w][blocked])
            if dragon:
                out.append(DRAGON_ATTACK[w])
    if animals and SACRED in state.config["variants"]:
        out.extend([SACRED_PLAY[k] for k in animals])
    return out


def action_legal(state: TessenState, p: int, action: str) -> bool:
    """Whether ``action`` is in ``position_legal(state, p)``, without building the list: a
    landing action is checked on a state its seat has not seen, and only that action is asked
    about (a property test compares the two over every action)."""
    op = ACTIONS.get(action) if isinstance(action, str) else None
    return op is not None and _op_legal(state, p, action, op)


def _op_legal(state: TessenState, p: int, action: str, op: Op) -> bool:
    """``action_legal`` of ``action``, whose meaning is ``op``."""
    phase = state.phase
    if phase != "play":
        return phase == "serve" and action in _serve_legal(state, p)
    verb, a, b = op
    side = state.sides[p]
    if side.take:
        return verb == "take" and (a < 0 or a in suitable(side, side.take[0]))
    hand = side.hand
    attack = state.attack
    if attack and attack[0] != p:
        if verb == "defend":
            return a in hand and (a == SUPER or attack[2] != SUPER)
        if verb == "dragon":
            return a in hand and dragon_while_attacked(state)
        return verb == "yield"
    if verb == "draw":
        return len(hand) < HAND_LIMIT and (not a or bool(state.sides[1 - p].discard))
    places = side.places
    if verb == "play":
        if a not in hand:
            return False
        at = -1
        for i in range(PLACES):
            if places[i][0] == a:
                at = i  # the last such place, as position_legal's map of piles keeps
        return b == at if at >= 0 else places[b][0] < 0 and places[b][2] < 0
    if verb == "keep":
        return places[a][0] >= 0 and places[a][1] >= KEEP_AT
    if verb == "discard":
        return len(hand) >= HAND_LIMIT and a in hand
    if verb == "attack":
        return b in hand and not attack and state.sides[1 - p].places[a][2] < 0
    if verb == "clear":
        return b in hand and places[a][0] < 0 and places[a][2] >= 0
    if verb == "dragon":
        return a in hand and DRAGON in state.config["variants"]
    if verb == "sacred":
        return a in hand and SACRED in state.config["variants"]
    return False  # take, defend, yield or serve with nothing to answer


def _serve_legal(state: TessenState, p: int) -> list[str]:
    if p != state.rounds[-1]["winner"]:
        return []
    side = state.sides[p]
    out = []
    if side.plain_out + side.dragon[0] < WARRIORS:
        out.append(SERVE[WARRIOR])
    if side.super_out + side.dragon[1] < SUPERS:
        out.append(SERVE[SUPER])
    return out


class Tessen(Game[TessenState]):
    name = "tessen"
    title = "Tessen"
    rules_version = 1
    min_players = 2
    max_players = 2
    dynamics: ClassVar[Dynamics] = Dynamics.REALTIME
    default_bot = "expert"
    variants: ClassVar[dict[str, str]] = {
        DRAGON: "the Dragon expansion: warriors may attack the dragon; fewer on it costs 5 animals",
        SACRED: "the Sacred Animal expansion: the kind on top of the sacred card scores double",
        HANDICAP: "remove warriors from one player's deck (options handicap_seat, handicap_warriors)",
    }
    options: ClassVar[dict[str, Option]] = {
        "wins": Option(3, "rounds a player must win to win the match (standard: 3)", 1, 9),
        "min_interval_ms": Option(
            400, "least time between two actions of one player: handling a card", 0, 10_000),
        "answer_ms": Option(
            3000, "time to answer an attack (and to place yielded animals) before the default", 100,
            120_000),
        # the rulebook's Dragon may come "instead of [...] defending" (docs/rules/tessen.md, Dragon)
        DRAGON_UNDER_ATTACK: Option(
            0, "dragon: 1 lets a player under attack put a warrior on the dragon before answering", 0, 1),
        "handicap_seat": Option("p1", "handicap: the seat that loses warriors (p1 or p2)"),
        "handicap_warriors": Option(
            1, "handicap: warriors removed (ordinary first; the 10th is the super-warrior)", 1,
            WARRIORS + SUPERS),
    }

    # Options added after games of rules version 1 were recorded. At its default such an option is
    # left out of the configuration: the state (and so every state hash) of a game played at the
    # default is then what the older records hold, and they still replay and resume.
    LATER_OPTIONS: ClassVar[tuple[str, ...]] = (DRAGON_UNDER_ATTACK,)

    def configure(self, players: int | None = None, variants: list[str] | tuple[str, ...] = (),
                  options: dict[str, str | int] | None = None) -> dict[str, Any]:
        config = super().configure(players, variants, options)
        for key in self.LATER_OPTIONS:
            if config["options"][key] == self.options[key].default:
                del config["options"][key]
        return config

    # what the tables show between decisions and after the game (summary.py), and the rules
    def marker(self, config: dict[str, Any], event: dict[str, Any]) -> str | None:
        return summaries.marker(event)

    def summary(self, config: dict[str, Any], log: list[dict[str, Any]]) -> list[str]:
        return summaries.summary(log)

    def rules_reference(self) -> RulesReference:
        return references.reference(self.title, self.rules_version)

    def match_score(self, state: TessenState) -> list[int]:
        """The rounds each seat has won so far in the match."""
        return [side.wins for side in state.sides]

    def seat_names(self, config: dict[str, Any]) -> list[str]:
        return list(SEATS)

    def seat_label(self, state: TessenState, player: int) -> str:
        return SEATS[player] if 0 <= player < 2 else f"seat {player}"

    # ----- set-up ------------------------------------------------------------------------------
    def start(self, config: dict[str, Any], seed: int) -> tuple[TessenState, list[Event]]:
        rng = make_rng(config, seed)  # before configure, which keeps only players/variants/options
        config = self.configure(config.get("players"), config.get("variants", ()), config.get("options"))
        opts = config["options"]
        if opts["handicap_seat"] not in SEATS:
            raise ConfigError(f"option handicap_seat must be p1 or p2, not {opts['handicap_seat']!r}")
        state = TessenState(config=config, rng=rng, sides=[Side(deck=[]), Side(deck=[])])
        if HANDICAP in config["variants"]:
            side = state.sides[SEATS.index(str(opts["handicap_seat"]))]
            n = int(opts["handicap_warriors"])
            side.plain_out = min(n, WARRIORS)
            side.super_out = max(0, n - WARRIORS)
        events: list[Event] = []
        self._deal(state, 0, events)
        return state, events

    def _deal(self, state: TessenState, t: int, events: list[Event]) -> None:
        """Every card goes back to its owner's deck (less the warriors out of the match); shuffle."""
        for side in state.sides:
            side.deck = fresh_deck(side.plain_out + side.dragon[0], side.super_out + side.dragon[1])
            state.rng.shuffle(side.deck)
            side.hand = []
            side.places = empty_places()
            side.discard = []
            side.score = [0] * KINDS
            side.take = []
            side.last = NEVER  # "Tessen!": both may act from the round's first instant
        state.attack = []
        state.fallen = []
        state.sacred = []
        state.phase = "play"
        state.cache = None
        events.append(Event("round", {"round": state.round, "t": t,
                                      "decks": [len(s.deck) for s in state.sides]}))

    # ----- protocol ----------------------------------------------------------------------------
    def _legal(self, state: TessenState, p: int) -> tuple[str, ...]:
        cache = state.cache
        if cache is None:
            cache = state.cache = [None, None, None, False]
        got = cache[p]
        if got is None:
            got = cache[p] = tuple(position_legal(state, p))
        return got  # type: ignore[no-any-return]

    def _legal_list(self, state: TessenState, p: int) -> list[str]:
        """``list(self._legal(state, p))``, built once: a list just built is handed out as it is
        (the cache keeps its own copy)."""
        cache = state.cache
        if cache is None:
            cache = state.cache = [None, None, None, False]
        got = cache[p]
        if got is not None:
            return list(got)
        out = position_legal(state, p)
        cache[p] = tuple(out)
        return out

    def decisions(self, state: TessenState) -> list[Decision]:
        return [Decision(p, text.decision_kind(state, p), text.prompt(self, state, p))
                for p in self.deciders(state)]

    def deciders(self, state: TessenState) -> list[int]:
        if state.winner >= 0:
            return []
        if state.phase == "play" and not state.attack:  # _can_act, inline: at every perception
            a, b = state.sides
            if (a.take or len(a.hand) < HAND_LIMIT) and (b.take or len(b.hand) < HAND_LIMIT):
                return [0, 1]
        return [p for p in (0, 1) if can_act(state, p) or self._legal(state, p)]

    def legal_actions(self, state: TessenState, player: int, now_ms: int | None = None) -> list[str]:
        if state.winner >= 0 or player not in (0, 1):
            return []
        if now_ms is not None:
            cache = state.cache
            due = cache[2] if cache is not None and cache[3] else self._due(state)
            if due is not None and due[0] <= now_ms:
                # a deadline falls before that instant: the answer is the one after it
                later = state.clone()
                self.advance_time(later, now_ms)
                return self.legal_actions(later, player, now_ms)
            if state.phase == "play" and now_ms < state.sides[player].last + state.interval_ms:
                return []  # inside the minimum interval (ready_at)
        cache = state.cache
        known = cache[player] if cache is not None else None
        return list(known if known is not None else self._legal(state, player))

    def is_legal(self, state: TessenState, player: int, action: str, now_ms: int | None = None) -> bool:
        if now_ms is not None:
            due = self._due(state)
            if state.winner >= 0 or player not in (0, 1) or (due is not None and due[0] <= now_ms):
                return action in self.legal_actions(state, player, now_ms)
            # the answer of legal_actions without copying the list (every landing action asks)
            if state.phase == "play" and now_ms < self.ready_at(state, player):
                return False
        if state.winner >= 0 or player not in (0, 1):
            return False
        cache = state.cache
        known = cache[player] if cache is not None else None
        # the list if it is built already, else a check of this one action
        return action in known if known is not None else action_legal(state, player, action)

    def apply(self, state: TessenState, player: int, action: str, time_ms: int | None = None) -> list[Event]:
        """``Game.apply``, with its checks and its errors; a legal action at a time in whole
        milliseconds takes the short way there (every landing bot action does): the clock is
        moved, then the action alone is checked."""
        if state.winner < 0 and type(time_ms) is int and player in (0, 1):
            pre = self.advance_time(state, time_ms)
            # is_legal at time_ms, now that no deadline falls before it
            if state.winner < 0 and (state.phase != "play" or time_ms >= state.sides[player].last + state.interval_ms):
                cache = state.cache
                known = cache[player] if cache is not None else None
                if action in known if known is not None else action_legal(state, player, action):
                    return self._act(state, player, action, state.clock, pre)  # the clock is at time_ms
            if state.winner < 0 and isinstance(action, str) and action in ACTIONS:
                # canonical text: Game.apply would read it again to the same text, and refuse it so
                from warroom.engine.errors import IllegalAction, NotYourTurn

                if player not in self.deciders(state):
                    raise NotYourTurn(f"{self.seat_label(state, player)} has no decision to make now")
                raise IllegalAction(self.explain_illegal(state, player, action))
            return pre + super().apply(state, player, action, time_ms)  # the reason, raised
        return super().apply(state, player, action, time_ms)

    def apply_quiet(self, state: TessenState, player: int, action: str, time_ms: int) -> bool:
        """:meth:`apply` for a runner that neither records nor shows what happens (the
        simulated clock's, unrecorded: ``engine.realtime``): the same change to the state, and
        ``True``, where ``apply`` accepts; where it would raise a ``WarroomError``, the same
        change (the clock moved) and ``False``. The action's own events are not built, nor a
        refusal's reason (a test compares states and answers with ``apply``)."""
        op = ACTIONS.get(action) if action.__class__ is str else None
        if op is not None and state.winner < 0 and type(time_ms) is int and player in (0, 1):
            cache = state.cache
            due = cache[2] if cache is not None and cache[3] else self._due(state)
            if due is None or due[0] > time_ms:  # advance_time, where nothing falls due
                if time_ms > state.clock:
                    state.clock = time_ms
            else:
                self.advance_time(state, time_ms)
            # is_legal at time_ms, now that no deadline falls before it (as in apply)
            if state.winner < 0 and (state.phase != "play" or time_ms >= state.sides[player].last + state.interval_ms):
                cache = state.cache
                known = cache[player] if cache is not None else None
                if action in known if known is not None else _op_legal(state, player, action, op):
                    self._act(state, player, action, state.clock, None)
                    return True
            return False  # apply raises here: NotYourTurn, IllegalAction or GameOver
        try:
            self.apply(state, player, action, time_ms)
        except WarroomError:
            return False
        return True

    def next_chance(self, state: TessenState, player: int, now_ms: int) -> int | None:
        """``now_ms`` if ``player`` may act now, the end of their minimum interval if that is
        later, ``None`` if they have nothing to do until the state changes."""
        if state.winner >= 0 or player not in (0, 1):
            return None
        cache = state.cache
        due = cache[2] if cache is not None and cache[3] else self._due(state)
        if due is not None and due[0] <= now_ms:
            return now_ms  # a deadline falls first: legal_actions answers after it
        if state.phase != "play":
            return now_ms if self._legal(state, player) else None
        side = state.sides[player]
        if not (side.take or len(side.hand) < HAND_LIMIT or (state.attack and state.attack[0] != player)
                or side.hand[0] < KINDS or self._legal(state, player)):  # _can_act, inline
            return None
        ready = side.last + state.interval_ms
        return ready if ready > now_ms else now_ms

    def perceive(self, state: TessenState, player: int, now_ms: int) -> list[str] | int | None:
        """What ``player`` finds on looking at ``now_ms``, in one call, as the simulated clock's
        runner would learn it from :meth:`next_chance`, :meth:`deciders` and
        :meth:`legal_actions` (``engine.realtime``; a test compares them): a later instant if
        their minimum interval has not ended then, ``None`` if they have nothing to do until the
        state changes, else their legal actions now (empty: none)."""
        if state.winner >= 0 or player not in (0, 1):
            return None
        cache = state.cache
        due = cache[2] if cache is not None and cache[3] else self._due(state)
        if due is not None and due[0] <= now_ms:  # a deadline falls first: the long way
            return self.legal_actions(state, player, now_ms) if player in self.deciders(state) else []
        if state.phase != "play":
            return self._legal_list(state, player)
        side = state.sides[player]
        ready = side.last + state.interval_ms
        if ready <= now_ms:
            return self._legal_list(state, player)  # empty if it has nothing to do
        if side.take or len(side.hand) < HAND_LIMIT or (state.attack and state.attack[0] != player) \
                or side.hand[0] < KINDS or self._legal(state, player):  # _can_act, inline
            return ready
        return None

    def ready_at(self, state: TessenState, player: int) -> int:
        """When ``player``'s minimum interval since their last action ends."""
        return state.sides[player].last + state.interval_ms

    def _apply(self, state: TessenState, player: int, action: str, time_ms: int | None) -> list[Event]:
        t = state.clock if time_ms is None else max(time_ms, state.clock)
        events = self.advance_time(state, t)  # apply_trusted relies on it
        return self._act(state, player, action, t, events)

    def _act(self, state: TessenState, player: int, action: str, t: int,
             events: list[Event] | None) -> list[Event]:
        """The action at ``t``, the clock already there; its events are added to ``events``
        (``None``: the action's own events are not built, see :meth:`apply_quiet`)."""
        state.cache = None
        state.moves += 1
        verb, a, b = ACTIONS[action]
        side = state.sides[player]
        log = events is not None
        out: list[Event] = events if events is not None else []  # for the rarer pieces of play
        if verb == "serve":
            self._serve(state, player, a, t, out, timeout=False)
            return out
        side.last = t
        hand = side.hand
        seat = SEATS[player]
        if verb == "draw":
            if a:
                card = state.sides[1 - player].discard.pop()
                insort(hand, card)
                if log:
                    out.append(Event("draw", {"seat": seat, "from": "opponent", "card": ANIMALS[card], "t": t}))
            else:
                card = side.deck.pop()
                insort(hand, card)
                if log:
                    out.append(Event("draw", {"seat": seat, "from": "deck", "left": len(side.deck), "t": t},
                                     {"card": _key(card)}, (player,)))
                if not side.deck:
                    self._end_round(state, player, t, out)
        elif verb == "play":
            hand.remove(a)
            place = side.places[b]
            place[0] = a
            place[1] += 1
            if log:
                out.append(Event("play", {"seat": seat, "card": ANIMALS[a], "place": b + 1, "pile": place[1],
                                          "t": t}))
        elif verb == "keep":
            place = side.places[a]
            side.score[place[0]] += place[1]
            if log:
                out.append(Event("keep", {"seat": seat, "card": ANIMALS[place[0]], "count": place[1],
                                          "place": a + 1, "kept": sum(side.score), "t": t}))
            place[0], place[1] = -1, 0
        elif verb == "discard":
            hand.remove(a)
            side.discard.append(a)
            if log:
                out.append(Event("discard", {"seat": seat, "card": ANIMALS[a], "t": t}))
        elif verb == "attack":
            hand.remove(b)
            deadline = t + int(state.config["options"]["answer_ms"])
            state.attack = [player, a, b, deadline]
            if log:
                target = state.sides[1 - player].places[a]
                out.append(Event("attack", {"seat": seat, "place": a + 1, "with": WITH_NAME[b],
                                            "pile": _key(target[0]) if target[0] >= 0 else None,
                                            "count": target[1], "deadline": deadline, "t": t}))
        elif verb == "defend":
            hand.remove(a)
            w = state.attack[2]
            state.fallen += [w, a]
            if log:
                out.append(Event("defend", {"seat": seat, "with": WITH_NAME[a], "against": WITH_NAME[w],
                                            "place": state.attack[1] + 1, "t": t}))
            state.attack = []
        elif verb == "yield":
            self._yield(state, t, out, timeout=False)
        elif verb == "take":
            self._take(state, player, a, t, out, timeout=False)
        elif verb == "clear":
            hand.remove(b)
            place = side.places[a]
            state.fallen += [place[2], b]
            if log:
                out.append(Event("clear", {"seat": seat, "place": a + 1, "with": WITH_NAME[b],
                                           "enemy": WITH_NAME[place[2]], "t": t}))
            place[2] = -1
        elif verb == "dragon":
            hand.remove(a)
            side.dragon[0 if a == WARRIOR else 1] += 1
            if log:
                out.append(Event("dragon", {"seat": seat, "with": WITH_NAME[a],
                                            "on_dragon": [_dragon_strength(s) for s in state.sides], "t": t}))
        elif verb == "sacred":
            hand.remove(a)
            state.sacred.append(a)
            if log:
                out.append(Event("sacred", {"seat": seat, "card": ANIMALS[a], "t": t}))
        return out

    # ----- time ----------------------------------------------------------------------------------
    def _due(self, state: TessenState) -> tuple[int, int, int] | None:
        """The earliest thing that happens by itself: (time, what, seat); what 0 attack,
        1 yielded animals placed by default, 2 the Shogun served by default."""
        cache = state.cache
        if cache is None:
            cache = state.cache = [None, None, None, False]
        elif cache[3]:
            return cache[2]  # type: ignore[no-any-return]
        due: tuple[int, int, int] | None = None
        if state.winner >= 0:
            pass
        elif state.phase == "serve":
            due = (state.serve_deadline, 2, int(state.rounds[-1]["winner"]))
        else:
            if state.attack:
                due = (state.attack[3], 0, state.attack[0])
            first, second = state.sides
            if first.take and (due is None or (first.take[2], 1, 0) < due):
                due = (first.take[2], 1, 0)
            if second.take and (due is None or (second.take[2], 1, 1) < due):
                due = (second.take[2], 1, 1)
        cache[2], cache[3] = due, True
        return due

    def next_deadline(self, state: TessenState) -> int | None:
        due = self._due(state)
        out = None if due is None else due[0]
        if state.phase == "play" and state.winner < 0:
            gap = state.interval_ms
            clock = state.clock
            for side in state.sides:
                ready = side.last + gap
                if ready > clock and (out is None or ready < out):
                    out = ready
        return out

    def next_state_change(self, state: TessenState) -> int | None:
        """When the state next changes by itself (an attack, yielded animals or the Shogun's
        default), leaving out the ends of minimum intervals, where only legality changes: the
        simulated runner's wake-ups between bots (``engine.realtime``), since ``next_chance``
        names the end of each seat's interval exactly."""
        cache = state.cache
        due = cache[2] if cache is not None and cache[3] else self._due(state)
        return None if due is None else due[0]

    def advance_time(self, state: TessenState, now_ms: int) -> list[Event]:
        """Deadlines up to ``now_ms`` take effect, earliest first: an attack not answered by its
        deadline counts as yielded; yielded animals not placed in time go to their pile or the
        first free place (else the discard pile); the Shogun is served with an ordinary warrior."""
        cache = state.cache
        due = cache[2] if cache is not None and cache[3] else self._due(state)
        if due is None or due[0] > now_ms:  # nothing falls due: only the clock moves
            if now_ms > state.clock:
                state.clock = now_ms
            return []
        events: list[Event] = []
        while True:
            due = self._due(state)
            if due is None or due[0] > now_ms:
                break
            t, what, seat = due
            state.clock = max(state.clock, t)
            state.cache = None
            if what == 0:
                self._yield(state, t, events, timeout=True)
            elif what == 1:
                side = state.sides[seat]
                where = suitable(side, side.take[0])
                self._take(state, seat, where[0] if where else -1, t, events, timeout=True)
            else:
                side = state.sides[seat]
                w = WARRIOR if side.plain_out + side.dragon[0] < WARRIORS else SUPER
                self._serve(state, seat, w, t, events, timeout=True)
        if now_ms > state.clock:
            state.clock = now_ms
        return events

    # ----- the pieces of play ----------------------------------------------------------------------
    def _yield(self, state: TessenState, t: int, events: list[Event], timeout: bool) -> None:
        attacker, i, w, _ = state.attack
        state.attack = []
        dfn = state.sides[1 - attacker]
        place = dfn.places[i]
        kind, count = place[0], place[1]
        place[0], place[1], place[2] = -1, 0, w  # the attacking warrior now blocks the place
        events.append(Event("yield", {"seat": SEATS[1 - attacker], "place": i + 1,
                                      "card": _key(kind) if count else None, "count": count,
                                      "timeout": timeout, "t": t}))
        if count:
            side = state.sides[attacker]
            if suitable(side, kind):
                side.take = [kind, count, t + int(state.config["options"]["answer_ms"])]
            else:
                self._take(state, attacker, -1, t, events, timeout=False, given=(kind, count))

    def _take(self, state: TessenState, p: int, where: int, t: int, events: list[Event],
              timeout: bool, given: tuple[int, int] | None = None) -> None:
        side = state.sides[p]
        kind, count = given if given is not None else (side.take[0], side.take[1])
        side.take = []
        if where < 0:
            side.discard.extend([kind] * count)
        else:
            place = side.places[where]
            place[0] = kind
            place[1] += count
        events.append(Event("take", {"seat": SEATS[p], "card": ANIMALS[kind], "count": count,
                                     "place": "discard" if where < 0 else where + 1,
                                     "timeout": timeout, "t": t}))

    def _end_round(self, state: TessenState, ender: int, t: int, events: list[Event]) -> None:
        """"Tessen!": both stop; kept animals are counted (dragon loss first, sacred kind double)."""
        variants = state.config["variants"]
        sacred = state.sacred[-1] if SACRED in variants and state.sacred else -1
        scores = [s.score[:] for s in state.sides]
        lost = [0, 0]
        if DRAGON in variants:
            d = [_dragon_strength(s) for s in state.sides]
            if d[0] != d[1]:
                low = 0 if d[0] < d[1] else 1
                lost[low] = _lose_animals(scores[low], DRAGON_LOSS, sacred)
        points = [sum(c * (2 if k == sacred else 1) for k, c in enumerate(sc)) for sc in scores]
        winner = 0 if points[0] > points[1] else 1 if points[1] > points[0] else ender
        state.sides[winner].wins += 1
        kept = [sum(s.score) for s in state.sides]
        summary = {"round": state.round, "winner": winner, "ender": ender, "points": points,
                   "kept": kept, "dragon_loss": lost,
                   "sacred": _key(sacred) if sacred >= 0 else None, "tie": points[0] == points[1],
                   "t": t}
        state.rounds.append(summary)
        state.attack = []
        for s in state.sides:
            s.take = []
        events.append(Event("tessen", {**summary, "points": points[:], "kept": kept[:],
                                       "dragon_loss": lost[:], "wins": [s.wins for s in state.sides]}))
        target = int(state.config["options"]["wins"])
        if state.sides[winner].wins >= target:
            state.winner = winner
            state.phase = "over"
            events.append(Event("match", {"winner": SEATS[winner],
                                          "wins": [s.wins for s in state.sides], "t": t}))
            return
        state.phase = "serve"
        state.serve_deadline = t + int(state.config["options"]["answer_ms"])
        if not position_legal(state, winner):  # no warrior left to remove
            state.round += 1
            self._deal(state, t, events)

    def _serve(self, state: TessenState, p: int, w: int, t: int, events: list[Event],
               timeout: bool) -> None:
        side = state.sides[p]
        if w == WARRIOR:
            side.plain_out += 1
        else:
            side.super_out += 1
        events.append(Event("shogun", {"seat": SEATS[p], "with": WITH_NAME[w], "timeout": timeout,
                                       "t": t}))
        state.round += 1
        self._deal(state, t, events)

    # ----- the rest of the protocol ------------------------------------------------------------------
    def result(self, state: TessenState) -> Result | None:
        if state.winner < 0:
            return None
        wins = [s.wins for s in state.sides]
        return Result([state.winner], f"{SEATS[state.winner]} won {wins[state.winner]} rounds to "
                      f"{wins[1 - state.winner]}",
                      {"rounds_won": wins, "rounds": len(state.rounds),
                       "points": [r["points"][:] for r in state.rounds],
                       # the match's length in game time, and its pace (simulate averages these)
                       "game_seconds": round(state.clock / 1000, 3),
                       "actions_per_game_second": round(state.moves * 1000 / max(1, state.clock), 3)})

    def from_json(self, data: dict[str, Any]) -> TessenState:
        return TessenState.from_json(data)

    def view(self, state: TessenState, player: int | None) -> dict[str, Any]:
        return view(self, state, player)

    # What Tessen's bots read, as ints (``views.bot_lens``): the simulated clock's runner hands it
    # to a bot declaring ``lens_view``, instead of a view (the function itself: no wrapper call
    # at every perception). Anywhere else a bot gets the whole view and reads the lens off it.
    bot_lens = staticmethod(_bot_lens)

    def determinize(self, state: TessenState, player: int, seed: int) -> TessenState:
        """Re-deal what ``player`` cannot see: the opponent's hand and deck from one pool, and
        the order of ``player``'s own deck; the state's RNG is re-seeded (future rounds' shuffles).

        Whether the opponent can act at all is public (it shows in the decisions), so a re-deal
        that would change it is drawn again; after a few tries the hand stays as it is.
        """
        out = state.clone()
        rng = Rng(seed)
        me, opp = out.sides[player], out.sides[1 - player]
        rng.shuffle(me.deck)
        could = bool(position_legal(state, 1 - player))
        hand, deck = opp.hand, opp.deck
        for _ in range(8):
            pool = hand + deck
            rng.shuffle(pool)
            opp.hand = sorted(pool[:len(hand)])
            opp.deck = pool[len(hand):]
            if bool(position_legal(out, 1 - player)) == could:
                break
        else:
            opp.hand, opp.deck = hand[:], deck[:]
            rng.shuffle(opp.deck)
        out.rng = Rng(rng.next64())
        out.cache = None
        return out

    def position(self, description: dict[str, Any]) -> TessenState:
        return build(self, description)

    def describe_position(self, state: TessenState) -> dict[str, Any]:
        return describe(state)

    def describe(self, state: TessenState, player: int, action: str) -> str:
        return text.describe(state, player, action)

    def explain_illegal(self, state: TessenState, player: int, action: str) -> str:
        return text.explain_illegal(self, state, player, action)



def _key(card: int) -> str:
    return ANIMALS[card] if 0 <= card < KINDS else WITH_NAME.get(card, str(card))


def _dragon_strength(side: Side) -> int:
    """Warriors on the dragon; a super-warrior counts two."""
    return side.dragon[0] + 2 * side.dragon[1]


def _lose_animals(score: list[int], n: int, sacred: int) -> int:
    """Take ``n`` animals out of a score pile, those worth least first; return how many went."""
    lost = 0
    for k in [k for k in range(KINDS) if k != sacred] + ([sacred] if sacred >= 0 else []):
        take = min(score[k], n - lost)
        score[k] -= take
        lost += take
    return lost


GAME = Tessen()
