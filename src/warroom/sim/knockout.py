"""A knockout tournament: a bracket as plain data, for any two-player game that holds them.

Four or more entrants, in seed order (the first is the top seed). The bracket has a power of
two of slots; when the entrants do not fill it, the top seeds get byes into the second round.
Seeds are placed so that the top two can only meet in the final (1 v 8, 4 v 5, 2 v 7, 3 v 6...).
Each pairing plays one match (in Tessen a whole match of rounds), with its own seed derived from
the tournament's; the winner goes on. The higher seed sits at p1.

An entrant is a bot name (``expert``, ``novice``...) or ``human:NAME`` for a person, whose
matches are played at the server (``server/tournaments.py``) and reported with :func:`report`.
``warroom knockout tessen --entrants expert,casual,novice,random`` plays a bracket of bots
(``sim/commands.py``; see ``docs/rules/tessen.md``). How a game plays one match between two bots
is the game's own (:func:`bot_match`); everything else here knows no game.

The bracket is JSON::

    {"game": "tessen", "config": {...}, "seed": 1, "entrants": ["expert", ...],
     "rounds": [[{"a": 0, "b": 7, "winner": null, "seed": 123, "score": null}, ...], ...],
     "champion": null}

``a``/``b`` index ``entrants`` (``null``: not known yet, or a bye for ``b`` in the first round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warroom.engine.errors import ConfigError
from warroom.engine.rng import mix_seed

KNOCKOUT_GAMES = ("tessen",)  # the games whose rules call for knockouts, each with a bot_match
MIN_ENTRANTS = 4
HUMAN = "human:"

# plays one match: (config, seed, entrant at p1, entrant at p2) -> (winning seat, score words)
PlayMatch = Callable[[dict[str, Any], int, str, str], tuple[int, str]]


def slots(n: int) -> list[int]:
    """Seed numbers (0-based) in bracket order for ``n`` slots, a power of two."""
    order = [0]
    while len(order) < n:
        size = 2 * len(order)
        order = [x for p in order for x in (p, size - 1 - p)]
    return order


def new_bracket(game: str, config: dict[str, Any], entrants: list[str], seed: int) -> dict[str, Any]:
    """A bracket for ``entrants`` in seed order; byes are settled at once."""
    if len(entrants) < MIN_ENTRANTS:
        raise ConfigError(f"a knockout needs at least {MIN_ENTRANTS} entrants, not {len(entrants)}")
    size = 1
    while size < len(entrants):
        size *= 2
    order = slots(size)
    rounds: list[list[dict[str, Any]]] = []
    n = size // 2
    level = 0
    while n >= 1:
        rounds.append([{"a": None, "b": None, "winner": None, "score": None,
                        "seed": mix_seed(seed, level, i) % 1_000_000_007} for i in range(n)])
        n //= 2
        level += 1
    bracket = {"game": game, "config": config, "seed": seed, "entrants": list(entrants),
               "rounds": rounds, "champion": None}
    for i, match in enumerate(rounds[0]):
        a, b = order[2 * i], order[2 * i + 1]
        match["a"] = a if a < len(entrants) else None
        match["b"] = b if b < len(entrants) else None
        if match["b"] is None:  # a bye: the top seeds never meet one another here
            _advance(bracket, 0, i, match["a"], "bye")
    return bracket


def pending(bracket: dict[str, Any]) -> list[tuple[int, int]]:
    """The matches that can be played now: (round, index), both entrants known, no winner."""
    return [(r, i) for r, matches in enumerate(bracket["rounds"]) for i, m in enumerate(matches)
            if m["winner"] is None and m["a"] is not None and m["b"] is not None]


def report(bracket: dict[str, Any], rnd: int, index: int, winner: int, score: str = "") -> None:
    """Record that entrant ``winner`` won match ``index`` of round ``rnd``."""
    try:
        match = bracket["rounds"][rnd][index]
    except (IndexError, TypeError):
        raise ConfigError(f"no match {index} in round {rnd}") from None
    if match["winner"] is not None:
        raise ConfigError(f"round {rnd + 1} match {index + 1} is already decided")
    if winner not in (match["a"], match["b"]) or match["a"] is None or match["b"] is None:
        raise ConfigError(f"entrant {winner} is not playing round {rnd + 1} match {index + 1}")
    _advance(bracket, rnd, index, winner, score)


def _advance(bracket: dict[str, Any], rnd: int, index: int, winner: int, score: str) -> None:
    match = bracket["rounds"][rnd][index]
    match["winner"] = winner
    match["score"] = score
    if rnd + 1 == len(bracket["rounds"]):
        bracket["champion"] = winner
        return
    nxt = bracket["rounds"][rnd + 1][index // 2]
    nxt["a" if index % 2 == 0 else "b"] = winner


def play_all(bracket: dict[str, Any], play: PlayMatch) -> dict[str, Any]:
    """Play every remaining match with ``play`` (bots only), round by round."""
    while bracket["champion"] is None:
        todo = pending(bracket)
        if not todo:
            raise ConfigError("the bracket is stuck: a match waits for a result")
        for rnd, index in todo:
            match = bracket["rounds"][rnd][index]
            a, b = match["a"], match["b"]
            names = bracket["entrants"]
            if names[a].startswith(HUMAN) or names[b].startswith(HUMAN):
                raise ConfigError(f"round {rnd + 1} match {index + 1} needs a person: play it at the "
                                  f"server and report it")
            seat, score = play(bracket["config"], match["seed"], names[a], names[b])
            report(bracket, rnd, index, a if seat == 0 else b, score)
    return bracket


def bot_match(game: str) -> PlayMatch:
    """How ``game`` (a canonical name) plays one match between two bots; other games are refused."""
    if game == "tessen":
        from warroom.games.tessen.knockout import play_bots

        return play_bots
    raise ConfigError(f"knockout tournaments are played in {', '.join(KNOCKOUT_GAMES)}")


def lines(bracket: dict[str, Any]) -> list[str]:
    """The bracket as text, round by round."""
    names = bracket["entrants"]
    out = []
    total = len(bracket["rounds"])
    for r, matches in enumerate(bracket["rounds"]):
        title = "final" if r == total - 1 else "semi-finals" if r == total - 2 else f"round {r + 1}"
        out.append(title)
        for m in matches:
            a = names[m["a"]] if m["a"] is not None else "?"
            b = names[m["b"]] if m["b"] is not None else ("bye" if r == 0 else "?")
            won = f"  -> {names[m['winner']]} ({m['score']})" if m["winner"] is not None else ""
            out.append(f"  {a} v {b}{won}")
    if bracket["champion"] is not None:
        out.append(f"champion: {names[bracket['champion']]}")
    return out

