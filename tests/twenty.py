"""Twenty: the smallest hidden-hand game that keeps every promise of the protocol.

The engine tests and the conformance suite's self-tests use it; it is also a
short worked example of a game on the engine (see docs/architecture.md).

Each player is dealt ``hand`` cards (an option) from a deck of 12 numbered cards
(16 with the ``long`` variant). On a turn you draw (while the deck is not empty
and you hold fewer than 4 cards) or play a card face up. When the deck and both
hands are empty, the higher total played wins; equal totals draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from warroom.engine import Decision, Event, Game, Option, Result, Rng, make, parse


@dataclass(slots=True)
class TwentyState:
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    played: list[list[int]]
    turn: int = 0
    over: bool = False

    def clone(self) -> TwentyState:
        return TwentyState(self.rng.clone(), self.deck[:], [h[:] for h in self.hands],
                           [p[:] for p in self.played], self.turn, self.over)

    def to_json(self) -> dict[str, Any]:
        return {"rng": self.rng.state, "deck": self.deck[:], "hands": [h[:] for h in self.hands],
                "played": [p[:] for p in self.played], "turn": self.turn, "over": self.over}


class Twenty(Game[TwentyState]):
    name = "twenty"
    title = "Twenty (test game)"
    variants: ClassVar[dict[str, str]] = {"long": "a deck of 16 cards instead of 12"}
    options: ClassVar[dict[str, Option]] = {
        "hand": Option(2, "cards dealt to each player", 0, 4),
        "label": Option("plain", "a text option, for the configuration tests"),
    }

    def new(self, config: dict[str, Any], seed: int) -> TwentyState:
        config = self.configure(config.get("players"), config.get("variants", ()),
                                config.get("options"))
        rng = Rng(seed)
        deck = list(range(16 if "long" in config["variants"] else 12))
        rng.shuffle(deck)
        n = int(config["options"]["hand"])
        return TwentyState(rng, deck[2 * n:], [deck[:n], deck[n:2 * n]], [[], []])

    def decisions(self, state: TwentyState) -> list[Decision]:
        return [] if state.over else [Decision(state.turn, "turn", "Draw or play a card")]

    def legal_actions(self, state: TwentyState, player: int, now_ms: int | None = None) -> list[str]:
        if state.over or player != state.turn:
            return []
        out = [make("play", card=c) for c in sorted(state.hands[player])]
        if state.deck and len(state.hands[player]) < 4:
            out.append("draw")
        return out

    def _apply(self, state: TwentyState, player: int, action: str,
               time_ms: int | None) -> list[Event]:
        verb, args = parse(action)
        if verb == "draw":
            card = state.deck.pop()
            state.hands[player].append(card)
            events = [Event("draw", {"seat": player}, {"card": card}, (player,))]
        else:
            card = int(args["card"])
            state.hands[player].remove(card)
            state.played[player].append(card)
            events = [Event("play", {"seat": player, "card": card})]
        if not state.deck and not state.hands[0] and not state.hands[1]:
            state.over = True
        elif state.hands[1 - player] or state.deck:  # the other player can act
            state.turn = 1 - player
        return events

    def view(self, state: TwentyState, player: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"deck": len(state.deck), "played": [p[:] for p in state.played],
                               "hand_sizes": [len(h) for h in state.hands], "turn": state.turn}
        if player in (0, 1):
            out["hand"] = sorted(state.hands[player])
        return out

    def result(self, state: TwentyState) -> Result | None:
        if not state.over:
            return None
        a, b = sum(state.played[0]), sum(state.played[1])
        return Result([] if a == b else [0 if a > b else 1], f"totals {a} to {b}")

    def determinize(self, state: TwentyState, player: int, seed: int) -> TwentyState:
        out = state.clone()
        rng = Rng(seed)
        opp = 1 - player
        pool = out.hands[opp] + out.deck
        rng.shuffle(pool)
        n = len(out.hands[opp])
        out.hands[opp], out.deck = pool[:n], pool[n:]
        out.rng = Rng(rng.next64())
        return out

    def from_json(self, data: dict[str, Any]) -> TwentyState:
        return TwentyState(Rng(int(data["rng"])), list(data["deck"]),
                           [list(h) for h in data["hands"]], [list(p) for p in data["played"]],
                           int(data["turn"]), bool(data["over"]))


GAME = Twenty()
