"""The outcome panels of the Kasl, LTK and Tessen renderers (``moment`` in
``web/static/js/games/<game>.js``), run under Node on the logs of real bot games: each panel is
built from the log's own entries (the same the log line reads), says what the rules decided, and
holds nothing the seat's log does not. Tessen's are short notices that hold no move."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from typing import Any

import pytest

from warroom import bots
from warroom.engine import registry
from warroom.engine.realtime import play_realtime
from warroom.engine.runner import play_bots
from warroom.web import STATIC_DIR

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")

# every entry of the log, with the whole log as the snapshot's (a batch's later entries are there
# too in the browser: the state that brought them is taken in whole)
SCRIPT = """
import * as r from %(module)s;
const rules = %(rules)s;
const log = %(log)s;
const view = r.createView({ rules, pieces: new Map(), seatLabel: (i) => `seat ${i}` });
const snap = { view: %(view)s, log, seat: %(seat)s };
const out = log.map((entry, i) => ({ i, kind: entry.kind, line: view.logText(entry, %(seat)s),
                                      moment: view.moment(entry, snap) }));
console.log(JSON.stringify(out));
"""


def _panels(game: str, log: list[dict[str, Any]], view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    module = (STATIC_DIR / "js" / "games" / f"{game}.js").as_uri()
    text = SCRIPT % {"module": json.dumps(module), "rules": json.dumps(dict(registry.get(game).rules_reference())),
                     "log": json.dumps(log), "view": json.dumps(view), "seat": seat}
    # the script on stdin: a long game's log is beyond the length of a command line
    done = subprocess.run([str(NODE), "--input-type=module"], input=text, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out: list[dict[str, Any]] = json.loads(done.stdout)
    return out


def _bot_game(game: str, players: int, seed: int, seat: int,
              bot: str = "heuristic") -> tuple[list[dict[str, Any]], dict[str, Any]]:
    g = registry.get(game)
    _, match = play_bots(g, {"players": players}, seed, [bots.make(game, bot)] * players, record=True)
    assert match is not None
    return match.log(seat), g.view(match.state, seat)


PIECES = ["infantry", "archers", "cavalry", "war machine", "Lord"]


def _units(counts: list[int]) -> str:
    return ", ".join(f"{n} {PIECES[k]}" for k, n in enumerate(counts) if n) or "nothing"


def _dice(throws: list[list[int]]) -> str:
    return " ".join("→".join(map(str, t)) for t in throws)


def test_a_kasl_combat_panel_shows_both_sides_dice_losses_and_the_capture() -> None:
    log, view = _bot_game("kasl", 3, 4, 0)
    out = _panels("kasl", log, view, 0)
    ends = [o for o in out if o["kind"] == "combat_end"]
    assert len(ends) > 10
    dice_fights = 0
    for o in ends:
        e, m = log[o["i"]], o["moment"]
        attack = next(x for x in reversed(log[:o["i"]]) if x["kind"] == "attack" and x["to"] == e["to"])
        # the headline says whether the territory fell, as the log's own line does
        assert (" takes " in m["headline"]) == e["taken"] == (" takes " in o["line"]), (m, o["line"])
        assert f"seat {e['attacker']} lost {_units(e['lost'][0])}" in m["lines"]
        if attack["how"] == "dice":
            dice_fights += 1
            assert m["lines"][0].startswith(f"seat {e['attacker']} attacks from {e['from']}: "
                                            f"{_dice(attack['attack_dice'])} = {attack['hits'][0]} hit")
            assert m["lines"][1].startswith(f"seat {e['defender']} defends: "
                                            f"{_dice(attack['defence_dice'])} = {attack['hits'][1]} hit")
            assert f"{len(attack['defence_dice'])} dice: combat value {attack['cv'][1]}" in m["lines"][1]
            if attack["stronghold"]:
                assert ("cancelled by the war machine" in m["lines"][1]) == attack["war_machine"]
        if attack["how"] != "vacant":
            assert f"seat {e['defender']} lost {_units(e['lost'][1])}" in m["lines"]
    assert dice_fights > 5
    # a siege happens inside a combat: its panel says what became of the stronghold
    sieges = [i for i, x in enumerate(log) if x["kind"] == "siege"]
    for i in sieges:
        end = next(o for o in ends if o["i"] > i)
        assert any("lays siege" in line or "besieges" in line for line in end["moment"]["lines"]), end
    # no other entry opens a panel, but a plague strike does
    kinds = {o["kind"] for o in out if o["moment"]}
    assert kinds <= {"combat_end", "plague"}


def test_a_kasl_plague_panel_names_each_territory_struck_and_what_was_lost() -> None:
    for seed in range(1, 30):
        log, view = _bot_game("kasl", 2, seed, 1)
        if any(e["kind"] == "plague" for e in log):
            break
    out = _panels("kasl", log, view, 1)
    plagues = [o for o in out if o["kind"] == "plague"]
    assert plagues
    for o in plagues:
        e, m = log[o["i"]], o["moment"]
        assert m["headline"].startswith("The black plague")
        line = next(x for x in m["lines"] if x.startswith(f"{e['territory']} ") and f"({e['how']})" in x)
        if e["owner"] >= 0 and any(e["lost"][:5]):
            owner = "Neutral" if e["owner"] >= 2 else f"seat {e['owner']}"  # two players, then the neutral army
            assert f"{owner} loses {_units(e['lost'][:5])}" in line, (line, e)
        elif e["owner"] < 0:
            assert line.endswith("nobody held it")


def test_ltk_panels_for_deaths_judgements_and_duels_read_the_log() -> None:
    deaths = judgements = 0
    for seed in (1, 2, 3):  # random bots: short games, several deaths and judgements in each
        log, view = _bot_game("ltk", 5, seed, 0, "random")
        out = _panels("ltk", log, view, 0)
        for o in out:
            e, m = log[o["i"]], o["moment"]
            if e["kind"] == "death":
                deaths += 1
                role = e["role"].capitalize()
                assert m["headline"] == o["line"] and role in m["headline"]
                assert m["lines"][0].startswith(f"Role revealed: {role}")
                assert (f"Killed by seat {e['killer']}" in m["lines"]) == (e["killer"] >= 0)
                after = log[o["i"] + 2] if o["i"] + 2 < len(log) else {}  # after the dead one's discard
                rewarded = e["role"] == "rebel" and after.get("kind") == "draw" and after.get("seat") == e["killer"]
                assert [line.startswith("Reward") for line in m["lines"]].count(True) == int(rewarded)
                assert (f"game over: {log[o['i'] + 1].get('reason')}" in m["lines"]) == (
                    log[o["i"] + 1]["kind"] == "game_over")
            elif e["kind"] == "judge_effect":
                judgements += 1
                assert m["headline"] == o["line"]
                first = next(x for x in reversed(log[:o["i"]]) if x["kind"] == "judgement" and x["seat"] == e["seat"])
                named = view["card_names"][first["card"]]
                assert m["lines"][0] == f"Judgement card: {named}"
                assert m["why"]
            elif e["kind"] == "point_duel":
                names = [view["card_names"][c] for c in e["cards"]]
                assert all(any(n in line for line in m["lines"]) for n in names)
            else:
                assert m is None, (e, m)
    assert deaths >= 6 and judgements >= 1


def test_an_ltk_judgement_replaced_by_guicai_shows_both_cards() -> None:
    names = registry.get("ltk").view(registry.get("ltk").new({"players": 2}, 1), 0)["card_names"]
    ids = {name: i for i, name in enumerate(names)}
    slash = ids[next(n for n in names if n.startswith("Kill ♠"))]
    peach = ids[next(n for n in names if n.startswith("Peach ♥"))]
    log = [{"kind": "turn", "seat": 1},
           {"kind": "judgement", "seat": 1, "card": slash, "reason": "indulgence"},
           {"kind": "retrial", "seat": 0, "old": slash, "new": peach, "by": "guicai"},
           {"kind": "judged", "seat": 1, "card": peach, "reason": "indulgence"},
           {"kind": "discard", "seat": 1, "cards": [3], "why": "resolved"},
           {"kind": "judge_effect", "seat": 1, "reason": "indulgence", "card": peach, "effect": "escaped"}]
    view = {"card_names": names, "seats": []}
    m = _panels("ltk", log, view, 0)[-1]["moment"]
    assert m["headline"] == "seat 1 escapes Indulgence (a heart)"
    assert m["lines"] == [f"Judgement card: {names[slash]}", f"Guicai: seat 0 replaces it with {names[peach]}",
                          f"Final card: {names[peach]}"]


def test_tessen_notices_are_short_and_hold_nothing() -> None:
    g = registry.get("tessen")
    players = [bots.make("tessen", "novice"), bots.make("tessen", "expert")]
    _, match = play_realtime(g, {"options": {"wins": 2}}, 7, players, record=True)
    assert match is not None
    log = match.log(0)
    out = _panels("tessen", log, g.view(match.state, 0), 0)
    shown = [o for o in out if o["moment"]]
    kinds = {o["kind"] for o in shown}
    assert {"keep", "tessen"} <= kinds and kinds & {"defend", "yield"}, kinds
    for o in shown:
        e, m = log[o["i"]], o["moment"]
        assert m["notice"] is True and m["ms"] <= 4000
        if e["kind"] == "keep":
            assert m["headline"].endswith(f"Kept! {e['count']} " + re.sub(r".*Kept! \d+ ", "", o["line"]))
        if e["kind"] == "yield" and e["count"]:
            assert f"{e['count']} " in m["lines"][0]
        if e["kind"] == "tessen":
            assert f"wins round {e['round']}" in m["headline"]
            assert m["lines"][0].startswith(f"p1 {e['points'][0]} points, p2 {e['points'][1]} points")
    assert all(o["moment"] is None for o in out if o["kind"] in ("draw", "play", "attack", "discard"))


def test_an_ltk_death_panel_names_the_monarchs_penalty_for_killing_a_minister() -> None:
    names = registry.get("ltk").view(registry.get("ltk").new({"players": 2}, 1), 0)["card_names"]
    log = [{"kind": "death", "seat": 2, "role": "minister", "killer": 0},
           {"kind": "discard", "seat": 2, "cards": [5], "why": "death"},
           {"kind": "discard", "seat": 0, "cards": [7, 9], "why": "penalty"}]
    m = _panels("ltk", log, {"card_names": names, "seats": []}, 1)[0]["moment"]
    assert m["headline"] == "seat 2 dies: a Minister"
    assert m["lines"] == ["Role revealed: Minister", "Killed by seat 0",
                          f"Penalty for the Monarch killing a Minister: seat 0 discards {names[7]}, {names[9]}"]
