"""What each seat may see of a Tessen table.

Public: every place and pile, both animal discard piles (face up), the score piles, the
warrior discard pile, the dragon and the top of the sacred card, hand and deck sizes, the
unanswered attack with its deadline, when each player's minimum interval ends, the rounds so
far. Private: a player's own hand. Nobody sees the order of any deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.tessen.cards import KINDS, SUPER, SUPERS, WARRIOR, WARRIORS, card_key
from warroom.games.tessen.text import decision_kind

if TYPE_CHECKING:
    from warroom.games.tessen.rules import Tessen
    from warroom.games.tessen.state import Side, TessenState

SEATS = ("p1", "p2")


def points(score: list[int], sacred: int) -> int:
    """A score pile's points now (the sacred kind counts double; before any dragon loss)."""
    return sum(c * (2 if k == sacred else 1) for k, c in enumerate(score))


def _side(game: Tessen, state: TessenState, seat: int, me: bool, sacred: int) -> dict[str, Any]:
    s: Side = state.sides[seat]
    out: dict[str, Any] = {
        "seat": SEATS[seat],
        "deck": len(s.deck),
        "hand_size": len(s.hand),
        "places": [
            {"place": i + 1, "animal": card_key(p[0]) if p[0] >= 0 else None, "count": p[1],
             "blocked_by": card_key(p[2]) if p[2] >= 0 else None,
             "attacked": bool(state.attack) and state.attack[0] != seat and state.attack[1] == i,
             "keepable": p[1] >= 3}
            for i, p in enumerate(s.places)
        ],
        "discard": [card_key(c) for c in s.discard],
        "score": {card_key(k): s.score[k] for k in range(KINDS) if s.score[k]},
        "kept": sum(s.score),
        "points": points(s.score, sacred),
        "ready_at": game.ready_at(state, seat) if s.last > -(10**8) else 0,
        "take": ({"animal": card_key(s.take[0]), "count": s.take[1], "deadline": s.take[2]}
                 if s.take else None),
        "warriors_out": {"warrior": s.plain_out, "super": s.super_out},
        "warriors_in_deck_set": (WARRIORS - s.plain_out - s.dragon[0]) + (SUPERS - s.super_out - s.dragon[1]),
        "dragon": {"warrior": s.dragon[0], "super": s.dragon[1], "strength": s.dragon[0] + 2 * s.dragon[1]},
        "wins": s.wins,
    }
    if me:
        out["hand"] = [card_key(c) for c in s.hand]
    return out


def view(game: Tessen, state: TessenState, player: int | None) -> dict[str, Any]:
    variants = state.config["variants"]
    sacred = state.sacred[-1] if state.sacred else -1
    attack = state.attack
    out: dict[str, Any] = {
        "seat": SEATS[player] if player in (0, 1) else None,
        "clock": state.clock,
        "round": state.round,
        "phase": state.phase,
        "variants": list(variants),
        "wins_needed": state.config["options"]["wins"],
        "min_interval_ms": state.config["options"]["min_interval_ms"],
        "answer_ms": state.config["options"]["answer_ms"],
        "sides": [_side(game, state, s, s == player, sacred) for s in (0, 1)],
        "attack": ({"by": SEATS[attack[0]], "on": SEATS[1 - attack[0]], "place": attack[1] + 1,
                    "with": card_key(attack[2]), "deadline": attack[3]} if attack else None),
        "fallen": {"warrior": state.fallen.count(WARRIOR), "super": state.fallen.count(SUPER)},
        "sacred": ({"top": card_key(sacred) if sacred >= 0 else None, "count": len(state.sacred)}
                   if "sacred-animal" in variants else None),
        "dragon": "dragon" in variants,
        "rounds": [dict(r, points=list(r["points"]), kept=list(r["kept"]),
                        dragon_loss=list(r["dragon_loss"])) for r in state.rounds],
        "serving": SEATS[state.rounds[-1]["winner"]] if state.phase == "serve" else None,
        "serve_deadline": state.serve_deadline if state.phase == "serve" else None,
        "winner": SEATS[state.winner] if state.winner >= 0 else None,
    }
    if player in (0, 1):
        out["decision"] = decision_kind(state, player) if player in game.deciders(state) else None
    return out
