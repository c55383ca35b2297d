"""The generals: their facts from ``data/generals.json``; skills live in the modules beside this one."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class General:
    key: str
    name: str
    chinese: str
    kingdom: str  # wei, shu, wu, qun
    gender: str  # male, female
    hp: int
    skills: tuple[str, ...]
    lord: bool  # one of the lord generals the Monarch is always offered


def _load() -> dict[str, General]:
    raw = json.loads((resources.files("warroom.games.ltk") / "data" / "generals.json").read_text(encoding="utf-8"))
    return {g["key"]: General(g["key"], g["name"], g["chinese"], g["kingdom"], g["gender"], int(g["hp"]),
                              tuple(g["skills"]), bool(g["lord"])) for g in raw["generals"]}


GENERALS = _load()
LORDS = tuple(k for k, g in GENERALS.items() if g.lord)
OTHERS = tuple(k for k, g in GENERALS.items() if not g.lord)
