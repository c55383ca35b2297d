"""Tessen positions: a table written by hand (JSON), checked, and turned into a state.

    {"variants": [], "options": {"wins": 3}, "clock": 12000, "round": 1, "phase": "play",
     "rng": 1,
     "seats": {
       "p1": {"hand": ["fox", "warrior"], "deck": ["cat", "deer"],          # the top card is last
              "places": [{"animal": "fox", "count": 2}, {"blocked_by": "warrior"}, null, null, null],
              "discard": [], "score": {"bear": 3}, "last_ms": 11500, "take": null,
              "warriors_out": {"warrior": 0, "super": 0}, "dragon": {"warrior": 0, "super": 0},
              "wins": 0},
       "p2": {...}},
     "attack": {"by": "p1", "place": 3, "with": "warrior", "deadline": 14000},   # or null
     "fallen": ["warrior", "warrior"], "sacred": [], "rounds": [], "moves": 40}

Every key but ``seats`` may be left out (defaults: no variants, default options, clock 0, round 1,
play, no attack, empty piles). A running round must hold every card exactly once: each animal
kind 8 times in all (4 per deck), 18 warriors and 2 super-warriors counting those on the dragon
and those out of the match (``warriors_out``). Every fault is named in the one error raised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.engine.errors import ConfigError
from warroom.engine.rng import Rng
from warroom.games.tessen.cards import ANIMALS, HAND_LIMIT, KIND_OF, KINDS, PLACES, SUPER, WARRIOR, WITH
from warroom.games.tessen.state import NEVER, Side, TessenState, empty_places

if TYPE_CHECKING:
    from warroom.games.tessen.rules import Tessen

SEATS = ("p1", "p2")
KEYS = (*ANIMALS, "warrior", "super")


def describe(state: TessenState) -> dict[str, Any]:
    """The description of ``state`` (``build`` of it gives the same state)."""
    seats = {}
    for name, s in zip(SEATS, state.sides, strict=True):
        seats[name] = {
            "hand": [KEYS[c] for c in s.hand],
            "deck": [KEYS[c] for c in s.deck],
            "places": [None if p == [-1, 0, -1] else
                       {"blocked_by": KEYS[p[2]]} if p[2] >= 0 else {"animal": KEYS[p[0]], "count": p[1]}
                       for p in s.places],
            "discard": [KEYS[c] for c in s.discard],
            "score": {KEYS[k]: s.score[k] for k in range(KINDS) if s.score[k]},
            "last_ms": None if s.last == NEVER else s.last,
            "take": {"animal": KEYS[s.take[0]], "count": s.take[1], "deadline": s.take[2]} if s.take else None,
            "warriors_out": {"warrior": s.plain_out, "super": s.super_out},
            "dragon": {"warrior": s.dragon[0], "super": s.dragon[1]},
            "wins": s.wins,
        }
    a = state.attack
    return {
        "variants": list(state.config["variants"]),
        "options": dict(state.config["options"]),
        "clock": state.clock, "round": state.round, "phase": state.phase, "rng": state.rng.state,
        "seats": seats,
        "attack": {"by": SEATS[a[0]], "place": a[1] + 1, "with": KEYS[a[2]], "deadline": a[3]} if a else None,
        "serve_deadline": state.serve_deadline,
        "fallen": [KEYS[c] for c in state.fallen],
        "sacred": [KEYS[c] for c in state.sacred],
        "rounds": [dict(r, points=list(r["points"]), kept=list(r["kept"]),
                        dragon_loss=list(r["dragon_loss"])) for r in state.rounds],
        "winner": SEATS[state.winner] if state.winner >= 0 else None,
        "moves": state.moves,
    }


class _Faults:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, text: str) -> None:
        self.items.append(text)

    def cards(self, where: str, words: Any, animals_only: bool = False) -> list[int]:
        if not isinstance(words, list):
            self.add(f"{where} must be a list of cards")
            return []
        out = []
        for w in words:
            if w in KIND_OF:
                out.append(KIND_OF[w])
            elif w in WITH and not animals_only:
                out.append(WITH[w])
            else:
                self.add(f"{where}: {w!r} is not {'an animal' if animals_only else 'a card'}")
        return out

    def number(self, where: str, value: Any, low: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            self.add(f"{where} must be a whole number of at least {low}, not {value!r}")
            return low
        return value


def build(game: Tessen, d: dict[str, Any]) -> TessenState:
    """The state a description stands for; ``ConfigError`` naming every fault."""
    if not isinstance(d, dict) or not isinstance(d.get("seats"), dict):
        raise ConfigError("a Tessen position is an object with \"seats\": {\"p1\": ..., \"p2\": ...}")
    config = game.configure(2, d.get("variants", []), d.get("options") or {})
    f = _Faults()
    state = TessenState(config=config, rng=Rng(f.number("rng", d.get("rng", 0))), sides=[Side(deck=[]), Side(deck=[])])
    state.clock = f.number("clock", d.get("clock", 0))
    state.round = f.number("round", d.get("round", 1), 1)
    state.phase = d.get("phase", "play")
    if state.phase not in ("play", "serve", "over"):
        f.add(f"phase must be play, serve or over, not {state.phase!r}")
    for name in d["seats"]:
        if name not in SEATS:
            f.add(f"there is no seat {name!r} (seats: p1, p2)")
    for i, name in enumerate(SEATS):
        spec = d["seats"].get(name)
        if not isinstance(spec, dict):
            f.add(f"seat {name} is missing")
            continue
        state.sides[i] = _side(f, name, spec)
    state.fallen = f.cards("fallen", d.get("fallen", []))
    if any(c < KINDS for c in state.fallen):
        f.add("fallen (the warrior discard pile) holds only warriors")
    state.sacred = f.cards("sacred", d.get("sacred", []), animals_only=True)
    if state.sacred and "sacred-animal" not in config["variants"]:
        f.add("cards on the sacred card need the sacred-animal variant")
    if any(s.dragon != [0, 0] for s in state.sides) and "dragon" not in config["variants"]:
        f.add("warriors on the dragon need the dragon variant")
    attack = d.get("attack")
    if attack is not None:
        by = SEATS.index(attack.get("by")) if attack.get("by") in SEATS else -1
        place = attack.get("place")
        w = WITH.get(attack.get("with", ""), -1)
        if by < 0 or not isinstance(place, int) or not 1 <= place <= PLACES or w < 0:
            f.add("attack needs by (p1/p2), place (1-5) and with (warrior/super)")
        else:
            state.attack = [by, place - 1, w, f.number("attack deadline", attack.get("deadline", 0))]
            if state.sides[1 - by].places[place - 1][2] >= 0:
                f.add(f"attack on place {place}: that place is already blocked")
    state.serve_deadline = f.number("serve_deadline", d.get("serve_deadline", 0))
    state.rounds = [dict(r) for r in d.get("rounds", [])]
    if state.phase == "serve" and not state.rounds:
        f.add("phase serve needs the finished round in rounds (its winner serves)")
    winner = d.get("winner")
    state.winner = SEATS.index(winner) if winner in SEATS else -1
    state.moves = f.number("moves", d.get("moves", 0))
    target = int(config["options"]["wins"])
    for name, s in zip(SEATS, state.sides, strict=True):
        if s.wins > target or (s.wins == target and state.winner < 0):
            f.add(f"{name} has won {s.wins} rounds of a match to {target} that is not over")
    if state.phase == "play":
        _census(f, state)
    if f.items:
        raise ConfigError("; ".join(f.items))
    return state


def _side(f: _Faults, name: str, spec: dict[str, Any]) -> Side:
    s = Side(deck=f.cards(f"{name} deck", spec.get("deck", [])))
    s.hand = sorted(f.cards(f"{name} hand", spec.get("hand", [])))
    if len(s.hand) > HAND_LIMIT:
        f.add(f"{name} holds {len(s.hand)} cards: at most {HAND_LIMIT}")
    places = spec.get("places", [None] * PLACES)
    if not isinstance(places, list) or len(places) != PLACES:
        f.add(f"{name} places must be a list of {PLACES} (null for an empty place)")
        places = [None] * PLACES
    s.places = empty_places()
    seen: set[int] = set()
    for i, p in enumerate(places):
        if p is None:
            continue
        where = f"{name} place {i + 1}"
        if not isinstance(p, dict):
            f.add(f"{where} must be null, {{\"animal\", \"count\"}} or {{\"blocked_by\"}}")
        elif "blocked_by" in p:
            if p["blocked_by"] not in WITH or "animal" in p:
                f.add(f"{where}: blocked_by is warrior or super, on an empty place")
            else:
                s.places[i][2] = WITH[p["blocked_by"]]
        else:
            kind = KIND_OF.get(p.get("animal", ""), -1)
            count = f.number(f"{where} count", p.get("count", 0), 1)
            if kind < 0:
                f.add(f"{where}: {p.get('animal')!r} is not an animal")
            elif kind in seen:
                f.add(f"{name} has two piles of {p['animal']}: one pile per kind")
            else:
                seen.add(kind)
                s.places[i][0], s.places[i][1] = kind, count
    s.discard = f.cards(f"{name} discard", spec.get("discard", []), animals_only=True)
    score = spec.get("score", {})
    if not isinstance(score, dict):
        f.add(f"{name} score must map animals to counts")
        score = {}
    for key, n in score.items():
        if key not in KIND_OF:
            f.add(f"{name} score: {key!r} is not an animal")
        else:
            s.score[KIND_OF[key]] = f.number(f"{name} score {key}", n)
    last = spec.get("last_ms")
    s.last = NEVER if last is None else f.number(f"{name} last_ms", last)
    take = spec.get("take")
    if take is not None:
        kind = KIND_OF.get(take.get("animal", "") if isinstance(take, dict) else "", -1)
        if kind < 0:
            f.add(f"{name} take needs an animal, a count and a deadline")
        else:
            s.take = [kind, f.number(f"{name} take count", take.get("count", 0), 1),
                      f.number(f"{name} take deadline", take.get("deadline", 0))]
    out = spec.get("warriors_out", {}) or {}
    dragon = spec.get("dragon", {}) or {}
    s.plain_out = f.number(f"{name} warriors_out warrior", out.get("warrior", 0))
    s.super_out = f.number(f"{name} warriors_out super", out.get("super", 0))
    s.dragon = [f.number(f"{name} dragon warrior", dragon.get("warrior", 0)),
                f.number(f"{name} dragon super", dragon.get("super", 0))]
    s.wins = f.number(f"{name} wins", spec.get("wins", 0))
    return s


def census(state: TessenState) -> list[int]:
    """How many of each card (by kind, 0-9) the table holds in every zone, counting the warriors
    on the dragon and those out of the match: 8 of each animal, 18 warriors and 2 super-warriors
    while a round runs."""
    count = [0] * 10
    for s in state.sides:
        for c in s.deck + s.hand + s.discard:
            count[c] += 1
        for kind, n, blocker in s.places:
            if kind >= 0:
                count[kind] += n
            if blocker >= 0:
                count[blocker] += 1
        for k in range(KINDS):
            count[k] += s.score[k]
        if s.take:
            count[s.take[0]] += s.take[1]
        count[WARRIOR] += s.dragon[0] + s.plain_out
        count[SUPER] += s.dragon[1] + s.super_out
    for c in state.fallen + state.sacred:
        count[c] += 1
    if state.attack:
        count[state.attack[2]] += 1
    return count


def _census(f: _Faults, state: TessenState) -> None:
    """Every card exactly once."""
    count = census(state)
    for k in range(KINDS):
        if count[k] != 8:
            f.add(f"there are {count[k]} {ANIMALS[k]} cards on the table, not 8 (4 in each deck)")
    if count[WARRIOR] != 18:
        f.add(f"there are {count[WARRIOR]} warriors (counting the dragon and those out), not 18")
    if count[SUPER] != 2:
        f.add(f"there are {count[SUPER]} super-warriors (counting the dragon and those out), not 2")
