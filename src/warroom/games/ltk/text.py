"""Words for people: prompts, action descriptions and reasons an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.engine.actions import Move, digits, is_whole, parse, whole
from warroom.engine.errors import MalformedAction
from warroom.games.ltk.cards import DECK_SIZE, KIND, TYPES, label
from warroom.games.ltk.frames import DoubleSwords, Take
from warroom.games.ltk.generals import GENERALS, SKILLS
from warroom.games.ltk.state import LtkState

if TYPE_CHECKING:
    from warroom.engine.game import Game

ROLE_NAMES = {"monarch": "Monarch", "minister": "Minister", "rebel": "Rebel", "defector": "Defector", "none": ""}


CARD_WORDS = {"slash": "Kill", "jink": "Dodge", "peach": "Peach", "nullification": "Negate",
              "dismantlement": "Dismantle", "snatch": "Steal", "duel": "Duel", "collateral": "Borrowed Sword",
              "ex_nihilo": "Something for Nothing", "savage_assault": "Barbarian Invasion",
              "archery_attack": "Arrow Barrage", "god_salvation": "Peach Garden", "amazing_grace": "Harvest",
              "lightning": "Lightning", "indulgence": "Indulgence", "ice_sword": "Ice Sword"}
WHY = {"slash": "Kill", "duel": "Duel", "savage_assault": "Barbarian Invasion", "archery_attack": "Arrow Barrage",
       "collateral": "Borrowed Sword: use a Kill", "blade": "Green Dragon Blade: another Kill"}
ABILITY_WORDS = {"eight_diagram": "Eight Trigrams (judge: red counts as a Dodge)",
                 "ice_sword": "Ice Sword (discard two of their cards instead of the damage)",
                 "double_swords": "Double Swords", "blade": "Green Dragon Blade (another Kill)",
                 "axe": "Rock Cleaving Axe (discard two cards to make it hit)",
                 "kylin_bow": "Kylin Bow (discard one of their horses)"}

# what a composite choice (a ``select`` frame) is for, by its purpose
PICK_WORDS = {
    "respond_cards": "Serpent Spear: pick the two hand cards that make the Kill",
    "spear": "Serpent Spear: pick the two hand cards that make the Kill",
    "zhiheng": "Zhiheng: pick the cards to discard, then draw as many",
    "rende": "Rende: pick the hand cards to give",
    "jieyin": "Jieyin: pick two hand cards to discard",
    "qingnang": "Qingnang: pick a hand card to discard",
    "lijian": "Lijian: pick a card to discard",
    "quhu": "Point duel (Quhu): pick the hand card to show",
    "tuxi": "Tuxi: pick whom to take a hand card from",
    "ganglie": "Ganglie: pick two hand cards to discard",
    "buqu": "Buqu: pick the card on your general that your recovery discards",
    "guicai": "Guicai: pick the card that replaces the judgement",
    "harvest": "Harvest: take one of the revealed cards",
    "axe": "Rock Cleaving Axe: pick two cards to discard",
    "kylin_bow": "Kylin Bow: pick the horse to discard",
}


def seat_name(state: LtkState, seat: int) -> str:
    if not 0 <= seat < state.n:
        return f"seat {seat}"
    g = state.seats[seat].general
    return f"p{seat + 1} {GENERALS[g].name}" if g else f"p{seat + 1}"


def card_name(card: int) -> str:
    return label(card) if 0 <= card < DECK_SIZE else f"card {card}"


def prompt(state: LtkState, seat: int) -> str:
    if state.stage == "lord":
        return "You are the Monarch: choose your general (everyone sees it)"
    if state.stage == "pick":
        return "Choose your general in secret (all are revealed together)"
    frame = state.frames[-1]
    d = frame.data
    if frame.kind == "act":
        return "Your action phase: use a card or end the phase"
    if frame.kind == "select":
        n = d["least"]
        if d["purpose"] == "discard":
            return f"Discard phase: discard {n} card{'s' if n != 1 else ''} down to your hand limit"
        # reaching the most ends the choice by itself; below it, "done" ends it
        count = f"pick {n}" if n == d["most"] else f"pick {n}-{d['most']}, then done"
        words = PICK_WORDS.get(d["purpose"], f"Choose for {d['purpose']}")
        return f"{words} ({count})"
    if frame.kind == "window":
        name = d["name"]
        if name == "respond":
            what = CARD_WORDS.get(d["card"], d["card"])
            why = WHY.get(d["why"], d["why"])
            who = seat_name(state, d["against"]) if d["against"] >= 0 else "a card"
            if d["on_behalf"] != seat:
                return f"{seat_name(state, d['on_behalf'])} asks you to play a {what} for them ({why} by {who})?"
            if d["why"] == "slash":
                return f"{who} used Kill on you: use a Dodge?" if d["need"] == 1 else (
                    f"{who} used Kill on you: use {d['need']} more Dodges?")
            return f"{why} by {who}: play a {what}?"
        if name == "rescue":
            who = "You are" if d["dying"] == seat else f"{seat_name(state, d['dying'])} is"
            return f"{who} dying (health {state.seats[d['dying']].hp}): use a Peach?"
        if name == "negate":
            about = d["about"]
            card = CARD_WORDS.get(str(about.get("card")), str(about.get("card")))
            on = f" on {seat_name(state, int(about['target']))}" if "target" in about else ""
            user = f"{seat_name(state, int(about['user']))}'s " if "user" in about else ""
            return f"{user}{card}{on} is about to take effect: use a Negate?"
        return f"Respond to {name}?"
    if frame.kind == "ability":
        return f"Use {ABILITY_WORDS.get(d['name'], d['name'])}?"
    if isinstance(d, Take):
        verb = "discard" if d.purpose in ("dismantlement", "ice_sword") else "take"
        what = CARD_WORDS.get(d.purpose, d.purpose)
        return f"Choose a card of {seat_name(state, d.owner)} to {verb} ({what})"
    if isinstance(d, DoubleSwords):
        return f"Double Swords: discard a hand card, or let {seat_name(state, d.user)} draw one"
    return f"Decide ({frame.kind})"


def ability_name(key: str) -> str:
    """A skill's or an equipment's name for people ("Jianxiong 奸雄", "Eight Trigrams")."""
    skill = SKILLS.get(key)
    if skill is not None:
        return f"{skill.name} {skill.chinese}".strip()
    return EQUIPMENT_WORDS.get(key) or CARD_WORDS.get(key) or key.replace("_", " ").capitalize()


EQUIPMENT_WORDS = {"eight_diagram": "Eight Trigrams", "ice_sword": "Ice Sword", "double_swords": "Double Swords",
                   "blade": "Green Dragon Blade", "axe": "Rock Cleaving Axe", "kylin_bow": "Kylin Bow",
                   "spear": "Serpent Spear", "nioh_shield": "Renwang Shield", "qinggang_sword": "Qinggang Sword",
                   "crossbow": "Zhuge Crossbow", "halberd": "Heaven Scorcher Halberd"}
SUIT_WORDS = {"spade": "♠ spades", "heart": "♥ hearts", "club": "♣ clubs", "diamond": "♦ diamonds"}


def _seats(state: LtkState, text: str) -> list[str]:
    return [seat_name(state, whole(t)) for t in text.split(",") if is_whole(t)]


def describe(state: LtkState, seat: int, action: str) -> str:
    try:
        verb, args = parse(action)
    except MalformedAction:
        return action
    if verb == "choose" and "general" in args:
        g = GENERALS.get(args["general"])
        return f"Choose {g.name} {g.chinese} ({g.kingdom}, {g.hp} health)" if g else action
    fixed = {"end": "End the action phase", "pass": "Do not respond", "done": "Finish choosing",
             "draw": "Let them draw a card", "decline": "Decline", "suffer": "Take the damage",
             "discard": "Discard two hand cards instead"}
    if verb in fixed and not args:
        return fixed[verb]
    card = card_name(int(args["card"])) if digits(args.get("card", "")) else ""
    on = _seats(state, args.get("target", args.get("targets", args.get("seat", args.get("to", "")))))
    if verb == "pick":
        return f"Pick {card or ', '.join(on)}"
    if verb == "take":
        return "Pick a hand card blind" if args.get("zone") == "hand" else f"Pick {card}"
    if verb == "spear":
        return "Serpent Spear: two hand cards as a Kill" + (f" on {on[0]}" if on else "")
    if verb == "discard":
        return f"Discard {card}"
    if verb == "name" and "suit" in args:
        return f"Name {SUIT_WORDS.get(args['suit'], args['suit'])}"
    if verb in ("top", "bottom"):
        return f"Put {card} on top of the draw pile" if verb == "top" else f"Put {card} at the bottom of the draw pile"
    if verb == "give":
        return f"Give {card} to {on[0]}" if on else f"Give {card}"
    if verb == "choose":
        return f"Choose {', '.join(on)}"
    if verb == "liuli":
        return f"Liuli 流离: discard {card} and pass the Kill to {on[0]}" if on else action
    if verb == "use" and "ability" in args:
        return f"Use {ability_name(args['ability'])}"
    if verb in ("use", "play"):
        as_ = args.get("as")
        out = f"{verb.capitalize()} {card}" + (f" as {CARD_WORDS.get(as_, as_)}" if as_ else "")
        if as_ is None and digits(args.get("card", "")) and len(on) == 2 and KIND[int(args["card"])] == "collateral":
            return f"{out} on {on[0]} (to Kill {on[1]})"
        return out + (f" on {' and '.join(on)}" if on else "")
    if verb in SKILLS:  # an action-phase skill, with its target(s) if any
        return f"Use {ability_name(verb)}" + (f" on {' and '.join(on)}" if on else "")
    return action


def explain_illegal(game: Game[Any], state: LtkState, seat: int, action: str) -> str:
    """One line that depends only on what ``seat`` can see."""
    verb, args = parse(action)
    if state.stage in ("lord", "pick"):
        return "choose one of the generals you were offered: choose general=KEY"
    legal = game.legal_actions(state, seat)
    verbs = sorted({Move.parse(a).verb for a in legal})
    if verb not in verbs:
        return f"{verb!r} is not possible now (you may: {', '.join(verbs)})"
    card = args.get("card", "")
    if card and (not digits(card) or int(card) not in state.seats[seat].hand) and verb in ("use", "play"):
        return f"card {card} is not in your hand"
    if card and verb == "use" and int(card) in state.seats[seat].hand:
        kind = TYPES[label_kind(int(card))].name
        return f"you cannot use that {kind} like this now"
    return f"{action!r} is not a legal action now"


def label_kind(card: int) -> str:
    from warroom.games.ltk.cards import KIND

    return KIND[card]
