"""``warroom rules kasl --json`` holds the whole board; views hide only other seats' missions."""

from __future__ import annotations

import json
import subprocess
import sys

from warroom.games.kasl.rules import GAME


def test_rules_json_holds_the_whole_board() -> None:
    out = subprocess.run([sys.executable, "-m", "warroom.cli", "rules", "kasl", "--json"],
                         capture_output=True, text=True, check=True).stdout
    ref = json.loads(out)
    sections = {s["key"]: s for s in ref["sections"]}
    territories = sections["territories"]["entries"]
    assert len(territories) == 48 and all(e["fields"]["shape"] for e in territories)
    assert territories[28]["name"] == "Montségur" and "21 (mountain)" in territories[28]["fields"]["neighbours"]
    assert len(sections["fiefdoms"]["entries"]) == 7
    assert len(sections["borders"]["entries"]) == 117
    assert {e["fields"]["type"] for e in sections["borders"]["entries"]} == {"open", "river", "bridge", "mountain"}
    assert len(sections["plague"]["entries"]) == 8 and len(sections["recruitment"]["entries"]) == 6


def test_determinize_redeals_other_seats_missions_only() -> None:
    s = GAME.new(GAME.configure(4, ["advanced"]), 7)
    while s.step == "setup":
        p = GAME.deciders(s)[0]
        GAME.apply(s, p, GAME.legal_actions(s, p)[0])
    seen = []
    for seed in range(6):
        d = GAME.determinize(s, 0, seed)
        assert d.missions[0] == s.missions[0]
        others = [c for m in d.missions[1:] for c in m]
        assert len(set(others)) == 6 and not set(others) & set(s.missions[0])
        seen.append(d.missions[1:])
    assert any(m != s.missions[1:] for m in seen)
