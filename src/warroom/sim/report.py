"""Balance reports: many mirror games per bot, then who wins, by seat, by first move, by card.

``warroom report GAME`` plays ``--games`` games for each bot named (the same bot in every
seat: a mirror match, so any difference between seats is the game's, not the players'),
counts, and writes ``report.html`` (self-contained: the plots are inline PNGs drawn by
matplotlib) and ``report.json`` (the same figures, for scripts) into ``--out``.

What is counted, for every game: the win rate of each seat (side), the first player's win
rate, the game's length in decisions; and, for games that describe their cards
(``warroom.games.<name>.report.usage``), for each card and each way of using it (drew, played,
chose), the win rate of the sides that did against the sides that did not (for a card of one
seat's own deck, within that seat: the game's ``report.owners``). Every rate has a
95% Wilson interval; a difference has a 95% normal interval, and is flagged when either group
is too small to say anything (``SMALL`` side-games).

Games are seeded as in ``simulate`` and run through ``simulate_many``, so a report depends on
the seed alone (not on ``--jobs`` or the backend).
"""

from __future__ import annotations

import base64
import html
import importlib
import io
import json
import math
from pathlib import Path
from typing import Any

from warroom import bots as bot_registry
from warroom.engine import registry
from warroom.engine.errors import ConfigError
from warroom.engine.events import Event
from warroom.sim.simulate import GameRow, Progress, SimError, SimRun, SimSpec, make_spec, play_one, simulate_many
from warroom.sim.stats import Z95, mean, median, wilson

SMALL = 30  # side-games in a group below which a card's effect is not judged
SEARCH_GAMES = 20  # default games for bots that search (they are thousands of times slower)
MATPLOTLIB_HINT = "pip install 'warroom[report]'"


def facts_chunk(spec: SimSpec, start: int, stop: int) -> list[GameRow]:
    """``run_chunk`` that also keeps each game's facts: the first player and the cards' usage."""
    game = registry.get(spec.game)
    rows = []
    for index in range(start, stop):
        steps: list[tuple[int, str, list[Event]]] = []

        def observe(seat: int, action: str, events: list[Event], steps: list[Any] = steps) -> None:
            steps.append((seat, action, events))

        row = play_one(game, spec, index, observe)
        if row.error is None:
            facts: dict[str, Any] = {"first": steps[0][0] if steps else None}
            usage = game.card_usage(game.new(spec.config, row.seed), steps)
            if usage is not None:
                facts["usage"] = usage
            row.facts = facts
        rows.append(row)
    return rows


# ----- figures ---------------------------------------------------------------------------------
def _difference(a: int, n: int, b: int, m: int) -> tuple[float, float, float]:
    """Rate a/n minus rate b/m with a 95% normal interval."""
    p, q = a / n, b / m
    se = math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
    d = p - q
    return d, d - Z95 * se, d + Z95 * se


