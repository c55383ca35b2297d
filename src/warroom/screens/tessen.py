"""Tessen in the terminal: the live table, the log sentences and a status line (Rich).

Everything here reads a seat's view (``warroom.games.tessen.views``) and the events that seat may
see. The live loop is the game-neutral ``warroom.terminal_live``; it redraws this screen
continuously, with the game time in ``scene.clock_ms``, so the attack alert counts down.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from warroom.games.tessen.cards import ANIMAL_NAMES, ANIMALS
from warroom.terminal import Scene, moves_table

NAMES = {**dict(zip(ANIMALS, ANIMAL_NAMES, strict=True)), "warrior": "Warrior", "super": "Super-warrior"}
STYLE = {"pheasant": "green", "deer": "yellow", "macaque": "white", "marten": "magenta",
         "crane": "bright_white", "fox": "red", "bear": "bright_black", "cat": "cyan",
         "warrior": "bold blue", "super": "bold bright_blue"}
SEAT_STYLE = ("green", "red")


def card(key: str | None, count: int = 0) -> Text:
    if key is None:
        return Text("·", style="dim")
    label = NAMES.get(key, key)
    return Text(f"{label} ×{count}" if count else label, style=STYLE.get(key, ""))


# ----- log sentences ----------------------------------------------------------------------------
def sentence(event: dict[str, Any], seat: int | None) -> str | None:
    kind = event.get("kind")
    who = str(event.get("seat", ""))
    name = NAMES.get(str(event.get("card")), str(event.get("card")))
    if kind == "draw":
        if event.get("from") == "opponent":
            return f"{who} draws the {name} from the opponent's discard pile"
        drawn = f": {NAMES.get(event['card'], event['card'])}" if "card" in event else ""
        return f"{who} draws from the deck ({event.get('left')} left){drawn}"
    if kind == "play":
        return f"{who} plays a {name} in place {event['place']} ({event['pile']} there)"
    if kind == "keep":
        return f"{who}: Kept! {event['count']} {name} ({event['kept']} kept in all)"
    if kind == "discard":
        return f"{who} discards a {name}"
    if kind == "attack":
        what = f"{event['count']} {NAMES.get(event['pile'], event['pile'])}" if event.get("pile") else "an empty place"
        return f"{who}: Attack! with a {NAMES[event['with']]} on place {event['place']} ({what})"
    if kind == "defend":
        return f"{who}: Defend! with a {NAMES[event['with']]}"
    if kind == "yield":
        late = " (too late to answer)" if event.get("timeout") else ""
        what = f"{event['count']} {name}" if event.get("count") else "an empty place"
        return f"{who} yields {what} from place {event['place']}{late}"
    if kind == "take":
        where = "the discard pile" if event["place"] == "discard" else f"place {event['place']}"
        return f"{who} puts the {event['count']} yielded {name} in {where}"
    if kind == "clear":
        return f"{who}: Clear! place {event['place']}"
    if kind == "dragon":
        return f"{who} attacks the dragon with a {NAMES[event['with']]}"
    if kind == "sacred":
        return f"{who} puts a {name} on the sacred card"
    if kind == "tessen":
        p = event["points"]
        tie = " (a tie: the player who drew the last card wins)" if event.get("tie") else ""
        return f"Tessen! Round {event['round']}: p1 {p[0]}, p2 {p[1]} points; p{event['winner'] + 1} wins{tie}"
    if kind == "shogun":
        return f"{who} serves the Shogun: one {NAMES[event['with']]} leaves their deck"
    if kind == "round":
        return f"Round {event['round']}: Tessen!"
    if kind == "match":
        return f"{event['winner']} wins the match {max(event['wins'])}-{min(event['wins'])}"
    return None


def status(view: dict[str, Any]) -> str:
    me = 0 if view.get("seat") != "p2" else 1
    mine, theirs = view["sides"][me], view["sides"][1 - me]
    text = (f"round {view['round']} · rounds {mine['wins']}-{theirs['wins']} · kept "
            f"{mine['points']}-{theirs['points']} · deck {mine['deck']}")
    attack = view.get("attack")
    if attack and attack["on"] == view.get("seat"):
        text += f" · ATTACK on place {attack['place']}"
    return text


# ----- the table --------------------------------------------------------------------------------
def _places(side: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=True)
    for p in side["places"]:
        table.add_column(f"{p['place']}", justify="center")
    cells: list[RenderableType] = []
    for p in side["places"]:
        if p["blocked_by"]:
            cells.append(Text(f"✖ {NAMES[p['blocked_by']]}", style="bold blue"))
        elif p["attacked"]:
            cells.append(Text.assemble(card(p["animal"], p["count"]), Text(" ⚔", style="bold red")))
        else:
            cell = card(p["animal"], p["count"])
            if p["keepable"]:
                cell.append(" ✓", style="bold green")
            cells.append(cell)
    table.add_row(*cells)
    return table


def _side_panel(view: dict[str, Any], index: int, you: bool, now: int | None) -> RenderableType:
    side = view["sides"][index]
    parts: list[RenderableType] = []
    head = Text(f"deck {side['deck']} · hand {side['hand_size']} · kept {side['kept']} "
                f"({side['points']} points) · rounds won {side['wins']}")
    if view.get("dragon"):
        head.append(f" · on the dragon {side['dragon']['strength']}")
    ready = side.get("ready_at", 0)
    if now is not None and ready > now:
        head.append(f" · hands busy {ready - now} ms", style="dim")
    parts.append(head)
    parts.append(_places(side))
    discard = side["discard"]
    parts.append(Text.assemble("discard pile: ", card(discard[-1]) if discard else Text("empty", style="dim"),
                               Text(f" ({len(discard)})" if discard else "", style="dim")))
    if side.get("take"):
        t = side["take"]
        parts.append(Text(f"to place: {t['count']} yielded {NAMES[t['animal']]}", style="bold yellow"))
    if you and "hand" in side:
        hand = Text("your hand: ")
        for i, key in enumerate(side["hand"]):
            if i:
                hand.append("  ")
            hand.append_text(card(key))
        parts.append(hand)
    title = f"{side['seat']} ({'you' if you else 'opponent'})"
    return Panel(Group(*parts), title=title, border_style=SEAT_STYLE[index])


def _alert(view: dict[str, Any], now: int | None) -> RenderableType | None:
    attack = view.get("attack")
    if not attack:
        return None
    left = "" if now is None else f" · {max(0, attack['deadline'] - now) / 1000:.1f} s left"
    if attack["on"] == view.get("seat"):
        return Panel(Text(f"ATTACK! on your place {attack['place']} with a {NAMES[attack['with']]}: "
                          f"defend or yield{left}", style="bold white on red"), box=box.HEAVY)
    return Text(f"Your attack on place {attack['place']} waits for an answer{left}", style="yellow")


def _middle(view: dict[str, Any]) -> Text:
    fallen = view["fallen"]
    text = Text(f"warrior discard pile: {fallen['warrior']} warriors, {fallen['super']} super", style="dim")
    sacred = view.get("sacred")
    if sacred is not None:
        text.append("   sacred card: ")
        text.append_text(card(sacred["top"]) if sacred["top"] else Text("empty", style="dim"))
        if sacred["count"] > 1:
            text.append(f" (on {sacred['count'] - 1} more)", style="dim")
    return text


def render(scene: Scene) -> RenderableType:
    view = scene.view
    me = 0 if view.get("seat") != "p2" else 1
    now = scene.clock_ms
    parts: list[RenderableType] = [
        Text(f"Tessen · round {view['round']} · first to {view['wins_needed']} rounds · you are "
             f"{scene.seat_names[scene.seat]} · seed {scene.seed}", style="bold"),
        _side_panel(view, 1 - me, False, now),
        _middle(view),
        _side_panel(view, me, True, now),
    ]
    alert = _alert(view, now)
    if alert is not None:
        parts.append(alert)
    if view.get("rounds"):
        last = view["rounds"][-1]
        if view["phase"] != "play" or scene.result:
            parts.append(Text(f"Tessen! round {last['round']}: {last['points'][0]} to {last['points'][1]}"
                              f" points, p{last['winner'] + 1} wins the round", style="bold magenta"))
    if scene.log:
        parts.append(Panel("\n".join(scene.log[-8:]), title="what happened", border_style="dim"))
    if scene.result:
        parts.append(Text(scene.result, style="bold"))
    elif scene.prompt:
        parts.append(moves_table(scene.prompt, scene.moves, keys=scene.keys))
    return Group(*parts)
