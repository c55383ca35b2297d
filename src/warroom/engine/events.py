"""Events: what happened, and who may see which part of it.

Redaction happens here and nowhere else: an event carries public ``data`` that
every seat and spectator sees, and optionally ``secret`` data seen only by the
seats listed in ``to`` (a card drawn, a hand looked at).
"""

from __future__ import annotations

from typing import Any, NamedTuple

ALL_SEEING = -2  # pseudo-seat for replays and debugging: sees every secret


class Event(NamedTuple):
    kind: str
    data: dict[str, Any]
    secret: dict[str, Any] | None = None
    to: tuple[int, ...] = ()

    def visible_to(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None`` is a spectator)."""
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.secret is not None and (seat == ALL_SEEING or (seat is not None and seat in self.to)):
            out.update(self.secret)
        return out


def log_for(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """A seat's log: every event, each redacted for that seat."""
    return [e.visible_to(seat) for e in events]
