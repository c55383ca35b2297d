"""Many bot-vs-bot games at once, on local processes or a Ray cluster.

Game ``i`` of a run is seeded with ``mix_seed(seed, i)`` and results are put
back in game order before anything is counted, so a run is a pure function of
(game, config, bots, seed, number of games): the number of processes, the
chunking and the backend change only how long it takes.

Work is shipped in chunks of consecutive game indices. A chunk carries only the
game's name, the configuration and the bot names (no states, no bots), and
comes back as a list of small :class:`GameRow` records, so the cost of crossing
a process boundary is paid once per chunk, not once per game.
"""

from __future__ import annotations

import importlib
import os
import time
import traceback
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warroom import bots as bot_registry
from warroom.engine import registry
from warroom.engine.errors import ConfigError, WarroomError
from warroom.engine.events import Event
from warroom.engine.game import Game
from warroom.engine.realtime import play_realtime
from warroom.engine.rng import mix_seed
from warroom.engine.runner import play_bots
from warroom.sim.stats import mean, numeric_means, wilson

BACKENDS = ("local", "ray")
MAX_CHUNK = 100  # games per chunk at most, so progress moves and the last chunks balance
CHUNKS_PER_WORKER = 4  # a few chunks each, so a worker that drew long games does not hold the run
RAY_HINT = "pip install 'warroom[ray]'"

Progress = Callable[[int], None]  # called with the number of games just finished
Observer = Callable[[int, str, list[Event]], None]  # seat, action, the events it caused


class SimError(WarroomError):
    """A simulation that cannot run (missing backend, dead worker process...)."""


@dataclass(frozen=True, slots=True)
class SimSpec:
    """Everything a worker needs to play its games: plain, picklable data."""

    game: str
    config: dict[str, Any]
    seed: int
    bots: tuple[str, ...]
    record_dir: str | None = None


@dataclass(slots=True)
class GameRow:
    """One game's outcome; ``error`` is set (and the rest empty) if the game raised."""

    index: int
    seed: int
    winners: list[int]
    reason: str
    decisions: int
    scores: dict[str, Any]
    error: str | None = None
    where: str | None = None
    facts: dict[str, Any] | None = None  # what a balance report counts (warroom.sim.report)


@dataclass(slots=True)
class SimRun:
    """A finished run: its rows in game order and how it was executed."""

    spec: SimSpec
    rows: list[GameRow]
    seconds: float
    jobs: int
    backend: str
    seats: list[str] = field(default_factory=list)


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``master``."""
    return mix_seed(master, index)


def record_path(spec: SimSpec, index: int, seed: int) -> Path:
    """Where game ``index`` is recorded: the index sorts the files in game order."""
    assert spec.record_dir is not None
    return Path(spec.record_dir) / f"{spec.game}-{index:06d}-seed{seed}.json"


def make_spec(
    game_name: str,
    seed: int,
    players: int | None = None,
    bots: list[str] | None = None,
    variants: list[str] | tuple[str, ...] = (),
    options: dict[str, str | int] | None = None,
    record_dir: str | None = None,
) -> SimSpec:
    """Validate the user's choices and freeze them into a spec; errors are one-line."""
    game = registry.get(game_name)
    config = game.configure(players, variants, options)
    seats = game.seat_names(config)
    names = list(bots) if bots else ["random"]
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise ConfigError(
            f"give one bot per seat ({len(seats)} seats: {', '.join(seats)}), not {len(names)}"
        )
    for name in set(names):
        bot_registry.make(game.name, name)  # raises ConfigError naming the known bots
    return SimSpec(game.name, config, seed, tuple(names), record_dir)


