"""LTK's observation encoder (``Game.encode``): one seat's view as a fixed list of counts and flags.

Read from the state, and only from what the seat's view shows it (``views.view``): its own
hand, the public zones, the hand sizes and the draw pile's size, the roles revealed and its own,
every seat's general, health, equipment and judgement area, the hand cards it knows of in other
hands, its own general offers, the turn, the phase and the open frames as the view shows them
(``views.HIDE`` blanks what a frame holds for one seat only). Other hands, unrevealed roles,
others' offers and picks and the draw pile's order are never read, so two states the seat
cannot tell apart encode the same (``tests/ltk/test_encode.py``).

Seats are counted from the encoding seat ("me" first, then in play order), so one layout
serves every seat. Cards are flags by id (a card's suit and rank matter: Wusheng uses red
cards), in blocks of ``DECK_SIZE``. The length depends on the player count only:

=================  ============================================================================
block              what it holds
=================  ============================================================================
hand               my hand
discard / table    the discard pile, the cards being used or judged
frame cards        the cards named by the open frames (as the view shows them)
virtual            judgement-area cards that count as a tool: 1 + its index in DELAYED_KINDS
per seat           equipment, judgement area, Buqu cards and the known hand cards (card flags);
                   alive, health (above and below 0), maximum, hand size, face down, role shown,
                   role (one-hot, "unknown" when hidden), general (one-hot), general chosen
generals           my offers, my pick, the Monarch's offers while he chooses in public
deeds              damage done minus Peaches given, seat to seat (positive and negative parts)
scalars            stage, phase, whose turn, my decision, turns, draw pile, reshuffles, uses
                   spent this turn, and for the top frames: kind, seat and the seats they name
=================  ============================================================================
"""

from __future__ import annotations

from functools import cache
from typing import Any

from warroom.games.ltk.cards import DECK_SIZE, DELAYED_KINDS
from warroom.games.ltk.generals import GENERALS
from warroom.games.ltk.state import NO_CARD, PHASES, LtkState

D = DECK_SIZE
ROLES = ("monarch", "minister", "rebel", "defector", "none")  # then "unknown"
GENERAL_KEYS = sorted(GENERALS)
GENERAL_SLOT = {g: i for i, g in enumerate(GENERAL_KEYS)}  # "" (not chosen yet): no slot set
STAGES = ("lord", "pick", "play", "over")
PHASE_SLOT = {p: i for i, p in enumerate(("", *PHASES))}
TOP_FRAMES = 4  # the frames encoded one by one, from the top of the stack
FRAME_SEATS = ("user", "source", "target", "who")  # the seats a frame names, when its data has them
SEAT_FIELDS = ("alive", "hp", "dying_below", "max_hp", "hand", "flipped", "revealed", "chosen")


def frame_kinds() -> tuple[str, ...]:
    from warroom.games.ltk import core

    return tuple(sorted(core.RESOLVER.rules))


def used_keys() -> tuple[str, ...]:
    from warroom.games.ltk import core

    return tuple(sorted({"kill", "kill_played", "jijiang_failed", "luoyi", *core.PHASE_ACTIONS}))


class Layout:
    """Where each block starts, for ``n`` players."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.kinds = frame_kinds()
        self.kind_slot = {k: i for i, k in enumerate(self.kinds)}
        self.used = used_keys()
        at = 0

        def block(size: int) -> int:
            nonlocal at
            start, at = at, at + size
            return start

        self.hand, self.discard, self.table, self.frame_cards, self.virtual = (block(D) for _ in range(5))
        # per seat: four card blocks, the fields, the role (one-hot + unknown), the general
        self.seat_size = 4 * D + len(SEAT_FIELDS) + len(ROLES) + 1 + len(GENERAL_KEYS)
        self.seats = block(n * self.seat_size)
        self.offers, self.pick, self.monarch_offers = (block(len(GENERAL_KEYS)) for _ in range(3))
        self.deeds = block(2 * n * n)
        self.stage = block(len(STAGES))
        self.phase = block(len(PHASE_SLOT))
        self.current = block(n)
        self.scalars = block(4)  # my decision, turns, draw pile, reshuffles
        self.uses = block(len(self.used))
        # per top frame: its kind (one-hot, the last slot for an unknown kind), its seat (n: none),
        # and each of FRAME_SEATS (n: none)
        self.frame_size = len(self.kinds) + 1 + (n + 1) * (1 + len(FRAME_SEATS))
        self.frames = block(TOP_FRAMES * self.frame_size)
        self.size = at


@cache
def layout(n: int) -> Layout:
    return Layout(n)


def _cards(value: Any) -> list[int]:
    """The card ids a frame's (visible) field holds: an id or a list of ids."""
    if type(value) is int:
        return [value] if 0 <= value < D else []
    if type(value) is list:
        return [c for c in value if type(c) is int and 0 <= c < D]
    return []


