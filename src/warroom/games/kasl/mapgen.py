"""Generate Kasl's substitute board (``data/board.json``): ``python -m warroom.games.kasl.mapgen``.

The printed board cannot be recovered (docs/rules/kasl.md), so this script lays out 48
territories as a jittered hex tiling (8 columns, 6 rows, odd rows shifted right) and writes
the fiefdoms, names, borders, rivers and mountains chosen below. The committed JSON is what the
game reads; a faithful map can replace it without code changes. Stdlib only, deterministic.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

COLS, ROWS = 8, 6
HALF_W, HALF_H = 40, 46  # a hex is 80 wide; its pointy top is 46 above the centre
MARGIN = 20
JITTER = 9  # vertex displacement, small enough that no hex folds over

# one letter per territory, row by row (territory number = row * 8 + column + 1)
LAYOUT = [
    "AABBBCCC",
    "AABBBCCC",
    "AADDEECG",
    "FADDEEGG",
    "FFDDEEGG",
    "FFFDEEGG",
]
FIEFDOMS = {
    "A": ("Aubrac", "#c9a227"),
    "B": ("Brévine", "#5b8fd9"),
    "C": ("Corlay", "#6fbf73"),
    "D": ("Dornach", "#c45c4a"),
    "E": ("Esterel", "#9b6fc2"),
    "F": ("Faucigny", "#d9823b"),
    "G": ("Gévaudan", "#4fb3b0"),
}
NAMES = [
    "Hautbois", "Marlieu", "Castelroc", "Vaubrun", "Pierrefeu", "Sombreval", "Aiguemont", "Roncevaux",
    "Bellecombe", "Fontgrise", "Montaigu", "Lorgeril", "Clairvaux", "Brocéliande", "Valmorel", "Ormesson",
    "Gratteloup", "Saint-Aubin", "Corbières", "Malestroit", "Hauterive", "Rochefort", "Combelongue", "Mirebeau",
    "Ventadour", "Bois-Joli", "Pontarlier", "Moulinet", "Montségur", "Laroque", "Aigueblanche", "Ferrières",
    "Chanteloup", "Vieillevigne", "Sauveterre", "Beaufort", "Durandal", "Montbrison", "Villecroze", "Grandpré",
    "Loubressac", "Fontenelle", "Cerdagne", "Roquebrune", "Vernois", "Trémolat", "Queyras", "Aigues-Mortes",
]
# rivers: named chains of borders, source to mouth; bridges are crossings on them
RIVERS = {
    "Sarre": [(4, 5), (5, 12), (12, 13), (12, 21), (20, 21), (21, 28), (28, 29), (28, 37), (36, 37)],
    "Vézère": [(17, 25), (18, 25), (18, 26), (19, 26), (19, 27), (20, 27), (20, 28)],
}
BRIDGES = [(12, 13), (36, 37), (19, 27)]
# mountain ranges: chains of impassable borders (the rulebook's example: 29 cut from 21, 22, 38)
MOUNTAINS = {
    "Crêtes de Montségur": [(21, 29), (22, 29), (29, 38)],
    "Monts du Queyras": [(30, 31), (30, 39), (38, 39), (39, 46), (46, 47)],
    "Dents de Beaufort": [(34, 35), (35, 43)],
}


def tid(row: int, col: int) -> int:
    return row * COLS + col + 1


def neighbours(row: int, col: int) -> list[tuple[int, int]]:
    """Odd-row-shifted hex neighbours inside the board."""
    if row % 2 == 0:
        steps = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    else:
        steps = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    return [(row + dr, col + dc) for dr, dc in steps if 0 <= row + dr < ROWS and 0 <= col + dc < COLS]


def _jitter(x: int, y: int, salt: int) -> int:
    # an integer hash of the vertex, so shared vertices move together in every hex
    h = (x * 73856093) ^ (y * 19349663) ^ (salt * 83492791)
    h = (h * 2654435761) & 0xFFFFFFFF
    return h % (2 * JITTER + 1) - JITTER


def hexagon(row: int, col: int) -> list[list[int]]:
    cx = MARGIN + HALF_W + 2 * HALF_W * col + (HALF_W if row % 2 else 0)
    cy = MARGIN + HALF_H + (3 * HALF_H // 2) * row
    corners = [
        (cx, cy - HALF_H), (cx + HALF_W, cy - HALF_H // 2), (cx + HALF_W, cy + HALF_H // 2),
        (cx, cy + HALF_H), (cx - HALF_W, cy + HALF_H // 2), (cx - HALF_W, cy - HALF_H // 2),
    ]
    return [[x + _jitter(x, y, 1), y + _jitter(x, y, 2)] for x, y in corners]


def board() -> dict[str, object]:
    letters = sorted(FIEFDOMS)
    territories = []
    for r in range(ROWS):
        for c in range(COLS):
            t = tid(r, c)
            territories.append({
                "id": t, "name": NAMES[t - 1], "fiefdom": letters.index(LAYOUT[r][c]),
                "shape": hexagon(r, c),
            })
    kinds: dict[tuple[int, int], str] = {}
    for chain in RIVERS.values():
        for a, b in chain:
            kinds[(a, b)] = "river"
    for a, b in BRIDGES:
        kinds[(a, b)] = "bridge"
    for chain in MOUNTAINS.values():
        for a, b in chain:
            kinds[(a, b)] = "mountain"
    borders = []
    for r in range(ROWS):
        for c in range(COLS):
            for nr, nc in neighbours(r, c):
                a, b = tid(r, c), tid(nr, nc)
                if a < b:
                    borders.append({"a": a, "b": b, "type": kinds.pop((a, b), "open")})
    if kinds:
        raise SystemExit(f"not borders of the grid: {sorted(kinds)}")
    width = MARGIN * 2 + HALF_W * (2 * COLS + 1)
    height = MARGIN * 2 + HALF_H * 2 + (3 * HALF_H // 2) * (ROWS - 1)
    return {
        "substitute": True,
        "note": "warroom's own board: the printed Kasl board is not recoverable (docs/rules/kasl.md)",
        "size": [width, height],
        "fiefdoms": [{"id": i, "key": k, "name": FIEFDOMS[k][0], "colour": FIEFDOMS[k][1]}
                     for i, k in enumerate(letters)],
        "territories": territories,
        "borders": borders,
        "rivers": [{"name": n, "borders": [list(p) for p in chain]} for n, chain in RIVERS.items()],
        "mountains": [{"name": n, "borders": [list(p) for p in chain]} for n, chain in MOUNTAINS.items()],
    }


def text() -> str:
    return json.dumps(board(), ensure_ascii=False, indent=1) + "\n"


def main() -> None:
    out = Path(__file__).resolve().parent / "data" / "board.json"
    out.write_text(text(), encoding="utf-8")
    sys.stdout.write(f"wrote {out}\n")


if __name__ == "__main__":
    main()
