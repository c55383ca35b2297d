"""The Ray backend gives exactly the local backend's results (a local cluster in this process)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from warroom.sim.report import run_report
from warroom.sim.simulate import make_spec, simulate, summarize
from warroom.sim.tournament import run_tournament, without_timing

ray = pytest.importorskip("ray")
TIMING = {"seconds", "games_per_second", "jobs", "backend"}


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING}


def test_simulate_on_ray_equals_local(cluster: None) -> None:
    spec = make_spec("kessen", 11, bots=["random", "heuristic"])
    on_ray = simulate(spec, 300, jobs=2, backend="ray")
    local = simulate(spec, 300, jobs=1)
    assert on_ray.backend == "ray"
    assert [(r.index, r.winners, r.decisions) for r in on_ray.rows] == [
        (r.index, r.winners, r.decisions) for r in local.rows]
    assert untimed(summarize(on_ray)) == untimed(summarize(local))


def test_a_tournament_on_ray_equals_local(cluster: None) -> None:
    on_ray = run_tournament("kessen", ["random", "heuristic"], 40, seed=5, jobs=2, backend="ray")
    local = run_tournament("kessen", ["random", "heuristic"], 40, seed=5, jobs=1)
    assert on_ray["backend"] == "ray" and on_ray["games"] == 80
    assert without_timing(on_ray) == without_timing(local)


def test_a_report_on_ray_equals_local(cluster: None) -> None:
    assert run_report("kessen", ["random"], 80, seed=6, jobs=2, backend="ray") == run_report(
        "kessen", ["random"], 80, seed=6, jobs=1)
