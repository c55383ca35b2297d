"""The engine's codec: clone, to_json and from_json written from a plain-data class's fields."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from warroom.engine.codec import Plain, shared, transient
from warroom.engine.frames import Frame
from warroom.engine.rng import Rng


@dataclass(slots=True, kw_only=True)
class Piece(Plain):
    name: str
    marks: list[int] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class Table(Plain):
    config: dict[str, Any] = shared()
    rng: Rng
    pieces: list[Piece]
    best: Piece
    grid: list[list[int]]
    notes: dict[str, Any] = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    turn: int = 0
    over: bool = False
    cache: Any = transient(keep=True)
    scratch: Any = transient()
    size: int = transient(keep=True, init=False)

    def __post_init__(self) -> None:
        self.size = len(self.grid)

    def __post_load__(self) -> None:
        self.__post_init__()


def table() -> Table:
    return Table(config={"players": 2}, rng=Rng(7), pieces=[Piece(name="a", marks=[1, 2])],
                 best=Piece(name="b"), grid=[[1, 2], [3, 4]], notes={"seen": [1, {"x": [2]}]},
                 frames=[Frame("ask", 1, {"who": 1, "cards": [3]})], turn=3, cache=("c",), scratch=[9])


def test_to_json_holds_every_saved_field_as_plain_data() -> None:
    t = table()
    assert t.to_json() == {
        "config": {"players": 2}, "rng": t.rng.state, "pieces": [{"name": "a", "marks": [1, 2]}],
        "best": {"name": "b", "marks": []}, "grid": [[1, 2], [3, 4]], "notes": {"seen": [1, {"x": [2]}]},
        "frames": [{"kind": "ask", "seat": 1, "data": {"who": 1, "cards": [3]}}], "turn": 3, "over": False,
    }


def test_from_json_rebuilds_the_same_state_and_derives_what_is_not_saved() -> None:
    t = table()
    again = Table.from_json(json.loads(json.dumps(t.to_json())))
    assert again.to_json() == t.to_json()
    assert again.size == 2 and again.cache is None and again.scratch is None
    assert again.rng.state == t.rng.state


def test_a_clone_shares_nothing_that_changes() -> None:
    t = table()
    c = t.clone()
    assert c.to_json() == t.to_json()
    assert c.config is t.config  # shared: never changed after set-up
    assert c.cache is t.cache and c.scratch is None and c.size == 2  # transient: kept or reset
    c.pieces[0].marks.append(5)
    c.best.name = "z"
    c.grid[0][0] = 99
    c.notes["seen"][1]["x"].append(4)
    c.frames[0].data["cards"].append(8)
    c.rng.below(10)
    assert t.to_json() == table().to_json()
