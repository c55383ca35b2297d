"""Load benchmark for ``warroom serve``: many Paper Kessen tables, every seat a remote client.

    .venv/bin/python benchmarks/server_load.py                        # 200 tables at human pace, 60 s
    .venv/bin/python benchmarks/server_load.py --pace 0 --tables 60   # as fast as possible: the ceiling
    .venv/bin/python benchmarks/server_load.py --database postgresql://user:pw@127.0.0.1/db --json

The benchmark starts ``warroom serve`` as a subprocess on a free loopback port (a
temporary SQLite database unless ``--database`` names one) and ``--processes``
client processes. Each process runs many clients on one asyncio loop, speaking the
table protocol (``docs/protocol.md``) over real WebSockets on 127.0.0.1: every table
has two human seats, each played by a client that picks a random legal action.

- ``--pace P``: a seat that must decide waits P seconds (times a uniform 0.5-1.5
  jitter) before acting, as a person would; ``--pace 0`` acts at once (the ceiling).
- A game that ends is replaced by a new table, so ``--tables`` stay in play.
- Latency is measured by the acting client, from sending an ``action`` to receiving
  the ``state`` whose ``reply_to`` is that action's ``id`` (the acknowledgement).
- Clients keep to the server's per-connection rate limit (20 messages/s, a burst
  of 40), as a well-behaved client must.
- After the run every table's version on the server is compared with the number of
  actions its two clients had acknowledged: any difference is reported as lost.

Everything is bounded: the number of tables and processes, the measuring window,
and every wait (start-up, acknowledgements, shut-down).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import selectors
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from warroom.server.db import safe_url

HOST = "127.0.0.1"  # loopback only: the benchmark never leaves the machine
MAX_TABLES = 2000
MAX_SECONDS = 600.0
MAX_PROCESSES = 16
START_SECONDS = 120.0  # for every client to connect and say hello
DRAIN_SECONDS = 15.0  # for acknowledgements still on their way when the window closes
CLIENT_RATE = 19.0  # messages a second per connection: just under the server's 20
CLIENT_BURST = 38
LAG_TICK = 0.05  # how often each client process measures its own event-loop lag


# ----- one client process ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Job:
    """What one client process does: which table slots it plays, how fast, for how long."""

    index: int
    http: str
    ws: str
    slots: tuple[int, ...]
    pace: float
    seconds: float
    seed: int
    max_rounds: int


@dataclass(slots=True)
class Tally:
    """What one client process measured (sent back to the parent as a plain dict)."""

    latencies_ms: list[float] = field(default_factory=list)
    sent_s: list[float] = field(default_factory=list)  # when each measured action was sent (from the start)
    window_actions: int = 0
    acked: Counter[str] = field(default_factory=Counter)  # table -> actions its clients saw acknowledged
    errors: Counter[str] = field(default_factory=Counter)
    games: int = 0
    tables: int = 0
    lag_ms: list[float] = field(default_factory=list)
    throttled: int = 0  # sends our own rate limit delayed
    cpu_seconds: float = 0.0  # this process's CPU time during the window

    def to_json(self) -> dict[str, Any]:
        return {"latencies_ms": self.latencies_ms, "sent_s": self.sent_s, "window_actions": self.window_actions,
                "acked": dict(self.acked), "errors": dict(self.errors), "games": self.games, "tables": self.tables,
                "lag_ms": self.lag_ms, "throttled": self.throttled, "cpu_seconds": self.cpu_seconds}


class Run:
    """The shared clock and counters of one client process."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.tally = Tally()
        self.go = asyncio.Event()  # set when every process is ready: nobody acts before
        self.stopping = False
        self.start = 0.0
        self.end = float("inf")
        self.seats: set[SeatClient] = set()

    def in_window(self, t: float) -> bool:
        return self.start <= t <= self.end

    def error(self, reason: str) -> None:
        # numbers and ids vary; keep the kind of error so the counts group
        self.tally.errors[re.sub(r"\d+", "N", reason)[:120]] += 1


