"""What each seat may see of a Tessen table.

Public: every place and pile, both animal discard piles (face up), the score piles, the
warrior discard pile, the dragon and the top of the sacred card, hand and deck sizes, the
unanswered attack with its deadline, when each player's minimum interval ends, the rounds so
far. Private: a player's own hand. Nobody sees the order of any deck.

Bots read the view at every perception, so it is built with few calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.tessen.cards import ANIMALS, KINDS, SUPER, SUPERS, WARRIOR, WARRIORS
from warroom.games.tessen.state import NEVER
from warroom.games.tessen.text import decision_kind

if TYPE_CHECKING:
    from warroom.games.tessen.rules import Tessen
    from warroom.games.tessen.state import TessenState

SEATS = ("p1", "p2")
KEYS: tuple[str | None, ...] = (*ANIMALS, "warrior", "super", None)  # index -1 -> None


def points(score: list[int], sacred: int) -> int:
    """A score pile's points now (the sacred kind counts double; before any dragon loss)."""
    total = sum(score)
    return total + score[sacred] if sacred >= 0 else total


def _side(state: TessenState, seat: int, me: bool, sacred: int, gap: int) -> dict[str, Any]:
    s = state.sides[seat]
    keys = KEYS
    attack = state.attack
    hit = attack[1] if attack and attack[0] != seat else -1
    score = s.score
    out: dict[str, Any] = {
        "seat": SEATS[seat],
        "deck": len(s.deck),
        "hand_size": len(s.hand),
        "places": [
            {"place": i + 1, "animal": keys[p[0]], "count": p[1], "blocked_by": keys[p[2]],
             "attacked": i == hit, "keepable": p[1] >= 3}
            for i, p in enumerate(s.places)
        ],
        "discard": [keys[c] for c in s.discard],
        "score": {keys[k]: score[k] for k in range(KINDS) if score[k]},
        "kept": sum(score),
        "points": points(score, sacred),
        "ready_at": s.last + gap if s.last != NEVER else 0,
        "take": {"animal": keys[s.take[0]], "count": s.take[1], "deadline": s.take[2]} if s.take else None,
        "warriors_out": {"warrior": s.plain_out, "super": s.super_out},
        "warriors_in_deck_set": WARRIORS - s.plain_out - s.dragon[0] + SUPERS - s.super_out - s.dragon[1],
        "dragon": {"warrior": s.dragon[0], "super": s.dragon[1], "strength": s.dragon[0] + 2 * s.dragon[1]},
        "wins": s.wins,
    }
    if me:
        out["hand"] = [keys[c] for c in s.hand]
    return out


def view(game: Tessen, state: TessenState, player: int | None) -> dict[str, Any]:
    config = state.config
    variants = config["variants"]
    opts = config["options"]
    sacred = state.sacred[-1] if state.sacred else -1
    attack = state.attack
    gap = int(opts["min_interval_ms"])
    out: dict[str, Any] = {
        "seat": SEATS[player] if player in (0, 1) else None,
        "clock": state.clock,
        "round": state.round,
        "phase": state.phase,
        "variants": list(variants),
        "wins_needed": opts["wins"],
        "min_interval_ms": gap,
        "answer_ms": opts["answer_ms"],
        "sides": [_side(state, 0, player == 0, sacred, gap), _side(state, 1, player == 1, sacred, gap)],
        "attack": ({"by": SEATS[attack[0]], "on": SEATS[1 - attack[0]], "place": attack[1] + 1,
                    "with": KEYS[attack[2]], "deadline": attack[3]} if attack else None),
        "fallen": {"warrior": state.fallen.count(WARRIOR), "super": state.fallen.count(SUPER)},
        "sacred": ({"top": KEYS[sacred], "count": len(state.sacred)} if "sacred-animal" in variants
                   else None),
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
