"""The substitute board keeps the rulebook's constraints (docs/rules/kasl.md)."""

from __future__ import annotations

import itertools
import json
from importlib import resources

from warroom.games.kasl import mapgen
from warroom.games.kasl.board import BOARD, BORDER, FIEFDOMS, NAMES, PASSABLE, PLAGUE_NEXT, N

Point = tuple[float, float]


def _shape(t: int) -> list[Point]:
    return [(float(x), float(y)) for x, y in BOARD["territories"][t]["shape"]]


def _edges(poly: list[Point]) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _proper_crossing(p: Point, q: Point, r: Point, s: Point) -> bool:
    d1, d2 = _cross(r, s, p), _cross(r, s, q)
    d3, d4 = _cross(p, q, r), _cross(p, q, s)
    return d1 * d2 < 0 and d3 * d4 < 0


def _inside(pt: Point, poly: list[Point]) -> bool:
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in _edges(poly):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _connected(nodes: list[int], next_of: dict[int, list[int]]) -> bool:
    seen = {nodes[0]}
    todo = [nodes[0]]
    while todo:
        for nb in next_of[todo.pop()]:
            if nb in nodes and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(nodes)


def test_48_numbered_named_territories_in_7_fiefdoms_of_4_to_8() -> None:
    assert N == 48
    assert [t["id"] for t in BOARD["territories"]] == list(range(1, 49))
    assert len(set(NAMES)) == 48 and all(NAMES)
    assert len(FIEFDOMS) == 7
    assert all(4 <= len(f) <= 8 for f in FIEFDOMS)
    assert sum(len(f) for f in FIEFDOMS) == 48


def test_borders_are_symmetric_typed_and_unique() -> None:
    pairs = [(b["a"], b["b"]) for b in BOARD["borders"]]
    assert len(pairs) == len({tuple(sorted(p)) for p in pairs})
    assert all(a != b for a, b in pairs)
    assert {b["type"] for b in BOARD["borders"]} == {"open", "river", "bridge", "mountain"}
    for (a, b), kind in BORDER.items():
        assert BORDER[(b, a)] == kind
    for a in range(N):
        for b in PASSABLE[a]:
            assert a in PASSABLE[b]


def test_the_passable_graph_is_connected() -> None:
    nodes = list(range(N))
    assert _connected(nodes, {t: list(PASSABLE[t]) for t in nodes})
    assert all(PASSABLE[t] for t in nodes)  # no territory fully cut off


def test_every_fiefdom_is_contiguous() -> None:
    any_border = {t: [b for (a, b) in BORDER if a == t] for t in range(N)}
    for fief in FIEFDOMS:
        assert _connected(fief, any_border)


def test_shapes_that_share_a_border_touch_and_others_do_not_overlap() -> None:
    for a in range(N):
        for b in range(a + 1, N):
            pa, pb = _shape(a), _shape(b)
            shared = set(pa) & set(pb)
            if (a, b) in BORDER:
                ea = {frozenset(e) for e in _edges(pa)}
                eb = {frozenset(e) for e in _edges(pb)}
                assert ea & eb, f"{a + 1} and {b + 1} border but share no edge"
                continue
            assert not shared, f"{a + 1} and {b + 1} touch without a border"
            assert not any(_inside(p, pb) for p in pa) and not any(_inside(p, pa) for p in pb)
            assert not any(_proper_crossing(*e, *f) for e in _edges(pa) for f in _edges(pb))


def test_rivers_are_long_chains_with_few_bridges_and_every_bridge_is_on_one() -> None:
    on_river = set()
    for river in BOARD["rivers"]:
        chain = [tuple(p) for p in river["borders"]]
        assert len(chain) >= 7
        for a, b in chain:
            assert BORDER[(a - 1, b - 1)] in ("river", "bridge")
            on_river.add(frozenset((a, b)))
        # consecutive borders of a river meet at a corner of the map
        for (a, b), (c, d) in itertools.pairwise(chain):
            corners = [set(map(tuple, BOARD["territories"][t - 1]["shape"])) for t in (a, b, c, d)]
            assert corners[0] & corners[1] & (corners[2] | corners[3])
        bridges = [p for p in chain if BORDER[(p[0] - 1, p[1] - 1)] == "bridge"]
        assert 1 <= len(bridges) <= 2
    for b in BOARD["borders"]:
        if b["type"] in ("bridge", "river"):
            assert frozenset((b["a"], b["b"])) in on_river


def test_the_rulebook_example_29_is_not_connected_to_21_22_36_38() -> None:
    for other in (21, 22, 36, 38):
        assert other - 1 not in PASSABLE[28]
    assert any(BORDER.get((28, t - 1)) == "mountain" for t in (21, 22, 38))
    assert PASSABLE[28]  # but 29 is not cut off


def test_the_plague_crosses_rivers_but_not_mountains() -> None:
    assert 4 in PLAGUE_NEXT[3]  # 4-5: a river without a bridge
    assert 20 not in PLAGUE_NEXT[28]  # 29-21: mountains


def test_the_committed_board_is_what_the_generator_writes() -> None:
    committed = resources.files("warroom.games.kasl").joinpath("data", "board.json").read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(mapgen.text())