class SeatClient:
    """One human seat played over a WebSocket by random legal actions."""

    def __init__(self, run: Run, table: str, seat: int, token: str, rng: random.Random) -> None:
        self.run = run
        self.table = table
        self.seat = seat
        self.token = token
        self.rng = rng
        self.ws: ClientConnection | None = None
        self.ready = asyncio.Event()  # the first state arrived
        self.version = -1
        self.acted = -1  # the version our newest action was made at
        self.pending: tuple[str, float] | None = None  # (id, sent at) of the action awaiting its ack
        self.finished = False
        self.tokens = float(CLIENT_BURST)
        self.last = time.perf_counter()
        self.tasks: set[asyncio.Task[None]] = set()

    async def play(self) -> None:
        """Connect, say hello, and play until the game ends or the run stops."""
        url = f"{self.run.job.ws}/ws/tables/{self.table}"
        try:
            async with connect(url, open_timeout=START_SECONDS, close_timeout=5, max_size=2**22,
                               proxy=None) as ws:
                self.ws = ws
                self.run.seats.add(self)
                await ws.send(json.dumps({"type": "hello", "token": self.token}))
                async for raw in ws:
                    if self.on_message(json.loads(raw)):
                        break
        except ConnectionClosed as err:
            if not (self.run.stopping and self.pending is None):
                self.run.error(f"connection closed: {err}")
        except (OSError, TimeoutError) as err:
            self.run.error(f"connect failed: {type(err).__name__}")
        finally:
            self.run.seats.discard(self)
            self.ready.set()  # never leave the start-up waiting on a seat that failed

    def on_message(self, msg: dict[str, Any]) -> bool:
        """Handle one server message; true when this seat is done."""
        now = time.perf_counter()
        kind = msg.get("type")
        if kind == "error":
            if self.pending is not None and msg.get("reply_to") == self.pending[0]:
                self.pending = None
                self.acted = -1  # try again (a new action) after a pause
            self.run.error(str(msg.get("reason")))
            return False
        if kind != "state":
            return False
        if self.pending is not None and msg["reply_to"] == self.pending[0]:
            if self.run.in_window(self.pending[1]):
                self.run.tally.latencies_ms.append((now - self.pending[1]) * 1000)
                self.run.tally.sent_s.append(self.pending[1] - self.run.start)
            if self.run.in_window(now):
                self.run.tally.window_actions += 1
            self.run.tally.acked[self.table] += 1
            self.pending = None
        self.version = msg["version"]
        self.ready.set()
        if msg["result"] is not None:
            self.finished = True
            return True
        if self.run.stopping:
            return self.pending is None
        if msg["legal"] and self.pending is None and self.version > self.acted:
            self.acted = self.version
            task = asyncio.create_task(self.act(self.version, [a["action"] for a in msg["legal"]]))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        return False

    async def act(self, version: int, legal: list[str]) -> None:
        await self.run.go.wait()
        pace = self.run.job.pace
        if pace > 0:
            await asyncio.sleep(pace * self.rng.uniform(0.5, 1.5))
        await self.throttle()
        if self.run.stopping or self.finished or self.version != version or self.ws is None:
            return
        action_id = f"{self.seat}.{version}"
        self.pending = (action_id, time.perf_counter())
        message = {"type": "action", "action": self.rng.choice(legal), "version": version, "id": action_id}
        try:
            await self.ws.send(json.dumps(message))
        except ConnectionClosed:
            return  # the reader reports it

    async def throttle(self) -> None:
        """Keep under the server's per-connection rate limit (a token bucket like its own)."""
        while True:
            t = time.perf_counter()
            self.tokens = min(float(CLIENT_BURST), self.tokens + (t - self.last) * CLIENT_RATE)
            self.last = t
            if self.tokens >= 1.0:
                self.tokens -= 1.0
                return
            self.run.tally.throttled += 1
            await asyncio.sleep((1.0 - self.tokens) / CLIENT_RATE)

    async def stop(self) -> None:
        """At the end of the window: an idle seat closes now, one with an action in flight after its ack."""
        if self.pending is None and self.ws is not None:
            await self.ws.close()


