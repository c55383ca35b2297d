"""The 3-player variation: kill the player after you, protect the player before you."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tests.ltk.scenario import GAME, act, cid, seat, table
from warroom.cli import app


def test_three_player_set_up_has_no_roles_and_secret_choices_for_all() -> None:
    s = GAME.new(GAME.configure(3, ["three-player"]), 4)
    assert s.stage == "pick" and sorted(GAME.deciders(s)) == [0, 1, 2]
    assert all(len(x.offers) == 3 for x in s.seats)
    while s.stage == "pick":
        p = GAME.deciders(s)[0]
        GAME.apply(s, p, GAME.legal_actions(s, p)[0])
    assert all(x.max_hp == x.hp for x in s.seats) and s.stage == "play"


def test_the_player_before_the_dead_one_wins_and_the_one_after_loses() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "none", hp=1), seat("cao_ren", "none"),
              variants=["three-player"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    result = GAME.result(s)
    assert result is not None and result.winners == [0]


def test_killing_the_player_before_you_wins_for_the_one_before_them() -> None:
    # seat 1 kills seat 0: seat 0's predecessor, seat 2, wins; seat 1 (whose ward died) loses
    s = table(seat("zhang_liao", "monarch", hp=1), seat("xu_chu", "none", ["slash ♠7"]), seat("cao_ren", "none"),
              variants=["three-player"], current=1)
    act(s, 1, f"use card={cid('slash ♠7')} target=0")
    assert GAME.result(s).winners == [2]  # type: ignore[union-attr]


def test_the_variant_is_for_three_players_only_and_simulates() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "ltk", "--games", "3", "--players", "3", "--variant", "three-player",
                                 "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["errors"] == 0
    result = runner.invoke(app, ["simulate", "ltk", "--games", "2", "--players", "5", "--json"])
    out = json.loads(result.stdout)
    assert set(out["wins_by_role"]) == {"monarch", "minister", "rebel", "defector"}
