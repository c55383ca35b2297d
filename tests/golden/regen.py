"""Golden playthroughs: a few whole games as committed transcripts.

Each is a random-bot game with a fixed seed, replayed by ``warroom replay``. The test
regenerates every transcript and compares it with the committed file, so any change in rules,
events or wording shows up in review as a diff. After an intended change, regenerate with

    .venv/bin/python -m tests.golden.regen
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from typer.testing import CliRunner

from warroom.bots import make
from warroom.cli import app
from warroom.engine import registry
from warroom.engine.runner import play_bots

HERE = Path(__file__).parent
GOLDEN = {"kessen": [3, 11]}


def path_for(game: str, seed: int) -> Path:
    return HERE / f"{game}-seed{seed}.txt"


def transcript(game_name: str, seed: int) -> str:
    """The replay transcript of a random-vs-random game with this seed."""
    game = registry.get(game_name)
    config = game.configure()
    bots = [make(game_name, "random") for _ in range(config["players"])]
    _, match = play_bots(game, config, seed, bots, record=True)
    assert match is not None
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "game.json"
        match.record.save(record)
        out = CliRunner().invoke(app, ["replay", str(record)])
    if out.exit_code != 0:
        raise RuntimeError(out.output)
    return out.output


def main() -> None:
    for game, seeds in GOLDEN.items():
        for seed in seeds:
            path = path_for(game, seed)
            path.write_text(transcript(game, seed))
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