def _lengths(rows: list[GameRow]) -> dict[str, Any]:
    values = sorted(r.decisions for r in rows)
    if not values:
        return {"mean": 0.0, "median": 0.0, "p10": 0, "p90": 0, "min": 0, "max": 0}
    return {"mean": round(mean(values), 2), "median": median([float(v) for v in values]),
            "p10": values[len(values) // 10], "p90": values[(len(values) * 9) // 10],
            "min": values[0], "max": values[-1]}


def _cards(rows: list[GameRow], seats: int, groups: dict[str, str],
           owners: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """Per card and usage: win rate of the sides that did vs the sides that did not.

    A card of one seat's own deck (``owners``: a Kessen leader) is compared within that seat
    only, so the seat's own advantage does not pass for the card's."""
    owners = owners or {}
    # usage -> card -> per seat [wins with, side-games with]; side-games and wins per seat
    counts: dict[str, dict[str, list[list[int]]]] = {}
    games = [0] * seats
    wins = [0] * seats
    for row in rows:
        usage = (row.facts or {}).get("usage")
        if not usage:
            continue
        for side in range(seats):
            games[side] += 1
            wins[side] += int(side in row.winners)
        for kind, per_side in usage.items():
            table = counts.setdefault(kind, {})
            for side in range(seats):
                won = int(side in row.winners)
                for card in per_side[side]:
                    cell = table.setdefault(card, [[0, 0] for _ in range(seats)])
                    cell[side][0] += won
                    cell[side][1] += 1
    out = []
    for kind, table in counts.items():
        for card, cells in table.items():
            sides = [owners[card]] if card in owners else list(range(seats))
            w = sum(cells[s][0] for s in sides)
            n = sum(cells[s][1] for s in sides)
            other_n = sum(games[s] for s in sides) - n
            other_wins = sum(wins[s] for s in sides) - w
            entry: dict[str, Any] = {
                "card": card, "group": groups.get(card, ""), "usage": kind,
                "within": owners.get(card),
                "with": wilson(w, n).to_json(), "without": wilson(other_wins, other_n).to_json(),
                "small_sample": n < SMALL or other_n < SMALL,
            }
            if n and other_n:
                d, lo, hi = _difference(w, n, other_wins, other_n)
                entry.update(effect=round(d, 6), effect_low=round(lo, 6), effect_high=round(hi, 6),
                             clear=(lo > 0 or hi < 0) and not entry["small_sample"])
            else:
                entry.update(effect=None, effect_low=None, effect_high=None, clear=False)
            out.append(entry)
    out.sort(key=lambda e: (e["effect"] is None, -abs(e["effect"] or 0.0), e["usage"], e["card"]))
    return out


def figures(game_name: str, runs: list[SimRun], seed: int) -> dict[str, Any]:
    """Everything the report shows, as JSON-ready data."""
    game = registry.get(game_name)
    groups = game.card_groups()
    owners = game.card_owners()
    settings = []
    for run in runs:
        ok = [r for r in run.rows if r.error is None]
        n = len(ok)
        seats = run.seats
        by_seat = {name: wilson(sum(1 for r in ok if s in r.winners), n).to_json() for s, name in enumerate(seats)}
        draws = sum(1 for r in ok if not r.winners)
        firsts = [r for r in ok if r.facts and r.facts.get("first") is not None]
        first_wins = sum(1 for r in firsts if r.facts is not None and r.facts["first"] in r.winners)
        first_by_seat = {name: sum(1 for r in firsts if r.facts is not None and r.facts["first"] == s)
                         for s, name in enumerate(seats)}
        settings.append({
            "bot": run.spec.bots[0], "games": len(run.rows), "completed": n,
            "errors": len(run.rows) - n, "seats": seats,
            "win_rate_by_seat": by_seat, "draw_rate": wilson(draws, n).to_json(),
            "first_player": {"win_rate": wilson(first_wins, len(firsts)).to_json(), "by_seat": first_by_seat,
                             "fair_share": round(1 / len(seats), 6)},
            "length": _lengths(ok), "lengths": sorted(r.decisions for r in ok),
            "reasons": _reasons(ok),
            "cards": _cards(ok, len(seats), groups, owners),
        })
    return {"game": game.name, "title": game.title, "seed": seed, "settings": settings,
            "balance": balance(game.name, settings), "small_sample": SMALL}


def _reasons(rows: list[GameRow]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        out[r.reason] = out.get(r.reason, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def balance(game: str, settings: list[dict[str, Any]]) -> dict[str, Any]:
    """The seats' balance in mirror matches: for two seats, whether the first seat's win rate
    (draws counted as half) differs from an even share beyond its 95% interval."""
    verdicts = []
    for s in settings:
        seats = s["seats"]
        fair = 1 / len(seats)
        rates = {name: s["win_rate_by_seat"][name] for name in seats}
        off = [name for name, r in rates.items() if r["high"] < fair or r["low"] > fair]
        if s["completed"] < SMALL:
            verdict = "too few games to say"
        elif not off:
            verdict = "balanced (every seat's interval holds an even share)"
        else:
            best = max(rates, key=lambda k: rates[k]["rate"])
            verdict = f"favours {best}"
        verdicts.append({"bot": s["bot"], "games": s["completed"], "rates": rates, "verdict": verdict})
    question = ("Are the Good and Evil leader decks balanced?" if game == "kessen"
                else "Are the seats balanced?")
    return {"question": question, "by_bot": verdicts}


# ----- plots and HTML --------------------------------------------------------------------------
def _plt() -> Any:
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise SimError(f"the report's plots need matplotlib; install it with: {MATPLOTLIB_HINT}") from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    _plt().close(fig)
    return base64.b64encode(buf.getvalue()).decode()


def _bars(ax: Any, labels: list[str], rates: list[dict[str, Any]], colour: str) -> None:
    xs = list(range(len(labels)))
    vals = [r["rate"] for r in rates]
    err = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
    ax.bar(xs, vals, yerr=err, capsize=4, color=colour)
    ax.set_xticks(xs, labels)


def plots(fig_data: dict[str, Any]) -> dict[str, str]:
    """Name -> base64 PNG."""
    plt = _plt()
    out: dict[str, str] = {}
    settings = fig_data["settings"]
    seats = settings[0]["seats"]
    # seats' win rates per bot
    fig, ax = plt.subplots(figsize=(7, 3.6))
    width = 0.8 / len(seats)
    for k, name in enumerate(seats):
        xs = [i + (k - (len(seats) - 1) / 2) * width for i in range(len(settings))]
        rates = [s["win_rate_by_seat"][name] for s in settings]
        ax.bar(xs, [r["rate"] for r in rates], width,
               yerr=[[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]],
               capsize=4, label=name)
    ax.axhline(1 / len(seats), color="grey", lw=1, ls="--", label="even share")
    ax.set_xticks(range(len(settings)), [f"{s['bot']}\n({s['completed']} games)" for s in settings])
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title("Win rate by seat, same bot in every seat")
    ax.legend(loc="upper right", fontsize=8)
    out["seats"] = _png(fig)
    # first player
    fig, ax = plt.subplots(figsize=(7, 3.2))
    _bars(ax, [s["bot"] for s in settings], [s["first_player"]["win_rate"] for s in settings], "#5b8")
    ax.axhline(1 / len(seats), color="grey", lw=1, ls="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("first player's win rate")
    ax.set_title("First-player advantage (dashed: an even share)")
    out["first"] = _png(fig)
    # lengths
    fig, ax = plt.subplots(figsize=(7, 3.2))
    shown = [s for s in settings if len(s["lengths"]) >= SMALL]
    if shown:
        every = sorted(v for s in shown for v in s["lengths"])
        top = every[min(len(every) - 1, (len(every) * 98) // 100)]  # the longest 2% would flatten the rest
        bins = [top * k / 40 for k in range(41)]
        for s in shown:
            vals = [min(v, top) for v in s["lengths"]]
            ax.hist(vals, bins=bins, histtype="step", lw=1.5, weights=[1 / len(vals)] * len(vals), label=s["bot"])
        ax.legend(fontsize=8)
    ax.set_xlabel("decisions per game (the longest 2% in the last bin)")
    ax.set_ylabel("share of games")
    ax.set_title(f"Game length (bots with at least {SMALL} games)")
    out["length"] = _png(fig)
    # cards: the largest effects of choosing (leaders) or else playing, per bot
    for s in settings:
        cards = [c for c in s["cards"] if c["effect"] is not None and not c["small_sample"]]
        kind = "chose" if any(c["usage"] == "chose" for c in cards) else "played"
        top = [c for c in cards if c["usage"] == kind][:20]
        if not top:
            continue
        top.reverse()
        fig, ax = plt.subplots(figsize=(7, 0.28 * len(top) + 1.2))
        ys = range(len(top))
        ax.barh(ys, [c["effect"] for c in top],
                xerr=[[c["effect"] - c["effect_low"] for c in top], [c["effect_high"] - c["effect"] for c in top]],
                color=["#c55" if c["effect"] < 0 else "#58c" for c in top], capsize=2)
        ax.set_yticks(list(ys), [c["card"] for c in top], fontsize=8)
        ax.axvline(0, color="grey", lw=1)
        ax.set_xlabel(f"win rate of sides that {kind} it minus sides that did not")
        ax.set_title(f"Largest card effects ({kind}), {s['bot']} bots")
        out[f"cards-{s['bot']}"] = _png(fig)
    return out


def _pct(r: dict[str, Any]) -> str:
    return f"{r['rate'] * 100:.1f}% ({r['low'] * 100:.1f}-{r['high'] * 100:.1f})"


def render_html(fig_data: dict[str, Any], images: dict[str, str]) -> str:
    """The report as one HTML page: a summary, the plots, then tables sorted by effect size."""
    esc = html.escape
    b = fig_data["balance"]
    parts = [f"<h1>{esc(fig_data['title'])}: balance report</h1>",
             f"<p class=note>Seed {fig_data['seed']}. Each bot plays itself in every seat; "
             "rates carry 95% intervals (Wilson for rates, normal for differences).</p>",
             "<h2>Summary</h2>", f"<p><b>{esc(b['question'])}</b></p><ul>"]
    for v in b["by_bot"]:
        rates = ", ".join(f"{esc(k)} wins {_pct(r)}" for k, r in v["rates"].items())
        parts.append(f"<li><b>{esc(v['bot'])}</b> bots, {v['games']} games: {rates}. "
                     f"<b>{esc(v['verdict'])}</b>.</li>")
    parts.append("</ul><ul>")
    for s in fig_data["settings"]:
        fp = s["first_player"]["win_rate"]
        ln = s["length"]
        parts.append(f"<li>{esc(s['bot'])}: the first player wins {_pct(fp)}; a game lasts {ln['median']:.0f} "
                     f"decisions (median; 10%-90%: {ln['p10']}-{ln['p90']}); draws {_pct(s['draw_rate'])}; "
                     f"errors {s['errors']}.</li>")
    parts.append("</ul>")
    captions = {"seats": "Each bar is one seat's win rate when both seats are played by the same bot.",
                "first": "How often the seat that decides first wins.",
                "length": "Distribution of the number of decisions in a game."}
    parts.append("<h2>Plots</h2>")
    for key, png in images.items():
        cap = captions.get(key, "Cards whose sides' win rates differ most (only cards with enough games; "
                           "bars are 95% intervals).")
        parts.append(f"<figure><img alt='{esc(key)}' src='data:image/png;base64,{png}'>"
                     f"<figcaption>{esc(cap)}</figcaption></figure>")
    for s in fig_data["settings"]:
        cards = s["cards"]
        if not cards:
            continue
        parts.append(f"<h2>Cards with {esc(s['bot'])} bots</h2><p class=note>Sorted by the size of the "
                     f"effect. A side is counted once per game; a card of one side's own deck is compared "
                     f"within that side; <i>small sample</i> means fewer than {fig_data['small_sample']} "
                     f"side-games in one of the two groups, too few to say.</p>")
        parts.append("<table><tr><th>card</th><th>deck</th><th>usage</th><th>win rate with</th>"
                     "<th>without</th><th>effect (95% interval)</th><th>note</th></tr>")
        for c in cards[:60]:
            eff = ("" if c["effect"] is None else
                   f"{c['effect'] * 100:+.1f} pts ({c['effect_low'] * 100:+.1f} to {c['effect_high'] * 100:+.1f})")
            note = "small sample" if c["small_sample"] else ("clear" if c["clear"] else "")
            if c["within"] is not None:
                note = f"within {s['seats'][c['within']]}" + (f"; {note}" if note else "")
            parts.append(f"<tr><td>{esc(c['card'])}</td><td>{esc(c['group'])}</td><td>{esc(c['usage'])}</td>"
                         f"<td>{_pct(c['with'])}<br><small>n={c['with']['count']}</small></td>"
                         f"<td>{_pct(c['without'])}</td><td>{eff}</td><td>{note}</td></tr>")
        parts.append(f"</table><p class=note>{len(cards)} rows in all; every row is in report.json.</p>")
    style = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}"
             "table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ccc;padding:.2rem .4rem;"
             "text-align:left}th{background:#eee}figure{margin:1rem 0}img{max-width:100%}.note{color:#555;"
             "font-size:.9rem}")
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{esc(fig_data['title'])} balance"
            f"</title><style>{style}</style></head><body>{''.join(parts)}</body></html>")


def planned_games(game: str, bots: list[str], games: int, search_games: int = SEARCH_GAMES) -> list[int]:
    """Games each bot will play: ``games``, or at most ``search_games`` for a bot that searches."""
    return [min(games, search_games) if bot_registry.make(game, b).searches else games
            for b in bots]


def run_report(
    game_name: str,
    bots: list[str],
    games: int,
    seed: int = 0,
    out: Path | None = None,
    jobs: int | None = None,
    backend: str = "local",
    on_progress: Progress | None = None,
    address: str | None = None,
    search_games: int = SEARCH_GAMES,
) -> dict[str, Any]:
    """Play the games, compute the figures, and (if ``out``) write report.html and report.json."""
    game = registry.get(game_name)
    if not bots:
        raise ConfigError("--bots needs at least one bot")
    specs = [make_spec(game.name, seed, None, [b]) for b in bots]
    counts = planned_games(game.name, bots, games, search_games)
    runs: list[SimRun] = []
    # one pool for all bots that play the same number of games
    for n in sorted(set(counts), reverse=True):
        group = [s for s, c in zip(specs, counts, strict=True) if c == n]
        runs.extend(simulate_many(group, n, jobs, backend, on_progress, address, worker=facts_chunk))
    order = {s.bots: k for k, s in enumerate(specs)}
    runs.sort(key=lambda r: order[r.spec.bots])
    data = figures(game.name, runs, seed)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "report.json").write_text(json.dumps(data, indent=1))
        (out / "report.html").write_text(render_html(data, plots(data)))
    return data
