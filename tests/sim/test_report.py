"""`warroom report`: the figures add up, the HTML stands alone, the designer's question is answered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests import tiny_game
from warroom.cli import app
from warroom.engine.events import Event
from warroom.games.kessen import report as kessen_report
from warroom.games.kessen.rules import GAME as KESSEN
from warroom.sim.report import SMALL, _cards, _difference, figures, planned_games, run_report
from warroom.sim.simulate import GameRow

RUNNER = CliRunner()


def test_a_kessen_report_counts_every_game_and_answers_the_leader_deck_question(tmp_path: Path) -> None:
    data = run_report("kessen", ["random", "heuristic"], 40, seed=2, out=tmp_path, jobs=1)
    assert data["balance"]["question"] == "Are the Good and Evil leader decks balanced?"
    assert [v["bot"] for v in data["balance"]["by_bot"]] == ["random", "heuristic"]
    for s in data["settings"]:
        assert s["completed"] == 40 and s["errors"] == 0
        good, evil = s["win_rate_by_seat"]["good"], s["win_rate_by_seat"]["evil"]
        assert good["count"] + evil["count"] + s["draw_rate"]["count"] == 40
        assert sum(s["first_player"]["by_seat"].values()) == 40
        assert len(s["lengths"]) == 40 and s["length"]["min"] <= s["length"]["median"] <= s["length"]["max"]
        usages = {c["usage"] for c in s["cards"]}
        assert usages == {"drew", "played", "chose"}
        effects = [abs(c["effect"]) for c in s["cards"] if c["effect"] is not None]
        assert effects == sorted(effects, reverse=True)
    page = (tmp_path / "report.html").read_text()
    assert page.startswith("<!doctype html>") and "data:image/png;base64," in page
    assert "http" not in page.replace("https://", "").split("<body>")[0]  # nothing fetched from outside
    assert page.index("Summary") < page.index("Plots") < page.index("Cards with random bots")
    assert json.loads((tmp_path / "report.json").read_text()) == data


def test_the_same_seed_gives_the_same_report_whatever_the_jobs() -> None:
    one = run_report("kessen", ["random"], 30, seed=4, jobs=1)
    two = run_report("kessen", ["random"], 30, seed=4, jobs=2)
    assert one == two


def test_the_kessen_probe_counts_a_deployed_leader_as_chosen_and_its_troop_as_played() -> None:
    state = KESSEN.new(KESSEN.configure(), 1)
    leader, troop = state.sides[0].leaders[0], state.sides[0].recruits[0]
    steps = [(0, "deploy", [Event("deploy", {"side": "good", "leader": leader, "troop": troop})]),
             (1, "draw", [Event("draw", {"side": "evil", "hand": "actions", "count": 1}, {"cards": [180]}, (1,))])]
    got = kessen_report.usage(state, steps)
    names = kessen_report.groups()
    from warroom.games.kessen.cards import CARDS
    assert CARDS[leader].name in got["chose"][0] and "Liu Bei" in got["chose"][0]
    assert CARDS[troop].name in got["played"][0]
    assert CARDS[180].name in got["drew"][1]
    assert names[CARDS[leader].name].startswith("good")


def test_card_effects_compare_the_sides_that_did_with_those_that_did_not() -> None:
    # 40 games: the side that played "Spear" won all 20 of its games, the other side never did
    rows = []
    for i in range(40):
        side = i % 2
        rows.append(GameRow(i, i, [side], "r", 10, {}, facts={
            "first": 0, "usage": {"played": [["Spear"] if side == 0 else [], ["Spear"] if side == 1 else []]}}))
    (spear,) = _cards(rows, 2, {"Spear": "recruit troop"})
    assert spear["with"]["rate"] == 1.0 and spear["without"]["rate"] == 0.0
    assert spear["effect"] == 1.0 and not spear["small_sample"] and spear["clear"]
    # a card of seat 0's own deck is judged within seat 0: 20 of seat 0's 40 side-games had it
    # and won them all; the other 20 lost; seat 1's games do not count
    for row in rows:
        row.winners = [0] if row.index % 2 == 0 else [1]
        row.facts = {"first": 0, "usage": {"chose": [["Guan Yu"] if row.index % 2 == 0 else [], []]}}
    (guan_yu,) = _cards(rows, 2, {}, {"Guan Yu": 0})
    assert guan_yu["within"] == 0
    assert guan_yu["with"]["count"] == 20 and guan_yu["with"]["rate"] == 1.0
    assert guan_yu["without"]["count"] == 0 and guan_yu["without"]["rate"] == 0.0  # seat 0's 20 others
    assert guan_yu["effect"] == 1.0 and guan_yu["small_sample"]  # 20 side-games each: too few to judge
    few = _cards(rows[: SMALL // 2], 2, {})
    assert few[0]["small_sample"] and not few[0]["clear"]
    d, lo, hi = _difference(30, 50, 20, 50)
    assert d == pytest.approx(0.2) and lo < 0.2 < hi


def test_a_game_without_cards_still_gets_seats_first_player_and_length(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_game.register(monkeypatch)
    data = run_report("tiny", ["random"], 12, seed=0, jobs=1)
    (s,) = data["settings"]
    assert s["cards"] == [] and s["completed"] == 12
    assert data["balance"]["question"] == "Are the seats balanced?"
    assert data["balance"]["by_bot"][0]["verdict"] == "too few games to say"
    assert figures("tiny", [], 0)["settings"] == []


def test_search_bots_play_at_most_the_search_games() -> None:
    assert planned_games("kessen", ["random", "ismcts"], 500, 7) == [500, 7]


def test_the_command_writes_both_files(tmp_path: Path) -> None:
    out = RUNNER.invoke(app, ["report", "kessen", "--games", "10", "--bots", "random", "--jobs", "1",
                              "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert "random: 10 games" in out.stdout
    assert (tmp_path / "report.html").exists() and (tmp_path / "report.json").exists()
