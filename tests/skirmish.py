"""Skirmish: the smallest real-time game, the worked example of ``Dynamics.REALTIME``.

It is registered only inside the tests that use it (``register``), never for users. Two seats
play at once, with no turns:

- each has a shuffled deck of ``cards`` cards (values 1..cards, the order hidden from both) and a
  hand of at most ``hand`` cards (hidden from the other seat);
- ``draw`` takes the top card of your deck into your hand (while your hand has room);
- ``bank card=C`` puts a card of your hand face up in your bank: it scores its value;
- ``attack card=C`` plays a card at the other seat, who must answer within ``answer_ms``
  milliseconds, and until then may do nothing else (the attack interrupts it). It answers with
  ``block card=D`` (a card of value at least C; both cards are discarded) or ``yield`` (the
  attacker takes the last card of the defender's bank into its own). An attack not answered by
  its deadline counts as unanswered: it is resolved as a yield, by the clock. The attacker carries
  on meanwhile, but may not attack a seat already under attack, nor attack while attacked;
- a seat's actions are at least ``interval_ms`` apart (handling cards takes time), so in the
  ``interval_ms`` after an action that seat has no decision, and ``next_deadline`` says when it
  has one again.

When both decks and hands are empty and no attack is pending, the higher bank wins (equal banks
draw). Card ids are global: seat 0 holds ids 0..cards-1, seat 1 ids cards..2*cards-1, and a card's
value is ``id % cards + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from warroom.engine import Decision, Dynamics, Event, Game, Option, Result, Rng, make, parse
from warroom.engine.bot import Bot

SEATS = ("west", "east")


@dataclass(slots=True)
class SkirmishState:
    config: dict[str, Any]
    rng: Rng
    decks: list[list[int]]
    hands: list[list[int]]
    banks: list[list[int]]
    discard: list[int]
    now: int = 0
    ready: list[int] | None = None  # per seat: the earliest time of its next action
    attack: list[int] | None = None  # per seat: the attacking card aimed at it, or -1
    due: list[int] | None = None  # per seat: when the attack on it counts as unanswered
    over: bool = False

    def clone(self) -> SkirmishState:
        assert self.ready is not None and self.attack is not None and self.due is not None
        return SkirmishState(self.config, self.rng.clone(), [d[:] for d in self.decks],
                             [h[:] for h in self.hands], [b[:] for b in self.banks], self.discard[:],
                             self.now, self.ready[:], self.attack[:], self.due[:], self.over)

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config, "rng": self.rng.state, "decks": [d[:] for d in self.decks],
                "hands": [h[:] for h in self.hands], "banks": [b[:] for b in self.banks],
                "discard": self.discard[:], "now": self.now, "ready": list(self.ready or []),
                "attack": list(self.attack or []), "due": list(self.due or []), "over": self.over}


class Skirmish(Game[SkirmishState]):
    name = "skirmish"
    title = "Skirmish (real-time test game)"
    dynamics = Dynamics.REALTIME
    options: ClassVar[dict[str, Option]] = {
        "cards": Option(6, "cards in each deck", 2, 20),
        "hand": Option(3, "the most cards in a hand", 1, 8),
        "interval_ms": Option(200, "the least time between one seat's actions", 0, 10_000),
        "answer_ms": Option(1000, "the time to answer an attack", 1, 60_000),
    }

    def seat_names(self, config: dict[str, Any]) -> list[str]:
        return list(SEATS)

    # ----- set-up -----------------------------------------------------------------------------
    def start(self, config: dict[str, Any], seed: int) -> tuple[SkirmishState, list[Event]]:
        config = self.configure(config["players"], config["variants"], config["options"])
        n = int(config["options"]["cards"])
        rng = Rng(seed)
        decks = [list(range(n)), list(range(n, 2 * n))]
        for d in decks:
            rng.shuffle(d)
        state = SkirmishState(config, rng, decks, [[], []], [[], []], [], 0, [0, 0], [-1, -1], [0, 0])
        return state, [Event("start", {"cards": n})]

    def _opt(self, state: SkirmishState, key: str) -> int:
        return int(state.config["options"][key])

    def value(self, state: SkirmishState, card: int) -> int:
        return card % self._opt(state, "cards") + 1

    # ----- who may act ------------------------------------------------------------------------
    def _can_act(self, state: SkirmishState, p: int, now: int) -> bool:
        assert state.ready is not None and state.attack is not None
        if state.over or now < state.ready[p]:
            return False
        return state.attack[p] >= 0 or bool(state.hands[p]) or bool(state.decks[p])

    def decisions(self, state: SkirmishState) -> list[Decision]:
        assert state.attack is not None
        out = []
        for p in (0, 1):
            if self._can_act(state, p, state.now):
                if state.attack[p] >= 0:
                    out.append(Decision(p, "answer", "You are attacked: block or yield"))
                else:
                    out.append(Decision(p, "act", "Draw, bank or attack"))
        return out

    def deciders(self, state: SkirmishState) -> list[int]:
        return [p for p in (0, 1) if self._can_act(state, p, state.now)]

    def legal_actions(self, state: SkirmishState, player: int, now_ms: int | None = None) -> list[str]:
        now = state.now if now_ms is None else max(now_ms, state.now)
        if player not in (0, 1) or not self._can_act(state, player, now):
            return []
        assert state.attack is not None and state.due is not None
        hand = sorted(state.hands[player])
        if state.attack[player] >= 0:
            if now >= state.due[player]:
                return []  # the attack has already counted as unanswered, whatever the state says
            need = self.value(state, state.attack[player])
            return [make("block", card=c) for c in hand if self.value(state, c) >= need] + ["yield"]
        out = []
        if state.decks[player] and len(hand) < self._opt(state, "hand"):
            out.append("draw")
        out += [make("bank", card=c) for c in hand]
        if state.attack[1 - player] < 0:
            out += [make("attack", card=c) for c in hand]
        return sorted(out)

    def is_legal(self, state: SkirmishState, player: int, action: str, now_ms: int | None = None) -> bool:
        # checked directly, not by listing: the runner re-checks every action that lands
        if not isinstance(action, str):
            return False
        now = state.now if now_ms is None else max(now_ms, state.now)
        if player not in (0, 1) or not self._can_act(state, player, now):
            return False
        assert state.attack is not None and state.due is not None
        attacked = state.attack[player] >= 0
        if action == "yield":
            return attacked and now < state.due[player]
        if action == "draw":
            return not attacked and bool(state.decks[player]) and \
                len(state.hands[player]) < self._opt(state, "hand")
        verb, _, rest = action.partition(" card=")
        if not rest.isdigit() or str(int(rest)) != rest or int(rest) not in state.hands[player]:
            return False
        card = int(rest)
        if verb == "block":
            return attacked and now < state.due[player] and \
                self.value(state, card) >= self.value(state, state.attack[player])
        if verb == "bank":
            return not attacked
        if verb == "attack":
            return not attacked and state.attack[1 - player] < 0
        return False

    def explain_illegal(self, state: SkirmishState, player: int, action: str) -> str:
        assert state.attack is not None and state.ready is not None
        if player not in (0, 1):
            return f"there is no seat {player}"
        if state.now < state.ready[player]:
            return f"too soon: your next action is possible at {state.ready[player]} ms"
        verb, args = parse(action)
        if state.attack[player] >= 0 and verb not in ("block", "yield"):
            return "you are attacked: block or yield first"
        if verb in ("bank", "attack", "block"):
            card = args.get("card", "")
            if not card.isdigit() or int(card) not in state.hands[player]:
                return f"card {card} is not in your hand"
            if verb == "block":
                return "that card is too weak to block this attack"
            if verb == "attack":
                return "the other seat is already under attack"
        if verb == "draw":
            return "you cannot draw now (your hand is full or your deck is empty)"
        if verb == "yield":
            return "nobody is attacking you"
        return f"{action!r} is not a legal action now"

    # ----- time -------------------------------------------------------------------------------
    def next_deadline(self, state: SkirmishState) -> int | None:
        assert state.ready is not None and state.attack is not None and state.due is not None
        if state.over:
            return None
        times = [state.due[p] for p in (0, 1) if state.attack[p] >= 0]
        times += [r for r in state.ready if r > state.now]
        return min(times) if times else None

    def advance_time(self, state: SkirmishState, now_ms: int) -> list[Event]:
        assert state.attack is not None and state.due is not None
        if state.over or now_ms <= state.now:
            return []
        events: list[Event] = []
        # attacks resolve in the order they fall due (seat order at the same instant)
        for p in sorted((p for p in (0, 1) if state.attack[p] >= 0 and state.due[p] <= now_ms),
                        key=lambda p: (state.due[p], p)):
            state.now = state.due[p]
            events += self._lose(state, p, "unanswered")
        state.now = now_ms
        self._check_end(state)
        return events

    # ----- effects ----------------------------------------------------------------------------
    def _apply(self, state: SkirmishState, player: int, action: str, time_ms: int | None) -> list[Event]:
        assert state.ready is not None and state.attack is not None and state.due is not None
        # apply() has advanced the clock already (this is then a no-op); apply_trusted has not
        events: list[Event] = [] if time_ms is None else self.advance_time(state, time_ms)
        state.ready[player] = state.now + self._opt(state, "interval_ms")
        if action == "draw":
            card = state.decks[player].pop()
            state.hands[player].append(card)
            events.append(Event("draw", {"seat": player}, {"card": card}, (player,)))
        elif action == "yield":
            events += self._lose(state, player, "yield")
        else:
            verb, _, rest = action.partition(" card=")
            card = int(rest)
            state.hands[player].remove(card)
            value = self.value(state, card)
            if verb == "bank":
                state.banks[player].append(card)
                events.append(Event("bank", {"seat": player, "card": card, "value": value}))
            elif verb == "attack":
                target = 1 - player
                state.attack[target] = card
                state.due[target] = state.now + self._opt(state, "answer_ms")
                events.append(Event("attack", {"seat": player, "card": card, "value": value,
                                               "due": state.due[target]}))
            else:  # block
                attacker = state.attack[player]
                state.discard += [attacker, card]
                state.attack[player] = -1
                events.append(Event("block", {"seat": player, "card": card, "value": value,
                                              "attacker": attacker}))
        self._check_end(state)
        return events

    def _lose(self, state: SkirmishState, p: int, how: str) -> list[Event]:
        """Seat ``p`` yields (or let the attack run out): the attacker takes its last banked card."""
        assert state.attack is not None
        attacker_card = state.attack[p]
        state.attack[p] = -1
        state.discard.append(attacker_card)
        taken = state.banks[p].pop() if state.banks[p] else -1
        if taken >= 0:
            state.banks[1 - p].append(taken)
        return [Event(how, {"seat": p, "card": taken, "at": state.now})]

    def _check_end(self, state: SkirmishState) -> None:
        assert state.attack is not None
        if not any(state.decks) and not any(state.hands) and max(state.attack) < 0:
            state.over = True

    # ----- what is seen -----------------------------------------------------------------------
    def view(self, state: SkirmishState, player: int | None) -> dict[str, Any]:
        assert state.ready is not None and state.attack is not None and state.due is not None
        return {
            "now": state.now,
            "hand": None if player not in (0, 1) else [
                {"card": c, "value": self.value(state, c)} for c in sorted(state.hands[player])],
            "hand_sizes": [len(h) for h in state.hands],
            "deck_sizes": [len(d) for d in state.decks],
            "banks": [[{"card": c, "value": self.value(state, c)} for c in b] for b in state.banks],
            "scores": [self._score(state, p) for p in (0, 1)],
            "attacks": [None if state.attack[p] < 0 else
                        {"card": state.attack[p], "value": self.value(state, state.attack[p]),
                         "due": state.due[p]} for p in (0, 1)],
            "ready": list(state.ready),
            "discard": list(state.discard),
        }

    def _score(self, state: SkirmishState, p: int) -> int:
        return sum(self.value(state, c) for c in state.banks[p])

    def result(self, state: SkirmishState) -> Result | None:
        if not state.over:
            return None
        a, b = self._score(state, 0), self._score(state, 1)
        winners = [] if a == b else [0 if a > b else 1]
        return Result(winners, "every card is played", {"banked": [a, b]})

    def determinize(self, state: SkirmishState, player: int, seed: int) -> SkirmishState:
        out = state.clone()
        rng = Rng(seed)
        other = 1 - player
        rng.shuffle(out.decks[player])  # nobody knows the order of their own deck
        pool = out.hands[other] + out.decks[other]
        rng.shuffle(pool)
        k = len(out.hands[other])
        out.hands[other], out.decks[other] = pool[:k], pool[k:]
        out.rng = Rng(rng.next64())
        return out

    def from_json(self, data: dict[str, Any]) -> SkirmishState:
        return SkirmishState(dict(data["config"]), Rng(int(data["rng"])), [list(d) for d in data["decks"]],
                             [list(h) for h in data["hands"]], [list(b) for b in data["banks"]],
                             list(data["discard"]), int(data["now"]), list(data["ready"]),
                             list(data["attack"]), list(data["due"]), bool(data["over"]))

    def describe(self, state: SkirmishState, player: int, action: str) -> str:
        verb, args = parse(action)
        if "card" in args:
            return f"{verb} your {self.value(state, int(args['card']))}"
        return {"draw": "draw a card", "yield": "yield to the attack"}.get(verb, action)

    def seat_label(self, state: SkirmishState, player: int) -> str:
        return SEATS[player] if player in (0, 1) else f"seat {player}"


GAME = Skirmish()


class GreedyBot(Bot):
    """Answers attacks with the weakest card that blocks, else draws, attacks with high cards,
    banks the rest; returns ``None`` ("nothing now") when only waiting makes sense."""

    name = "greedy"
    needs_view = True

    def choose(self, view: dict[str, Any], legal: list[str], rng: Any) -> str | None:
        blocks = sorted((a for a in legal if a.startswith("block")),
                        key=lambda a: next(c["value"] for c in view["hand"] if f"card={c['card']}" in a))
        if "yield" in legal:
            return blocks[0] if blocks else "yield"
        if "draw" in legal:
            return "draw"
        hand = sorted(view["hand"], key=lambda c: -c["value"])
        for c in hand:
            if make("attack", card=c["card"]) in legal and c["value"] >= 4:
                return make("attack", card=c["card"])
        return make("bank", card=hand[0]["card"]) if hand else None


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``skirmish`` a registered game for this test only."""
    from warroom.engine import registry

    monkeypatch.setitem(registry._MODULES, "skirmish", "tests.skirmish")
