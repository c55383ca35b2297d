"""What each seat may see, and determinization (re-dealing exactly what a seat cannot see).

Hidden from a seat: the other hands (except cards everyone saw enter them), the roles not yet
revealed, the draw pile's order, the generals other players were offered or have secretly
chosen, and what another seat is picking in a choice of its own cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warroom.engine.frames import Frame
from warroom.engine.rng import Rng
from warroom.games.ltk.cards import DECK_SIZE, SLOTS, label
from warroom.games.ltk.state import NO_CARD, LtkState

# every card's face by id ("Kill ♠7"): the deck's make-up is public, so clients name cards from it
CARD_NAMES = tuple(label(i) for i in range(DECK_SIZE))


def role_visible(state: LtkState, seat: int, viewer: int | None) -> bool:
    return state.seats[seat].revealed or seat == viewer or state.stage == "over"


def view(state: LtkState, player: int | None) -> dict[str, Any]:
    selecting = state.stage in ("lord", "pick")
    seats = []
    for i, s in enumerate(state.seats):
        row: dict[str, Any] = {
            "seat": i, "general": s.general, "role": s.role if role_visible(state, i, player) else None,
            "alive": s.alive, "hp": s.hp, "max_hp": s.max_hp, "hand_count": len(s.hand),
            "equipment": {slot: c for slot, c in zip(SLOTS, s.equip, strict=True) if c != NO_CARD},
            "judgement": s.judge[:], "known_hand": sorted(s.known) if i != player else [],
            "buqu": s.buqu[:], "flipped": s.flipped,
        }
        if selecting:
            row["chosen"] = bool(s.pick) or bool(s.general)
            if s.role == "monarch" and s.revealed and state.stage == "lord":
                row["offers"] = s.offers[:]  # the Monarch chooses in public
        seats.append(row)
    out: dict[str, Any] = {
        "game": "ltk", "seat": player, "stage": state.stage, "current": state.current, "phase": state.phase,
        "turns": state.turns, "seats": seats, "draw_pile": len(state.draw), "discard": state.discard[:],
        "table": state.table[:], "used": dict(state.used), "deeds": [row[:] for row in state.deeds],
        "frames": [_frame_view(f, player) for f in state.frames], "virtual": dict(state.virtual),
        "card_names": list(CARD_NAMES),
    }
    if player is not None:
        me = state.seats[player]
        out["hand"] = sorted(me.hand)
        out["offers"] = me.offers[:]
        out["pick"] = me.pick
    if state.stage == "over":
        out["winners"] = state.winners[:]
        out["reason"] = state.reason
    return out


def _frame_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    hide = HIDE.get(frame.kind)
    data = hide(frame, viewer) if hide is not None else {k: v for k, v in frame.data.items()}
    return {"kind": frame.kind, "seat": frame.seat, "data": data}


def _select_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    d = frame.data
    out = {"purpose": d["purpose"], "least": d["least"], "most": d["most"]}
    if viewer == frame.seat or d.get("public"):
        out.update(candidates=list(d["candidates"]), picked=list(d["picked"]))
    return out


def _own_cards_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    """Cards only the deciding player looks at (Yiji, Guanxing): the others see how many."""
    d = frame.data
    if viewer == d["who"]:
        return dict(d)
    return {k: (len(v) if k == "cards" else v) for k, v in d.items()}


def _face_down_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    """A point duel's cards lie face down until both are chosen: only their number shows."""
    d = frame.data
    return {k: (len(v) if k == "cards" and d["stage"] < 3 else v) for k, v in d.items()}


# frame kinds whose data holds something not every seat may see -> what a viewer sees of it
HIDE: dict[str, Callable[[Frame, int | None], dict[str, Any]]] = {
    "select": _select_view, "yiji": _own_cards_view, "guanxing": _own_cards_view, "quhu": _face_down_view}


def determinize(state: LtkState, player: int, seed: int) -> LtkState:
    """A state ``player`` cannot tell from ``state``: everything it cannot see re-dealt."""
    out = state.clone()
    rng = Rng(seed)
    seats = out.seats
    if out.stage in ("lord", "pick"):
        # the Monarch's offers are public; every other seat's are secret
        hidden = [i for i, s in enumerate(seats) if i != player and s.offers and out.stage == "pick"]
        generals = out.pool + [g for i in hidden for g in seats[i].offers]
        rng.shuffle(generals)
        for i in hidden:
            k = len(seats[i].offers)
            seats[i].offers, generals = generals[:k], generals[k:]
            if seats[i].pick:
                seats[i].pick = seats[i].offers[0]
        out.pool = generals
    unknown = [i for i, s in enumerate(seats) if i != player and not s.revealed]
    roles = [seats[i].role for i in unknown]
    rng.shuffle(roles)
    for i, r in zip(unknown, roles, strict=True):
        seats[i].role = r
    # other hands (but for the cards everyone saw) and the draw pile come from one pool
    others = [i for i in range(out.n) if i != player]
    pool = out.draw[:]
    for i in others:
        pool.extend(c for c in seats[i].hand if c not in seats[i].known)
    rng.shuffle(pool)
    for i in others:
        s = seats[i]
        mapping: dict[int, int] = {}
        for k, c in enumerate(s.hand):
            if c not in s.known:
                mapping[c] = pool.pop()
                s.hand[k] = mapping[c]
        if mapping:
            _remap_frames(out, i, mapping)
    out.draw = pool
    out.rng = Rng(rng.next64())
    return out


def _remap_frames(state: LtkState, seat: int, mapping: dict[int, int]) -> None:
    """A choice ``seat`` is making among its own hand cards follows its re-dealt hand."""
    for f in state.frames:
        if f.kind == "select" and f.seat == seat and not f.data.get("public"):
            f.data["candidates"] = sorted(mapping.get(c, c) for c in f.data["candidates"])
            f.data["picked"] = [mapping.get(c, c) for c in f.data["picked"]]
