"""Profile random Paper Kessen games under pyinstrument and list the hottest functions.

    .venv/bin/python benchmarks/profile_kessen.py                 # 300 games, top 25
    .venv/bin/python benchmarks/profile_kessen.py --games 1000 --top 40
    .venv/bin/python benchmarks/profile_kessen.py --record        # include per-step hashing
    .venv/bin/python benchmarks/profile_kessen.py --html prof.html  # browsable call tree

The games are played exactly as ``warroom simulate`` plays them (``play_bots``
with random bots), so what is hot here is what is slow there. Two tables are
printed: functions by self time (where the interpreter actually spends time)
and by inclusive time (what a call costs with everything under it; a
recursive function is counted once per stack).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pyinstrument import Profiler
from rich.console import Console
from rich.table import Table

from warroom.bots import make
from warroom.engine import registry
from warroom.engine.rng import mix_seed
from warroom.engine.runner import play_bots


@dataclass(slots=True)
class Hot:
    """Time spent in one function over the whole run."""

    function: str
    where: str
    self_s: float = 0.0
    total_s: float = 0.0


def play(games: int, seed: int, record: bool) -> int:
    """Play ``games`` random Kessen games; return the number of decisions made."""
    game = registry.get("kessen")
    config = game.configure()
    decisions = 0
    for i in range(games):
        bots = [make("kessen", "random"), make("kessen", "random")]
        outcome, _ = play_bots(game, config, mix_seed(seed, i), bots, record=record)
        decisions += outcome.decisions
    return decisions


def _walk(frame: Any, stack: frozenset[tuple[str, str]], table: dict[tuple[str, str], Hot],
          ) -> None:
    if frame.is_synthetic:  # pyinstrument's "[self]" and grouping nodes: no function of their own
        return
    key = (frame.function, f"{frame.file_path_short}:{frame.line_no}")
    hot = table.setdefault(key, Hot(*key))
    hot.self_s += frame.total_self_time
    if key not in stack:  # inclusive time of a recursive call is already in its outer call
        hot.total_s += frame.time
    inner = stack | {key}
    for child in frame.children:
        _walk(child, inner, table)


def hottest(root: Any) -> list[Hot]:
    """Every function met in the profile, with self and inclusive time."""
    table: dict[tuple[str, str], Hot] = {}
    if root is not None:
        _walk(root, frozenset(), table)
    return list(table.values())


def _rows(hot: list[Hot], key: str, top: int) -> Iterator[Hot]:
    return iter(sorted(hot, key=lambda h: -getattr(h, key))[:top])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games to play")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--top", type=int, default=25, help="functions to list per table")
    parser.add_argument("--record", action="store_true",
                        help="record each game (a state hash after every action), as --record does")
    parser.add_argument("--interval", type=float, default=0.0002, help="sampling interval, s")
    parser.add_argument("--html", help="also write pyinstrument's HTML call tree here")
    args = parser.parse_args()

    registry.get("kessen")  # import outside the profile
    profiler = Profiler(interval=args.interval)
    started = time.perf_counter()
    profiler.start()
    decisions = play(args.games, args.seed, args.record)
    session = profiler.stop()
    wall = time.perf_counter() - started

    console = Console(width=max(Console().width, 120))
    console.print(
        f"{args.games} random Kessen games, {decisions} decisions in {wall:.2f} s under the "
        f"profiler ({decisions / wall:,.0f} decisions/s; sampling slows the run, so compare "
        "shares, not speeds)"
    )
    hot = hottest(session.root_frame())
    sampled = session.duration or wall
    for key, title in (("self_s", "by self time"), ("total_s", "by inclusive time")):
        table = Table(title=f"hottest functions {title}", title_justify="left")
        table.add_column("self %", justify="right")
        table.add_column("incl %", justify="right")
        table.add_column("function")
        table.add_column("where")
        for h in _rows(hot, key, args.top):
            table.add_row(f"{h.self_s / sampled * 100:.1f}", f"{h.total_s / sampled * 100:.1f}",
                          h.function, h.where)
        console.print(table)
    if args.html:
        with open(args.html, "w") as fh:
            fh.write(profiler.output_html())
        console.print(f"call tree written to {args.html}")


if __name__ == "__main__":
    main()
