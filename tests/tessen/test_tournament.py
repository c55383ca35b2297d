"""Tessen's knockout (the platform's bracket, :mod:`warroom.sim.knockout`): bots playing it through
on the simulated clock, and ``warroom knockout``."""

from __future__ import annotations

import json

from tests.tessen.scenario import GAME
from warroom.games.tessen.knockout import play_bots
from warroom.sim import knockout as ko


def test_bots_play_a_bracket_through_on_the_simulated_clock() -> None:
    config = GAME.configure(2, [], {"wins": 1})
    b = ko.new_bracket("tessen", config, ["expert", "casual", "novice", "random"], 2)
    ko.play_all(b, play_bots)
    assert b["champion"] is not None
    assert all(m["winner"] is not None and m["score"] for r in b["rounds"] for m in r)
    # the same seed plays the same tournament
    again = ko.play_all(ko.new_bracket("tessen", config, ["expert", "casual", "novice", "random"], 2),
                        play_bots)
    assert again == b


def test_the_knockout_command_plays_a_bracket_of_bots() -> None:
    from typer.testing import CliRunner

    from warroom.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["knockout", "tessen", "--entrants", "expert,casual,novice,random",
                              "--seed", "4", "--option", "wins=1", "--json"])
    assert out.exit_code == 0, out.output
    bracket = json.loads(out.stdout)
    assert bracket["champion"] is not None and len(bracket["rounds"]) == 2
    bad = runner.invoke(app, ["knockout", "tessen", "--entrants", "expert,casual,novice"])
    assert bad.exit_code != 0 and "at least 4 entrants" in bad.output
    other = runner.invoke(app, ["knockout", "kessen", "--entrants", "heuristic,random,heuristic,random"])
    assert other.exit_code != 0 and "knockout tournaments are played in tessen" in other.output