CARD_FIELDS = ("card", "cards", "judge", "got")


def encode(self: Any, state: LtkState, seat: int) -> bytearray:
    """``Game.encode`` for LTK (bound as a method of the game, ``self``)."""
    from warroom.games.ltk import views

    n = state.n
    lay = layout(n)
    out = bytearray(lay.size)
    me = state.seats[seat]
    for c in me.hand:
        out[lay.hand + c] = 1
    for base, pile in ((lay.discard, state.discard), (lay.table, state.table)):
        for c in pile:
            out[base + c] = 1
    for card, tool in state.virtual.items():
        out[lay.virtual + int(card)] = 1 + DELAYED_KINDS.index(tool) if tool in DELAYED_KINDS else 255
    selecting = state.stage in ("lord", "pick")
    for r in range(n):
        i = (seat + r) % n
        s = state.seats[i]
        base = lay.seats + r * lay.seat_size
        for c in s.equip:
            if c != NO_CARD:
                out[base + c] = 1
        for c in s.judge:
            out[base + D + c] = 1
        for c in s.buqu:
            out[base + 2 * D + c] = 1
        if i != seat:
            for c in views._known_hand(state, s, seat):
                out[base + 3 * D + c] = 1
        f = base + 4 * D
        out[f:f + len(SEAT_FIELDS)] = bytes((
            s.alive, min(max(s.hp, 0), 255), min(max(-s.hp, 0), 255), min(s.max_hp, 255), min(len(s.hand), 255),
            s.flipped, s.revealed, selecting and (bool(s.pick) or bool(s.general))))
        f += len(SEAT_FIELDS)
        role = ROLES.index(s.role) if views.role_visible(state, i, seat) and s.role in ROLES else len(ROLES)
        out[f + role] = 1
        f += len(ROLES) + 1
        if s.general:
            out[f + GENERAL_SLOT[s.general]] = 1
    for g in me.offers:
        out[lay.offers + GENERAL_SLOT[g]] = 1
    if me.pick:
        out[lay.pick + GENERAL_SLOT[me.pick]] = 1
    if state.stage == "lord":  # the Monarch chooses in public (views.view shows his offers)
        for s in state.seats:
            if s.role == "monarch" and s.revealed:
                for g in s.offers:
                    out[lay.monarch_offers + GENERAL_SLOT[g]] = 1
    for a, row in enumerate(state.deeds):
        ra = (a - seat) % n
        for b, d in enumerate(row):
            if d:
                at = lay.deeds + 2 * (ra * n + (b - seat) % n)
                out[at + (d < 0)] = min(abs(d), 255)
    out[lay.stage + STAGES.index(state.stage)] = 1
    out[lay.phase + PHASE_SLOT.get(state.phase, 0)] = 1
    out[lay.current + (state.current - seat) % n] = 1
    out[lay.scalars:lay.scalars + 4] = bytes((
        seat in self.deciders(state), min(state.turns, 255), min(len(state.draw), 255), min(state.reshuffles, 255)))
    for k, name in enumerate(lay.used):
        v = state.used.get(name, 0)
        if v:
            out[lay.uses + k] = min(int(v), 255)
    # the frames as the view shows them to this seat (views.HIDE blanks what is not its to see)
    frames = state.frames
    for depth, frame in enumerate(reversed(frames)):
        shown = views._frame_view(frame, seat)
        data = shown["data"]
        for field in CARD_FIELDS:
            if field in data:
                for c in _cards(data[field]):
                    out[lay.frame_cards + c] = 1
        raw = frame.data  # only the engine's untyped kinds (a select) may choose seats ("key")
        if raw.__class__ is not dict or raw.get("key", "card") == "card":  # a choice of cards
            for field in ("candidates", "picked"):
                for c in _cards(data.get(field)):
                    out[lay.frame_cards + c] = 1
        if depth >= TOP_FRAMES:
            continue
        base = lay.frames + depth * lay.frame_size
        out[base + lay.kind_slot.get(frame.kind, len(lay.kinds))] = 1
        base += len(lay.kinds) + 1
        for k, who in enumerate((frame.seat, *(data.get(f) for f in FRAME_SEATS))):
            slot = (who - seat) % n if type(who) is int and 0 <= who < n else n
            out[base + k * (n + 1) + slot] = 1
    return out


def observation_size(self: object, config: dict[str, Any]) -> int:
    """``Game.observation_size`` for LTK: the layout for the configuration's player count."""
    return layout(int(config["players"])).size
