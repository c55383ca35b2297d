"""Tessen's words between decisions: a replay marker at each round, and a finished match's
summary (every round's winner with both sides' points, then the match). Public events only."""

from __future__ import annotations

from typing import Any

SEATS = ("p1", "p2")


def _seat(index: Any) -> str:
    return SEATS[index] if isinstance(index, int) and 0 <= index < 2 else str(index)


def marker(event: dict[str, Any]) -> str | None:
    """``Round 2`` when a round is dealt."""
    return f"Round {event.get('round')}" if event.get("kind") == "round" else None


def summary(log: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for e in log:
        kind = e.get("kind")
        if kind == "tessen":
            points = e.get("points") or [0, 0]
            text = f"Round {e.get('round')}: {_seat(e.get('winner'))} won, {points[0]} points to {points[1]}"
            if e.get("tie"):
                text += f" (a tie: {_seat(e.get('ender'))} ended the round)"
            if any(e.get("dragon_loss") or []):
                text += f"; dragon losses {e['dragon_loss'][0]}-{e['dragon_loss'][1]}"
            lines.append(text)
        elif kind == "match":
            wins = e.get("wins") or [0, 0]
            lines.append(f"{e.get('winner')} won the match, {wins[0]} rounds to {wins[1]}")
    return lines
