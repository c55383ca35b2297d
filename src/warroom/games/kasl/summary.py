"""Kasl's words between decisions: replay markers at each round and turn, and a finished
game's summary (every player's final score with its parts, and the winners). Public events only."""

from __future__ import annotations

from typing import Any

from warroom.games.kasl.board import COLOURS

PARTS = (("kingdom", "kingdom"), ("strongholds", "strongholds"), ("lords", "lords"),
         ("stronghold_mission", "stronghold mission"), ("fiefdom_mission", "fiefdom mission"))


def _colour(seat: Any) -> str:
    return COLOURS[seat].capitalize() if isinstance(seat, int) and 0 <= seat < len(COLOURS) else f"seat {seat}"


def marker(event: dict[str, Any]) -> str | None:
    """``Round 2`` when a round begins, ``Round 2: Red's turn`` when a turn does."""
    kind = event.get("kind")
    if kind == "round":
        return f"Round {event.get('round')}"
    if kind == "turn":
        return f"Round {event.get('round')}: {_colour(event.get('seat'))}'s turn"
    return None


def summary(log: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    rounds = 0
    for e in log:
        kind = e.get("kind")
        if kind == "round":
            rounds += 1
        elif kind == "end":
            lines.append(f"Final scores after {rounds} rounds:")
            for p, s in enumerate(e.get("scores") or []):
                parts = ", ".join(f"{s.get(k, 0)} {label}" for k, label in PARTS)
                lines.append(f"  {_colour(p)} {s.get('total', 0)} VP ({parts})")
            winners = " and ".join(_colour(w) for w in e.get("winners") or [])
            lines.append(f"{winners or 'Nobody'} won")
    return lines
