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
from warroom.games.tessen.core import can_act
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


# every place as a view shows it, by (place, kind, count, blocker, attacked): a table has few
# distinct places, and copying a ready dict is cheaper than building one at each perception
_PLACES: dict[tuple[int, int, int, int, bool], dict[str, Any]] = {}


def _place(i: int, p: list[int], attacked: bool) -> dict[str, Any]:
    key = (i, p[0], p[1], p[2], attacked)
    got = _PLACES.get(key)
    if got is None:
        got = _PLACES[key] = {"place": i + 1, "animal": KEYS[p[0]], "count": p[1],
                              "blocked_by": KEYS[p[2]], "attacked": attacked, "keepable": p[1] >= 3}
    return got.copy()


def _side(state: TessenState, seat: int, me: bool, sacred: int, gap: int) -> dict[str, Any]:
    s = state.sides[seat]
    keys = KEYS
    attack = state.attack
    hit = attack[1] if attack and attack[0] != seat else -1
    score = s.score
    places = s.places
    kept = sum(score)
    take = s.take
    dragon = s.dragon
    out: dict[str, Any] = {
        "seat": SEATS[seat],
        "deck": len(s.deck),
        "hand_size": len(s.hand),
        "places": [_place(0, places[0], hit == 0), _place(1, places[1], hit == 1),
                   _place(2, places[2], hit == 2), _place(3, places[3], hit == 3),
                   _place(4, places[4], hit == 4)],
        "discard": [keys[c] for c in s.discard],
        "score": {keys[k]: n for k, n in enumerate(score) if n} if kept else {},
        "kept": kept,
        "points": points(score, sacred),
        "ready_at": s.last + gap if s.last != NEVER else 0,
        "take": {"animal": keys[take[0]], "count": take[1], "deadline": take[2]} if take else None,
        "warriors_out": {"warrior": s.plain_out, "super": s.super_out},
        "warriors_in_deck_set": WARRIORS - s.plain_out - dragon[0] + SUPERS - s.super_out - dragon[1],
        "dragon": {"warrior": dragon[0], "super": dragon[1], "strength": dragon[0] + 2 * dragon[1]},
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
        out["decision"] = decision_kind(state, player) if state.winner < 0 and (
            can_act(state, player) or game._legal(state, player)) else None
    return out


# ----- what Tessen's bots read, as plain ints (``Tessen.bot_lens``) --------------------------------
def bot_lens(state: TessenState, player: int) -> dict[str, Any]:
    """What the heuristic bots read of ``view(state, player)``, as the state's own ints (a card
    is its kind, -1 none): a place is ``[kind, count, blocker]``, a score pile is counts by
    kind (with the sacred-animal expansion, the only time a bot reads it). The simulated
    clock's runner hands it to a bot at every perception, so it is built with hardly a copy:
    the places are the state's own lists (public: every seat sees them), to be read during
    ``choose`` and never written; the hand and
    the score piles are copies. It holds nothing the view does not (a test checks
    ``bot_lens == lens_of_view(view)``): not the opponent's hand, nor the order of a deck."""
    me, opp = state.sides[player], state.sides[1 - player]
    sacred = state.sacred[-1] if state.sacred else -1
    attack = state.attack
    md, od = me.dragon, opp.dragon
    ms, ts = me.score, opp.score  # mine, theirs
    sacred_on = "sacred-animal" in state.config["variants"]
    return {
        "seat": SEATS[player],
        "hand": me.hand[:],
        "places": me.places,  # read only
        "opp_places": opp.places,  # read only
        "opp_discard_top": opp.discard[-1] if opp.discard else -1,
        "deck": len(me.deck),
        "score": ms[:] if sacred_on else None,  # by kind: read only for the sacred card
        "opp_score": ts[:] if sacred_on else None,
        "points": sum(ms) + ms[sacred] if sacred >= 0 else sum(ms),  # as points() counts
        "opp_points": sum(ts) + ts[sacred] if sacred >= 0 else sum(ts),
        "dragon": md[0] + 2 * md[1],
        "opp_dragon": od[0] + 2 * od[1],
        "attack": [attack[1], attack[2]] if attack else None,  # [place, warrior]
        "sacred": sacred if sacred_on else None,  # -1: none yet
    }


_CODE: dict[str | None, int] = {k: (i if k is not None else -1) for i, k in enumerate(KEYS)}


def lens_of_view(view: dict[str, Any]) -> dict[str, Any]:
    """The bots' lens read off a seat's view: what a bot builds when
    it is handed the view itself (the server, the terminal), and what the test compares."""
    me_i = 0 if view["seat"] == "p1" else 1
    me, opp = view["sides"][me_i], view["sides"][1 - me_i]
    code = _CODE

    def places(side: dict[str, Any]) -> list[list[int]]:
        return [[code[p["animal"]], p["count"], code[p["blocked_by"]]] for p in side["places"]]

    def score(side: dict[str, Any]) -> list[int]:
        return [side["score"].get(ANIMALS[k], 0) for k in range(KINDS)]

    attack = view["attack"]
    sacred = view["sacred"]
    return {
        "seat": view["seat"],
        "hand": [code[c] for c in me["hand"]],
        "places": places(me),
        "opp_places": places(opp),
        "opp_discard_top": code[opp["discard"][-1]] if opp["discard"] else -1,
        "deck": me["deck"],
        "score": score(me) if sacred is not None else None,
        "opp_score": score(opp) if sacred is not None else None,
        "points": me["points"],
        "opp_points": opp["points"],
        "dragon": me["dragon"]["strength"],
        "opp_dragon": opp["dragon"]["strength"],
        "attack": [attack["place"] - 1, code[attack["with"]]] if attack else None,
        "sacred": code[sacred["top"]] if sacred is not None else None,
    }
