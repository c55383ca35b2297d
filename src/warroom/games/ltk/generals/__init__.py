"""The generals: their facts from ``data/generals.json`` and their skills' names and texts from
``data/skills.json``; the skills' rules live in the modules beside this one."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


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


@dataclass(frozen=True, slots=True)
class Skill:
    key: str
    name: str
    chinese: str
    text: str
    lord: bool  # a lord skill: only on while its general is the Monarch


def _data(name: str) -> dict[str, Any]:
    path = resources.files("warroom.games.ltk") / "data" / name
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _load() -> dict[str, General]:
    raw = _data("generals.json")
    return {g["key"]: General(g["key"], g["name"], g["chinese"], g["kingdom"], g["gender"], int(g["hp"]),
                              tuple(g["skills"]), bool(g["lord"])) for g in raw["generals"]}


def _load_skills() -> dict[str, Skill]:
    return {k: Skill(k, s["name"], s.get("chinese", ""), s["text"], bool(s["lord"]))
            for k, s in _data("skills.json").items()}


GENERALS = _load()
SKILLS = _load_skills()
LORDS = tuple(k for k, g in GENERALS.items() if g.lord)
OTHERS = tuple(k for k, g in GENERALS.items() if not g.lord)
