"""LTK positions: a human-written JSON description of a table, and the state it stands for.

The shape (documented in ``docs/rules/ltk.md``)::

    {"players": 4, "variants": [], "options": {"ex": 1},
     "seats": [{"general": "cao_cao", "role": "monarch", "hp": 4, "hand": ["slash ♠7", 30],
                "equipment": {"weapon": "crossbow ♣A"}, "judgement": [], "revealed": true,
                "alive": true, "max_hp": 4, "known": []}, ...],
     "draw": ["jink ♥2", ...], "discard": [], "current": 0, "phase": "action",
     "used": {"kill": 0}, "turns": 0, "seed": 1, "seen": {"slash ♠7": [1]},
     "virtual": {"jink ♦2": "indulgence"}, "reshuffles": 0, "moves": 0}

Seats are in play order; piles are listed **top first**. A card is its id or ``"<kind> <suit><rank>"``
(``slash ♠7``, suits ``♠♥♣♦`` or ``SHCD``); when two cards look alike the first unused id is taken.
Cards placed nowhere go below the listed draw pile in id order. The position starts at the
beginning of ``phase`` of the ``current`` player's turn (``action``: the player is asked to act),
unless ``frames`` gives the stack exactly (``describe_position`` writes it for deeper states).
``seen`` names the hidden cards other seats can follow (see ``LtkState.seen``); ``virtual`` the
judgement-area cards that count as another delayed tool (Guose's ♦ card as Indulgence);
``reshuffles`` and ``moves`` are the counts of the game so far (the encoder reads the first).
"""

from __future__ import annotations

from typing import Any

from warroom.engine.actions import digits
from warroom.engine.errors import ConfigError
from warroom.engine.events import Event
from warroom.engine.frames import frames_from_json, frames_to_json, push
from warroom.engine.rng import Rng
from warroom.games.ltk import core
from warroom.games.ltk.cards import DECK_SIZE, DELAYED_KINDS, KIND, RANK, SLOTS, SUBTYPE, SUIT, SUIT_SIGN, deck_ids
from warroom.games.ltk.frames import LTK_FRAMES, Act, Turn
from warroom.games.ltk.generals import GENERALS
from warroom.games.ltk.state import NO_CARD, PHASES, LtkState, Seat

SUIT_LETTERS = {"S": "spade", "H": "heart", "C": "club", "D": "diamond",
                **{v: k for k, v in SUIT_SIGN.items()}}
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


class _Cards:
    """Resolves card references to ids, each id at most once."""

    def __init__(self, ids: list[int]) -> None:
        self.free = set(ids)
        self.used: set[int] = set()

    def get(self, ref: Any, where: str) -> int:
        if isinstance(ref, int) and not isinstance(ref, bool):
            if ref in self.used:
                raise ConfigError(f"card {ref} is placed twice ({where})")
            if ref not in self.free:
                raise ConfigError(f"there is no card {ref} in this deck ({where})")
            return self._take(ref)
        face = _face(ref, where)
        for c in sorted(self.free):
            if (KIND[c], SUIT[c], RANK[c]) == face:
                return self._take(c)
        raise ConfigError(f"no unused card {ref!r} left in the deck ({where})")

    def _take(self, c: int) -> int:
        self.free.discard(c)
        self.used.add(c)
        return c


def _face(ref: Any, where: str) -> tuple[str, str | None, int]:
    """The kind, suit and rank a card reference such as ``"slash ♠7"`` names."""
    if not isinstance(ref, str) or " " not in ref:
        raise ConfigError(f"a card is an id or 'kind suit-rank' such as 'slash ♠7', not {ref!r} ({where})")
    kind, _, sr = ref.partition(" ")
    rank_text = sr[1:]
    return kind, SUIT_LETTERS.get(sr[:1]), RANKS.get(rank_text, int(rank_text) if digits(rank_text) else 0)


