"""Nest: a test game whose every effect resolves through the engine's frames (not for users).

It exists to prove the frame stack, triggers, response windows and composite choices on a
real game before Legends of the Three Kingdoms is written on them, and is the worked example
of ``docs/architecture.md``. The conformance suite runs over it (``tests/conformance.py``
lists it in ``TEST_GAMES``); it is never in ``warroom.engine.registry``.

The rules. 2-4 players, each with ``life`` life (an option, 3 by default), play from a
shuffled deck of 40 cards: 18 Strikes (ids 0-17), 14 Cancels (18-31), 8 Mends (32-39).
Everyone is dealt 4 cards; hands are hidden, their sizes public.

- On your turn you draw 2, then, as often as you like and in any order until you end:
  ``strike card=C target=T`` once per turn (T another living player), ``trade`` once per
  turn (discard any number of cards, at least one, chosen one at a time, then draw as many),
  ``end``. Then discard down to your life.
- A Strike can be cancelled: every living player, in turn from the current one, may answer
  it with a Cancel; a Cancel can be cancelled the same way, to any depth, and the first
  Cancel played on a card closes that card's window. An odd number of Cancels stops the
  Strike; otherwise its target suffers 1 damage.
- A player brought to 0 life is dying: every living player, in turn from the current one
  (the dying one included), may play Mends on them, one life each, while they are still at
  0 or less. Unsaved, they die and discard their hand.
- **Thorns** (everyone, optional, a cost): after you suffer damage from another living
  player, you may discard a card of your choice to deal them 1 damage.
- **Last stand** (everyone, compulsory): when you lose your last hand card while alive,
  draw 1.
- The last player standing wins; after ``rounds`` rounds (an option, 6 by default) the
  living players with the most life win together.
- ``uniform_windows=1`` asks every living player in every window, even one who cannot
  answer (``pass`` is then all it may do).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from warroom.engine import Decision, Event, Game, Option, Result, Rng, make, parse
from warroom.engine.action_space import ActionSpace, Shape
from warroom.engine.choices import SelectRule, picked, rename, select
from warroom.engine.frames import (
    NO_SEAT,
    Frame,
    FrameRule,
    Resolver,
    clone_frames,
    finish,
    frames_from_json,
    frames_to_json,
    halt,
)
from warroom.engine.reference import ReferenceSection, RulesReference, entry
from warroom.engine.triggers import USE, Ability, Triggers, seat_order
from warroom.engine.windows import UNIFORM_WINDOWS, WindowRule, Windows, outcomes, uniform_windows

STRIKES = range(0, 18)
CANCELS = range(18, 32)
MENDS = range(32, 40)
DECK_SIZE = 40
HAND = 4
SEATS = ("north", "east", "south", "west")


def kind(card: int) -> str:
    return "strike" if card in STRIKES else "cancel" if card in CANCELS else "mend"


@dataclass(slots=True)
class NestState:
    """Everything in play; ``frames`` (bottom first) is what is resolving, a turn at the bottom."""

    config: dict[str, Any]
    rng: Rng
    deck: list[int]  # the top card is the last
    discard: list[int]
    hands: list[list[int]]
    life: list[int]
    alive: list[bool]
    turn: int = 0
    round: int = 1
    frames: list[Frame] = field(default_factory=list)
    frame_results: ClassVar[None] = None
    winners: list[int] | None = None
    reason: str = ""

    def clone(self) -> NestState:
        return NestState(self.config, self.rng.clone(), self.deck[:], self.discard[:],
                         [h[:] for h in self.hands], self.life[:], self.alive[:], self.turn,
                         self.round, clone_frames(self.frames),
                         None if self.winners is None else self.winners[:], self.reason)

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config, "rng": self.rng.state, "deck": self.deck[:],
                "discard": self.discard[:], "hands": [h[:] for h in self.hands], "life": self.life[:],
                "alive": self.alive[:], "turn": self.turn, "round": self.round,
                "frames": frames_to_json(self.frames), "winners": self.winners, "reason": self.reason}

    @property
    def seats(self) -> int:
        return len(self.hands)

    def order(self) -> list[int]:
        """Living seats in turn from the current one: the order of every window and trigger."""
        return seat_order(self.turn, self.seats, lambda s: self.alive[s])

    def in_play(self) -> list[int]:
        """Cards resolving on the stack (a Strike between its play and its discard)."""
        return [f.data["card"] for f in self.frames if f.kind == "strike" and f.data["stage"] != "done"]


# ----- moving cards ------------------------------------------------------------------------------
def draw(state: NestState, seat: int, n: int, events: list[Event]) -> None:
    cards: list[int] = []
    for _ in range(n):
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            events.append(Event("reshuffle", {"cards": len(state.deck)}))
        cards.append(state.deck.pop())
    state.hands[seat].extend(cards)
    events.append(Event("draw", {"seat": seat, "count": len(cards)}, {"cards": cards[:]}, (seat,)))


def lose(state: NestState, seat: int, cards: list[int], events: list[Event], *, to_discard: bool = True) -> None:
    """Cards leave a hand; losing the last one fires ``emptied`` (Last stand), on top of the stack."""
    for c in cards:
        state.hands[seat].remove(c)
    if to_discard:
        state.discard.extend(cards)
    if not state.hands[seat] and state.alive[seat]:
        TRIGGERS.fire(state, "emptied", {"seat": seat}, state.order())


def end_game(state: NestState, winners: list[int], reason: str, events: list[Event]) -> None:
    state.winners = sorted(winners)
    state.reason = reason
    events.append(Event("game_over", {"winners": state.winners[:], "reason": reason}))
    halt(state)


# ----- the engine's registries for this game ----------------------------------------------------
RESOLVER: Resolver[NestState] = Resolver([SelectRule()])
WINDOWS = Windows()
TRIGGERS: Triggers[NestState] = Triggers(lambda state, seat, name: bool(state.alive[seat]))


def _cancel_responses(state: NestState, frame: Frame, seat: int) -> list[str]:
    return [f"cancel card={c}" for c in state.hands[seat] if c in CANCELS]


def _can_cancel(state: NestState, frame: Frame, seat: int) -> bool:
    return any(c in CANCELS for c in state.hands[seat])


def _cancel(state: NestState, frame: Frame, seat: int, action: str, events: list[Event]) -> str:
    card = int(action.rsplit("=", 1)[1])  # the window only passes on its own "cancel card=N"
    depth = frame.data["depth"] + 1
    events.append(Event("cancel", {"seat": seat, "card": card, "on": frame.data["card"], "depth": depth}))
    # the window on this Cancel; losing the last card (pushed above it) is resolved first
    WINDOWS.open(state, "cancel", state.order(), uniform_windows(state.config), card=card, by=seat, depth=depth)
    lose(state, seat, [card], events)
    return "close"


def cancelled(window: dict[str, Any]) -> bool:
    """Whether a window's card was cancelled: it was answered, and that answer was not cancelled."""
    inner = outcomes(window["results"], "cancel")
    return bool(window["answers"]) and not (inner and cancelled(inner[0]))


