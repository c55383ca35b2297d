"""Markers for choosing a quick subset (README, "Tests"): ``make test`` runs everything.

- ``e2e``: drives a real browser or a real ``warroom serve`` (``tests/server/test_e2e_*.py``);
- ``postgres``: runs against the PostgreSQL server named by ``WARROOM_TEST_POSTGRES``;
- ``slow``: takes more than a few seconds of CPU on its own (the list below, measured with
  ``pytest --durations``: whole-game sweeps, live terminals, benchmark scripts).

They are given here, by where a test lives, so that a new test in one of these places is marked
without anyone remembering to.
"""

from __future__ import annotations

import pytest

# test modules (or module::test) that take seconds each; see the module docstring
SLOW = (
    "tests/test_conformance.py",
    "tests/test_properties_kessen.py",
    "tests/test_benchmark_scripts.py",
    "tests/test_terminal_live.py",
    "tests/tessen/test_live_keys.py",
    "tests/tessen/test_properties.py",
    "tests/server/test_bounds.py",
    "tests/server/test_durability.py",
    "tests/server/test_restart.py",
    "tests/server/test_ltk_leaks.py",
    "tests/server/test_fuzz.py",
    "tests/sim/test_ray.py",
    "tests/sim/test_report.py",
    "tests/research/test_openspiel.py",
    "tests/kessen/test_belief.py",
    "tests/server/test_serve.py",
    "tests/server/test_load_benchmark.py",
    "tests/test_bench.py",
    "tests/test_simulate.py",
)
POSTGRES_MODULES = ("tests/server/test_postgres.py", "tests/server/test_scaleout.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path.rsplit("/", 1)[-1].startswith("test_e2e_"):
            item.add_marker(pytest.mark.e2e)
        callspec = getattr(item, "callspec", None)
        if path in POSTGRES_MODULES or (callspec is not None and callspec.params.get("db_url") == "postgresql"):
            item.add_marker(pytest.mark.postgres)
        if path in SLOW or item.nodeid.split("[", 1)[0] in SLOW:
            item.add_marker(pytest.mark.slow)
