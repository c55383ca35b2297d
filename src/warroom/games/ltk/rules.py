"""Legends of the Three Kingdoms: the game protocol, set-up, general selection and the turn.

Everything after set-up is a stack of frames (:mod:`warroom.engine.frames`): the ``turn`` frame
at the bottom runs the six phases, the ``act`` frame waits on the current player in the action
phase, and each card in resolution, response window, damage, rescue round and choice is a frame
above it. The card and skill modules register their frames with ``core.RESOLVER``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from warroom.engine.actions import Move
from warroom.engine.choices import select
from warroom.engine.errors import ConfigError
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, finish, push
from warroom.engine.game import Decision, Game, Option, Result
from warroom.engine.reference import RulesReference
from warroom.engine.rng import make_rng
from warroom.engine.windows import UNIFORM_WINDOWS
from warroom.games.ltk import action_space as _space
from warroom.games.ltk import core, text
from warroom.games.ltk import encode as _encode
from warroom.games.ltk import reference as references
from warroom.games.ltk import summary as summaries
from warroom.games.ltk.cards import DECK_SIZE, KIND, deck_ids, delayed, weapons  # noqa: F401  (tools, weapons, armor)
from warroom.games.ltk.cards import basic as _basic  # noqa: F401  (registers Kill, Dodge, Peach)
from warroom.games.ltk.cards import equipment as _equipment  # noqa: F401
from warroom.games.ltk.frames import Act, DiscardPhase, DiscardStage, DrawPhase, DrawStage, Turn
from warroom.games.ltk.generals import GENERALS, LORDS, OTHERS
from warroom.games.ltk.generals import actions as _actions  # noqa: F401  (the generals' skills)
from warroom.games.ltk.generals import buqu as _buqu  # noqa: F401
from warroom.games.ltk.generals import conversions as _conversions  # noqa: F401
from warroom.games.ltk.generals import damage as _damage  # noqa: F401
from warroom.games.ltk.generals import judgement as _judgement  # noqa: F401
from warroom.games.ltk.generals import lords as _lords  # noqa: F401
from warroom.games.ltk.generals import passive as _passive  # noqa: F401
from warroom.games.ltk.generals import phases as _phases  # noqa: F401
from warroom.games.ltk.generals import reactions as _reactions  # noqa: F401
from warroom.games.ltk.state import NO_CARD, PHASES, LtkState, Seat

ROLE_ORDER = ("monarch", "minister", "rebel", "defector")
# players -> (monarch, ministers, rebels, defectors), the fact sheet's table
ROLE_COUNTS: dict[int, tuple[int, int, int, int]] = {
    2: (1, 0, 1, 0), 3: (1, 0, 1, 1), 4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1),
    7: (1, 2, 3, 1), 8: (1, 2, 4, 1), 9: (1, 3, 4, 1), 10: (1, 3, 4, 2),
}
TEN_PLAYER_TABLES = {"1/3/4/2": (1, 3, 4, 2), "1/3/5/1": (1, 3, 5, 1)}
EXTRA_GENERALS = ("xun_yu", "cao_ren", "zhou_tai")
HAND_START = 4
DRAW_PER_TURN = 2


def role_counts(players: int, ten: str = "1/3/4/2") -> tuple[int, int, int, int]:
    return TEN_PLAYER_TABLES[ten] if players == 10 else ROLE_COUNTS[players]


class Ltk(Game[LtkState]):
    name = "ltk"
    title = "Legends of the Three Kingdoms"
    rules_version = 2  # 2: the rule fixes of issue 34 (Buqu, equipment in use, Jizhi, Lianying...)
    min_players = 2
    max_players = 10
    default_bot = "heuristic"
    # research interfaces: the stable action numbering and the observation read from the state
    action_space, encode, observation_size = _space.action_space, _encode.encode, _encode.observation_size
    # outcomes a player reads before the bots go on (the browser shows each in a panel)
    pause_events: ClassVar[frozenset[str]] = frozenset({"death", "judge_effect", "point_duel"})
    variants: ClassVar[dict[str, str]] = {
        "three-player": "3 players, no roles: kill the player after you, protect the player before you",
    }
    options: ClassVar[dict[str, Option]] = {
        "ex": Option(1, "1: the 4 EX cards are in the deck (108 cards); 0: the 104-card deck", 0, 1),
        "ten_player_roles": Option("1/3/4/2", "roles at 10 players (Monarch/Ministers/Rebels/Defectors): "
                                   "1/3/4/2 or 1/3/5/1"),
        "extra_generals": Option(1, "1: Xun Yu, Cao Ren and Zhou Tai join the 25 standard generals", 0, 1),
        "uniform_windows": UNIFORM_WINDOWS,
    }

    # what the tables show between decisions and after the game (summary.py), and the rules
    def marker(self, config: dict[str, Any], event: dict[str, Any]) -> str | None:
        return summaries.marker(event)

    def summary(self, config: dict[str, Any], log: list[dict[str, Any]]) -> list[str]:
        return summaries.summary(log)

    def rules_reference(self) -> RulesReference:
        return references.reference(self.title, self.rules_version)

    def seat_label(self, state: LtkState, player: int) -> str:
        return text.seat_name(state, player)

    # ----- set-up ------------------------------------------------------------------------------
    def start(self, config: dict[str, Any], seed: int) -> tuple[LtkState, list[Event]]:
        rng = make_rng(config, seed)  # before configure, which keeps only players/variants/options
        config = self.configure(config.get("players"), config.get("variants", ()), config.get("options"))
        n = int(config["players"])
        opts = config["options"]
        if str(opts["ten_player_roles"]) not in TEN_PLAYER_TABLES:
            raise ConfigError("option ten_player_roles is 1/3/4/2 or 1/3/5/1")
        three = "three-player" in config["variants"]
        if three and n != 3:
            raise ConfigError("the three-player variant is for 3 players")
        if three:
            # no roles: "monarch" only marks who takes the first turn; everyone picks secretly
            roles = ["monarch", "none", "none"]
        else:
            counts = role_counts(n, str(opts["ten_player_roles"]))
            roles = [r for r, k in zip(ROLE_ORDER, counts, strict=True) for _ in range(k)]
        rng.shuffle(roles)
        seats = [Seat(role=r) for r in roles]
        monarch = roles.index("monarch")
        others = [g for g in OTHERS if opts["extra_generals"] or g not in EXTRA_GENERALS]
        rng.shuffle(others)
        state = LtkState(config=config, rng=rng, seats=seats, draw=[], current=monarch)
        state.deeds = [[0] * n for _ in range(n)]
        if three:
            for s in seats:
                s.revealed = True
            state.pool = [*others, *LORDS]
            self._deal_offers(state, [], everyone=True)
        else:
            # the Monarch is offered every lord general and two others; the rest wait in the pool
            seats[monarch].revealed = True
            seats[monarch].offers = [*LORDS, *others[:2]]
            state.pool = others[2:]
        state.draw = deck_ids(bool(opts["ex"]))
        rng.shuffle(state.draw)
        events = [Event("setup", {"players": n, "monarch": monarch, "deck": len(state.draw),
                                  "monarch_offers": seats[monarch].offers[:] if not three else []})]
        if three:
            events.extend(Event("offers", {"seat": i, "count": 3}, {"generals": s.offers[:]}, (i,))
                          for i, s in enumerate(seats))
        return state, events

    # ----- protocol ----------------------------------------------------------------------------
    def decisions(self, state: LtkState) -> list[Decision]:
        return [Decision(p, self._kind(state, p), text.prompt(state, p)) for p in self.deciders(state)]

    def _kind(self, state: LtkState, p: int) -> str:
        if state.stage in ("lord", "pick"):
            return "general"
        frame = state.frames[-1]
        return core.RESOLVER.rule(frame).decision_kind(state, frame)

    def deciders(self, state: LtkState) -> list[int]:
        if state.stage == "lord":
            return [state.current]
        if state.stage == "pick":
            return [i for i, s in enumerate(state.seats) if s.offers and not s.pick]
        if state.stage == "play":
            frame = core.RESOLVER.waiting(state)
            return [frame.seat] if frame is not None else []
        return []

    def simultaneous(self, state: LtkState) -> bool:
        # after the Monarch's public choice, the other seats choose their generals secretly and
        # at once: a pick only sets the seat's own ``pick``, and all are revealed together
        return state.stage == "pick"

    def legal_actions(self, state: LtkState, player: int, now_ms: int | None = None) -> list[str]:
        if state.stage in ("lord", "pick"):
            if player not in self.deciders(state):
                return []
            return [f"choose general={g}" for g in sorted(state.seats[player].offers)]
        if state.stage == "play":
            return core.RESOLVER.legal(state, player)
        return []

    def is_legal(self, state: LtkState, player: int, action: str, now_ms: int | None = None) -> bool:
        if not isinstance(action, str):
            return False
        if state.stage == "play":
            return core.RESOLVER.is_legal(state, player, action)
        return action in self.legal_actions(state, player)

    def _apply(self, state: LtkState, player: int, action: str, time_ms: int | None) -> list[Event]:
        state.moves += 1
        events: list[Event] = []
        if state.stage == "play":
            core.RESOLVER.answer(state, player, action, events)
            return events
        general = Move.parse(action).word("general")
        seat = state.seats[player]
        seat.pick = general
        if state.stage == "lord":
            unchosen = [g for g in seat.offers if g != general]
            self._reveal(state, player, events)
            state.pool.extend(unchosen)  # the Monarch's other offers go back to be shuffled
            self._deal_offers(state, events)
        elif all(s.pick for s in state.seats):
            for i, s in enumerate(state.seats):
                if not s.general:
                    self._reveal(state, i, events)
            self._begin(state, events)
        else:
            events.append(Event("chosen", {"seat": player}))
        return events

    def _reveal(self, state: LtkState, seat: int, events: list[Event]) -> None:
        s = state.seats[seat]
        s.general = s.pick
        s.max_hp = GENERALS[s.general].hp
        if s.role == "monarch" and s.revealed and state.n >= 5:
            s.max_hp += 1  # the Monarch's bonus from 5 players
        s.hp = s.max_hp
        s.offers = []
        events.append(Event("general", {"seat": seat, "general": s.general, "hp": s.hp, "max_hp": s.max_hp}))

    def _deal_offers(self, state: LtkState, events: list[Event], everyone: bool = False) -> None:
        """Every other player is dealt three generals (two at 10 players) from the rest, secretly."""
        state.stage = "pick"
        state.rng.shuffle(state.pool)
        k = 2 if state.n == 10 else 3
        order = core.order_from(state, state.current)
        for i in order if everyone else order[1:]:
            s = state.seats[i]
            s.offers = [state.pool.pop() for _ in range(k)]
            if not everyone:
                events.append(Event("offers", {"seat": i, "count": k}, {"generals": s.offers[:]}, (i,)))

    def _begin(self, state: LtkState, events: list[Event]) -> None:
        state.stage = "play"
        for i in core.order_from(state, state.current):
            core.draw(state, i, HAND_START, events)
        push(state, Turn(i=0, busy=False, skip=[]))
        events.append(Event("turn", {"seat": state.current}))
        core.RESOLVER.run(state, events)

    def position(self, description: dict[str, Any]) -> LtkState:
        from warroom.games.ltk.positions import position

        return position(self, description)

    def describe_position(self, state: LtkState) -> dict[str, Any]:
        from warroom.games.ltk.positions import describe_position

        return describe_position(state)

    def result(self, state: LtkState) -> Result | None:
        if state.stage != "over":
            return None
        return Result(state.winners[:], state.reason, {
            "roles": [s.role for s in state.seats],
            "generals": [s.general for s in state.seats],
            "alive": [s.alive for s in state.seats],
            "winning_roles": sorted({state.seats[w].role for w in state.winners}),
            "turns": state.turns,
        })

    def from_json(self, data: dict[str, Any]) -> LtkState:
        return LtkState.from_json(data)

    def view(self, state: LtkState, player: int | None) -> dict[str, Any]:
        from warroom.games.ltk.views import view

        return view(state, player)

    def determinize(self, state: LtkState, player: int, seed: int) -> LtkState:
        from warroom.games.ltk.views import determinize

        return determinize(state, player, seed)

    def describe(self, state: LtkState, player: int, action: str) -> str:
        return text.describe(state, player, action)

    def explain_illegal(self, state: LtkState, player: int, action: str) -> str:
        return text.explain_illegal(self, state, player, action)



# ----- the turn --------------------------------------------------------------------------------------
@core.rule
class TurnRule(FrameRule[LtkState]):
    """The bottom frame: the current player's six phases, then the next living player's turn."""

    kind = "turn"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        # the phases that push nothing are run here one after another rather than by the resolver
        # stepping this frame again (the same work in the same order, without the round trips)
        frames = state.frames
        for _ in range(4 * len(PHASES)):
            self._step(state, frame, events)
            if not frames or frames[-1] is not frame or frame.seat != NO_SEAT:
                return

    def _step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Turn = frame.data
        seat = state.current
        if not state.seats[seat].alive and d.i < len(PHASES):
            d.i = len(PHASES)  # the current player died: the rest of the turn is gone
            d.busy = False
        if d.i >= len(PHASES):
            frame.results.clear()
            state.current = core.next_alive(state, seat)
            state.turns += 1
            state.used = {}
            d.i, d.busy, d.skip = 0, False, []
            events.append(Event("turn", {"seat": state.current}))
            turner = state.seats[state.current]
            if turner.flipped:  # a face-down player turns face up and loses this turn
                turner.flipped = False
                events.append(Event("flip", {"seat": state.current, "face_up": True}))
                d.i = len(PHASES)
            return
        phase = PHASES[d.i]
        if phase in d.skip:
            events.append(Event("skip", {"seat": seat, "phase": phase}))
            d.i += 1
            return
        if not d.busy:
            d.busy = True
            state.phase = phase
            BEGIN[phase](state, frame, events)
            return
        END.get(phase, _nothing)(state, frame, events)
        frame.results.clear()
        d.busy = False
        d.i += 1


def _nothing(state: LtkState, frame: Frame, events: list[Event]) -> None:
    return None


def _phase_trigger(timing: str) -> Callable[[LtkState, Frame, list[Event]], None]:
    def begin(state: LtkState, frame: Frame, events: list[Event]) -> None:
        core.TRIGGERS.fire(state, timing, {"seat": state.current}, [state.current])
    return begin


def _draw_phase(state: LtkState, frame: Frame, events: list[Event]) -> None:
    if core.TRIGGERS.listening(state, "draw_phase", [state.current]):
        push(state, DrawPhase())
    else:  # what the draw_phase frame would do when no skill changes the draw
        core.draw(state, state.current, DRAW_PER_TURN, events)


def _action_phase(state: LtkState, frame: Frame, events: list[Event]) -> None:
    state.used.pop("kill", None)
    push(state, Act(), state.current)


def _discard_phase(state: LtkState, frame: Frame, events: list[Event]) -> None:
    seat = state.current
    # the discard_phase frame does nothing when no skill listens and the hand is within the limit
    if (core.TRIGGERS.listening(state, "discard_phase", [seat])
            or len(state.seats[seat].hand) > hand_limit(state, seat)):
        push(state, DiscardPhase())


@core.rule
class DrawPhaseRule(FrameRule[LtkState]):
    """Draw 2; skills at ``draw_phase`` change the count (ctx ``count``: Yingzi, Luoyi, Tuxi)."""

    kind = "draw_phase"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: DrawPhase = frame.data
        if d.stage == DrawStage.FIRE:
            d.stage = DrawStage.DRAW
            core.TRIGGERS.fire(state, "draw_phase", {"seat": state.current, "count": DRAW_PER_TURN}, [state.current])
            return
        ctx = core.fired(frame) or {"count": DRAW_PER_TURN}
        frame.results.clear()
        finish(state, frame, None)
        if ctx["count"] > 0:
            core.draw(state, state.current, int(ctx["count"]), events)


@core.rule
class DiscardPhaseRule(FrameRule[LtkState]):
    """Discard down to the hand limit; ``discard_phase`` skills may skip it (ctx ``skip``: Keji)."""

    kind = "discard_phase"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: DiscardPhase = frame.data
        seat = state.current
        if d.stage == DiscardStage.FIRE:
            d.stage = DiscardStage.CHOOSE
            core.TRIGGERS.fire(state, "discard_phase", {"seat": seat, "skip": False}, [seat])
            return
        if d.stage == DiscardStage.CHOOSE:
            ctx = core.fired(frame) or {}
            frame.results.clear()
            d.stage = DiscardStage.DISCARD
            s = state.seats[seat]
            excess = len(s.hand) - hand_limit(state, seat)
            if not ctx.get("skip") and excess > 0:
                select(state, seat, s.hand, excess, excess, "discard")
            return
        picked: list[int] = next((v["picked"] for v in frame.results
                                  if isinstance(v, dict) and v.get("purpose") == "discard"), [])
        frame.results.clear()
        finish(state, frame, None)  # first: what the discard fires goes on the stack above the turn
        if picked:
            core.discard_own(state, seat, picked, events, "hand limit")


def hand_limit(state: LtkState, seat: int) -> int:
    return max(0, state.seats[seat].hp)


BEGIN = {"start": _phase_trigger("start_phase"), "judge": delayed.judgement_phase, "draw": _draw_phase,
         "action": _action_phase, "discard": _discard_phase, "end": _phase_trigger("end_phase")}
END = {"judge": delayed.judgement_phase_end}


def _targets_text(targets: list[int]) -> str:
    """`` target=T`` for one target, `` targets=a,b`` for several, nothing for none."""
    if len(targets) == 1:
        return f" target={targets[0]}"
    return f" targets={','.join(map(str, targets))}" if targets else ""


# the action texts' fixed parts, built once (the action phase lists every hand card each decision)
_USE_TEXT = tuple(f"use card={c}" for c in range(DECK_SIZE))


def _target_texts(memo: dict[tuple[str, bool], list[str]], state: LtkState, seat: int, card: int,
                  kind: str, last: bool) -> list[str]:
    """The target parts of using ``card`` as ``kind`` (empty: not usable now), once per kind and
    decision: a kind's targets depend on the card only through ``last`` (see ``core.Use``)."""
    key = (kind, last)
    texts = memo.get(key)
    if texts is None:
        texts = memo[key] = [_targets_text(t) for t in core.USES[kind].targets(state, seat, card) or []]
    return texts


