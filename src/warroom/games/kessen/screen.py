"""Paper Kessen in the terminal: the screen, the log sentences and the rules tables (Rich).

Everything here reads a seat's view (``views.py``) and the events that seat may
see; nothing reaches into the state, so the screen can never show what the
player is not allowed to know. The game-agnostic loop is ``warroom.terminal``.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from warroom.games.kessen.cards import BY_KEY, CARDS, TROOP_TYPES, Card
from warroom.terminal import Scene, moves_table

SIDE_STYLE = {"good": "green", "evil": "red"}
STEP_NAMES = {
    "deploy": "Deploy phase",
    "after_battle": "after the battle",
    "pick": "Battle: strategy segment",
    "strategy": "Battle: strategy segment",
    "respond": "Battle: strategy segment",
    "tactics": "Battle: tactics segment",
    "over": "game over",
}
HAND_TITLES = (("leaders", "Leaders"), ("recruits", "Recruits"), ("actions", "Actions"))


# ----- cards ------------------------------------------------------------------------------------
def name(card: Any) -> str:
    """A card id as its name (anything else as it is)."""
    if isinstance(card, int) and 0 <= card < len(CARDS):
        return CARDS[card].name
    return str(card)


def names(cards: list[int]) -> str:
    """Card ids as a list of names."""
    return ", ".join(name(c) for c in cards)


def key_name(key: str) -> str:
    """The name of the card a key stands for (``charge`` -> ``Charge``)."""
    ids = BY_KEY.get(key)
    return CARDS[ids[0]].name if ids else key


def card_type(card: Card) -> str:
    """A card's type in a few words: ``Troop · Cavalry``, ``General``, ``Formation``..."""
    if card.kind == "troop":
        return f"Troop · {TROOP_TYPES.get(card.troop_type, card.troop_type)}"
    if card.kind == "leader":
        roles = [r for r, on in (("General", card.general), ("Sorcerer", card.sorcerer)) if on]
        female = " · female" if card.sex == "F" else ""  # some cards care (troop descriptors)
        return (" & ".join(roles) or "Leader") + female
    if card.kind == "leader_mod":
        return "Leader modifier"
    return card.kind.capitalize()


def card_force(card: Card) -> str:
    """The printed Force: a number for leaders and troops, a bonus for modifiers."""
    if card.kind in ("troop", "leader"):
        return str(card.force)
    if card.kind in ("modifier", "leader_mod") and card.force:
        return f"+{card.force}"
    return ""


# ----- log sentences ----------------------------------------------------------------------------
def _side(event: dict[str, Any], key: str = "side") -> str:
    side = event.get(key)
    return str(side).capitalize() if side else "Nobody"


def _draw(e: dict[str, Any]) -> str:
    hand = {"leaders": "leader", "recruits": "recruit", "actions": "action"}.get(e["hand"], e["hand"])
    count = e["count"]
    text = f"{_side(e)} draws {count} {hand} card{'s' if count != 1 else ''}"
    if "cards" in e:
        text += f": {names(e['cards'])}"
    return text


def _discard(e: dict[str, Any]) -> str:
    why = e.get("why", "")
    how = " at random" if e.get("random") else ""
    if why in ("action hand", "recruit hand", "leader hand"):
        return f"{_side(e)} discards {name(e['card'])} (over the {why} limit)"
    return f"{_side(e)} discards {name(e['card'])}{how} ({why})" if why else f"{_side(e)} discards {name(e['card'])}"


def _special(e: dict[str, Any]) -> str:
    text = f"{_side(e)} plays {name(e['card'])}"
    if "unit" in e:
        text += f" on {name(e['unit'])}"
    return text


def _play(e: dict[str, Any]) -> str:
    text = f"{_side(e)} plays {name(e['card'])}"
    if "as" in e:
        text += f" as {key_name(e['as'])}"
    if "on" in e:
        text += f" on {name(e['on'])}"
    if "negates" in e:
        text += f", negating {name(e['negates'])}"
    return text


def _strategy(e: dict[str, Any]) -> str:
    text = f"{_side(e)} plays the strategy card {name(e['card'])}"
    if "unit" in e:
        text += f" (naming {name(e['unit'])})"
    return text


def _look(e: dict[str, Any]) -> str:
    text = f"{_side(e)} looks at {_side(e, 'at')}'s action hand ({e.get('why', '')})"
    if "cards" in e:
        text += f": {names(e['cards']) or 'empty'}"
    return text


