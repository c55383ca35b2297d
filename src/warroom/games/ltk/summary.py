"""LTK's words between decisions: a replay marker at each turn, and a finished game's summary
(every death in order, with the role it revealed and who dealt it; then the roles and the
winners). Read from public events only."""

from __future__ import annotations

from typing import Any

from warroom.games.ltk.generals import GENERALS
from warroom.games.ltk.text import ROLE_NAMES


def _who(seat: Any, generals: dict[int, str]) -> str:
    if not isinstance(seat, int) or seat < 0:
        return "nobody"
    general = generals.get(seat)
    return f"p{seat + 1} {general}" if general else f"p{seat + 1}"


def _generals(log: list[dict[str, Any]]) -> dict[int, str]:
    out: dict[int, str] = {}
    for e in log:
        if e.get("kind") == "general" and isinstance(e.get("seat"), int):
            g = GENERALS.get(str(e.get("general", "")))
            if g is not None:
                out[e["seat"]] = g.name
    return out


def marker(event: dict[str, Any]) -> str | None:
    """``p2's turn`` when a turn begins."""
    if event.get("kind") == "turn" and isinstance(event.get("seat"), int):
        return f"p{event['seat'] + 1}'s turn"
    return None


def summary(log: list[dict[str, Any]]) -> list[str]:
    generals = _generals(log)
    lines: list[str] = []
    turns = 0
    for e in log:
        kind = e.get("kind")
        if kind == "turn":
            turns += 1
        elif kind == "death":
            role = ROLE_NAMES.get(str(e.get("role")), str(e.get("role")))
            killer = e.get("killer")
            by = f", killed by {_who(killer, generals)}" if isinstance(killer, int) and killer >= 0 else ""
            lines.append(f"Turn {turns}: {_who(e.get('seat'), generals)} ({role}) died{by}")
        elif kind == "game_over":
            roles = e.get("roles") or []
            lines.append("Roles: " + ", ".join(
                f"{_who(i, generals)} {ROLE_NAMES.get(str(r), str(r))}".rstrip() for i, r in enumerate(roles)))
            winners = [_who(w, generals) for w in e.get("winners") or []]
            lines.append(f"{' and '.join(winners) or 'Nobody'} won: {e.get('reason', '')}")
    return lines