@core.rule
class ActRule(FrameRule[LtkState]):
    """The action phase: the current player uses cards one at a time, then ends the phase."""

    kind = "act"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        frame.results.clear()
        if not state.seats[state.current].alive:
            finish(state, frame, None)
            return
        frame.seat = state.current

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        out: list[str] = []
        hand = state.seats[seat].hand
        only = hand[0] if len(hand) == 1 else NO_CARD
        memo: dict[tuple[str, bool], list[str]] = {}
        uses = core.USES
        for card in sorted(hand):
            kind = KIND[card]
            if kind in uses:
                prefix = _USE_TEXT[card]
                out += [prefix + t for t in _target_texts(memo, state, seat, card, kind, card == only)]
        equipped = state.seats[seat].equip
        for source in core.AS_SOURCES:
            for card, kind in source(state, seat):
                prefix = f"use card={card} as={kind}"
                if card in equipped:  # its targets are those of the equipment without it
                    with core.without(state, seat, card):
                        targets = core.USES[kind].targets(state, seat, card) or []
                    out += [prefix + _targets_text(t) for t in targets]
                else:
                    out += [prefix + t for t in _target_texts(memo, state, seat, card, kind, card == only)]
        held = core.abilities(state, seat)
        for verb, (legal, _apply) in core.PHASE_ACTIONS.items():
            if verb in held:  # every phase action is named after the skill or weapon that grants it
                out += legal(state, seat)
        out.append("end")
        return out

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        frame.seat = NO_SEAT
        if action == "end":
            finish(state, frame, None)
            return
        move = Move.parse(action)
        if move.verb != "use":
            core.PHASE_ACTIONS[move.verb][1](state, seat, move, events)
            return
        card = move.number("card")
        key = "target" if "target" in move else "targets"
        targets = list(move.numbers(key)) if key in move else []
        zone = core.remove_card(state, seat, card)  # a converted card may come from the equipment
        state.table.append(card)
        core.USES[move.word("as") if "as" in move else KIND[card]].apply(state, seat, card, targets, events)
        core.lost(state, seat, card, zone, events)

    def decision_kind(self, state: LtkState, frame: Frame) -> str:
        return "action"


GAME = Ltk()