def _mend_responses(state: NestState, frame: Frame, seat: int) -> list[str]:
    if state.life[frame.data["dying"]] > 0:
        return []
    return [f"mend card={c}" for c in state.hands[seat] if c in MENDS]


def _mend(state: NestState, frame: Frame, seat: int, action: str, events: list[Event]) -> str:
    card = int(action.rsplit("=", 1)[1])
    dying = frame.data["dying"]
    state.life[dying] += 1
    events.append(Event("mend", {"seat": seat, "card": card, "dying": dying, "life": state.life[dying]}))
    lose(state, seat, [card], events)
    return "close" if state.life[dying] > 0 else "again"


def _seated(state: NestState, seat: int) -> bool:
    return state.alive[seat]


WINDOWS.register(WindowRule("cancel", _cancel_responses, _cancel, seated=_seated, can_respond=_can_cancel))
WINDOWS.register(WindowRule("dying", _mend_responses, _mend, seated=_seated))
WINDOWS.install(RESOLVER)
TRIGGERS.install(RESOLVER)


def _thorns_condition(state: NestState, seat: int, ctx: dict[str, Any]) -> bool:
    source = ctx["source"]
    return seat == ctx["target"] and source != seat and state.alive[source]


def _thorns_choices(state: NestState, seat: int, ctx: dict[str, Any]) -> list[str]:
    return [f"card={c}" for c in state.hands[seat]]


