"""The static board and army facts, read once from ``data/`` (see ``mapgen.py`` for the board).

Territories are numbered 1-48 as printed; inside the state they are indexed 0-47
(``id - 1``). Nothing here changes during a game.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def _load(name: str) -> dict[str, Any]:
    raw = resources.files("warroom.games.kasl").joinpath("data", name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


BOARD = _load("board.json")
ARMY = _load("army.json")

N = len(BOARD["territories"])
NAMES: list[str] = [t["name"] for t in BOARD["territories"]]
FIEFDOM_OF: list[int] = [int(t["fiefdom"]) for t in BOARD["territories"]]
FIEFDOM_NAMES: list[str] = [f["name"] for f in BOARD["fiefdoms"]]
FIEFDOMS: list[list[int]] = [[i for i in range(N) if FIEFDOM_OF[i] == f] for f in range(len(FIEFDOM_NAMES))]
BORDER: dict[tuple[int, int], str] = {}
for _b in BOARD["borders"]:
    _a, _c = int(_b["a"]) - 1, int(_b["b"]) - 1
    BORDER[(_a, _c)] = BORDER[(_c, _a)] = str(_b["type"])
# passable: open or bridge (rivers and mountains block movement, attacks and kingdoms)
PASSABLE: list[tuple[int, ...]] = [
    tuple(sorted(b for (a, b), k in BORDER.items() if a == i and k in ("open", "bridge"))) for i in range(N)
]
# the plague crosses rivers (bridged or not) but not mountains
PLAGUE_NEXT: list[tuple[int, ...]] = [
    tuple(sorted(b for (a, b), k in BORDER.items() if a == i and k != "mountain")) for i in range(N)
]

# unit types with a combat value, in the order of every count list
BASIC = ("infantry", "archers", "cavalry", "war_machine")
INF, ARCH, CAV, WM = 0, 1, 2, 3
CV: list[int] = [int(ARMY["combat_values"][k]) for k in BASIC]
# supply slots: the four basic types, then the Lord and the three stronghold pieces
SUPPLY = (*BASIC, "lord", "fortified_city", "fortress", "castle")
LORD, CITY = 4, 5
ARMY_SIZE: list[int] = [int(ARMY["units"][k]) for k in SUPPLY]
COLOURS: list[str] = list(ARMY["colours"])
NEUTRAL_COLOUR: str = ARMY["neutral_colour"]
PLAGUE_TRACK: list[list[int]] = [list(r) for r in ARMY["plague_track"]]
PLAGUE_MARKERS = int(ARMY["plague_markers"])
ROUNDS = int(ARMY["rounds"])
MAX_STRONGHOLDS = int(ARMY["max_strongholds"])
MAX_LORDS = int(ARMY["max_lords"])
STRONGHOLD_VP: list[int] = list(ARMY["stronghold_vp"])
LORD_VP = int(ARMY["lord_vp"])
STRONGHOLD_MISSION_VP: list[int] = list(ARMY["stronghold_mission_vp"])
FIEFDOM_MISSION_VP = int(ARMY["fiefdom_mission_vp"])
LEVEL_NAMES = ("", "fortified city", "fortress", "castle")
UNIT_NAMES = ("infantry", "archers", "cavalry", "war machine")


def recruits(size: int, level: int) -> list[int]:
    """The recruitment chart: units of each basic type for a kingdom ``size`` and stronghold ``level``."""
    if size <= 0 or level <= 0:
        return [0, 0, 0, 0]
    rows = ARMY["recruitment_chart"]
    for row in rows:
        if row["from"] <= size <= row["to"]:
            return list(row["levels"][level - 1])
    return list(rows[-1]["levels"][level - 1])  # beyond the chart: its last row


def tname(i: int) -> str:
    """A territory index as people read it: ``29 Montségur``."""
    return f"{i + 1} {NAMES[i]}"
