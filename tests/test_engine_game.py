"""The protocol base class: configuration, validation in ``apply``, results, the registry."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.twenty import Twenty
from warroom.engine import (
    ConfigError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    Result,
    UnknownGame,
    registry,
    require,
)
from warroom.engine.game import state_hash

GAME = Twenty()
KESSEN = registry.get("kessen")


# ----- configure --------------------------------------------------------------------------------
def test_configure_fills_in_defaults() -> None:
    assert GAME.configure() == {"players": 2, "variants": [], "options": {"hand": 2, "label": "plain"}}


def test_configure_reads_options_with_or_without_the_game_prefix() -> None:
    config = GAME.configure(2, ["long", "long"], {"hand": "3", "twenty.label": "fancy"})
    assert config == {"players": 2, "variants": ["long"],
                      "options": {"hand": 3, "label": "fancy"}}


def _refused(reason: str, **kwargs: Any) -> None:
    with pytest.raises(ConfigError, match=reason) as caught:
        GAME.configure(**kwargs)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("players", [0, 1, 3, -2, 100])
def test_players_out_of_range(players: int) -> None:
    _refused(f"twenty is for 2 players, not {players}", players=players)


def test_player_range_is_named() -> None:
    with pytest.raises(ConfigError, match="kessen is for 2 players, not 5"):
        KESSEN.configure(5)


@pytest.mark.parametrize("players", ["2", 2.0, True, [2]])
def test_players_must_be_a_whole_number(players: Any) -> None:
    _refused("must be a whole number", players=players)


def test_unknown_variant() -> None:
    _refused(r"twenty has no variant 'dragon' \(variants: long\)", variants=["dragon"])
    with pytest.raises(ConfigError, match=r"\(variants: none\)"):
        KESSEN.configure(2, ["dragon"])


@pytest.mark.parametrize("variants", ["long", None, {"long": 1}, [["long"]]])
def test_variants_must_be_a_list_of_names(variants: Any) -> None:
    with pytest.raises(ConfigError):
        GAME.configure(2, variants)


def test_unknown_option() -> None:
    _refused(r"twenty has no option 'speed' \(options: hand, label\)", options={"speed": 1})
    _refused("has no option 'kessen.hand'", options={"kessen.hand": 1})


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("many", "option hand takes a whole number, not 'many'"),
        (2.5, "takes a whole number"),
        (True, "takes a whole number"),
        (None, "takes a whole number"),
        (-1, "option hand must be at least 0"),
        (5, "option hand must be at most 4"),
    ],
)
def test_bad_option_value(value: Any, reason: str) -> None:
    _refused(reason, options={"hand": value})


def test_options_must_be_a_mapping() -> None:
    _refused("options must map names to values", options=[("hand", 3)])


def test_configured_options_change_the_game() -> None:
    state = GAME.new(GAME.configure(options={"hand": 4}), 1)
    assert [len(h) for h in state.hands] == [4, 4]
    assert len(GAME.new(GAME.configure(variants=["long"]), 1).deck) == 16 - 4


def test_kessen_round_limit_option() -> None:
    config = KESSEN.configure(2, [], {"kessen.max_rounds": "7"})
    assert config["options"]["max_rounds"] == 7
    with pytest.raises(ConfigError, match="at least 1"):
        KESSEN.configure(2, [], {"max_rounds": 0})


# ----- seats --------------------------------------------------------------------------------------
def test_seat_names_and_numbers() -> None:
    config = KESSEN.configure()
    assert KESSEN.seat_names(config) == ["good", "evil"]
    assert KESSEN.seat_index(config, "evil") == 1
    assert KESSEN.seat_index(config, "0") == 0
    assert GAME.seat_names(GAME.configure()) == ["p1", "p2"]
    for bad in ("neutral", "2", "-1", ""):
        with pytest.raises(ConfigError, match="no seat"):
            KESSEN.seat_index(config, bad)


# ----- apply validates ------------------------------------------------------------------------------
def _fresh() -> Any:
    return GAME.new(GAME.configure(), 3)


def test_apply_accepts_hand_typed_spacing() -> None:
    state = _fresh()
    card = state.hands[0][0]
    GAME.apply(state, 0, f"  play   card={card} ")
    assert state.played[0] == [card]


def test_wrong_seat_is_not_your_turn() -> None:
    state = _fresh()
    before = state.to_json()
    with pytest.raises(NotYourTurn, match="seat 1 has no decision to make now"):
        GAME.apply(state, 1, "draw")
    assert state.to_json() == before


def test_garbage_is_malformed() -> None:
    state = _fresh()
    with pytest.raises(MalformedAction):
        GAME.apply(state, 0, "play card")


def test_unlisted_action_uses_explain_illegal() -> None:
    state = _fresh()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="'play card=99' is not a legal action now"):
        GAME.apply(state, 0, "play card=99")
    assert state.to_json() == before


def test_nothing_after_the_end() -> None:
    state = _fresh()
    while GAME.result(state) is None:
        seat = GAME.decisions(state)[0].player
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    before = state.to_json()
    for action in ("draw", "!!!", "play card=1"):
        with pytest.raises(GameOver, match="the game is over"):
            GAME.apply(state, 0, action)
    assert state.to_json() == before


def test_require_raises_illegal_action_with_the_reason() -> None:
    require(True, "never shown")
    with pytest.raises(IllegalAction, match=r"^no troops left$"):
        require(False, "no troops left")


# ----- results, hashes, facts ---------------------------------------------------------------------
def test_result_round_trips_through_json() -> None:
    res = Result([1], "evil won", {"rounds": 4, "battles_won": [1, 3]})
    assert Result.from_json(json.loads(json.dumps(res.to_json()))) == res
    assert Result.from_json({"winners": [], "reason": "draw"}) == Result([], "draw", {})


def test_state_hash_ignores_key_order_and_sees_values() -> None:
    assert state_hash({"a": 1, "b": [2, 3]}) == state_hash({"b": [2, 3], "a": 1})
    assert state_hash({"a": 1}) != state_hash({"a": 2})
    assert len(state_hash({})) == 16


def test_describe_game_lists_the_facts() -> None:
    facts = GAME.describe_game()
    assert facts["players"] == [2]
    assert facts["seat_names"] == {"2": ["p1", "p2"]}
    assert facts["variants"] == [{"name": "long", "help": "a deck of 16 cards instead of 12"}]
    hand = next(o for o in facts["options"] if o["name"] == "hand")
    assert hand == {"name": "hand", "type": "int", "default": 2, "help": "cards dealt to each player",
                    "min": GAME.options["hand"].minimum, "max": GAME.options["hand"].maximum}
    assert facts["default_bot"] == "random" and facts["dynamics"] == "sequential"
    json.dumps(facts)


def test_registry_knows_names_and_aliases() -> None:
    assert "kessen" in registry.names()
    assert registry.get("paper-kessen") is registry.get("kessen")
    with pytest.raises(UnknownGame, match=r"unknown game 'chess' \(games: .*kessen"):
        registry.get("chess")


def test_a_game_without_an_encoder_says_so_and_bots_get_its_view() -> None:
    game = Twenty()
    config = game.configure()
    state = game.new(config, 1)
    assert game.observation_size(config) == 0
    with pytest.raises(ConfigError, match="no observation encoder"):
        game.encode(state, 0)
    assert game.bot_view(state, 0) == game.view(state, 0)


# ----- hooks found by convention -------------------------------------------------------------------
def test_a_game_without_summary_or_reference_modules_gets_the_empty_defaults() -> None:
    # Twenty lives in tests/twenty.py: there is no tests/summary.py or tests/reference.py beside it
    assert GAME.marker(GAME.configure(), {"kind": "round", "round": 1}) is None
    assert GAME.summary(GAME.configure(), [{"kind": "round"}]) == []
    ref = GAME.rules_reference()
    assert ref["sections"] == [] and ref["game"] == GAME.name and ref["title"] == GAME.title


def test_a_registered_game_hooks_are_its_summary_and_reference_modules() -> None:
    from warroom.games.kasl import reference, summary

    kasl = registry.get("kasl")
    config = kasl.configure(2)
    event = {"kind": "round", "round": 3}
    assert kasl.marker(config, event) == summary.marker(event) is not None
    log = [{"kind": "round", "round": 1}]
    assert kasl.summary(config, log) == summary.summary(log)
    assert kasl.rules_reference() == reference.reference("Kasl", kasl.rules_version)


def test_a_subclass_elsewhere_keeps_its_base_games_hooks() -> None:
    from warroom.games.kasl import summary
    from warroom.games.kasl.rules import Kasl

    class Longer(Kasl):  # defined in tests/, far from the game's own modules
        title = "Kasl (longer)"

    event = {"kind": "round", "round": 2}
    assert Longer().marker({}, event) == summary.marker(event)
    assert Longer().rules_reference()["title"] == "Kasl (longer)"
