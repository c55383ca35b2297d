"""The typed words every client reads without knowing the game: ``describe_game`` and
``rules_reference`` (warroom.engine.reference), and the default bot from one place."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from rich.console import Console

from tests import tiny_game
from warroom import bots, terminal
from warroom.engine import Option, registry
from warroom.engine.reference import GameDescription, RulesReference


class _Plain(tiny_game.Tiny):
    """A game that says nothing about its rules and names no bot."""

    name = "plain"
    title = "Plain"
    variants: ClassVar[dict[str, str]] = {}
    options: ClassVar[dict[str, Option]] = {"mood": Option("calm", "any word")}

    def rules_reference(self) -> RulesReference:
        return super(tiny_game.Tiny, self).rules_reference()


def test_the_default_description_lists_seats_per_player_count_variants_and_options() -> None:
    facts = tiny_game.GAME.describe_game()
    assert set(facts) == set(GameDescription.__annotations__)
    assert facts["seat_names"]["3"] == ["north", "east", "south"]
    assert facts["variants"] == [{"name": "double", "help": "a player may also add 4"}]
    assert facts["options"][0]["min"] == 3 and facts["options"][0]["max"] == 30
    text_option = _Plain().describe_game()["options"][0]
    assert text_option == {"name": "mood", "type": "str", "default": "calm", "help": "any word",
                           "min": None, "max": None}
    json.dumps(facts)


def test_a_game_without_a_reference_has_no_sections() -> None:
    reference = _Plain().rules_reference()
    assert reference == {"game": "plain", "title": "Plain", "rules_version": 1, "intro": [], "sections": []}


def test_the_default_bot_is_the_games_own_and_falls_back_to_random(monkeypatch: pytest.MonkeyPatch) -> None:
    kessen = registry.get("kessen")
    assert kessen.default_bot == "heuristic" and bots.default_bot(kessen) == "heuristic"
    assert terminal.default_bot("kessen") == "heuristic"
    assert bots.default_bot(tiny_game.GAME) == "random"  # the engine's default
    monkeypatch.setattr(tiny_game.Tiny, "default_bot", "genius")  # named, but not installed
    assert bots.default_bot(tiny_game.GAME) == "random"
    described: dict[str, Any] = bots.describe(tiny_game.GAME)
    assert described["default_bot"] == "random" and described["bots"] == ["ismcts", "ismcts-strong", "random"]


def test_warroom_rules_in_the_terminal_reads_any_games_sections() -> None:
    console = Console(width=100, record=True)
    console.print(terminal.render_rules(tiny_game.GAME.rules_reference()))
    out = console.export_text()
    assert "Bring the count to the target." in out and "Moves" in out
    assert "Amount" in out and "Add two" in out and "Add 2 to the count." in out