def _resolution(e: dict[str, Any]) -> str:
    a, d = e["attacker"], e["defender"]
    text = (f"{name(a['unit'])} ({a['side']}) {a['force']} against "
            f"{name(d['unit'])} ({d['side']}) {d['force']}: {str(e['winner']).capitalize()} wins")
    if e.get("coin", -1) >= 0:
        text += " on a coin flip"
    return text


def _retreat(e: dict[str, Any]) -> str:
    text = f"{_side(e)}'s {name(e['unit'])} retreats"
    return text + f" ({e['why']})" if e.get("why") else text


def _battle_end(e: dict[str, Any]) -> str:
    if e.get("winner") is None:
        return "The battle has no winner"
    streak = e.get("streak", 0)
    return f"{_side(e, 'winner')} wins the battle ({streak} in a row)"


def _game_over(e: dict[str, Any]) -> str:
    return f"Game over: {e.get('reason', '')}"


def _pass(e: dict[str, Any]) -> str:
    return f"{_side(e)} passes" + (" (nothing else to do)" if e.get("auto") else "")


def _setup(e: dict[str, Any]) -> str:
    text = (f"{_side(e)} starts with {name(e['main_leader'])} in play (no troop yet), "
            f"{e['leaders']} leaders and {e['recruits']} recruit cards in hand")
    if "leader_cards" in e:
        text += f": {names(e['leader_cards'])}; {names(e['recruit_cards'])}"
    return text


SENTENCES = {
    "setup": _setup,
    "round": lambda e: f"── Round {e['round']} ──",
    "draw": _draw,
    "pass": _pass,
    "deploy": lambda e: f"{_side(e)} deploys {name(e['troop'])} under {name(e['leader'])}",
    "summon": lambda e: f"{_side(e)}'s {name(e['by'])} summons {name(e['card'])} to the leader hand",
    "attach": lambda e: f"{_side(e)} attaches {name(e['card'])} to {name(e['unit'])}'s unit",
    "special": _special,
    "no_effect": lambda e: f"{name(e['card'])} has no effect",
    "steal": lambda e: (f"{_side(e)} steals {e['count']} recruit cards"
                        + (f": {names(e['cards'])}" if "cards" in e else "")),
    "treachery": lambda e: f"{_side(e)} takes control of {name(e['unit'])}'s unit (Treachery)",
    "assassinated": lambda e: f"{_side(e)}'s {name(e['leader'])} is assassinated",
    "battle": lambda e: (f"Battle of round {e['round']}: {len(e['engaged'])} units engaged, "
                         f"{_side(e, 'first_attacker')} attacks first"),
    "engagement": lambda e: f"Engagement {e['number']}: {_side(e, 'attacker')} attacks",
    "pick": lambda e: f"{_side(e)} attacks {name(e['defender'])} with {name(e['attacker'])}",
    "strategy": _strategy,
    "repick": lambda e: f"{_side(e)} picks {name(e['unit'])} as the new {e['slot']}",
    "intercept": lambda e: (f"{_side(e)}'s {name(e['unit'])} intercepts the attack on "
                            f"{name(e['replaces'])}"),
    "negated": lambda e: f"{name(e['card'])} is negated",
    "play": _play,
    "discard": _discard,
    "look": _look,
    "resolution": _resolution,
    "retreat": _retreat,
    "slain": lambda e: f"{_side(e)}'s {name(e['unit'])} is slain; the unit is discarded",
    "battle_end": _battle_end,
    "reshuffle": lambda e: f"The {e['deck']} deck is reshuffled ({e['size']} cards)",
    "game_over": _game_over,
}


def sentence(event: dict[str, Any], seat: int | None) -> str | None:
    """One log line for an event as ``seat`` sees it."""
    make = SENTENCES.get(str(event.get("kind")))
    if make is None:
        words = " ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
        return f"{event.get('kind')}: {words}"
    try:
        return make(event)
    except (KeyError, TypeError):  # an event shape we do not know: show it rather than fail
        return str(event)


# ----- the screen -------------------------------------------------------------------------------
def status(view: dict[str, Any]) -> str:
    """One line: round, phase, battles won, streak."""
    sides = view["sides"]
    won = ", ".join(f"{s['side']} {s['battles_won']}" for s in sides)
    streak = view["streak"]
    run = f"{streak['side']} {streak['battles']} in a row" if streak["side"] else "none"
    step = STEP_NAMES.get(view["step"], view["step"])
    return f"round {view['round']} · {step} · battles won: {won} · streak: {run}"


