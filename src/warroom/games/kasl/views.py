"""What a seat may see: the whole board (it is all public), and only its own mission cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.engine.frames import NO_SEAT, copy_data
from warroom.games.kasl.board import PLAGUE_MARKERS, PLAGUE_TRACK, N
from warroom.games.kasl.core import ADVANCED, principal
from warroom.games.kasl.state import choice_span

if TYPE_CHECKING:
    from warroom.games.kasl.rules import Kasl
    from warroom.games.kasl.state import KaslState


def _kingdoms(state: KaslState, principal: Any) -> tuple[int, ...]:
    if state.kingdoms is None:
        state.kingdoms = tuple(len(principal(state, p)) for p in range(state.players))
    sizes: tuple[int, ...] = state.kingdoms
    return sizes


def view(game: Kasl, state: KaslState, player: int | None) -> dict[str, Any]:
    names = game.seat_names(state.config)
    out: dict[str, Any] = {
        "game": "kasl",
        "seat": player,
        "seats": names,
        "neutral": state.players == 2,
        "advanced": ADVANCED in state.config["variants"],
        "round": state.round,
        "rounds": int(state.config["options"]["rounds"]),
        "step": state.step,
        "current": state.current,
        "order": state.order[:],
        "scale": state.sizes[:],
        "kingdoms": list(_kingdoms(state, principal)),
        "territories": [
            {"id": t + 1, "owner": state.owner[t], "units": state.units[t][:], "lord": state.lord[t],
             "level": state.level[t], "plague": state.plague[t]}
            for t in range(N)
        ],
        "supply": [row[:] for row in state.supply[: state.players]],
        "plague": {"round": state.plague_round, "markers": state.markers, "markers_total": PLAGUE_MARKERS,
                   "track": [r[:] for r in PLAGUE_TRACK], "declared_by": state.declared_by},
        "sacrificed": [[t + 1 for t in s] for s in state.sacrificed],
        "last_combat": copy_data(state.last_combat),
    }
    if state.frames and state.frames[-1].seat != NO_SEAT:
        f = state.frames[-1]
        out["choice"] = {"seat": f.seat, "purpose": f.data.get("purpose", ""),
                         "candidates": list(f.data.get("candidates", [])),
                         "picked": list(f.data.get("picked", []))}
        src, dst, hits = choice_span(state.frames[-2] if len(state.frames) > 1 else None)
        if src >= 0:
            out["choice"]["from"] = src + 1
        if dst >= 0:
            out["choice"]["to"] = dst + 1
        if hits is not None:
            out["choice"]["hits"] = hits
    if player is not None and 0 <= player < state.players and out["advanced"]:
        out["missions"] = [t + 1 for t in state.missions[player]]
    if state.over:
        out["scores"] = [dict(s) for s in state.scores]
        out["winners"] = state.winners[:]
        out["all_missions"] = [[t + 1 for t in m] for m in state.missions]
    return out
