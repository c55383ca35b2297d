"""Run the engine benchmarks and write ``benchmarks/results/latest.json``.

    .venv/bin/python benchmarks/run.py                  # every game, ~3 s per configuration
    .venv/bin/python benchmarks/run.py --seconds 10     # steadier numbers
    .venv/bin/python benchmarks/run.py --games 2000     # more games in the simulation test

Two groups of numbers:

- engine: ``warroom bench`` on one core (decisions/s, games/s, clone, JSON round
  trip, state hash), for every game and player count;
- simulate: ``warroom simulate`` with random bots on one process and on every
  core, which shows how well the process pool scales (and checks that both runs
  give the same results, as they must);
- nesting: the cost per frame of a three-deep response window (``benchmarks/nesting.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from nesting import measure as measure_nesting  # benchmarks/nesting.py, beside this file
from warroom.engine import registry
from warroom.sim.bench import bench_all
from warroom.sim.commands import render_bench
from warroom.sim.simulate import make_spec, simulate, summarize

RESULTS = Path(__file__).resolve().parent / "results"
TIMING = {"seconds", "games_per_second", "jobs"}


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10,
            cwd=Path(__file__).resolve().parent,
        ).stdout.strip() or None
    except OSError:
        commit = None
    return {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "commit": commit,
    }


def _spin(n: int) -> int:
    """Pure-Python busy work for the calibration."""
    total = 0
    for i in range(n):
        total += i * i
    return total


def calibrate(n: int = 3_000_000) -> dict[str, Any]:
    """How much parallel CPU the machine really gives right now.

    The same busy loop on one process, then on every core at once. On an idle
    machine with real cores the two take the same time (efficiency 1.0); on
    shared or hyper-threaded cores it drops, and the simulation speedup below can
    be read against it.
    """
    cpus = os.cpu_count() or 1
    t0 = time.perf_counter()
    _spin(n)
    one = time.perf_counter() - t0
    with ProcessPoolExecutor(cpus) as pool:
        list(pool.map(_spin, [1] * cpus))  # start the workers outside the timing
        t0 = time.perf_counter()
        list(pool.map(_spin, [n] * cpus))
        every = time.perf_counter() - t0
    return {"spin_1_s": round(one, 3), "spin_all_s": round(every, 3),
            "parallel_efficiency": round(one / every, 2)}


def simulate_scaling(game: str, games: int, seed: int) -> dict[str, Any]:
    """Random-bot simulation on one process and on every core."""
    spec = make_spec(game, seed)
    one = summarize(simulate(spec, games, jobs=1))
    every = summarize(simulate(spec, games, jobs=None))
    same = {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in every.items() if k not in TIMING
    }
    return {
        "game": game,
        "games": games,
        "seed": seed,
        "games_per_second_1_job": one["games_per_second"],
        "jobs": every["jobs"],
        "games_per_second_all_jobs": every["games_per_second"],
        "speedup": round(every["games_per_second"] / one["games_per_second"], 2),
        "same_results": same,
        "errors": one["errors"] + every["errors"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="warroom engine benchmarks")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="time budget per game and player count for the engine benchmark")
    parser.add_argument("--games", type=int, default=1000, help="games in the simulation test")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS / "latest.json")
    args = parser.parse_args()

    console = Console(width=max(Console().width, 110))
    err = Console(stderr=True)
    err.print("engine benchmarks (one core)...")
    engine = bench_all(None, args.seconds, args.seed)
    scaling = []
    for name in registry.names():
        err.print(f"simulating {args.games} {name} games on 1 process and on every core...")
        scaling.append(simulate_scaling(name, args.games, args.seed))

    err.print("nesting: a three-deep window chain...")
    nesting = measure_nesting()
    report = {"machine": {**machine(), **calibrate()}, "engine": engine, "simulate": scaling,
              "nesting": nesting}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")

    render_bench(engine, console)
    table = Table(title="simulate (random bots, process pool)", title_justify="left")
    for col in ("game", "games", "games/s 1 job", "jobs", "games/s all jobs", "speedup",
                "same results", "errors"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for row in scaling:
        table.add_row(
            row["game"], str(row["games"]), f"{row['games_per_second_1_job']:.1f}",
            str(row["jobs"]), f"{row['games_per_second_all_jobs']:.1f}", f"{row['speedup']:.2f}x",
            "yes" if row["same_results"] else "[red]NO[/red]", str(row["errors"]),
        )
    console.print(table)
    console.print(f"nesting: {nesting['engine_us_per_frame']:.2f} us per frame of a three-deep window "
                  f"(target {nesting['target_us_per_frame']:.0f}), {nesting['apply_us_per_frame']:.2f} with apply")
    m = report["machine"]
    console.print(f"{m['python']} on {m['platform']}, {m['cpus']} cpus, commit {m['commit']}")
    console.print(
        f"parallel efficiency of this machine now: {m['parallel_efficiency']:.2f} "
        "(1.0 = every core free; lower: other work shares the cores, expect less speedup)"
    )
    console.print(f"written to {args.out}")
    if any(r["errors"] or not r["same_results"] for r in scaling):
        sys.exit(1)


if __name__ == "__main__":
    main()
