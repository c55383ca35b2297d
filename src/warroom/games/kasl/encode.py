"""Kasl's observation encoder (``Game.encode``): one seat's view as a fixed list of counts and flags.

The board is public (``views.view`` shows all of it), so the encoder reads it whole; the one
secret is the mission cards, and only the encoding seat's own are read (two states that differ
only in another seat's missions encode the same: ``tests/kasl/test_encode.py``).

Seats are counted from the encoding seat ("me" first, then by seat number), so one layout
serves every seat. The length depends on the player count only (a seat per player):

===============  ==============================================================================
block            what it holds
===============  ==============================================================================
board planes     48 bytes each, a territory per byte (in index order): the owner planes (one-hot:
                 each seat, the neutral army, nobody), then the four unit counts, Lord,
                 stronghold level, plague, my missions, sacrificed missions (public), and the
                 open choice: candidate, picked, moving from, moving to
seats            for each seat: its supply (the eight pieces off the board), kingdom point scale
                 (this round's), place in this round's order (0: none). The principal kingdoms'
                 sizes the view shows are left out: they follow from the board, and finding them
                 costs more than the rest of the encoding
scalars          round, rounds, step (one-hot), whose turn (one-hot, last: nobody), my decision,
                 redeployments left, plague round and markers, who declared the plague (one-hot,
                 last: nobody), advanced rules, game over, the choice's seat (one-hot, last:
                 none), purpose and piece (one-hot), hits to take
===============  ==============================================================================

Every count fits a byte: no territory holds more than an army's pieces.
"""

from __future__ import annotations

from functools import cache
from itertools import chain
from typing import Any

from warroom.engine.frames import NO_SEAT
from warroom.games.kasl.board import SUPPLY, N
from warroom.games.kasl.core import ADVANCED
from warroom.games.kasl.state import KaslState, choice_span

STEPS = ("setup", "round", "declare", "turn", "strategic", "attack", "redeploy", "lords", "end_turn",
         "lord_service", "over")
# a choice's purpose is ``why`` or ``why:piece`` (rules.py's place and move frames)
WHYS = ("setup", "no_stronghold", "service", "recruit", "capture", "redeploy", "loss")
PIECES = ("infantry", "archers", "cavalry", "war_machine", "lord", "city", "new_city")
# the board's planes, 48 bytes each (one per territory, in index order), after the owner planes
PLANES = ("infantry", "archers", "cavalry", "war_machine", "lord", "level", "plague", "mission", "sacrificed",
          "candidate", "picked", "from", "to")


class Layout:
    def __init__(self, n: int) -> None:
        self.n = n
        self.owners = n + 2  # owner planes: each seat (me first), the neutral army, nobody
        self.plane = {name: (self.owners + k) * N for k, name in enumerate(PLANES)}
        self.seats = (self.owners + len(PLANES)) * N
        self.seat = len(SUPPLY) + 2
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


# ONE_HOT[k]: a bytes.translate table that maps byte k to 1 and every other byte to 0
ONE_HOT = [bytes(int(i == k) for i in range(256)) for k in range(16)]


@cache
def layout(n: int) -> Layout:
    return Layout(n)


def encode(state: KaslState, seat: int, deciding: bool) -> bytearray:
    """``Game.encode`` for Kasl (``deciding``: whether ``seat`` has a decision now, which the
    rules know)."""
    n = state.players
    lay = layout(n)
    out = bytearray(lay.size)
    plane = lay.plane
    # each territory's owner as its owner plane's number (-1, nobody, is the list's last item),
    # then one plane per owner picked out of it in C (bytes.translate)
    slots = bytes(map([*((p - seat) % n for p in range(n)), n, n + 1].__getitem__, state.owner))
    for k in range(lay.owners):
        out[k * N:(k + 1) * N] = slots.translate(ONE_HOT[k])
    units = bytes(chain.from_iterable(state.units))  # territory by territory, four counts each
    at = plane["infantry"]
    for k in range(4):
        out[at + k * N:at + (k + 1) * N] = units[k::4]
    for name, values in (("lord", state.lord), ("level", state.level), ("plague", state.plague)):
        out[plane[name]:plane[name] + N] = bytes(values)
    for t in state.missions[seat]:
        out[plane["mission"] + t] = 1
    for cards in state.sacrificed:
        for t in cards:
            out[plane["sacrificed"] + t] = 1
    # the open choice (the view's "choice"): candidates and picks are public, as are from / to
    frames = state.frames
    chooser, why, piece, hits = n, len(WHYS), len(PIECES), 0
    if frames and frames[-1].seat != NO_SEAT:
        top = frames[-1]
        d = top.data
        chooser = (top.seat - seat) % n if 0 <= top.seat < n else n
        if d.get("key") == "territory":
            for field, name in (("candidates", "candidate"), ("picked", "picked")):
                for t in d.get(field, ()):
                    out[plane[name] + t - 1] = 1
        purpose = str(d.get("purpose", ""))
        head, _, tail = purpose.partition(":")
        why = WHYS.index(head) if head in WHYS else len(WHYS)
        piece = PIECES.index(tail) if tail in PIECES else len(PIECES)
        src, dst, left = choice_span(frames[-2] if len(frames) > 1 else None)
        if 0 <= src < N:
            out[plane["from"] + src] = 1
        if 0 <= dst < N:
            out[plane["to"] + dst] = 1
        hits = left or 0
    sizes, order = state.sizes, state.order
    for r in range(n):
        p = (seat + r) % n
        base = lay.seats + r * lay.seat
        out[base:base + len(SUPPLY)] = bytes(state.supply[p])
        base += len(SUPPLY)
        out[base] = min(sizes[p], 255) if p < len(sizes) else 0
        out[base + 1] = order.index(p) + 1 if p in order else 0
    out[lay.scalars:lay.scalars + 2] = bytes((min(state.round, 255), min(int(state.config["options"]["rounds"]), 255)))
    out[lay.step + (STEPS.index(state.step) if state.step in STEPS else len(STEPS))] = 1
    cur = state.current
    out[lay.current + ((cur - seat) % n if 0 <= cur < n else n)] = 1
    out[lay.rest:lay.rest + 4] = bytes((deciding, min(state.left, 255),
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


def observation_size(config: dict[str, Any]) -> int:
    """``Game.observation_size`` for Kasl: the layout for the configuration's player count."""
    return layout(int(config["players"])).size
