"""Kasl positions: a readable description of one moment of a game (docs/rules/kasl.md, "Positions").

``describe(state)`` writes one; ``build(game, description)`` checks it (one line per fault) and
returns the state. Supplies are not written: every piece not on the board is in its colour's
supply, so they follow from the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.engine import ConfigError, Rng, digits
from warroom.engine.frames import copy_data, frames_from_json, frames_to_json
from warroom.games.kasl.board import BASIC, CITY, LEVEL_NAMES, LORD, MAX_LORDS, MAX_STRONGHOLDS, N
from warroom.games.kasl.state import NOBODY, TYPED_FRAMES, KaslState

if TYPE_CHECKING:
    from warroom.games.kasl.rules import Kasl

STEPS = ("setup", "round", "declare", "turn", "lord_service", "strategic", "attack", "redeploy", "lords",
         "end_turn", "over")
NEUTRAL = "neutral"
FRAME_KINDS = ("select", *TYPED_FRAMES.by_kind)  # the engine's picks and the game's own kinds


def describe(game: Kasl, state: KaslState) -> dict[str, Any]:
    names = game.seat_names(state.config)

    def who(p: int) -> str | None:
        if p == NOBODY:
            return None
        return names[p] if p < state.players else NEUTRAL

    territories: dict[str, Any] = {}
    for t in range(N):
        if state.owner[t] == NOBODY and not state.plague[t] and not any(state.units[t]):
            continue
        entry: dict[str, Any] = {"owner": who(state.owner[t])}
        units = {BASIC[k]: n for k, n in enumerate(state.units[t]) if n}
        if units:
            entry["units"] = units
        if state.lord[t]:
            entry["lord"] = True
        if state.level[t]:
            entry["stronghold"] = LEVEL_NAMES[state.level[t]].replace(" ", "_")
        if state.plague[t]:
            entry["plague"] = True
        territories[str(t + 1)] = entry
    out: dict[str, Any] = {
        "game": game.name,
        "rules_version": game.rules_version,
        "players": state.players,
        "variants": list(state.config["variants"]),
        "options": dict(state.config["options"]),
        "rng": state.rng.state,
        "round": state.round,
        "step": state.step,
        "order": [names[p] for p in state.order],
        "turn": state.turn,
        "left": state.left,
        "scale": state.sizes[:],
        "plague": {"round": state.plague_round, "markers": state.markers,
                   "declared_by": who(state.declared_by)},
        "territories": territories,
        "moves": state.moves,
    }
    if "advanced" in state.config["variants"]:
        out["missions"] = {names[p]: [t + 1 for t in m] for p, m in enumerate(state.missions)}
        out["sacrificed"] = {names[p]: [t + 1 for t in m] for p, m in enumerate(state.sacrificed) if m}
    if state.last_combat:
        out["last_combat"] = copy_data(state.last_combat)
    if state.frames:
        out["pending"] = frames_to_json(state.frames)  # bottom first, territories 0-47 inside
    if state.over:
        out["result"] = {"scores": {names[p]: dict(s) for p, s in enumerate(state.scores)},
                         "winners": [names[p] for p in state.winners]}
    return out


def build(game: Kasl, d: dict[str, Any]) -> KaslState:
    faults: list[str] = []

    def fault(text: str) -> None:
        faults.append(text)

    if not isinstance(d, dict):
        raise ConfigError("a position is a JSON object")
    if d.get("game", game.name) != game.name:
        fault(f"game: {d.get('game')!r} is not {game.name}")
    if d.get("rules_version", game.rules_version) != game.rules_version:
        fault(f"rules_version: {d.get('rules_version')!r}; this is version {game.rules_version}")
    try:
        config = game.configure(d.get("players", 2), d.get("variants", []), d.get("options"))
    except ConfigError as err:
        raise ConfigError(f"players/variants/options: {err}") from None
    n = int(config["players"])
    names = game.seat_names(config)
    seat_of = {name: i for i, name in enumerate(names)}
    if n == 2:
        seat_of[NEUTRAL] = 2

    def seat(value: Any, where: str, none_ok: bool = True) -> int:
        if value is None and none_ok:
            return NOBODY
        if value not in seat_of:
            fault(f"{where}: {value!r} is not a seat ({', '.join(seat_of)})")
            return NOBODY
        return seat_of[value]

    state = KaslState.fresh(config, Rng(_int(d.get("rng", 0), "rng", fault)), n)
    raw_ts = d.get("territories", {})
    if not isinstance(raw_ts, dict):
        raw_ts = {}
        fault("territories: an object from territory number to its contents")
    for key, entry in raw_ts.items():
        where = f"territories.{key}"
        if not (digits(str(key)) and 1 <= int(key) <= N) or not isinstance(entry, dict):
            fault(f"{where}: no territory {key!r} (1-{N}), or not an object")
            continue
        t = int(key) - 1
        owner = seat(entry.get("owner"), f"{where}.owner")
        state.owner[t] = owner
        for name, count in (entry.get("units") or {}).items():
            if name not in BASIC or not isinstance(count, int) or count < 0:
                fault(f"{where}.units.{name}: not a unit type ({', '.join(BASIC)}) with a count")
                continue
            state.units[t][BASIC.index(name)] = count
        state.lord[t] = 1 if entry.get("lord") else 0
        level_name = entry.get("stronghold")
        if level_name is not None:
            levels = [x.replace(" ", "_") for x in LEVEL_NAMES]
            if level_name not in levels[1:]:
                fault(f"{where}.stronghold: {level_name!r} is not one of {', '.join(levels[1:])}")
            else:
                state.level[t] = levels.index(level_name)
        state.plague[t] = 1 if entry.get("plague") else 0
        basic = sum(state.units[t])
        if state.plague[t] and (owner != NOBODY or basic or state.lord[t] or state.level[t]):
            fault(f"{where}: a plague territory holds nothing and belongs to nobody")
        if owner == NOBODY and (basic or state.lord[t] or state.level[t]):
            fault(f"{where}: pieces need an owner")
        if state.lord[t] and not basic:
            fault(f"{where}: a Lord is never alone")
        if owner != NOBODY and not basic and not state.level[t]:
            fault(f"{where}: a territory without units or stronghold belongs to nobody")
        if owner == n and (state.level[t] or state.lord[t] or any(state.units[t][1:])):
            fault(f"{where}: the neutral army holds only infantry")
    for p in range(n + 1):
        row = state.supply[p]
        for t in range(N):
            if state.owner[t] != p:
                continue
            for k in range(4):
                row[k] -= state.units[t][k]
            row[LORD] -= state.lord[t]
            for lv in range(state.level[t]):
                row[CITY + lv] -= 1
        label = names[p] if p < n else NEUTRAL
        for k, left in enumerate(row):
            if left < 0:
                fault(f"{label}: more pieces on the board than the army holds (slot {k})")
        if p < n:
            if sum(1 for t in range(N) if state.owner[t] == p and state.level[t]) > MAX_STRONGHOLDS:
                fault(f"{label}: more than {MAX_STRONGHOLDS} strongholds")
            if sum(1 for t in range(N) if state.owner[t] == p and state.lord[t]) > MAX_LORDS:
                fault(f"{label}: more than {MAX_LORDS} Lords")
    state.round = _int(d.get("round", 1), "round", fault)
    state.step = str(d.get("step", "round"))
    if state.step not in STEPS:
        fault(f"step: {state.step!r} is not one of {', '.join(STEPS)}")
    order = d.get("order", names)
    state.order = [seat(x, "order", none_ok=False) for x in order] if isinstance(order, list) else []
    if sorted(state.order) != list(range(n)) and state.step != "setup":
        fault("order: every seat once")
    state.turn = _int(d.get("turn", 0), "turn", fault)
    state.left = _int(d.get("left", 0), "left", fault)
    state.sizes = [_int(x, "scale", fault) for x in d.get("scale", [])]
    plague = d.get("plague", {}) or {}
    state.plague_round = _int(plague.get("round", 0), "plague.round", fault)
    state.markers = _int(plague.get("markers", sum(state.plague)), "plague.markers", fault)
    state.declared_by = seat(plague.get("declared_by"), "plague.declared_by")
    if "advanced" in config["variants"]:
        for name, cards in (d.get("missions") or {}).items():
            p = seat(name, f"missions.{name}", none_ok=False)
            if p >= 0 and isinstance(cards, list) and all(isinstance(c, int) and 1 <= c <= N for c in cards):
                state.missions[p] = sorted(c - 1 for c in cards)
            else:
                fault(f"missions.{name}: territory numbers")
        for name, cards in (d.get("sacrificed") or {}).items():
            p = seat(name, f"sacrificed.{name}", none_ok=False)
            if p >= 0 and isinstance(cards, list) and all(isinstance(c, int) and c - 1 in state.missions[p]
                                                          for c in cards):
                state.sacrificed[p] = [c - 1 for c in cards]
            else:
                fault(f"sacrificed.{name}: cards must be that seat's missions")
        dealt = [c for m in state.missions for c in m]
        if len(dealt) != len(set(dealt)) or any(len(m) not in (0, 2) for m in state.missions):
            fault("missions: two different cards each")
    state.last_combat = copy_data(d.get("last_combat", {}))
    try:
        state.frames = TYPED_FRAMES.typed(frames_from_json(list(d.get("pending", []))))
    except (KeyError, TypeError, ValueError):
        fault("pending: engine frames as describe_position writes them")
    if any(f.kind not in FRAME_KINDS for f in state.frames):
        fault(f"pending: frame kinds are {', '.join(FRAME_KINDS)}")
    state.moves = _int(d.get("moves", 0), "moves", fault)
    result = d.get("result")
    if result is not None:
        state.over = True
        state.scores = [{str(k): int(v) for k, v in (result.get("scores", {}).get(name) or {}).items()}
                        for name in names]
        state.winners = [seat(w, "result.winners", none_ok=False) for w in result.get("winners", [])]
    if faults:
        raise ConfigError("; ".join(faults))
    if not state.over:
        events: list[Any] = []
        game._advance(state, events)
    return state


def _int(value: Any, where: str, fault: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fault(f"{where}: {value!r} is not a whole number")
        return 0
    return value