async def _create_table(run: Run, http: httpx.AsyncClient, seed: int) -> tuple[str, list[str]]:
    # no seed: a table of two humans refuses a chosen one (the server deals from a secret seed)
    body = {"game": "kessen", "config": {"options": {"max_rounds": run.job.max_rounds}},
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    r = await http.post("/api/tables", json=body)
    r.raise_for_status()
    created = r.json()
    run.tally.tables += 1
    run.tally.acked[created["table"]] = 0
    return created["table"], [s["token"] for s in created["seats"]]


async def _slot(run: Run, http: httpx.AsyncClient, slot: int, first: asyncio.Event) -> None:
    """One table at a time, for the whole run: when a game ends the next table is created."""
    rng = random.Random(run.job.seed * 1_000_003 + slot)
    game = 0
    while not run.stopping:
        try:
            table, tokens = await _create_table(run, http, rng.randrange(2**32))
        except (httpx.HTTPError, KeyError) as err:
            run.error(f"create table failed: {type(err).__name__}")
            first.set()
            await asyncio.sleep(1.0)
            continue
        seats = [SeatClient(run, table, s, tokens[s], random.Random(rng.random())) for s in (0, 1)]
        plays = [asyncio.create_task(s.play()) for s in seats]
        if game == 0:
            await asyncio.gather(*(s.ready.wait() for s in seats))
            first.set()
        await asyncio.gather(*plays)
        if all(s.finished for s in seats):
            run.tally.games += 1
        game += 1


async def _watch_lag(run: Run) -> None:
    """How late this process's event loop wakes up: a busy client inflates the latencies it measures."""
    while not run.stopping:
        t = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        if run.in_window(t):
            run.tally.lag_ms.append((time.perf_counter() - t - LAG_TICK) * 1000)


async def _client_process(job: Job, barrier: Barrier) -> Tally:
    run = Run(job)
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=job.http, timeout=60, limits=limits, trust_env=False) as http:
        firsts = [asyncio.Event() for _ in job.slots]
        slots = [asyncio.create_task(_slot(run, http, slot, ev)) for slot, ev in zip(job.slots, firsts, strict=True)]
        await asyncio.wait_for(asyncio.gather(*(ev.wait() for ev in firsts)), START_SECONDS)
        await asyncio.to_thread(barrier.wait, START_SECONDS)  # every process connected: start together
        run.start = time.perf_counter()
        run.end = run.start + job.seconds
        run.go.set()
        cpu = time.process_time()
        lag = asyncio.create_task(_watch_lag(run))
        await asyncio.sleep(job.seconds)
        run.tally.cpu_seconds = time.process_time() - cpu
        run.stopping = True
        await asyncio.gather(*(s.stop() for s in list(run.seats)), return_exceptions=True)
        done, late = await asyncio.wait(slots, timeout=DRAIN_SECONDS)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        if late:
            run.error("no acknowledgement before the drain timeout")
        for task in done:
            if task.exception() is not None:
                run.error(f"client failed: {task.exception()!r}")
        await lag
    return run.tally


def client_main(job: Job, barrier: Barrier, out: Any) -> None:
    """Entry point of a client process: run the clients, put the tally on ``out``."""
    try:
        tally = asyncio.run(_client_process(job, barrier))
        out.put((job.index, tally.to_json(), None))
    except BaseException as err:  # the parent must hear of any failure rather than wait forever
        barrier.abort()
        out.put((job.index, None, f"{type(err).__name__}: {err}"))


# ----- the server and the report -----------------------------------------------------------------
def _warroom() -> list[str]:
    script = Path(sys.executable).with_name("warroom")
    return [str(script)] if script.exists() else [sys.executable, "-m", "warroom.cli"]


def start_server(database: str, log: Path) -> tuple[subprocess.Popen[str], int]:
    """``warroom serve`` on a free loopback port, with the caps the benchmark needs; returns the
    process and the port.

    Every client process creates its tables from one address and with one cookie (httpx keeps
    it), so it is one player holding the first seat of up to ``MAX_TABLES`` tables: the limits
    that protect a public server from one address or player (creations a minute, tables per
    player) are lifted, and the total is raised to what ``--tables`` may ask for."""
    with log.open("w") as err:
        proc = subprocess.Popen([*_warroom(), "serve", "--host", HOST, "--port", "0", "--database", database,
                                 "--bot-delay", "0", "--tables-per-minute", "0", "--max-tables", str(MAX_TABLES),
                                 "--max-tables-per-player", "0"],
                                stdout=subprocess.PIPE, stderr=err, text=True)
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        line = proc.stdout.readline() if sel.select(60) else ""
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if match is None:
        stop_server(proc)
        raise SystemExit(f"warroom serve did not start: {line.strip()!r}\n{log.read_text()}")
    return proc, int(match.group(1))