def play_one(game: Game[Any], spec: SimSpec, index: int, observe: Observer | None = None) -> GameRow:
    """Play game ``index`` of the run; a game that raises becomes an error row.
    ``observe`` is told every action and its events (see ``engine.runner.play_bots``)."""
    seed = game_seed(spec.seed, index)
    # fresh bots each game: a bot that keeps memory must not carry it into the next game,
    # or results would depend on how games were split between processes
    players = [bot_registry.make(spec.game, name) for name in spec.bots]
    record = spec.record_dir is not None
    try:
        # real-time games run on the simulated clock, every seat on its bot's reaction time
        if game.realtime:
            outcome, match = play_realtime(game, spec.config, seed, players, record=record)
        else:
            outcome, match = play_bots(game, spec.config, seed, players, record=record, observe=observe)
    except Exception as err:  # any crash is a finding to report, not a reason to stop the run
        frames = traceback.extract_tb(err.__traceback__)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else None
        first = str(err).splitlines()[0] if str(err) else ""
        return GameRow(index, seed, [], "", 0, {}, f"{type(err).__name__}: {first}", where)
    if match is not None:
        match.record.save(record_path(spec, index, seed))
    return GameRow(index, seed, outcome.winners, outcome.reason, outcome.decisions, outcome.scores)


def run_chunk(spec: SimSpec, start: int, stop: int) -> list[GameRow]:
    """Play games ``start`` to ``stop - 1``: the unit of work of every backend."""
    game = registry.get(spec.game)
    return [play_one(game, spec, i) for i in range(start, stop)]