def _thorns_pay(state: NestState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    card = int(ctx[USE]["card"])
    events.append(Event("discard", {"seat": seat, "cards": [card], "for": "thorns"}))
    lose(state, seat, [card], events)


def _thorns(state: NestState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    if state.alive[ctx["source"]]:
        push_damage(state, seat, ctx["source"])


def _last_stand(state: NestState, seat: int, ctx: dict[str, Any], events: list[Event]) -> None:
    draw(state, seat, 1, events)


TRIGGERS.register(Ability("thorns", "damaged", _thorns, condition=_thorns_condition, optional=True,
                          choices=_thorns_choices, pay=_thorns_pay))
TRIGGERS.register(Ability(
    "last_stand", "emptied", _last_stand,
    condition=lambda state, seat, ctx: ctx["seat"] == seat and not state.hands[seat],
))


def push_damage(state: NestState, source: int, target: int) -> None:
    state.frames.append(Frame("damage", data={"source": source, "target": target, "stage": "hit"}))


class TurnRule(FrameRule[NestState]):
    """The turn at the bottom of the stack: draw, act until ``end``, discard, pass the turn on."""

    kind = "turn"

    def step(self, state: NestState, frame: Frame, events: list[Event]) -> None:
        data = frame.data
        seat = data["seat"]
        stage = data["stage"]
        if stage == "start":
            data["stage"] = "act"
            draw(state, seat, 2, events)
        elif stage == "act":
            frame.results.clear()
            if state.alive[seat]:
                frame.seat = seat  # back from a strike or a trade: act again
            else:
                data["stage"] = "end"  # died of thorns on its own turn
        elif stage == "discard":
            excess = len(state.hands[seat]) - max(state.life[seat], 0)
            data["stage"] = "end"
            if excess > 0 and state.alive[seat]:
                data["stage"] = "discarded"
                select(state, seat, state.hands[seat], excess, excess, "discard")
        elif stage == "discarded":
            data["stage"] = "end"
            cards = picked(frame.results[0] if frame.results else None, "discard") or []
            events.append(Event("discard", {"seat": seat, "cards": cards[:], "for": "hand limit"}))
            lose(state, seat, cards, events)
        else:
            self.next_turn(state, frame, events)

    def next_turn(self, state: NestState, frame: Frame, events: list[Event]) -> None:
        after = [s for s in seat_order(state.turn + 1, state.seats) if state.alive[s]]
        nxt = after[0]
        if nxt <= state.turn:
            state.round += 1
            if state.round > int(state.config["options"]["rounds"]):
                best = max(state.life[s] for s in after)
                top = [s for s in after if state.life[s] == best]
                end_game(state, top, f"after {state.round - 1} rounds, the most life is {best}", events)
                return
        state.turn = nxt
        events.append(Event("turn", {"seat": nxt, "round": state.round}))
        frame.data = {"seat": nxt, "stage": "start", "struck": False, "traded": False}
        frame.answers.clear()
        frame.results.clear()

    def legal(self, state: NestState, frame: Frame, seat: int) -> list[str]:
        out: list[str] = []
        others = [t for t in range(state.seats) if t != seat and state.alive[t]]
        if not frame.data["struck"]:
            out += [make("strike", card=c, target=t) for c in sorted(state.hands[seat]) if c in STRIKES
                    for t in others]
        if not frame.data["traded"] and state.hands[seat]:
            out.append("trade")
        out.append("end")
        return out

    def answer(self, state: NestState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        frame.answers.append([seat, action])
        frame.seat = NO_SEAT
        verb, args = parse(action)
        if verb == "end":
            frame.data["stage"] = "discard"
        elif verb == "trade":
            frame.data["traded"] = True
            state.frames.append(Frame("trade", data={"seat": seat, "stage": "choose"}))
        else:
            card, target = int(args["card"]), int(args["target"])
            frame.data["struck"] = True
            events.append(Event("strike", {"seat": seat, "card": card, "target": target}))
            state.frames.append(Frame("strike", data={"card": card, "source": seat, "target": target,
                                                      "stage": "open"}))
            lose(state, seat, [card], events, to_discard=False)  # the card is on the stack now

    def decision_kind(self, state: NestState, frame: Frame) -> str:
        return "turn"


class StrikeRule(FrameRule[NestState]):
    """A Strike: its cancel window, then (not cancelled) 1 damage to its target."""

    kind = "strike"

    def step(self, state: NestState, frame: Frame, events: list[Event]) -> None:
        data = frame.data
        if data["stage"] == "open":
            data["stage"] = "settle"
            WINDOWS.open(state, "cancel", state.order(), uniform_windows(state.config),
                         card=data["card"], by=data["source"], depth=0)
            return
        if data["stage"] == "settle":
            state.discard.append(data["card"])
            window = outcomes(frame.results, "cancel")[0]
            if cancelled(window) or not state.alive[data["target"]]:
                events.append(Event("cancelled", {"card": data["card"]}))
            else:
                data["stage"] = "done"
                push_damage(state, data["source"], data["target"])
                return
        finish(state, frame)


class DamageRule(FrameRule[NestState]):
    """1 damage: life falls, a dying player is asked round the table, then ``damaged`` fires."""

    kind = "damage"

    def step(self, state: NestState, frame: Frame, events: list[Event]) -> None:
        data = frame.data
        target = data["target"]
        stage = data["stage"]
        if stage == "hit":
            state.life[target] -= 1
            events.append(Event("damage", {"seat": target, "source": data["source"], "life": state.life[target]}))
            data["stage"] = "rescued"
            if state.life[target] <= 0:
                WINDOWS.open(state, "dying", state.order(), uniform_windows(state.config), dying=target)
                return
            stage = "rescued"
        if stage == "rescued":
            if state.life[target] <= 0:
                self.die(state, target, events)
                if state.winners is None:
                    finish(state, frame)
                return
            data["stage"] = "done"
            if TRIGGERS.fire(state, "damaged", {"target": target, "source": data["source"]},
                             state.order()) is not None:
                return
        finish(state, frame)

    @staticmethod
    def die(state: NestState, seat: int, events: list[Event]) -> None:
        state.alive[seat] = False
        hand = sorted(state.hands[seat])
        state.hands[seat] = []
        state.discard.extend(hand)
        events.append(Event("die", {"seat": seat, "discarded": hand}))
        living = [s for s in range(state.seats) if state.alive[s]]
        if len(living) == 1:
            end_game(state, living, f"{SEATS[living[0]]} is the last one standing", events)


class TradeRule(FrameRule[NestState]):
    """Trade: choose any cards one at a time (a ``select``), discard them, draw as many."""

    kind = "trade"

    def step(self, state: NestState, frame: Frame, events: list[Event]) -> None:
        data = frame.data
        seat = data["seat"]
        if data["stage"] == "choose":
            data["stage"] = "discard"
            select(state, seat, state.hands[seat], 1, len(state.hands[seat]), "trade")
            return
        if data["stage"] == "discard":
            cards = picked(frame.results[0], "trade") or []
            data["stage"], data["count"] = "draw", len(cards)
            events.append(Event("discard", {"seat": seat, "cards": cards[:], "for": "trade"}))
            lose(state, seat, cards, events)
            if state.frames[-1] is not frame:
                return  # Last stand first
        if state.alive[seat]:
            draw(state, seat, data["count"], events)
        finish(state, frame)


for _rule in (TurnRule(), StrikeRule(), DamageRule(), TradeRule()):
    RESOLVER.add(_rule)


# ----- the game ------------------------------------------------------------------------------------
class Nest(Game[NestState]):
    name = "nest"
    title = "Nest (test game)"
    min_players = 2
    max_players = 4
    options: ClassVar[dict[str, Option]] = {
        "life": Option(3, "life each player starts with", 1, 6),
        "rounds": Option(6, "rounds before the most life wins", 1, 30),
        "uniform_windows": UNIFORM_WINDOWS,
    }

    def seat_names(self, config: dict[str, Any]) -> list[str]:
        return list(SEATS[: int(config["players"])])

    def start(self, config: dict[str, Any], seed: int) -> tuple[NestState, list[Event]]:
        config = self.configure(config.get("players"), config.get("variants", ()), config.get("options"))
        n = int(config["players"])
        rng = Rng(seed)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        life = int(config["options"]["life"])
        state = NestState(config, rng, deck, [], [[] for _ in range(n)], [life] * n, [True] * n)
        events: list[Event] = []
        for seat in range(n):
            draw(state, seat, HAND, events)
        state.frames.append(Frame("turn", data={"seat": 0, "stage": "start", "struck": False, "traded": False}))
        RESOLVER.run(state, events)
        return state, events

    def decisions(self, state: NestState) -> list[Decision]:
        frame = RESOLVER.waiting(state)
        if state.winners is not None or frame is None:
            return []
        return [Decision(frame.seat, str(RESOLVER.decision_kind(state)), self.prompt(state, frame))]

    def deciders(self, state: NestState) -> list[int]:
        frame = RESOLVER.waiting(state)
        return [] if state.winners is not None or frame is None else [frame.seat]

    @staticmethod
    def prompt(state: NestState, frame: Frame) -> str:
        data = frame.data
        if frame.kind == "turn":
            return "Your turn: strike, trade or end"
        if frame.kind == "ability":
            return "You were damaged: discard a card to strike back with thorns?"
        if frame.kind == "select":
            if data["purpose"] == "trade":
                return "Pick the cards to trade, then done"
            return f"Discard {data['least']} cards down to your life"
        if data["name"] == "dying":
            return f"{SEATS[data['dying']]} is dying: mend them?"
        return f"Cancel the {kind(data['card'])} of {SEATS[data['by']]}?"

    def legal_actions(self, state: NestState, player: int, now_ms: int | None = None) -> list[str]:
        if state.winners is not None:
            return []
        return RESOLVER.legal(state, player)

    def is_legal(self, state: NestState, player: int, action: str, now_ms: int | None = None) -> bool:
        return state.winners is None and RESOLVER.is_legal(state, player, action)

    def _apply(self, state: NestState, player: int, action: str, time_ms: int | None) -> list[Event]:
        events: list[Event] = []
        RESOLVER.answer(state, player, action, events)
        return events

    def explain_illegal(self, state: NestState, player: int, action: str) -> str:
        verb, args = parse(action)
        card = args.get("card", "")
        if card and (not card.isdigit() or int(card) not in state.hands[player]):
            return f"card {card} is not in your hand"
        frame = RESOLVER.waiting(state)
        if frame is not None and frame.kind == "turn" and verb == "strike":
            if frame.data["struck"]:
                return "you have struck once this turn already"
            return "strike a living player other than yourself with a Strike"
        return f"{action!r} is not a legal action now"

    def describe(self, state: NestState, player: int, action: str) -> str:
        verb, args = parse(action)
        if verb == "strike":
            return f"Strike {SEATS[int(args['target'])]} with card {args['card']}"
        if verb in ("cancel", "mend", "pick"):
            return f"{verb.capitalize()} with card {args['card']}"
        if verb == "use":
            return f"Discard card {args['card']} to deal 1 damage back (thorns)"
        return {"trade": "Trade cards: discard some, draw as many", "end": "End your turn",
                "pass": "Pass", "decline": "Do not use thorns", "done": "Done picking"}.get(verb, action)

    # ----- what a seat sees -----------------------------------------------------------------------
    def view(self, state: NestState, player: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "round": state.round, "rounds": state.config["options"]["rounds"], "turn": state.turn,
            "life": state.life[:], "alive": state.alive[:], "hand_sizes": [len(h) for h in state.hands],
            "deck": len(state.deck), "discard": state.discard[:],
            "stack": [self.frame_view(f, player) for f in state.frames],
            "winners": None if state.winners is None else state.winners[:],
        }
        if player is not None and 0 <= player < state.seats:
            out["hand"] = sorted(state.hands[player])
        return out

    @staticmethod
    def frame_view(frame: Frame, player: int | None) -> dict[str, Any]:
        """A frame as a seat may see it: everything but another seat's private choice."""
        data = frame.data
        out: dict[str, Any] = {"kind": frame.kind, "waiting": frame.seat}
        if frame.kind == "select":
            out.update(purpose=data["purpose"], least=data["least"], most=data["most"])
            if player == frame.seat:
                out["picked"] = sorted(data["picked"])
        elif frame.kind == "trigger":
            out.update(timing=data["timing"], current=data["current"])
        elif frame.kind == "window":
            out.update(name=data["name"], answers=[a[:] for a in frame.answers],
                       **{k: data[k] for k in ("card", "by", "depth", "dying") if k in data})
        elif frame.kind in ("turn", "strike", "damage", "ability"):
            out.update({k: v for k, v in data.items() if k not in ("stage", "count")})
        return out

    def result(self, state: NestState) -> Result | None:
        if state.winners is None:
            return None
        return Result(state.winners[:], state.reason, {"life": state.life[:]})

    def determinize(self, state: NestState, player: int, seed: int) -> NestState:
        """Re-deal every card ``player`` cannot see: the other hands and the deck.

        Cards keep their places and change identity: a card of the pool becomes another pool
        card, and the same renaming applies to another seat's choice in progress.
        """
        out = state.clone()
        rng = Rng(seed)
        others = [s for s in range(state.seats) if s != player]
        before = [c for s in others for c in out.hands[s]] + out.deck
        after = before[:]
        rng.shuffle(after)
        mapping = dict(zip(before, after, strict=True))
        for s in others:
            out.hands[s] = [mapping[c] for c in out.hands[s]]
        out.deck = [mapping[c] for c in out.deck]
        for frame in out.frames:
            if frame.kind == "select" and frame.seat != player:
                rename(frame, mapping)
        out.rng = Rng(rng.next64())
        return out

    def from_json(self, data: dict[str, Any]) -> NestState:
        return NestState(
            dict(data["config"]), Rng(int(data["rng"])), list(data["deck"]), list(data["discard"]),
            [list(h) for h in data["hands"]], list(data["life"]), list(data["alive"]), int(data["turn"]),
            int(data["round"]), frames_from_json(data["frames"]),
            None if data["winners"] is None else list(data["winners"]), str(data["reason"]),
        )

    def action_space(self, config: dict[str, Any]) -> ActionSpace:
        """Every action has a fixed number: a choice of several cards is a sequence of picks."""
        seats = range(int(config["players"]))
        cards = range(DECK_SIZE)
        return ActionSpace([
            Shape.of("end"), Shape.of("trade"), Shape.of("pass"), Shape.of("decline"), Shape.of("done"),
            Shape.of("strike", card=STRIKES, target=seats), Shape.of("cancel", card=CANCELS),
            Shape.of("mend", card=MENDS), Shape.of("use", ability=["thorns"], card=cards),
            Shape.of("pick", card=cards),
        ])

    def rules_reference(self) -> RulesReference:
        cards = [
            entry("strike", "Strike", "Card", "Once per turn: 1 damage to another living player, "
                  "unless cancelled.", count=len(STRIKES)),
            entry("cancel", "Cancel", "Card", "Answer a Strike or a Cancel: it has no effect. "
                  "A Cancel can be cancelled.", count=len(CANCELS)),
            entry("mend", "Mend", "Card", "Play on a dying player: 1 life.", count=len(MENDS)),
        ]
        skills = [
            entry("thorns", "Thorns", "Optional", "After you suffer damage from another living "
                  "player, you may discard a card to deal them 1 damage.", count=None),
            entry("last_stand", "Last stand", "Compulsory", "When you lose your last hand card, "
                  "draw 1.", count=None),
        ]
        return RulesReference(game=self.name, title=self.title, rules_version=self.rules_version,
                              intro=["Strike the others, cancel their strikes; the last one standing wins."],
                              sections=[ReferenceSection(key="cards", title="Cards", columns=[], entries=cards),
                                        ReferenceSection(key="skills", title="Skills", columns=[],
                                                         entries=skills)])


GAME = Nest()


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``nest`` a registered game for one test only."""
    from warroom.engine import registry

    monkeypatch.setitem(registry._MODULES, "nest", "tests.nest_game")
    monkeypatch.delitem(registry._LOADED, "nest", raising=False)
