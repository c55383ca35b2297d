"""Whole games must play out exactly as the committed transcripts say (see regen.py)."""

from __future__ import annotations

import difflib

import pytest

from tests.golden.regen import GOLDEN, path_for, transcript

CASES = [(game, seed) for game, seeds in GOLDEN.items() for seed in seeds]


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_playthrough_matches_the_golden_transcript(game: str, seed: int) -> None:
    expected = path_for(game, seed).read_text()
    got = transcript(game, seed)
    if got != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), got.splitlines(keepends=True),
            "golden", "now", n=2,
        ))
        pytest.fail(
            "the game no longer plays out as its golden transcript; if the change is intended, "
            "run `.venv/bin/python -m tests.golden.regen` and review the diff\n" + diff[:6000]
        )
