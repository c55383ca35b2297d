"""The cost of nested resolution: pushing and resolving a three-deep window, per frame.

    .venv/bin/python benchmarks/nesting.py                 # about 5 s
    .venv/bin/python benchmarks/nesting.py --rounds 9 --chains 5000 --json

The nesting test game (``tests/nest_game.py``), three seats. North strikes south; the
Strike's window goes round (north passes, east cancels), the window on east's Cancel asks
north (who cancels), the window on north's Cancel asks south (who cancels), and the window
on south's Cancel finds nobody to ask and closes by itself. Then the chain unwinds: three
Cancels, the Strike is stopped, and north is asked for its next action. That is five frames
pushed and resolved (the Strike and four windows) and five decisions.

Three figures per round, the **median round** reported:

- ``engine_us_per_frame``: the chain driven through ``apply_trusted`` (what bots and
  simulation pay): the frame stack, the window rule, the game's responses;
- ``apply_us_per_frame``: the same through ``apply``, with each answer's legality checked;
- ``us_per_decision``: the ``apply_trusted`` chain per decision.

The states are set up before the timing starts, so setting up is not counted; the time is
this process's CPU time (``time.process_time``), so that on a shared machine the time spent
waiting for a core is not counted (cache and hyper-thread contention still are). The target is
under 20 µs per frame (``engine_us_per_frame``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# the repository root, so that ``tests.nest_game`` imports as it does under pytest
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.nest_game import GAME, NestState

from warroom.engine import Rng
from warroom.engine.frames import Frame

TARGET_US_PER_FRAME = 20.0
CHAIN = [(0, "strike card=0 target=2"), (0, "pass"), (1, "cancel card=18"), (0, "cancel card=20"),
         (2, "cancel card=19")]
FRAMES = 5  # the Strike and four windows


def start() -> NestState:
    """North to act, holding a Strike and a Cancel; east and south hold one Cancel each."""
    config = GAME.configure(3)
    hands = [[0, 20, 35], [18, 33], [19, 34]]
    used = {c for h in hands for c in h}
    state = NestState(config, Rng(1), [c for c in range(40) if c not in used], [], hands, [3, 3, 3],
                      [True, True, True])
    state.frames.append(Frame("turn", 0, {"seat": 0, "stage": "act", "struck": False, "traded": False}))
    return state


def check(state: NestState) -> None:
    """The chain did what it says: three Cancels, nobody damaged, north to act again."""
    assert state.life == [3, 3, 3] and [f.kind for f in state.frames] == ["turn"]
    assert GAME.deciders(state) == [0] and sorted(state.discard) == [0, 18, 19, 20]


def one_round(chains: int, trusted: bool) -> float:
    """CPU seconds of this process for ``chains`` whole chains (a busy machine's waits are not counted)."""
    states = [start() for _ in range(chains)]
    act = GAME.apply_trusted if trusted else GAME.apply
    t0 = time.process_time()
    for state in states:
        for seat, action in CHAIN:
            act(state, seat, action)
    elapsed = time.process_time() - t0
    check(states[-1])
    return elapsed


def measure(rounds: int = 7, chains: int = 3000) -> dict[str, Any]:
    one_round(200, True)  # warm up
    engine = statistics.median(one_round(chains, True) for _ in range(rounds))
    checked = statistics.median(one_round(chains, False) for _ in range(rounds))
    per_frame = engine / chains / FRAMES * 1e6
    return {
        "chains": chains,
        "rounds": rounds,
        "frames_per_chain": FRAMES,
        "decisions_per_chain": len(CHAIN),
        "engine_us_per_frame": round(per_frame, 2),
        "apply_us_per_frame": round(checked / chains / FRAMES * 1e6, 2),
        "us_per_decision": round(engine / chains / len(CHAIN) * 1e6, 2),
        "target_us_per_frame": TARGET_US_PER_FRAME,
        "meets_target": per_frame < TARGET_US_PER_FRAME,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--chains", type=int, default=3000, help="chains per round")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    row = measure(args.rounds, args.chains)
    if args.json:
        print(json.dumps(row, indent=1))
        return
    print(f"three-deep window chain ({FRAMES} frames, {len(CHAIN)} decisions), median of {args.rounds} "
          f"rounds of {args.chains}:")
    print(f"  engine (apply_trusted): {row['engine_us_per_frame']:.2f} us per frame, "
          f"{row['us_per_decision']:.2f} us per decision")
    print(f"  checked (apply):        {row['apply_us_per_frame']:.2f} us per frame")
    print(f"  target: under {TARGET_US_PER_FRAME:.0f} us per frame: {'met' if row['meets_target'] else 'NOT met'}")


if __name__ == "__main__":
    main()