def _header(scene: Scene) -> RenderableType:
    view = scene.view
    me = scene.seat_names[scene.seat]
    opp = [f"{scene.seat_names[i].capitalize()} ({p})" for i, p in enumerate(scene.players) if i != scene.seat]
    title = Text.assemble(
        (scene.title, "bold"), f" · round {view['round']} · ",
        (STEP_NAMES.get(view["step"], view["step"]), "bold"),
        " · you are ", (me.capitalize(), f"bold {SIDE_STYLE.get(me, '')}"),
        f" against {', '.join(opp)} · seed {scene.seed}",
    )
    streak = view["streak"]
    line = Text("Battles won: ")
    for i, s in enumerate(view["sides"]):
        if i:
            line.append(", ")
        line.append(f"{s['side'].capitalize()} {s['battles_won']}", SIDE_STYLE.get(s["side"], ""))
    line.append(" · streak: ")
    if streak["side"]:
        line.append(f"{streak['side'].capitalize()} {streak['battles']} of 3",
                    f"bold {SIDE_STYLE.get(streak['side'], '')}")
    else:
        line.append("none")
    line.append(" (3 battles in a row wins)", "dim")
    line.append(f" · decks: recruit {view['recruit_deck']}, action {view['action_deck']}", "dim")
    return Group(title, line)


# how the screen shows each unit status the view names (views.unit_status)
STATUS_TEXT: dict[str, tuple[str, str]] = {
    "attacking": ("ATTACKING", "bold yellow"),
    "defending": ("DEFENDING", "bold yellow"),
    "no_troop": ("no troop", "dim"),
    "duty_elsewhere": ("duty elsewhere", "magenta"),
    "retreated": ("retreated", "dim"),
    "not_engaged": ("not in battle", "dim"),
    "engaged": ("engaged", "cyan"),
    "fought": ("fought", "dim"),
}


def _unit_status(unit: dict[str, Any]) -> Text:
    shown = STATUS_TEXT.get(unit.get("status") or "")
    return Text(*shown) if shown else Text("")


def _force(unit: dict[str, Any]) -> Text:
    if not unit["troops"]:
        return Text("—", "dim")
    out = Text(str(unit["force"]), "bold")
    parts = unit["parts"]
    if parts:
        out.append(" = " + " + ".join(f"{label} {amount}" for label, amount in parts), "dim")
    return out


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _side_panel(view: dict[str, Any], index: int, scene: Scene) -> RenderableType:
    side = view["sides"][index]
    colour = SIDE_STYLE.get(side["side"], "")
    table = Table(expand=True, box=None, padding=(0, 1), show_edge=False)
    # the force breakdown is what a player reads most: it gets the larger share of the width
    table.add_column("Leader", style="bold", no_wrap=True)
    table.add_column("Troop", no_wrap=True)
    table.add_column("Modifiers", ratio=1, min_width=12)
    table.add_column("Force", ratio=2, min_width=24)
    table.add_column("", no_wrap=True)
    for u in side["units"]:
        table.add_row(
            f"{name(u['leader'])} [dim]#{u['leader']}[/]",
            names(u["troops"]) or Text("—", "dim"),
            names(u["mods"]),
            _force(u),
            _unit_status(u),
        )
    if not side["units"]:
        table.add_row(Text("no units in play", "dim"), "", "", "", "")
    sizes = side["hand_sizes"]
    who = "you" if index == scene.seat else scene.players[index]
    title = Text.assemble((side["side"].capitalize(), f"bold {colour}"), f" ({who})")
    notes = [f"hand: {_count(sizes['leaders'], 'leader')}, {_count(sizes['recruits'], 'recruit')}, "
             f"{_count(sizes['actions'], 'action')}",
             f"leader deck {side['leader_deck']}", f"battles won {side['battles_won']}"]
    if side["troop_penalty"]:
        notes.append(f"troops -{side['troop_penalty']}")
    if side["unit_bonus"]:
        notes.append(f"units +{side['unit_bonus']}")
    return Panel(table, title=title, title_align="left", subtitle=" · ".join(notes),
                 subtitle_align="right", border_style=colour)


