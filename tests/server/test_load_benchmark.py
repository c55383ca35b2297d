"""``benchmarks/server_load.py`` starts its own ``warroom serve``: with the caps it needs, so one
client process (one address, one cookie) may hold the first seat of many tables at once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_benchmarks_server_lets_one_client_hold_more_tables_than_a_players_cap(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("server_load", ROOT / "benchmarks" / "server_load.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up there
    spec.loader.exec_module(bench)
    proc, port = bench.start_server(f"sqlite:///{tmp_path / 'load.db'}", tmp_path / "server.log")
    try:
        body = {"game": "kessen", "seats": [{"kind": "human"}, {"kind": "human"}]}  # as the benchmark's tables
        with httpx.Client(base_url=f"http://{bench.HOST}:{port}", trust_env=False) as http:
            answers = [http.post("/api/tables", json=body).status_code for _ in range(30)]
            assert http.cookies.get("warroom_player")  # one player throughout, as a client process is
        # past the default 20 tables per player and 20 creations at once from one address
        assert answers == [200] * 30
    finally:
        bench.stop_server(proc)
