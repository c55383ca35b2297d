"""Words for people: prompts, action descriptions and the reasons an action is refused.

Every sentence reads only what the player it is for may know (their own hand, the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import MalformedAction, parse
from warroom.games.tessen.cards import ANIMAL_NAMES, HAND_LIMIT, KEEP_AT, card_name
from warroom.games.tessen.core import ACTIONS, DRAGON, SACRED, attacked, dragon_while_attacked, suitable

if TYPE_CHECKING:
    from warroom.games.tessen.rules import Tessen
    from warroom.games.tessen.state import TessenState

SEATS = ("p1", "p2")


def decision_kind(state: TessenState, p: int) -> str:
    if state.phase == "serve":
        return "serve"
    if state.sides[p].take:
        return "take"
    if state.attack and state.attack[0] != p:
        return "answer"
    return "play"


def prompt(game: Tessen, state: TessenState, p: int) -> str:
    kind = decision_kind(state, p)
    if kind == "serve":
        return "Serving the Shogun: remove one warrior from your deck for the rest of the match"
    if kind == "take":
        take = state.sides[p].take
        return (f"Place the {take[1]} yielded {ANIMAL_NAMES[take[0]]} in a suitable place or your "
                f"discard pile (by {take[2]} ms)")
    if kind == "answer":
        return (f"Attack on your place {state.attack[1] + 1}: defend with a warrior or yield "
                f"(by {state.attack[3]} ms)")
    return "Draw, play, keep, discard, attack or clear: whenever you like"


def _plural(name: str, n: int) -> str:
    return name if n == 1 else name + "s"


def describe(state: TessenState, player: int, action: str) -> str:
    """One sentence for a legal action."""
    op = ACTIONS.get(action)
    if op is None:
        return action
    verb, a, b = op
    if verb == "draw":
        if a:
            top = state.sides[1 - player].discard
            return f"Draw the {card_name(top[-1])} from your opponent's discard pile" if top else \
                "Draw from your opponent's discard pile"
        return "Draw the top card of your deck"
    if verb == "play":
        pile = state.sides[player].places[b]
        if pile[0] == a:
            return f"Play a {card_name(a)} on your pile in place {b + 1} ({pile[1] + 1} cards)"
        return f"Play a {card_name(a)} in the empty place {b + 1}"
    if verb == "keep":
        pile = state.sides[player].places[a]
        return f"Kept! Put the {pile[1]} {card_name(pile[0])} cards of place {a + 1} in your score pile"
    if verb == "discard":
        return f"Discard a {card_name(a)} onto your animal discard pile"
    if verb == "attack":
        pile = state.sides[1 - player].places[a]
        what = f"their {pile[1]} {card_name(pile[0])} cards" if pile[0] >= 0 else "an empty place"
        return f"Attack! Your {card_name(b)} attacks place {a + 1} of your opponent ({what})"
    if verb == "defend":
        return f"Defend! with your {card_name(a)}: both warriors go to the warrior discard pile"
    if verb == "yield":
        mine = state.sides[player].places[state.attack[1]] if state.attack else None
        what = f"your {mine[1]} {card_name(mine[0])} cards" if mine and mine[0] >= 0 else "nothing"
        return f"Yield {what}; the attacking warrior blocks that place until you clear it"
    if verb == "take":
        take = state.sides[player].take
        name = card_name(take[0]) if take else "animal"
        if a < 0:
            return f"Put the yielded {name} cards on your animal discard pile"
        return f"Put the yielded {name} cards in your place {a + 1}"
    if verb == "clear":
        return f"Clear! Your {card_name(b)} removes the enemy warrior from your place {a + 1}"
    if verb == "dragon":
        return f"Attack the dragon with your {card_name(a)}: it stays there for the whole match"
    if verb == "sacred":
        return f"Put a {card_name(a)} on the sacred animal card"
    if verb == "serve":
        return f"Serve the Shogun: remove a {card_name(a)} from your deck for the rest of the match"
    return action


def explain_illegal(game: Tessen, state: TessenState, player: int, action: str) -> str:
    """Why ``action`` is not legal now (after the clock has been moved to the action's time)."""
    try:
        verb_word, _ = parse(action)
    except MalformedAction as err:
        return str(err)
    op = ACTIONS.get(action)
    if op is None:
        return (f"{action!r} is not a Tessen action (draw, play, keep, discard, attack, defend, yield, "
                f"take, clear, dragon, sacred, serve; see the legal actions)")
    verb, a, b = op
    side = state.sides[player]
    hand = side.hand
    if state.phase == "serve":
        return "the round is over: the round's winner is serving the Shogun"
    if verb == "serve":
        return "nobody serves the Shogun while the round is played"
    wait = game.ready_at(state, player) - state.clock
    if wait > 0:
        gap = state.config["options"]["min_interval_ms"]
        return (f"too soon: {SEATS[player]} may act again in {wait} ms "
                f"(at least {gap} ms between two actions of one player)")
    if side.take and verb != "take":
        return "place the animals your opponent yielded first (take)"
    if attacked(state, player) and verb not in ("defend", "yield") and not (
            verb == "dragon" and dragon_while_attacked(state)):
        return (f"you are under attack on place {state.attack[1] + 1}: defend or yield before "
                f"anything else")
    if verb == "take":
        if not side.take:
            return "there are no yielded animals for you to place"
        return f"place {a + 1} is not a suitable place for {card_name(side.take[0])} cards"
    if verb in ("defend", "yield"):
        if not attacked(state, player):
            return "nobody is attacking you"
        if a not in hand:
            return f"you hold no {card_name(a)}"
        return "only a super-warrior defends against a super-warrior"
    if verb == "draw":
        if len(hand) >= HAND_LIMIT:
            return f"you hold {HAND_LIMIT} cards: play or discard one before you draw"
        return "your opponent's animal discard pile is empty"
    if verb in ("play", "discard", "sacred") and a not in hand:
        return f"you hold no {card_name(a)}"
    if verb == "play":
        place = side.places[b]
        if place[2] >= 0:
            return f"an enemy warrior blocks your place {b + 1}: clear it first"
        where = suitable(side, a)
        if place[0] >= 0:
            return f"place {b + 1} holds your {card_name(place[0])} pile"
        return f"your {card_name(a)} pile is in place {where[0] + 1}: one pile per kind"
    if verb == "keep":
        pile = side.places[a]
        return f"a pile needs at least {KEEP_AT} cards to be kept (place {a + 1} holds {pile[1]})"
    if verb == "discard":
        return f"you may discard an animal only with {HAND_LIMIT} cards in hand"
    if verb in ("sacred", "dragon"):
        variant = SACRED if verb == "sacred" else DRAGON
        if variant not in state.config["variants"]:
            return f"this match is played without the {variant} expansion"
    w = b if verb in ("attack", "clear") else a
    if w not in hand:
        return f"you hold no {card_name(w)}"
    if verb == "attack":
        if state.attack:
            return f"your attack on place {state.attack[1] + 1} is not answered yet: one attack at a time"
        return f"your own warrior already blocks your opponent's place {a + 1}"
    if verb == "clear":
        return f"no enemy warrior blocks your place {a + 1}"
    return f"{verb_word} is not legal now"