def _unit_label(view: dict[str, Any], leader: int | None) -> str:
    if leader is None:
        return "not picked yet"
    for side in view["sides"]:
        for u in side["units"]:
            if u["leader"] == leader:
                troops = names(u["troops"])
                return f"{name(leader)} ({troops}) force {u['force']}" if troops else name(leader)
    return name(leader)


BATTLE_STEPS = frozenset({"pick", "strategy", "respond", "tactics"})


def _played(p: dict[str, Any]) -> Text:
    text = Text("  ")
    text.append(p["side"].capitalize(), SIDE_STYLE.get(p["side"], ""))
    text.append(f": {name(p['card'])}")
    if p.get("as"):
        text.append(f" as {key_name(p['as'])}")
    if p.get("on") is not None:
        text.append(f" on {name(p['on'])}")
    if p.get("negates") is not None:
        text.append(f" — negates {name(p['negates'])}", "italic")
    if p.get("negated"):
        text.append(" (negated)", "bold red")
    return text


def _battle_panel(view: dict[str, Any]) -> RenderableType | None:
    """The current engagement; nothing outside the battle's decisions."""
    battle = view.get("battle")
    if not battle or view["step"] not in BATTLE_STEPS or not battle["engagement"]:
        return None
    attacker = battle["attacker"]
    defender = battle["defender"]
    head = Text.assemble(f"Engagement {battle['engagement']}: ",
                         (attacker.capitalize(), f"bold {SIDE_STYLE.get(attacker, '')}"), " attacks")
    lines: list[RenderableType] = []
    if battle["attacking_unit"] is None:
        head.append(" — the attacker picks the two units", "dim")
        lines.append(head)
    else:
        lines.append(head)
        lines.append(Text.assemble(
            "  attacking: ", (_unit_label(view, battle["attacking_unit"]), "bold"),
            (f" ({attacker.capitalize()})", SIDE_STYLE.get(attacker, "")),
            "   defending: ", (_unit_label(view, battle["defending_unit"]), "bold"),
            (f" ({defender.capitalize()})", SIDE_STYLE.get(defender, "")),
        ))
    if battle["played"]:
        lines.append(Text("  cards played:", "dim"))
        lines.extend(_played(p) for p in battle["played"])
    for c in battle.get("strategy_chain", []):
        lines.append(Text(f"  waiting to resolve: {c['side'].capitalize()}'s {name(c['card'])}"))
    return Panel(Group(*lines), title="Battle", title_align="left", border_style="yellow")


def _hand_table(view: dict[str, Any]) -> RenderableType:
    hand = view.get("hand") or {}
    table = Table(expand=True, padding=(0, 1), box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("Your hand", style="bold", no_wrap=True)
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    table.add_column("Card", style="bold", no_wrap=True)
    table.add_column("Type", no_wrap=True)
    table.add_column("Force", justify="right", no_wrap=True)
    table.add_column("Effect", ratio=1)
    for key, title in HAND_TITLES:
        cards = hand.get(key, [])
        for i, c in enumerate(cards):
            card = CARDS[c]
            table.add_row(f"{title} ({len(cards)})" if i == 0 else "", str(c), card.name,
                          card_type(card), card_force(card), card.text)
        if not cards:
            table.add_row(f"{title} (0)", "", Text("empty", "dim"), "", "", "")
    return table


def _log_panel(lines: list[str], seat_name: str) -> RenderableType:
    text = Text()
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        part = Text(line)
        part.highlight_words(["Good"], style=SIDE_STYLE["good"])
        part.highlight_words(["Evil"], style=SIDE_STYLE["evil"])
        text.append_text(part)
    if not lines:
        text.append("(nothing yet)", "dim")
    return Panel(text, title="Log", title_align="left", border_style="dim")


def render(scene: Scene) -> RenderableType:
    """The whole screen for the human's seat."""
    view = scene.view
    opp = 1 - scene.seat if scene.seat in (0, 1) else 1
    parts: list[RenderableType] = [_header(scene), _side_panel(view, opp, scene)]
    battle = _battle_panel(view)
    if battle is not None:
        parts.append(battle)
    parts.append(_side_panel(view, scene.seat, scene))
    parts.append(_hand_table(view))
    parts.append(_log_panel(scene.log, scene.seat_names[scene.seat]))
    if scene.result:
        parts.append(Panel(Text(scene.result, "bold"), title="Result", title_align="left",
                           border_style="bold magenta"))
    elif scene.prompt:
        parts.append(moves_table(scene.prompt, scene.moves))
    return Group(*parts)
