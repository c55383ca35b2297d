"""Kasl's observation encoder (``Game.encode``): one seat's view as a fixed list of counts and flags.

The board is public (``views.view`` shows all of it), so the encoder reads it whole; the one
secret is the mission cards, and only the encoding seat's own are read (two states that differ
only in another seat's missions encode the same: ``tests/kasl/test_encode.py``).

Seats are counted from the encoding seat ("me" first, then by seat number), so one layout
serves every seat. The length depends on the player count only (a seat per player):

===============  ==============================================================================
block            what it holds
===============  ==============================================================================
territories      for each of the 48: owner (one-hot: each seat, the neutral army, nobody), the
                 four unit counts, Lord, stronghold level, plague, my mission, sacrificed
                 (public), and the open choice: candidate, picked, from, to
seats            for each seat: its supply (the eight pieces off the board), kingdom point scale,
                 principal kingdom's size, place in this round's order (0: none)
scalars          round, rounds, step (one-hot), whose turn (one-hot, last: nobody), my decision,
                 redeployments left, plague round and markers, who declared the plague (one-hot,
                 last: nobody), advanced rules, game over, the choice's seat (one-hot, last:
                 none), purpose and piece (one-hot), hits to take
===============  ==============================================================================

Counts are capped at 255 (a byte); none comes near it in a real game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from warroom.engine.frames import NO_SEAT
from warroom.games.kasl.board import SUPPLY, N
from warroom.games.kasl.state import KaslState

STEPS = ("setup", "round", "declare", "turn", "strategic", "attack", "redeploy", "lords", "end_turn",
         "lord_service", "over")
# a choice's purpose is ``why`` or ``why:piece`` (rules.py's place and move frames)
WHYS = ("setup", "no_stronghold", "service", "recruit", "capture", "redeploy", "loss")
PIECES = ("infantry", "archers", "cavalry", "war_machine", "lord", "city", "new_city")
T_FIELDS = 4 + 1 + 1 + 1 + 1 + 1 + 4  # units, lord, level, plague, mission, sacrificed, choice


class Layout:
    def __init__(self, n: int) -> None:
        self.n = n
        self.owners = n + 2  # each seat, the neutral army, nobody
        self.territory = self.owners + T_FIELDS
        self.seats = N * self.territory
        self.seat = len(SUPPLY) + 3
        self.scalars = self.seats + n * self.seat
        self.step = self.scalars + 2
        self.current = self.step + len(STEPS) + 1
        self.rest = self.current + n + 1  # my decision, left, plague round, markers
        self.declared = self.rest + 4
        self.flags = self.declared + n + 1  # advanced, over
        self.chooser = self.flags + 2
        self.why = self.chooser + n + 1
        self.piece = self.why + len(WHYS) + 1
        self.hits = self.piece + len(PIECES) + 1
        self.size = self.hits + 1


@cache
def layout(n: int) -> Layout:
    return Layout(n)


def encode(self: Any, state: KaslState, seat: int) -> bytearray:
    """``Game.encode`` for Kasl (bound as a method of the game, ``self``)."""
    from warroom.games.kasl import views
    from warroom.games.kasl.rules import ADVANCED, principal

    n = state.players
    lay = layout(n)
    out = bytearray(lay.size)
    owners, size = lay.owners, lay.territory
    for t in range(N):
        base = t * size
        o = state.owner[t]
        out[base + ((o - seat) % n if 0 <= o < n else n if o == n else n + 1)] = 1
        u = state.units[t]
        at = base + owners
        out[at:at + 7] = bytes((min(u[0], 255), min(u[1], 255), min(u[2], 255), min(u[3], 255), state.lord[t],
                              state.level[t], min(state.plague[t], 255)))
    mission = lay.territory - 6  # the mission flag's offset in a territory's block
    for t in state.missions[seat]:
        out[t * size + mission] = 1
    for cards in state.sacrificed:
        for t in cards:
            out[t * size + mission + 1] = 1
    # the open choice (the view's "choice"): candidates and picks are public, as are from / to
    frames = state.frames
    chooser, why, piece, hits = n, len(WHYS), len(PIECES), 0
    if frames and frames[-1].seat != NO_SEAT:
        top = frames[-1]
        d = top.data
        chooser = (top.seat - seat) % n if 0 <= top.seat < n else n
        if d.get("key") == "territory":
            for k, field in enumerate(("candidates", "picked")):
                for t in d.get(field, ()):
                    out[(t - 1) * size + mission + 2 + k] = 1
        purpose = str(d.get("purpose", ""))
        head, _, tail = purpose.partition(":")
        why = WHYS.index(head) if head in WHYS else len(WHYS)
        piece = PIECES.index(tail) if tail in PIECES else len(PIECES)
        below = frames[-2] if len(frames) > 1 else None
        if below is not None and below.kind in ("move", "losses"):
            src = below.data.get("src", below.data.get("t", -1))
            if 0 <= src < N:
                out[src * size + mission + 4] = 1
            dst = below.data.get("dst", -1)
            if 0 <= dst < N:
                out[dst * size + mission + 5] = 1
            hits = int(below.data.get("hits", 0))
    kingdoms = views._kingdoms(state, principal)
    for r in range(n):
        p = (seat + r) % n
        base = lay.seats + r * lay.seat
        out[base:base + len(SUPPLY)] = bytes(min(x, 255) for x in state.supply[p])
        base += len(SUPPLY)
        out[base] = min(state.sizes[p], 255) if p < len(state.sizes) else 0
        out[base + 1] = min(kingdoms[p], 255)
        out[base + 2] = state.order.index(p) + 1 if p in state.order else 0
    out[lay.scalars:lay.scalars + 2] = bytes((min(state.round, 255), min(int(state.config["options"]["rounds"]), 255)))
    out[lay.step + (STEPS.index(state.step) if state.step in STEPS else len(STEPS))] = 1
    cur = state.current
    out[lay.current + ((cur - seat) % n if 0 <= cur < n else n)] = 1
    out[lay.rest:lay.rest + 4] = bytes((seat in self.deciders(state), min(state.left, 255),
                                        min(state.plague_round, 255), min(state.markers, 255)))
    by = state.declared_by
    out[lay.declared + ((by - seat) % n if 0 <= by < n else n)] = 1
    out[lay.flags] = ADVANCED in state.config["variants"]
    out[lay.flags + 1] = state.over
    out[lay.chooser + chooser] = 1
    out[lay.why + why] = 1
    out[lay.piece + piece] = 1
    out[lay.hits] = min(hits, 255)
    return out


def observation_size(self: object, config: dict[str, Any]) -> int:
    """``Game.observation_size`` for Kasl: the layout for the configuration's player count."""
    return layout(int(config["players"])).size
