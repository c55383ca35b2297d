"""Every game's words between decisions (the Game hooks the server, the browser and the terminal
read): replay markers at each round / battle / turn, a finished game's summary, and the rules'
keywords with their one-line meanings (``warroom rules GAME`` lists them in 80 columns)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.tiny_game import GAME as TINY
from warroom import bots
from warroom.cli import app
from warroom.engine import registry
from warroom.engine.realtime import play_realtime
from warroom.engine.record import replay
from warroom.engine.runner import play_bots


def _played(name: str, seed: int) -> tuple[dict[str, Any], list[list[dict[str, Any]]]]:
    """A bot game's config and each step's public events (as a replay gives them)."""
    game = registry.get(name)
    config = game.configure()
    players = [bots.make(name, "random") for _ in range(int(config["players"]))]
    if game.realtime:
        _, match = play_realtime(game, config, seed, players, record=True)
    else:
        _, match = play_bots(game, config, seed, players, record=True)
    assert match is not None
    return config, [[e.visible_to(None) for e in rs.events] for rs in replay(match.record)]


def test_a_game_without_the_hooks_has_no_markers_summary_or_pauses() -> None:
    game = TINY
    assert game.marker({}, {"kind": "round", "round": 1}) is None
    assert game.summary({}, [{"kind": "game_over"}]) == []
    assert game.pause_events == frozenset()


def test_ltk_marks_every_turn_and_sums_up_deaths_roles_and_winners() -> None:
    game = registry.get("ltk")
    config, steps = _played("ltk", 3)
    log = [e for step in steps for e in step]
    turns = [e for e in log if e["kind"] == "turn"]
    marks = [game.marker(config, e) for e in log if game.marker(config, e)]
    assert marks == [f"p{e['seat'] + 1}'s turn" for e in turns]
    lines = game.summary(config, log)
    deaths = [e for e in log if e["kind"] == "death"]
    assert len([line for line in lines if " died" in line]) == len(deaths)
    over = next(e for e in log if e["kind"] == "game_over")
    assert lines[-2].startswith("Roles: ") and lines[-1].endswith(f"won: {over['reason']}")
    assert game.summary(config, [{"kind": "death", "seat": 1, "role": "rebel", "killer": 0},
                                 {"kind": "turn", "seat": 0}]) == ["Turn 0: p2 (Rebel) died, killed by p1"]


def test_kasl_marks_rounds_and_turns_and_sums_up_the_final_scores() -> None:
    game = registry.get("kasl")
    config, steps = _played("kasl", 3)
    log = [e for step in steps for e in step]
    marks = [game.marker(config, e) for e in log if game.marker(config, e)]
    rounds = [e["round"] for e in log if e["kind"] == "round"]
    assert [m for m in marks if re.fullmatch(r"Round \d+", m or "")] == [f"Round {r}" for r in rounds]
    assert sum(1 for m in marks if m and m.endswith("'s turn")) == sum(1 for e in log if e["kind"] == "turn")
    end = next(e for e in log if e["kind"] == "end")
    lines = game.summary(config, log)
    assert lines[0] == f"Final scores after {len(rounds)} rounds:"
    for score, line in zip(end["scores"], lines[1:-1], strict=True):
        assert f" {score['total']} VP ({score['kingdom']} kingdom, {score['strongholds']} strongholds" in line
    assert lines[-1].endswith(" won")


def test_tessen_marks_every_round_and_sums_up_each_rounds_points() -> None:
    game = registry.get("tessen")
    config, steps = _played("tessen", 3)
    log = [e for step in steps for e in step]
    rounds = [e for e in log if e["kind"] == "tessen"]
    marks = [game.marker(config, e) for e in log if game.marker(config, e)]
    assert marks == [f"Round {n}" for n in range(1, len(marks) + 1)]
    lines = game.summary(config, log)
    assert len(lines) == len(rounds) + 1
    for r, line in zip(rounds, lines, strict=False):
        points = r["points"]
        assert line.startswith(f"Round {r['round']}: p{r['winner'] + 1} won, {points[0]} points to {points[1]}")
    match = next(e for e in log if e["kind"] == "match")
    assert lines[-1] == f"{match['winner']} won the match, {match['wins'][0]} rounds to {match['wins'][1]}"


@pytest.mark.parametrize("name", ["ltk", "kasl", "tessen"])  # Kessen's: tests/kessen/test_views.py
def test_every_game_has_a_glossary_whose_terms_its_rules_use(name: str) -> None:
    reference = registry.get(name).rules_reference()
    glossary = reference.get("glossary", [])
    assert len(glossary) >= 8
    text = " ".join(reference["intro"]) + " " + " ".join(
        f"{e['name']} {e['kind']} {e['text']}" for s in reference["sections"] for e in s["entries"])
    for g in glossary:
        assert g["text"] and "\n" not in g["text"]
        # each term is a word the game's own texts use (any case): the browser marks it there
        assert any(re.search(rf"\b{re.escape(t)}", text, re.IGNORECASE) for t in g["term"].split(" / ")), g["term"]


@pytest.mark.parametrize("name", ["ltk", "kasl", "tessen"])
def test_warroom_rules_lists_the_keywords_within_80_columns(name: str) -> None:
    out = CliRunner().invoke(app, ["rules", name])
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any(line.startswith("Keywords") for line in lines)
    for g in registry.get(name).rules_reference()["glossary"]:
        assert any(f"│ {g['term']} " in line for line in lines), g["term"]