def position(game: Any, desc: dict[str, Any]) -> LtkState:
    if not isinstance(desc, dict) or not isinstance(desc.get("seats"), list):
        raise ConfigError("an LTK position is a JSON object with a list of seats")
    raw_seats = desc["seats"]
    config = game.configure(desc.get("players", len(raw_seats)), desc.get("variants", []), desc.get("options"))
    n = config["players"]
    if len(raw_seats) != n:
        raise ConfigError(f"{n} players need {n} seats, not {len(raw_seats)}")
    cards = _Cards(deck_ids(bool(config["options"]["ex"])))
    seats: list[Seat] = []
    for i, rs in enumerate(raw_seats):
        where = f"seat {i}"
        g = rs.get("general")
        if g not in GENERALS:
            raise ConfigError(f"{where}: unknown general {g!r}")
        role = rs.get("role")
        if role not in ("monarch", "minister", "rebel", "defector", "none"):
            raise ConfigError(f"{where}: unknown role {role!r}")
        bonus = 1 if role == "monarch" and n >= 5 else 0
        max_hp = int(rs.get("max_hp", GENERALS[g].hp + bonus))
        s = Seat(role=role, general=g, revealed=bool(rs.get("revealed", role in ("monarch", "none"))),
                 alive=bool(rs.get("alive", True)), hp=int(rs.get("hp", max_hp)), max_hp=max_hp)
        s.hand = [cards.get(c, f"{where} hand") for c in rs.get("hand", [])]
        for slot, ref in (rs.get("equipment") or {}).items():
            if slot not in SLOTS:
                raise ConfigError(f"{where}: no equipment slot {slot!r} (slots: {', '.join(SLOTS)})")
            c = cards.get(ref, f"{where} {slot}")
            if SUBTYPE[c] != slot:
                raise ConfigError(f"{where}: {ref!r} is not a {slot}")
            s.equip[SLOTS.index(slot)] = c
        s.judge = [cards.get(c, f"{where} judgement") for c in rs.get("judgement", [])]
        s.known = [c for c in cards_known(rs, s.hand) if c in s.hand]
        s.flipped = bool(rs.get("flipped", False))
        s.blank = bool(rs.get("blank", False))
        s.buqu = [cards.get(c, f"{where} buqu") for c in rs.get("buqu", [])]
        if s.hp > s.max_hp:
            raise ConfigError(f"{where}: health {s.hp} is above the maximum {s.max_hp}")
        if s.alive and s.hp < 1 and "frames" not in desc and not s.buqu:
            raise ConfigError(f"{where}: a living player at rest has at least 1 health")
        seats.append(s)
    if sum(s.role == "monarch" for s in seats) != 1:
        raise ConfigError("a position has exactly one Monarch")
    draw_top_first = [cards.get(c, "draw pile") for c in desc.get("draw", [])]
    discard_top_first = [cards.get(c, "discard pile") for c in desc.get("discard", [])]
    table = [cards.get(c, "table") for c in desc.get("table", [])]
    rest = sorted(cards.free)
    current = int(desc.get("current", next(i for i, s in enumerate(seats) if s.role == "monarch")))
    if not 0 <= current < n or not seats[current].alive:
        raise ConfigError(f"the current player {current} is not a living seat")
    phase = desc.get("phase", "action")
    if phase not in PHASES:
        raise ConfigError(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})")
    state = LtkState(config=config, rng=Rng(int(desc.get("seed", 0))), seats=seats,
                     draw=list(reversed(draw_top_first + rest)), discard=list(reversed(discard_top_first)),
                     table=table, stage="play", current=current,
                     used={str(k): int(v) for k, v in (desc.get("used") or {}).items()},
                     turns=int(desc.get("turns", 0)))
    state.deeds = [list(map(int, row)) for row in desc["deeds"]] if "deeds" in desc else [[0] * n for _ in range(n)]
    state.virtual = _virtual(seats, desc.get("virtual") or {})
    state.reshuffles, state.moves = int(desc.get("reshuffles", 0)), int(desc.get("moves", 0))
    state.seen = _seen(state, desc.get("seen") or {})
    if "frames" in desc:
        state.phase = phase
        state.frames = LTK_FRAMES.typed(frames_from_json(desc["frames"]))
        return state
    if phase == "action":
        # in the middle of the action phase: the uses already spent stay spent
        state.phase = phase
        push(state, Turn(i=PHASES.index(phase), busy=True, skip=list(desc.get("skip", []))))
        push(state, Act(), current)
        return state
    push(state, Turn(i=PHASES.index(phase), busy=False, skip=list(desc.get("skip", []))))
    events: list[Event] = []
    core.RESOLVER.run(state, events)
    return state


