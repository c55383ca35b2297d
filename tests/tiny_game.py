"""A tiny game for tests of the game-neutral parts (lobby, create-table endpoint, descriptions).

It is registered only inside the tests that use it (``register`` patches the registry), never in
``warroom.engine.registry`` itself. 2-4 players take turns adding 1 or 2 to a shared count; who
brings it to the target (the ``target`` option) wins. The ``double`` variant lets a player add 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from warroom.engine import Decision, Event, Game, Option, Result, make
from warroom.engine.reference import Column, ReferenceSection, RulesReference, entry

SEATS = ("north", "east", "south", "west")


@dataclass(slots=True)
class TinyState:
    config: dict[str, Any]
    count: int = 0
    turn: int = 0
    winner: int = -1

    def clone(self) -> TinyState:
        return TinyState(self.config, self.count, self.turn, self.winner)

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config, "count": self.count, "turn": self.turn, "winner": self.winner}


class Tiny(Game[TinyState]):
    name = "tiny"
    title = "Tiny Count"
    min_players = 2
    max_players = 4
    variants: ClassVar[dict[str, str]] = {"double": "a player may also add 4"}
    options: ClassVar[dict[str, Option]] = {"target": Option(9, "the count that wins", 3, 30)}

    def seat_names(self, config: dict[str, Any]) -> list[str]:
        return list(SEATS[: int(config["players"])])

    def new(self, config: dict[str, Any], seed: int) -> TinyState:
        return TinyState(self.configure(config["players"], config["variants"], config["options"]))

    def decisions(self, state: TinyState) -> list[Decision]:
        return [] if state.winner >= 0 else [Decision(state.turn, "add", "add to the count")]

    def legal_actions(self, state: TinyState, player: int, now_ms: int | None = None) -> list[str]:
        if state.winner >= 0 or player != state.turn:
            return []
        steps = [1, 2, 4] if "double" in state.config["variants"] else [1, 2]
        return [make("add", n=n) for n in steps]

    def _apply(self, state: TinyState, player: int, action: str, time_ms: int | None) -> list[Event]:
        state.count += int(action.split("=")[1])
        if state.count >= int(state.config["options"]["target"]):
            state.winner = player
        state.turn = (state.turn + 1) % int(state.config["players"])
        return [Event("add", {"seat": player, "count": state.count})]

    def view(self, state: TinyState, player: int | None) -> dict[str, Any]:
        return {"count": state.count, "turn": state.turn, "target": state.config["options"]["target"]}

    def result(self, state: TinyState) -> Result | None:
        return None if state.winner < 0 else Result([state.winner], "reached the target")

    def determinize(self, state: TinyState, player: int, seed: int) -> TinyState:
        return state.clone()  # nothing is hidden

    def from_json(self, data: dict[str, Any]) -> TinyState:
        return TinyState(dict(data["config"]), int(data["count"]), int(data["turn"]), int(data["winner"]))

    def rules_reference(self) -> RulesReference:
        steps = [entry("one", "Add one", "Move", "Add 1 to the count.", count=None, fields={"amount": 1}),
                 entry("two", "Add two", "Move", "Add 2 to the count.", count=None, fields={"amount": 2})]
        return RulesReference(game=self.name, title=self.title, rules_version=self.rules_version,
                              intro=["Bring the count to the target."],
                              sections=[ReferenceSection(key="moves", title="Moves",
                                                         columns=[Column(key="amount", label="Amount")],
                                                         entries=steps)])


GAME = Tiny()


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``tiny`` a registered game for this test only."""
    from warroom.engine import registry

    monkeypatch.setitem(registry._MODULES, "tiny", "tests.tiny_game")