def plan_chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Split ``range(games)`` into consecutive ``(start, stop)`` chunks for ``workers``."""
    if games <= 0:
        return []
    size = max(1, min(MAX_CHUNK, -(-games // (max(1, workers) * CHUNKS_PER_WORKER))))
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def default_jobs() -> int:
    """One process per core."""
    return os.cpu_count() or 1


Task = tuple[SimSpec, int, int]  # a spec and a chunk of its game indices
Worker = Callable[[SimSpec, int, int], list[GameRow]]  # plays a chunk (a module-level function)


def _check_run(games: int, jobs: int | None, backend: str) -> int:
    if games < 1:
        raise ConfigError(f"--games must be at least 1, not {games}")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, not {jobs}")
    return jobs


def simulate(
    spec: SimSpec,
    games: int,
    jobs: int | None = None,
    backend: str = "local",
    on_progress: Progress | None = None,
    address: str | None = None,
) -> SimRun:
    """Play ``games`` games of ``spec`` and return every row in game order."""
    return simulate_many([spec], games, jobs, backend, on_progress, address)[0]


def simulate_many(
    specs: list[SimSpec],
    games: int,
    jobs: int | None = None,
    backend: str = "local",
    on_progress: Progress | None = None,
    address: str | None = None,
    worker: Worker = run_chunk,
) -> list[SimRun]:
    """``simulate`` for several specs (a tournament's line-ups, a report's bots) on one pool:
    ``games`` games of each, every run the same as ``simulate`` would give it alone.
    ``address`` is a Ray cluster's (``ray`` backend; else ``RAY_ADDRESS`` or a local one);
    ``worker`` plays one chunk (``run_chunk``, or a report's, which also collects facts)."""
    jobs = _check_run(games, jobs, backend)
    for spec in specs:
        if spec.record_dir is not None:
            Path(spec.record_dir).mkdir(parents=True, exist_ok=True)
    chunks = plan_chunks(games, max(1, -(-jobs // max(1, len(specs)))))
    tasks: list[Task] = [(spec, a, b) for spec in specs for a, b in chunks]
    report = on_progress or (lambda n: None)
    started = time.perf_counter()
    if backend == "ray":
        parts = _run_ray(tasks, jobs, report, address, worker)
    elif jobs == 1 or len(tasks) == 1:
        parts = []
        for spec, start, stop in tasks:
            parts.append(worker(spec, start, stop))
            report(stop - start)
        jobs = 1
    else:
        jobs = min(jobs, len(tasks))
        parts = _run_local(tasks, jobs, report, worker)
    seconds = time.perf_counter() - started
    runs = []
    for k, spec in enumerate(specs):
        rows = [row for part in parts[k * len(chunks):(k + 1) * len(chunks)] for row in part]
        game = registry.get(spec.game)
        runs.append(SimRun(spec, rows, seconds, jobs, backend, game.seat_names(spec.config)))
    return runs


def _run_local(tasks: list[Task], jobs: int, report: Progress, worker: Worker) -> list[list[GameRow]]:
    parts: list[list[GameRow]] = [[] for _ in tasks]
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        pending: dict[Future[list[GameRow]], int] = {
            pool.submit(worker, spec, a, b): k for k, (spec, a, b) in enumerate(tasks)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                k = pending.pop(fut)
                parts[k] = fut.result()
                report(tasks[k][2] - tasks[k][1])
    except BrokenProcessPool as err:
        raise SimError(f"a worker process died ({err}); try --jobs 1 to see why") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return parts


def _run_ray(tasks: list[Task], jobs: int, report: Progress, address: str | None = None,
             worker: Worker = run_chunk) -> list[list[GameRow]]:
    """The same chunks on Ray tasks on the cluster at ``address`` (or ``RAY_ADDRESS``), else a
    local one started in this process."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SimError(f"the ray backend needs Ray; install it with: {RAY_HINT}") from None
    if not ray.is_initialized():
        # on a cluster the cluster decides the CPUs; locally --jobs caps them
        kwargs: dict[str, Any] = (
            {"address": address} if address else {} if os.environ.get("RAY_ADDRESS") else {"num_cpus": jobs})
        ray.init(ignore_reinit_error=True, include_dashboard=False, log_to_driver=False, **kwargs)
    remote_chunk = ray.remote(worker)
    refs = {remote_chunk.remote(spec, a, b): k for k, (spec, a, b) in enumerate(tasks)}
    parts: list[list[GameRow]] = [[] for _ in tasks]
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            k = refs[ref]
            parts[k] = ray.get(ref)
            report(tasks[k][2] - tasks[k][1])
    return parts


def summarize(run: SimRun) -> dict[str, Any]:
    """The run as one JSON object (``simulate --json``); the table is drawn from it too."""
    spec = run.spec
    seats = run.seats
    ok = [r for r in run.rows if r.error is None]
    failed = [r for r in run.rows if r.error is not None]
    wins = dict.fromkeys(seats, 0)
    draws = 0
    reasons: dict[str, int] = {}
    for row in ok:
        # every winner counts, so team games (several winners) credit each seat of the team
        for w in row.winners:
            wins[seats[w]] += 1
        if not row.winners:
            draws += 1
        reasons[row.reason] = reasons.get(row.reason, 0) + 1
    counts = {**wins, "draw": draws}
    n = len(ok)
    # games with roles (LTK) name the roles that won each game in ``scores["winning_roles"]``
    by_role: dict[str, int] = {}
    for row in ok:
        for role in row.scores.get("roles", []):
            by_role.setdefault(str(role), 0)
        for role in row.scores.get("winning_roles", []):
            by_role[str(role)] = by_role.get(str(role), 0) + 1
    extra: dict[str, Any] = {}
    if by_role:
        extra = {"wins_by_role": dict(sorted(by_role.items())),
                 "win_rate_by_role": {k: wilson(v, n).to_json() for k, v in sorted(by_role.items())}}
    return {
        "game": spec.game,
        "games": len(run.rows),
        "completed": n,
        "seed": spec.seed,
        "players": spec.config["players"],
        "variants": list(spec.config.get("variants", [])),
        "options": dict(spec.config.get("options", {})),
        "seats": list(seats),
        "bots": list(spec.bots),
        "wins": counts,
        "win_rate": {k: wilson(v, n).to_json() for k, v in counts.items()},
        "reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        "errors": len(failed),
        "error_games": [
            {"index": r.index, "seed": r.seed, "error": r.error, "where": r.where} for r in failed
        ],
        "mean_decisions": round(mean(r.decisions for r in ok), 3),
        "mean_scores": {k: round(v, 3) for k, v in numeric_means(r.scores for r in ok).items()},
        "seconds": round(run.seconds, 3),
        "games_per_second": round(len(run.rows) / run.seconds, 2) if run.seconds > 0 else 0.0,
        "jobs": run.jobs,
        "backend": run.backend,
        "record_dir": spec.record_dir,
        **extra,
    }