def _virtual(seats: list[Seat], raw: Any) -> dict[str, str]:
    """``virtual``: a judgement-area card -> the delayed tool it counts as (a ♦ card placed as
    Indulgence by Guose)."""
    if not isinstance(raw, dict):
        raise ConfigError("virtual maps a judgement-area card to the delayed tool it counts as")
    judged = [c for s in seats for c in s.judge]
    out: dict[str, str] = {}
    for ref, tool in raw.items():
        c = _card_among(ref, judged, f"virtual {ref!r}")
        if c not in judged:
            raise ConfigError(f"virtual {ref!r}: only a card in a judgement area counts as a tool")
        if tool not in DELAYED_KINDS:
            raise ConfigError(f"virtual {ref!r}: {tool!r} is not a delayed tool ({', '.join(DELAYED_KINDS)})")
        if tool != KIND[c]:
            out[str(c)] = tool
    return out


def _card_among(ref: Any, cards: list[int], where: str) -> int:
    """The card ``ref`` names (an id, or the first of ``cards`` with its face); -1 if none."""
    if digits(str(ref)):
        return int(ref)
    face = _face(ref, where)
    return next((c for c in sorted(cards) if (KIND[c], SUIT[c], RANK[c]) == face), -1)


def _seen(state: LtkState, raw: Any) -> dict[str, list[int]]:
    """``seen``: a hidden card (id or face) in a hand or the draw pile -> the seats besides its
    holder that know where it lies (the owner it was taken from, its giver, Zhuge Liang for his
    stack; he may hold one of those himself once he draws it)."""
    if not isinstance(raw, dict):
        raise ConfigError("seen maps a card to the seats that know where it lies")
    hidden = [c for s in state.seats for c in s.hand] + state.draw
    out: dict[str, list[int]] = {}
    for ref, who in raw.items():
        where = f"seen {ref!r}"
        c = _card_among(ref, hidden, where)
        if c not in hidden:
            raise ConfigError(f"{where}: only a card in a hand or in the draw pile can be seen")
        if not isinstance(who, list) or not all(isinstance(i, int) and 0 <= i < state.n for i in who):
            raise ConfigError(f"{where}: a list of seat numbers, not {who!r}")
        out[str(c)] = sorted(set(who))
    return out


def cards_known(rs: dict[str, Any], hand: list[int]) -> list[int]:
    known = rs.get("known", [])
    return [c for c in known if isinstance(c, int)]


def describe_position(state: LtkState) -> dict[str, Any]:
    if state.stage != "play":
        raise ConfigError("only a game in play (generals chosen, not over) has a position")
    seats = []
    for s in state.seats:
        seats.append({
            "general": s.general, "role": s.role, "revealed": s.revealed, "alive": s.alive, "hp": s.hp,
            "max_hp": s.max_hp, "hand": s.hand[:],
            "equipment": {slot: c for slot, c in zip(SLOTS, s.equip, strict=True) if c != NO_CARD},
            "judgement": s.judge[:], "known": s.known[:], "flipped": s.flipped, "blank": s.blank,
            "buqu": s.buqu[:],
        })
    return {
        "players": state.n, "variants": list(state.config["variants"]), "options": dict(state.config["options"]),
        "seats": seats, "draw": list(reversed(state.draw)), "discard": list(reversed(state.discard)),
        "table": state.table[:], "current": state.current, "phase": state.phase or "start",
        "used": dict(state.used), "turns": state.turns, "seed": state.rng.state,
        "frames": frames_to_json(state.frames), "deeds": [row[:] for row in state.deeds],
        "reshuffles": state.reshuffles, "moves": state.moves,
        **({"virtual": dict(state.virtual)} if state.virtual else {}),
        **({"seen": {k: v[:] for k, v in state.seen.items()}} if state.seen else {}),
    }


assert DECK_SIZE == 108
