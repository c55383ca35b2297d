"""Words for people: prompts, action descriptions and reasons an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import MalformedAction, digits, parse
from warroom.engine.actions import Move
from warroom.engine.frames import NO_SEAT
from warroom.games.kasl.board import COLOURS, LEVEL_NAMES, UNIT_NAMES, N, tname

if TYPE_CHECKING:
    from warroom.games.kasl.rules import Kasl
    from warroom.games.kasl.state import KaslState

PIECE_NAMES = (*UNIT_NAMES, "Lord", "fortified city", "fortress", "castle")
PROMPTS = {
    "declare": "You have the smallest kingdom: declare the black plague on one of your mission cards, or pass",
    "strategic": "Strategic choice: recruit by the chart, fortify a stronghold, or build a fortified city",
    "attack": "Attack: choose a territory to attack from and one to attack, or end your attacks",
    "redeploy": "Redeploy units to an adjacent territory of yours, or end",
    "lords": "Redeploy Lords to an adjacent territory of yours, or end",
}
PICK_PROMPTS = {
    "loss": "Losses: choose a unit to remove (the units removed must make up as many of the hits as possible)",
    "capture": "Capture: choose a unit to move into the captured territory, or done",
    "redeploy": "Redeployment: choose a unit to move, or done",
}
PLACE_WHY = {
    "setup": "Preparation",
    "recruit": "Recruitment",
    "service": "Service of a Lord",
    "no_stronghold": "No stronghold: build a fortified city with its archers",
}


def seat(p: int) -> str:
    return COLOURS[p] if 0 <= p < len(COLOURS) else "neutral"


def prompt(state: KaslState, player: int) -> str:
    if state.frames and state.frames[-1].seat != NO_SEAT:
        d = state.frames[-1].data
        purpose = str(d.get("purpose", ""))
        if purpose in PICK_PROMPTS:
            return PICK_PROMPTS[purpose]
        why, _, item = purpose.partition(":")
        what = {"city": "your fortified city", "lord": "a Lord", "new_city": "your new fortified city",
                "archers": "archers", "infantry": "infantry", "cavalry": "cavalry",
                "war_machine": "a war machine"}.get(item, item)
        return f"{PLACE_WHY.get(why, why)}: choose the territory for {what}"
    return PROMPTS.get(state.step, state.step)


def describe(state: KaslState, player: int, action: str) -> str:
    """One sentence for a legal action."""
    try:
        verb, args = parse(action)
    except MalformedAction:
        return action
    num = {k: int(v) for k, v in args.items() if digits(v)}
    if verb == "pick" and "territory" in num:
        t = num["territory"] - 1
        return f"on {tname(t)}" if 0 <= t < N else action
    if verb == "pick" and "unit" in num:
        k = num["unit"]
        d = state.frames[-1].data if state.frames else {}
        word = "lose" if d.get("purpose") == "loss" else "move"
        return f"{word} one {PIECE_NAMES[k] if 0 <= k < 5 else k}"
    if verb == "done":
        return "done"
    if verb == "recruit":
        return "recruit new units by the chart"
    if verb == "fortify" and "territory" in num:
        t = num["territory"] - 1
        lv = state.level[t] if 0 <= t < N else 0
        return f"fortify {tname(t)} into a {LEVEL_NAMES[min(lv + 1, 3)]} (+1 infantry)"
    if verb == "build" and "territory" in num:
        return f"build a fortified city on {tname(num['territory'] - 1)} (+1 archers)"
    if verb in ("attack", "move", "lord") and "from" in num and "to" in num:
        a, b = num["from"] - 1, num["to"] - 1
        if not (0 <= a < N and 0 <= b < N):
            return action
        if verb == "attack":
            return f"attack {tname(b)} from {tname(a)}"
        what = "move units" if verb == "move" else "move the Lord"
        return f"{what} from {tname(a)} to {tname(b)}"
    if verb == "plague" and "card" in num:
        return f"sacrifice your mission card {tname(num['card'] - 1)}: the plague banishes it"
    if verb == "pass":
        return "do not declare the plague"
    if verb == "end":
        return {"attack": "end your attacks", "redeploy": "end the redeployment of units",
                "lords": "end the redeployment of Lords (end of your turn)"}.get(state.step, "end")
    return action


def explain_illegal(game: Kasl, state: KaslState, player: int, action: str) -> str:
    """Why an action is refused, from public facts only."""
    try:
        verb, args = parse(action)
    except MalformedAction as err:
        return str(err)
    if state.over:
        return "the game is over"
    deciders = game.deciders(state)
    if player not in deciders:
        return f"{seat(player)} has no decision to make now"
    legal = game.legal_actions(state, player)
    verbs = sorted({Move.parse(a).verb for a in legal})
    if verb in ("attack", "move", "lord") and verb in verbs:
        why = _why_not_between(state, player, verb, args)
        if why:
            return why
    if verb not in verbs:
        return f"{action!r} is not possible now; possible: {', '.join(verbs)}"
    return f"{action!r} is not one of the possible choices now (see the list of moves)"


def _why_not_between(state: KaslState, player: int, verb: str, args: dict[str, str]) -> str:
    """Why a move between two territories is refused, from the board (all of it public)."""
    from warroom.games.kasl.board import BORDER

    a, b = args.get("from", ""), args.get("to", "")
    if not (digits(a) and digits(b) and 1 <= int(a) <= N and 1 <= int(b) <= N):
        return f"name two territories 1-{N}: {verb} from=A to=B"
    src, dst = int(a) - 1, int(b) - 1
    kind = BORDER.get((src, dst))
    if kind is None:
        return f"{tname(src)} and {tname(dst)} do not border"
    if kind == "river":
        return f"a river without a bridge runs between {a} and {b}"
    if kind == "mountain":
        return f"mountains block the way between {a} and {b}"
    if state.owner[src] != player:
        return f"{tname(src)} is not yours"
    if state.plague[dst]:
        return f"{tname(dst)} is held by the black plague"
    if verb == "attack" and state.owner[dst] == player:
        return f"{tname(dst)} is already yours"
    if verb != "attack" and state.owner[dst] != player:
        return f"{tname(dst)} is not yours"
    if verb != "lord" and sum(state.units[src]) < 2:
        return f"{tname(src)} needs two units with a combat value (one always stays)"
    return ""
