"""Words for people: prompts, action descriptions and reasons an action is refused."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from warroom.engine import MalformedAction, parse, whole
from warroom.engine.actions import Move
from warroom.games.kessen.cards import BY_KEY, CARDS, KEY
from warroom.games.kessen.core import decider, played_record, same_move
from warroom.games.kessen.force import unit_force
from warroom.games.kessen.state import Choose, Discard, Losses

if TYPE_CHECKING:
    from warroom.games.kessen.rules import Kessen
    from warroom.games.kessen.state import KessenState

SIDES = ("good", "evil")

PROMPTS = {
    "deploy": "Deploy phase: form a unit (leader + troop), attach a modifier, play a special, or pass",
    "after_battle": "After the battle: attach After-Battle modifiers, or pass",
    "pick": "Strategy segment: pick your attacking unit and the unit it attacks (or play a strategy card first)",
    "respond": "Your opponent played a strategy card: negate it with Know Enemy, or pass",
    "strategy": "Strategy segment: play a strategy card, intercept, or pass",
    "tactics": "Tactics segment: play a Formation, Tactics, Spell or Event card on your fighting unit, or pass",
}


def card_name(card: int) -> str:
    return CARDS[card].name if 0 <= card < len(CARDS) else f"card {card}"


def prompt(state: KessenState, player: int) -> str:
    if state.frames:
        frame = state.frames[-1]
        kind = frame.kind
        data = frame.data
        if isinstance(data, Discard):
            hand = {"actions": "action", "recruits": "recruit", "leaders": "leader"}[data.hand]
            if data.why:
                return f"{data.why}: discard from your {hand} hand down to {data.keep} cards"
            return f"Discard from your {hand} hand down to {data.keep} cards"
        if isinstance(data, Losses):
            return f"Losses: discard a modifier from {card_name(data.unit)}'s unit"
        if kind == "give":
            return "Treachery: choose one of your units to hand over to your opponent"
        if kind == "assassin":
            return "Assassin: choose one of your leaders to discard"
        if isinstance(data, Choose):
            return f"Choose a different {data.slot} unit"
        if kind == "window":
            return PROMPTS["respond"]
    return PROMPTS.get(state.step, state.step)


def _unit_label(state: KessenState, leader: int) -> str:
    unit = state.find_unit(leader)
    if unit is None or not unit.troops:
        return card_name(leader)
    return f"{card_name(leader)} ({' + '.join(card_name(t) for t in unit.troops)})"


# cards whose effect is not (only) on a Force total: never marked "no effect now"
SIDE_EFFECTS = frozenset({"losses", "slain", "snipe", "outflank", "dome"})
NO_EFFECT = "no effect now"
# cards that can change the opposing unit's total: the negating ones, and Duel
HITS_OPPONENT = frozenset({"tactician", "raid", "fissure", "iron_wall", "rally", "hail", "ice_storm", "duel"})


def effect(state: KessenState, player: int, action: str,
           before: dict[int, int] | None = None) -> tuple[str, bool] | None:
    """What a Tactics-segment card would do now, where the rules make it computable: the Force
    totals it changes ("Liu Bei 12 → 14"), and whether it would do nothing at all."""
    if state.step != "tactics" or state.frames or Move.parse(action).verb != "play":
        return None
    try:
        _, args = parse(action)
        card = whole(args["card"])
        on = whole(args.get("on", "-1"))
    except (MalformedAction, KeyError):
        return None
    if card not in state.sides[player].actions:
        return None
    as_ = args.get("as", "")
    key = as_ or KEY[card]
    sides = (state.attacker, 1 - state.attacker)
    leaders = (state.att_unit, state.def_unit)
    # a shallow copy with the card added to the engagement's played cards: Force totals read
    # only those (the random discards of Snipe and the like change no total); cheap, as the
    # view that bots read carries these notes
    after = copy.copy(state)
    after.played = [*state.played, played_record(state, player, card, on, as_)]
    changes: list[str] = []
    pairs = sorted(zip(sides, leaders, strict=True), key=lambda x: x[0] != player)
    if key not in HITS_OPPONENT:
        pairs = pairs[:1]  # the card changes its own unit's total only
    for side, leader in pairs:
        unit = state.find_unit(leader)
        if unit is None:
            return None
        known = before if before is not None else {}
        if leader not in known:  # the totals now, once per view (``before``) for all its moves
            known[leader] = unit_force(state, side, unit, True)[0]
        f0, f1 = known[leader], unit_force(after, side, unit, True)[0]
        if f0 != f1:
            changes.append(f"{card_name(leader)} {f0} → {f1}")
    if changes:
        return "; ".join(changes), False
    if key in SIDE_EFFECTS:
        return "", False
    return NO_EFFECT, True


def describe(state: KessenState, player: int, action: str) -> str:
    """One sentence for a legal action (with its effect, where it can be computed)."""
    text = _describe(state, player, action)
    shown = effect(state, player, action)
    if shown is not None and shown[0]:
        text += f" [{shown[0]}]"
    return text


def _describe(state: KessenState, player: int, action: str) -> str:
    try:
        verb, args = parse(action)
        a = {k: whole(v) for k, v in args.items() if k != "as"}
    except MalformedAction:
        return action
    if verb == "pass":
        return "Pass"
    if verb == "deploy":
        unit = state.find_unit(a["leader"])
        if unit is not None and unit.troops:  # Cao Bu's second troop
            return f"Attach troop {card_name(a['troop'])} to {card_name(a['leader'])}"
        return f"Form a unit: {card_name(a['leader'])} leading {card_name(a['troop'])}"
    if verb == "attach":
        return f"Attach {card_name(a['card'])} to {_unit_label(state, a['unit'])}"
    if verb == "special":
        text = f"Play {card_name(a['card'])}"
        if "unit" in a:
            text += f" on {_unit_label(state, a['unit'])}"
        return text
    if verb == "pick":
        return f"Attack {_unit_label(state, a['defender'])} with {_unit_label(state, a['attacker'])}"
    if verb == "intercept":
        return f"Intercept: {_unit_label(state, a['unit'])} becomes the defender"
    if verb == "give":
        return f"Give {_unit_label(state, a['unit'])} to your opponent"
    if verb == "choose":
        return f"Choose {_unit_label(state, a['unit'])}"
    if verb == "discard":
        return f"Discard {card_name(a['card'])}"
    if verb == "play":
        card = a["card"]
        text = f"Play {card_name(card)}"
        if "as" in args:
            text += f" as {CARDS[BY_KEY[args['as']][0]].name}"
        if "unit" in a:
            text += f": {_unit_label(state, a['unit'])}"
        if "on" in a:
            text += f" on {card_name(a['on'])}"
        return text + f" — {CARDS[card].text}"
    return action


def explain_illegal(game: Kessen, state: KessenState, player: int, action: str) -> str:
    """A specific reason when we can give one, else a general one."""
    if state.winner >= 0:
        return "the game is over"
    if player != decider(state):
        return f"it is {SIDES[decider(state)]}'s decision, not {SIDES[player]}'s"
    verb, args = parse(action)
    legal = game.legal_actions(state, player)
    verbs = sorted({Move.parse(x).verb for x in legal})
    if verb not in verbs:
        return f"'{verb}' is not possible now ({prompt(state, player).lower()}); you may: {', '.join(verbs)}"
    twin = next((x for x in legal if x != action and same_move(x) == same_move(action)), None)
    if twin is not None:
        return f"that is the same move as '{twin}' (identical copies are offered once): use that"
    for key in ("card", "leader", "troop"):
        if key in args:
            try:
                card = whole(args[key])
            except MalformedAction:
                return f"{key}={args[key]} is not a card number"
            if not 0 <= card < len(CARDS):
                return f"there is no card {card}"
            if not any(f"{key}={card}" in x for x in legal):
                return f"{card_name(card)} ({KEY[card]}) cannot be used that way now"
    return f"'{action}' is not a legal {verb} now"
