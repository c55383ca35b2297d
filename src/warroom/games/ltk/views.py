"""What each seat may see, and determinization (re-dealing exactly what a seat cannot see).

Hidden from a seat: the other hands (except cards everyone saw enter them, and those the seat
itself saw go in: a card Snatched from it, one it gave), the roles not yet revealed, the draw
pile's order (but where the cards Zhuge Liang stacked lie, to him), the generals other players
were offered or have secretly chosen, what another seat is picking in a choice of its own cards,
and the cards another seat looks at alone (Guanxing, Yiji).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from warroom.engine.choices import rename
from warroom.engine.frames import Frame
from warroom.engine.rng import Rng
from warroom.games.ltk.cards import DECK_SIZE, SLOTS, label
from warroom.games.ltk.frames import QuhuStage
from warroom.games.ltk.state import NO_CARD, LtkState, Seat

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
            "judgement": s.judge[:], "known_hand": _known_hand(state, s, player) if i != player else [],
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
        # how many of each role were dealt: public (the role table of the player count)
        "roles": dict(sorted(Counter(s.role for s in state.seats).items())),
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


def roles_not_shown(view: dict[str, Any]) -> dict[str, int]:
    """The roles dealt that ``view``'s seat does not see yet, with how many of each (none: 0)."""
    left = dict(view.get("roles") or {})
    for s in view["seats"]:
        if s["role"] is not None:
            left[s["role"]] = left.get(s["role"], 0) - 1
    return left


def _known_hand(state: LtkState, s: Seat, viewer: int | None) -> list[int]:
    """The cards of a hand ``viewer`` knows: those everyone saw go in, and those it saw alone."""
    if not state.seen or viewer is None:
        return sorted(s.known)
    return sorted({*s.known, *(c for c in s.hand if viewer in state.seen.get(str(c), ()))})


def _frame_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    hide = HIDE.get(frame.kind)
    raw = frame.data
    data = hide(frame, viewer) if hide is not None else (
        {k: v for k, v in raw.items()} if raw.__class__ is dict else raw.to_json())
    return {"kind": frame.kind, "seat": frame.seat, "data": data}


def _select_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    d = frame.data
    out = {"purpose": d["purpose"], "least": d["least"], "most": d["most"]}
    if viewer == frame.seat or d.get("public"):
        out.update(candidates=list(d["candidates"]), picked=list(d["picked"]))
    return out


def _own_cards_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    """Cards only the deciding player looks at (Yiji, Guanxing; and where Guanxing puts each of
    them): the others see how many."""
    d: dict[str, Any] = frame.data.to_json()
    if viewer == d["who"]:
        return d
    hidden = _OWN_CARDS[frame.kind]
    return {k: (len(v) if k in hidden else v) for k, v in d.items()}


# the frame kinds that hold cards only their ``who`` looks at -> the keys that list them
_OWN_CARDS = {"yiji": ("cards",), "guanxing": ("cards", "top", "bottom")}


def _face_down_view(frame: Frame, viewer: int | None) -> dict[str, Any]:
    """A point duel's cards lie face down until both are chosen: only their number shows."""
    d = frame.data.to_json()
    return {k: (len(v) if k == "cards" and d["stage"] < QuhuStage.DONE else v) for k, v in d.items()}


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
        generals = sorted(out.pool + [g for i in hidden for g in seats[i].offers])
        rng.shuffle(generals)
        for i in hidden:
            k = len(seats[i].offers)
            seats[i].offers, generals = generals[:k], generals[k:]
            if seats[i].pick:
                seats[i].pick = seats[i].offers[0]
        out.pool = generals
    # once the game is over every role is shown (``view``), so none is re-dealt
    unknown = [] if out.stage == "over" else [i for i, s in enumerate(seats) if i != player and not s.revealed]
    roles = sorted(seats[i].role for i in unknown)
    rng.shuffle(roles)
    for i, r in zip(unknown, roles, strict=True):
        seats[i].role = r
    # the draw pile, the hidden cards of other hands and the cards another seat looks at alone
    # (Guanxing, Yiji) come from one pool; what ``player`` can follow stays where it is: hand cards
    # everyone saw go in, and the cards it knows of (``seen``: one it lost to Snatch, one it gave)
    seen = out.seen

    def kept(c: int) -> bool:
        return player in seen.get(str(c), ())

    others = [i for i in range(out.n) if i != player]
    pool = [c for c in out.draw if not kept(c)] if seen else out.draw[:]
    for i in others:
        pool.extend(c for c in seats[i].hand if c not in seats[i].known and not kept(c))
    looked = [f for f in out.frames if f.kind in _OWN_CARDS and f.data.who != player]
    for f in looked:
        for key in _OWN_CARDS[f.kind]:
            pool.extend(getattr(f.data, key))
    pool.sort()  # sorted first: the world depends on what ``player`` sees, not on the hidden order
    rng.shuffle(pool)
    moved: dict[int, int] = {}  # a re-dealt card -> the card that now lies where it lay
    for i in others:
        s = seats[i]
        mapping: dict[int, int] = {}
        for k, c in enumerate(s.hand):
            if c not in s.known and not kept(c):
                mapping[c] = pool.pop()
                s.hand[k] = mapping[c]
        if mapping:
            _remap_frames(out, i, mapping)
            moved.update(mapping)
    for f in looked:
        for key in _OWN_CARDS[f.kind]:
            setattr(f.data, key, [pool.pop() for _ in getattr(f.data, key)])
    if seen:
        draw = [c if kept(c) else pool.pop() for c in out.draw]
        moved.update((a, b) for a, b in zip(out.draw, draw, strict=True) if a != b)
        out.draw = draw
        # what the other seats know follows the places: it is the card now there they know
        out.seen = {str(moved.get(int(k), int(k))): v for k, v in seen.items()}
    else:
        out.draw = pool
    out.rng = Rng(rng.next64())
    return out


def _remap_frames(state: LtkState, seat: int, mapping: dict[int, int]) -> None:
    """A choice ``seat`` is making among its own hand cards follows its re-dealt hand."""
    for f in state.frames:
        if f.kind == "select" and f.seat == seat and not f.data.get("public"):
            rename(f, mapping)
