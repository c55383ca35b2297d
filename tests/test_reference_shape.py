"""Every registered game's words for clients have the documented shapes
(``warroom.engine.reference``), so the terminal, the lobby and the rules panel can read them."""

from __future__ import annotations

from typing import Any

import pytest

from tests import tiny_game
from warroom import bots
from warroom.engine import registry
from warroom.engine.game import Game
from warroom.engine.reference import (
    Column,
    GameDescription,
    GlossaryEntry,
    ReferenceEntry,
    ReferenceSection,
    RulesReference,
)

GAMES = [*registry.all_games(), tiny_game.GAME]


def _keys(typed: Any) -> tuple[set[str], set[str]]:
    """(required keys, all keys) of a TypedDict."""
    return set(typed.__required_keys__), set(typed.__annotations__)


def _has_shape(data: dict[str, Any], typed: Any) -> None:
    required, known = _keys(typed)
    assert required <= set(data) <= known, (typed.__name__, sorted(data))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_rules_reference_has_the_documented_shape(game: Game[Any]) -> None:
    reference = game.rules_reference()
    _has_shape(dict(reference), RulesReference)
    assert all(isinstance(p, str) and p for p in reference["intro"])
    ids: list[int] = []
    for section in reference["sections"]:
        _has_shape(dict(section), ReferenceSection)
        for column in section["columns"]:
            _has_shape(dict(column), Column)
        column_keys = {c["key"] for c in section["columns"]}
        for entry in section["entries"]:
            _has_shape(dict(entry), ReferenceEntry)
            assert entry["name"] and entry["kind"] and isinstance(entry["text"], str)
            assert set(entry["fields"]) <= column_keys, (entry["key"], entry["fields"])  # every fact is shown
            assert all(isinstance(v, str | int) for v in entry["fields"].values())
            if "ids" in entry:
                assert len(entry["ids"]) == entry["count"]
                ids.extend(entry["ids"])
        if "size" in section:
            assert sum(e["count"] or 0 for e in section["entries"]) == section["size"]
    assert len(ids) == len(set(ids))  # a piece belongs to one entry
    terms = []
    for word in reference.get("glossary", []):
        _has_shape(dict(word), GlossaryEntry)
        assert word["term"] and word["text"] and "\n" not in word["text"]  # one line each
        terms.append(word["term"])
    assert len(terms) == len(set(terms))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_description_has_the_documented_shape(game: Game[Any]) -> None:
    facts = game.describe_game()
    _has_shape(dict(facts), GameDescription)
    assert set(facts["seat_names"]) == {str(n) for n in facts["players"]}
    for n in facts["players"]:
        assert facts["seat_names"][str(n)] == game.seat_names(game.configure(n))
    for option in facts["options"]:
        # the lobby's default value is one the game accepts
        assert game.configure(options={option["name"]: option["default"]})
    assert bots.describe(game)["default_bot"] in bots.available(game.name)
