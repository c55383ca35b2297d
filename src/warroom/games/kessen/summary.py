"""Paper Kessen's words between decisions: replay markers, and a finished game's summary of
every battle with its engagements (who fought, both totals, the card that decided it).

Both read only public events (``resolution`` carries both totals with their breakdowns and
``decided_by``), so a summary never shows what a seat could not see.
"""

from __future__ import annotations

from typing import Any

from warroom.games.kessen.cards import CARDS


def _name(card: Any) -> str:
    return CARDS[card].name if isinstance(card, int) and 0 <= card < len(CARDS) else str(card)


def marker(event: dict[str, Any]) -> str | None:
    """``Round 2`` at a round's start, ``Battle of round 2`` when its battle begins."""
    kind = event.get("kind")
    if kind == "round":
        return f"Round {event.get('round')}"
    if kind == "battle":
        return f"Battle of round {event.get('round')}"
    return None


def engagement_line(event: dict[str, Any]) -> str:
    """One engagement's result in a line: both units and totals, the winner, what decided it."""
    a, d = event.get("attacker", {}), event.get("defender", {})
    winner = str(event.get("winner", "")).capitalize()
    text = (f"{_name(a.get('unit'))} ({a.get('side')}) {a.get('force')} vs "
            f"{_name(d.get('unit'))} ({d.get('side')}) {d.get('force')}: {winner} wins")
    if event.get("coin", -1) >= 0:
        text += " on a coin flip"
    elif event.get("decided_by") is not None:
        text += f", decided by {_name(event['decided_by'])}"
    return text


def summary(log: list[dict[str, Any]]) -> list[str]:
    """``Round 1: Good won the battle (1 in a row)`` with its engagements under it."""
    lines: list[str] = []
    engagements: list[str] = []
    battle_round: Any = None
    for e in log:
        kind = e.get("kind")
        if kind == "battle":
            battle_round, engagements = e.get("round"), []
        elif kind == "resolution":
            engagements.append(engagement_line(e))
        elif kind == "battle_end":
            who = (f"{str(e['winner']).capitalize()} won the battle ({e.get('streak')} in a row)"
                   if e.get("winner") else "the battle had no winner")
            lines.append(f"Round {battle_round}: {who}")
            lines += [f"  {i}. {line}" for i, line in enumerate(engagements, start=1)]
            engagements = []
        elif kind == "game_over":
            lines.append(f"Game over: {e.get('reason', '')}")
    return lines
