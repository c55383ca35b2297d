"""Paper Kessen's queries of a state that the rules, the views, the texts, the encoder and the
positions all need: who decides and what, the chain being answered, where a card goes and what it
negates, and which moves are the same. They read the state and change nothing; the rules
(``rules.py``) import them, and so does everything that shows a state, without importing the
rules.
"""

from __future__ import annotations

from warroom.engine.actions import Move
from warroom.games.kessen.cards import CARDS, KEY
from warroom.games.kessen.force import KIND_OF_KEY, negated
from warroom.games.kessen.state import Chained, KessenState, Played, Unit

RULES_VERSION = 2  # 2: pending choices and the Know Enemy chain became engine frames

# Troop-type needs of tactics ("" = any troop, None = played on the leader).
TROOP_NEED: dict[str, str | None] = {
    "volley": "R", "snipe": "R", "iron_wall": "I", "crush": "I", "charge": "C", "outflank": "C",
    "rally": "",
}
TROOP_EVENTS = frozenset({"backup_effect"})

# What a negating card negates.
NEGATES: dict[str, str] = {
    "tactician": "tactic", "ice_storm": "tactic", "raid": "formation", "fissure": "formation",
    "iron_wall": "spell", "rally": "event", "hail": "event",
}


# ----- who decides and what -------------------------------------------------------------------
def decider(state: KessenState) -> int:
    if state.frames:
        return state.frames[-1].seat
    if state.step == "pick":
        return state.attacker
    return state.turn


def shown_step(state: KessenState) -> str:
    """The step players see: ``respond`` while a Know Enemy window is open, else the step."""
    frames = state.frames
    if frames and frames[-1].kind == "window":
        return "respond"
    return state.step


def decision_kind(state: KessenState) -> str:
    """What the decision is: the waiting frame's kind (``respond`` for a window), else the step."""
    frames = state.frames
    if frames:
        kind = frames[-1].kind
        return "respond" if kind == "window" else kind
    return state.step


def chain(state: KessenState) -> list[Chained]:
    """The strategy card being answered and the Know Enemy cards on it, bottom first."""
    return [Chained(f.data["card"], f.data["side"], f.data["unit"]) for f in state.frames if f.kind == "window"]


# ----- battle cards ----------------------------------------------------------------------------
def played_record(state: KessenState, p: int, card: int, on: int, as_: str) -> Played:
    """The record of a battle card as it would be played now: where it sits and what it negates
    (also what ``text.effect`` adds to a copy of the played list to show a card's effect)."""
    key = as_ or KEY[card]
    if on < 0:
        # A one-troop unit names no troop in the action (``on=`` is asked only when there is a
        # choice), yet the card still sits on that troop: Carp/Goose/Bowl check its type and
        # the one-Formation-per-troop limit counts it.
        unit = state.sides[p].unit(state.att_unit if p == state.attacker else state.def_unit)
        spots = targets(unit, key, KIND_OF_KEY[key], _NO_CARDS) if unit is not None else []
        if len(spots) == 1 and spots[0] >= 0:
            on = spots[0]
    target = -1
    kind = NEGATES.get(key)
    if kind is not None:
        out = negated(state.played)
        for q in reversed(state.played):
            if q.side != p and q.card not in out and KIND_OF_KEY[q.key] == kind:
                target = q.card
                break
    return Played(card, p, on, key, target)


_NO_CARDS: frozenset[int] = frozenset()  # no troop carries a Formation yet (``_targets`` only reads it)


def targets(unit: Unit, key: str, kind: str, formed: set[int] | frozenset[int]) -> list[int]:
    """Where a card may go on the unit: troop ids, or [-1] for the leader or the unit as a whole."""
    if kind == "formation":
        return [t for t in unit.troops if t not in formed]
    if kind == "tactic" and key in TROOP_NEED:
        need = TROOP_NEED[key]
        return [t for t in unit.troops if not need or CARDS[t].troop_type == need]
    if key in TROOP_EVENTS:
        return list(unit.troops)
    return [-1]


# ----- identical moves -------------------------------------------------------------------------
# the arguments that name a card of which the decks hold several copies (leaders are unique)
COPY_ARGS = ("card", "troop", "on")


def same_move(action: str) -> str:
    """The action with each copy-card id replaced by the card's key: equal for identical moves."""
    sig = _SAME.get(action)
    if sig is None:
        move = Move.parse(action)
        sig = _SAME[action] = Move(move.verb, tuple(
            (k, KEY[v]) if k in COPY_ARGS and isinstance(v, int) and 0 <= v < len(KEY) else (k, v)
            for k, v in move.args)).text
    return sig


# legal action text -> ``same_move`` of it: the action space is bounded and legal lists ask again and again
_SAME: dict[str, str] = {}