def stop_server(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _get(url: str) -> Any:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never a proxy
    with opener.open(url, timeout=30) as r:
        return json.loads(r.read())


def _cpu_seconds(proc: subprocess.Popen[str] | None) -> float:
    """User + system CPU time of the server process (all its threads); 0 for a server we did not start."""
    if proc is None:
        return 0.0
    fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine since boot."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def run_benchmark(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="warroom-load-") as tmp:
        database = args.database or f"sqlite:///{Path(tmp) / 'load.db'}"
        log = Path(tmp) / "server.log"
        proc: subprocess.Popen[str] | None = None
        if args.port is None:
            proc, port = start_server(database, log)
        else:
            port = args.port  # a server someone else started (under a profiler, say)
            log.write_text("")
        try:
            http, ws = f"http://{HOST}:{port}", f"ws://{HOST}:{port}"
            processes = max(1, min(args.processes, args.tables))
            jobs = [Job(i, http, ws, tuple(range(i, args.tables, processes)), args.pace, args.seconds, args.seed,
                        args.max_rounds) for i in range(processes)]
            ctx = multiprocessing.get_context("spawn")
            barrier = ctx.Barrier(processes + 1)
            out = ctx.Queue()
            workers = [ctx.Process(target=client_main, args=(job, barrier, out), daemon=True) for job in jobs]
            load_before = os.getloadavg()
            for w in workers:
                w.start()
            try:
                barrier.wait(START_SECONDS + 30)
            except threading.BrokenBarrierError:
                _, _, failure = out.get(timeout=30)
                raise SystemExit(f"a client process failed to start: {failure}") from None
            cpu0, machine0, t0 = _cpu_seconds(proc), _machine_ticks(), time.perf_counter()
            time.sleep(args.seconds)
            cpu1, machine1, t1 = _cpu_seconds(proc), _machine_ticks(), time.perf_counter()
            results: dict[int, dict[str, Any]] = {}
            failures: list[str] = []
            for _ in workers:
                index, tally, failure = out.get(timeout=DRAIN_SECONDS + 60)
                if failure is not None:
                    failures.append(f"client process {index}: {failure}")
                else:
                    results[index] = tally
            for w in workers:
                w.join(30)
            if failures:
                raise SystemExit("; ".join(failures))
            # nothing lost: each table's version on the server is what its clients saw acknowledged. Fewer
            # would be a lost action; more, an action committed whose acknowledgement never arrived
            acked = {t: n for r in results.values() for t, n in r["acked"].items()}
            lost: dict[str, dict[str, int]] = {}
            unacknowledged = 0
            for table, n in acked.items():
                version = _get(f"{http}/api/tables/{table}")["version"]
                if version < n:
                    lost[table] = {"server_version": version, "acknowledged": n}
                unacknowledged += max(0, version - n)
            log_text = log.read_text()
        finally:
            if proc is not None:
                stop_server(proc)
    latencies = [x for r in results.values() for x in r["latencies_ms"]]
    if args.samples is not None:
        with args.samples.open("w") as f:
            f.write("process,sent_s,latency_ms\n")
            for i, r in sorted(results.items()):
                f.writelines(f"{i},{s:.4f},{ms:.3f}\n" for s, ms in zip(r["sent_s"], r["latencies_ms"], strict=True))
    lags = [x for r in results.values() for x in r["lag_ms"]]
    errors: Counter[str] = Counter()
    for r in results.values():
        errors.update(r["errors"])
    window = t1 - t0
    actions = sum(r["window_actions"] for r in results.values())
    busy = (machine1[0] - machine0[0]) / max(1, machine1[1] - machine0[1])
    report: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "database": ("sqlite (temporary file)" if args.database is None else safe_url(database))
        if args.port is None else f"(a running server on port {args.port})",
        "tables": args.tables, "pace": args.pace, "seconds": round(window, 2), "processes": len(workers),
        "max_rounds": args.max_rounds,
        "actions": actions,
        "actions_per_second": round(actions / window, 1),
        "latency_ms": {
            "p50": _round(_percentile(latencies, 50)), "p90": _round(_percentile(latencies, 90)),
            "p99": _round(_percentile(latencies, 99)), "max": _round(max(latencies, default=None)),
            "mean": _round(statistics.fmean(latencies) if latencies else None), "samples": len(latencies),
        },
        "errors": sum(errors.values()),
        "error_kinds": dict(errors.most_common(10)),
        "server_errors_logged": sum(1 for line in log_text.splitlines() if " ERROR " in line),
        "tables_checked": len(acked),
        "lost": len(lost),
        "lost_tables": dict(list(lost.items())[:10]),
        "unacknowledged": unacknowledged,
        "games_finished": sum(r["games"] for r in results.values()),
        "tables_created": sum(r["tables"] for r in results.values()),
        "client_throttled_sends": sum(r["throttled"] for r in results.values()),
        "server_cpu_cores": round((cpu1 - cpu0) / window, 2) if proc is not None else None,
        "client_cpu_cores": round(sum(r["cpu_seconds"] for r in results.values()) / window, 2),
        "machine_cpu_busy": round(busy, 2),
        "cpus": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "client_loop_lag_ms": {"p50": _round(_percentile(lags, 50)), "p99": _round(_percentile(lags, 99))},
    }
    if args.pace > 0:
        report["target"] = "p99 < 100 ms, no errors, nothing lost"
        p99 = report["latency_ms"]["p99"]
        report["meets_target"] = p99 is not None and p99 < 100 and report["errors"] == 0 and not lost
    return report


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def render(report: dict[str, Any]) -> str:
    lat, lag = report["latency_ms"], report["client_loop_lag_ms"]
    lines = [
        f"server_load {report['when']}: {report['tables']} tables, pace {report['pace']} s, "
        f"{report['processes']} client processes, {report['seconds']} s, database {report['database']}",
        f"  actions/s          {report['actions_per_second']}  ({report['actions']} acknowledged in the window)",
        f"  latency ms         p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}"
        f"  ({lat['samples']} samples)",
        f"  errors             {report['errors']}  {report['error_kinds'] or ''}",
        f"  lost               {report['lost']} of {report['tables_checked']} tables checked"
        f" ({report['unacknowledged']} actions committed but not acknowledged)",
        f"  games finished     {report['games_finished']} ({report['tables_created']} tables created)",
        f"  CPU                server {report['server_cpu_cores']} cores, clients {report['client_cpu_cores']} cores; "
        f"machine busy {report['machine_cpu_busy']:.0%} of {report['cpus']} CPUs; "
        f"load before {report['loadavg_before']}",
        f"  client loop lag    p50 {lag['p50']} ms  p99 {lag['p99']} ms"
        f"; sends held by the client rate limit: {report['client_throttled_sends']}",
    ]
    if "meets_target" in report:
        lines.append(f"  target             {report['target']}: {'met' if report['meets_target'] else 'MISSED'}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description="Load benchmark for warroom serve (Paper Kessen tables).")
    parser.add_argument("--tables", type=int, default=200, help="tables in play at once (default 200)")
    parser.add_argument("--pace", type=float, default=1.0,
                        help="seconds a seat takes to act when it must decide, jittered x0.5-1.5 (0: at once)")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the measuring window")
    parser.add_argument("--processes", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: a temporary SQLite file)")
    parser.add_argument("--port", type=int, default=None,
                        help="use a server already running on 127.0.0.1:PORT instead of starting one")
    parser.add_argument("--max-rounds", type=int, default=60, help="Kessen's max_rounds option (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--samples", type=Path, default=None,
                        help="also write every latency sample to this CSV file (process, sent_s, latency_ms)")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1-{MAX_TABLES}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be 1-{MAX_SECONDS:g}")
    if not 1 <= args.processes <= MAX_PROCESSES:
        parser.error(f"--processes must be 1-{MAX_PROCESSES}")
    if not 0 <= args.pace <= 60:
        parser.error("--pace must be 0-60 seconds")
    report = run_benchmark(args)
    print(json.dumps(report, indent=1) if args.json else render(report))


if __name__ == "__main__":
    main()
