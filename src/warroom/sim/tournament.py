"""Round-robin tournaments between bots, with ratings from openskill.

Every line-up plays: for two seats each ordered pair of distinct bots (so every pairing
plays both sides); for more seats each set of distinct bots in every seat order. Each
line-up plays the same ``games`` deals (game ``i`` is seeded ``mix_seed(seed, i)`` in every
line-up), so a pairing's two sides meet on identical deals and luck of the deal cancels out.

The games run through :func:`warroom.sim.simulate.simulate_many`, so results depend on the
seed alone, never on ``--jobs`` or the backend. Ratings are then computed in one fixed order
(game 0 of every line-up, then game 1, ...) with openskill's Plackett-Luce model, which rates
games of any number of players; a bot's ``ordinal`` (mu - 3 sigma) is what the table sorts by.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from warroom.engine import registry
from warroom.engine.errors import ConfigError
from warroom.sim.simulate import Progress, SimError, SimRun, make_spec, simulate_many
from warroom.sim.stats import wilson

OPENSKILL_HINT = "pip install openskill (it comes with warroom)"


@dataclass(frozen=True, slots=True)
class Lineup:
    """Bot names in seat order."""

    bots: tuple[str, ...]


def lineups(bots: list[str], seats: int) -> list[Lineup]:
    """Every seat order of every set of ``seats`` distinct bots, in a stable order."""
    if len(set(bots)) != len(bots):
        raise ConfigError(f"each bot once, please: {', '.join(bots)}")
    if len(bots) < 2:
        raise ConfigError("a tournament needs at least two bots")
    if len(bots) < seats:
        raise ConfigError(f"{seats} seats need at least {seats} bots, not {len(bots)}")
    out: list[Lineup] = []
    for group in combinations(bots, seats):
        out.extend(Lineup(order) for order in permutations(group))
    return out


def run_tournament(
    game_name: str,
    bots: list[str],
    games: int,
    seed: int = 0,
    players: int | None = None,
    jobs: int | None = None,
    backend: str = "local",
    on_progress: Progress | None = None,
    address: str | None = None,
) -> dict[str, Any]:
    """Play the round robin; return its results as JSON-ready data (see :func:`summarise`)."""
    game = registry.get(game_name)
    config = game.configure(players)
    seats = game.seat_names(config)
    plan = lineups(bots, len(seats))
    specs = [make_spec(game.name, seed, config["players"], list(lu.bots)) for lu in plan]
    runs = simulate_many(specs, games, jobs, backend, on_progress, address)
    return summarise(game.name, seats, bots, games, seed, runs)


def _model() -> Any:
    try:
        models = importlib.import_module("openskill.models")
    except ImportError:
        raise SimError(f"ratings need openskill; {OPENSKILL_HINT}") from None
    return models.PlackettLuce()


def summarise(game: str, seats: list[str], bots: list[str], games: int, seed: int,
              runs: list[SimRun]) -> dict[str, Any]:
    """Standings, head-to-head and per-line-up results, and openskill ratings."""
    model = _model()
    ratings = {b: model.rating(name=b) for b in bots}
    played = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0)
    draws = dict.fromkeys(bots, 0)
    errors = 0
    # head to head (two seats): how often ``a`` beat ``b`` over both sides
    h2h: dict[str, dict[str, list[int]]] = {a: {b: [0, 0, 0] for b in bots if b != a} for a in bots}
    per_lineup = []
    for run in runs:
        names = list(run.spec.bots)
        seat_wins = [0] * len(names)
        lineup_draws = 0
        for row in run.rows:
            if row.error is not None:
                errors += 1
                continue
            for s, b in enumerate(names):
                played[b] += 1
                if s in row.winners:
                    wins[b] += 1
                    seat_wins[s] += 1
                elif not row.winners:
                    draws[b] += 1
            if not row.winners:
                lineup_draws += 1
            if len(names) == 2:
                a, b = names
                cell = h2h[a][b]
                cell[0 if 0 in row.winners else 1 if 1 in row.winners else 2] += 1
        per_lineup.append({"bots": names, "games": len(run.rows), "seat_wins": seat_wins, "draws": lineup_draws})
    # ratings in one fixed order: game 0 of every line-up, then game 1, ...
    for index in range(games):
        for run in runs:
            if index >= len(run.rows) or run.rows[index].error is not None:
                continue
            row = run.rows[index]
            names = list(run.spec.bots)
            teams = [[ratings[b]] for b in names]
            ranks = [0 if (s in row.winners or not row.winners) else 1 for s in range(len(names))]
            rated = model.rate(teams, ranks=ranks)
            for b, team in zip(names, rated, strict=True):
                ratings[b] = team[0]
    table: list[dict[str, Any]] = []
    for b in bots:
        n = played[b]
        score = wins[b] + 0.5 * draws[b]
        r = ratings[b]
        table.append({
            "bot": b, "games": n, "wins": wins[b], "draws": draws[b],
            "losses": n - wins[b] - draws[b],
            "score_rate": round(score / n, 6) if n else 0.0,
            "win_rate": wilson(wins[b], n).to_json(),
            "mu": round(float(r.mu), 4), "sigma": round(float(r.sigma), 4),
            "ordinal": round(float(r.ordinal()), 4),
        })
    table.sort(key=lambda row: (-float(row["ordinal"]), str(row["bot"])))
    head = {}
    if len(seats) == 2:
        for a in bots:
            for b in bots:
                if a < b:
                    w_ab = h2h[a][b][0] + h2h[b][a][1]
                    w_ba = h2h[a][b][1] + h2h[b][a][0]
                    d = h2h[a][b][2] + h2h[b][a][2]
                    total = w_ab + w_ba + d
                    head[f"{a} vs {b}"] = {"a": a, "b": b, "a_wins": w_ab, "b_wins": w_ba, "draws": d,
                                           "a_win_rate": wilson(w_ab, total).to_json()}
    return {
        "game": game, "seats": seats, "bots": bots, "seed": seed,
        "games_per_lineup": games, "lineups": len(runs), "games": sum(len(r.rows) for r in runs),
        "errors": errors, "rating_model": "openskill PlackettLuce",
        "standings": table, "head_to_head": head, "per_lineup": per_lineup,
        "seconds": round(runs[0].seconds, 3) if runs else 0.0,
        "jobs": runs[0].jobs if runs else 0, "backend": runs[0].backend if runs else "local",
    }


def without_timing(result: dict[str, Any]) -> dict[str, Any]:
    """The result less what depends on the machine (for comparing runs)."""
    return {k: v for k, v in result.items() if k not in ("seconds", "jobs", "backend")}
