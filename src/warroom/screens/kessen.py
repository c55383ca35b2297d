"""Paper Kessen in the terminal: the screen, the log sentences and the rules tables (Rich).

Everything here reads a seat's view (``warroom.games.kessen.views``) and the events that seat may
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

from warroom.engine.actions import digits
from warroom.games.kessen.cards import BY_KEY, CARDS, TROOP_TYPES, Card
from warroom.terminal import Scene, event_sentence, result_or_decision

SIDE_STYLE = {"good": "green", "evil": "red"}
STEP_NAMES = {
    "deploy": "Deploy phase",
    "after_battle": "after the battle",
    "pick": "Battle: strategy segment",
    "strategy": "Battle: strategy segment",
    "respond": "Battle: strategy segment",
    "tactics": "Battle: tactics segment",
    "over": "game over",
    "engagement_end": "after the engagement",
}
HAND_TITLES = (("leaders", "Leaders"), ("recruits", "Recruits"), ("actions", "Actions"))
DECK_LABEL = {"good": "Leader", "evil": "Leader", "recruit": "Recruit", "action": "Action"}  # a card's hand


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
    return event_sentence(SENTENCES, event)


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
    def add(label: str | Text, cards: list[int]) -> None:  # the first row carries the label
        for i, c in enumerate(cards):
            card = CARDS[c]
            table.add_row(label if i == 0 else "", str(c), card.name, card_type(card), card_force(card), card.text)

    for key, title in HAND_TITLES:
        cards = hand.get(key, [])
        add(f"{title} ({len(cards)})", cards)
        if not cards:
            table.add_row(f"{title} (0)", "", Text("empty", "dim"), "", "", "")
    seen = _seen(view)  # the opponent's cards this seat has seen (Scouts, Summon...)
    add(Text(f"Seen in theirs ({len(seen)})", "dim"), seen)
    return table


def _seen(view: dict[str, Any]) -> list[int]:
    """The cards in the opponent's hands this seat has seen, as the view lists them."""
    return list((view.get("seen") or {}).get("theirs", []))


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
    """The whole screen for the human's seat: fitted to ``scene.width`` x ``scene.height`` when
    the terminal's size is known, otherwise every panel in full."""
    if scene.height > 0 and scene.width > 0:
        return render_fit(scene)
    return render_full(scene)


def render_full(scene: Scene) -> RenderableType:
    """Every panel at full length: hand card texts, force breakdowns, the log excerpt."""
    view = scene.view
    opp = 1 - scene.seat if scene.seat in (0, 1) else 1
    parts: list[RenderableType] = [_header(scene), _side_panel(view, opp, scene)]
    battle = _battle_panel(view)
    if battle is not None:
        parts.append(battle)
    parts.append(_side_panel(view, scene.seat, scene))
    parts.append(_hand_table(view))
    parts.append(_log_panel(scene.log, scene.seat_names[scene.seat]))
    parts.extend(result_or_decision(scene))
    return Group(*parts)


# ----- the fitted screen (a known terminal size) ---------------------------------------------------
# Every line below is one terminal row: texts are cut with an ellipsis, never wrapped by Rich, so the
# screen's height is the number of lines built. The full card texts are one ``info`` away.
HINT = "number or action text · p pass · info N: a card · moves · rules · help · quit"
WIDE = 110  # from this width a unit shows its force breakdown and a hand card its effect


def _row(text: Text, width: int) -> Text:
    text.no_wrap = True
    text.overflow = "ellipsis"
    text.truncate(width, overflow="ellipsis")
    return text


def _flow(items: list[Text], width: int, lead: Text | None = None, sep: str = " · ") -> list[Text]:
    """Items side by side, a new row when the next does not fit (an item too long is cut)."""
    rows: list[Text] = []
    line = lead.copy() if lead is not None else Text()
    fresh = True  # no item on this row yet
    for item in items:
        gap = "" if fresh else sep
        if len(line.plain.strip()) and line.cell_len + len(gap) + item.cell_len > width:
            rows.append(_row(line, width))
            line, gap = Text("  "), ""
        line.append(gap)
        line.append_text(item)
        fresh = False
    rows.append(_row(line, width))
    return rows


def _short_unit(u: dict[str, Any], wide: bool, terse: bool = False) -> Text:
    """A unit on part of a row; ``terse`` (a crowded board) leaves out its troops and modifiers."""
    out = Text(name(u["leader"]), "bold")
    out.append(f" #{u['leader']}", "dim")
    inside = names(u["troops"]) or "no troop"
    if u["mods"]:  # terse: how many modifiers, not which (their Force is in the unit's total)
        inside += f" +{len(u['mods'])}" if terse else " + " + names(u["mods"])
    out.append(f" [{inside}]")
    if u["troops"]:
        out.append(f" {u['force']}", "bold")
        if wide and u["parts"]:
            out.append(" = " + " + ".join(f"{label} {amount}" for label, amount in u["parts"]), "dim")
    shown = STATUS_TEXT.get(u.get("status") or "")
    if shown and u.get("status") not in ("engaged", "not_engaged", "no_troop"):
        out.append(f" {shown[0]}", shown[1])
    return out


def _side_rows(view: dict[str, Any], index: int, scene: Scene, terse: bool = False) -> list[Text]:
    side = view["sides"][index]
    colour = SIDE_STYLE.get(side["side"], "")
    sizes = side["hand_sizes"]
    who = "you" if index == scene.seat else scene.players[index]
    lead = Text.assemble((side["side"].capitalize(), f"bold {colour}"), f" ({who}) ",
                         (f"hand {sizes['leaders']}L {sizes['recruits']}R {sizes['actions']}A, "
                          f"leader deck {side['leader_deck']}", "dim"))
    if side["troop_penalty"]:
        lead.append(f", troops -{side['troop_penalty']}", "dim")
    if side["unit_bonus"]:
        lead.append(f", units +{side['unit_bonus']}", "dim")
    lead.append(": ")
    wide = scene.width >= WIDE and not terse
    units = [_short_unit(u, wide, terse) for u in side["units"]] or [Text("no units in play", "dim")]
    if wide:  # one unit a row, under the side's line
        return [_row(lead, scene.width)] + [_row(Text("  ") + u, scene.width) for u in units]
    return _flow(units, scene.width, lead, sep="  ")


def _force_label(view: dict[str, Any], leader: int | None) -> str:
    """A fighting unit in a few words: its leader and Force (the units rows say the rest)."""
    for side in view["sides"]:
        for u in side["units"]:
            if u["leader"] == leader:
                return f"{name(leader)} {u['force']}"
    return name(leader) if leader is not None else "not picked yet"


def _battle_rows(view: dict[str, Any], width: int) -> list[Text]:
    battle = view.get("battle")
    if not battle or view["step"] not in BATTLE_STEPS or not battle["engagement"]:
        return []
    attacker, defender = battle["attacker"], battle["defender"]
    head = Text.assemble((f"Engagement {battle['engagement']}: ", "bold yellow"),
                         (attacker.capitalize(), f"bold {SIDE_STYLE.get(attacker, '')}"), " attacks")
    if battle["attacking_unit"] is None:
        head.append(" — the attacker picks the two units", "dim")
    else:
        head.append(": ")
        label = _unit_label if width >= WIDE else _force_label
        head.append(label(view, battle["attacking_unit"]), "bold")
        head.append(" vs ")
        head.append(label(view, battle["defending_unit"]), "bold")
        head.append(f" ({defender.capitalize()})", SIDE_STYLE.get(defender, ""))
    played = [_played(p)[2:] for p in battle["played"]]
    played += [Text(f"waiting: {c['side'].capitalize()}'s {name(c['card'])}")
               for c in battle.get("strategy_chain", [])]
    rows = [_row(head, width)]
    if played:
        rows += _flow(played, width, Text("  played: ", "dim"), sep="; ")
    return rows


def _hand_item(c: int) -> Text:
    card = CARDS[c]
    out = Text(f"{c}:", "dim")
    out.append(card.name, "bold")
    force = card_force(card)
    if force:
        out.append(f" {force}")
    return out


def _hand_rows(view: dict[str, Any], width: int, room: int) -> list[Text]:
    """The hand, one row per card with its effect when ``room`` allows and the screen is wide,
    otherwise each hand as a flowing list of ``number:name force``."""
    hand = view.get("hand") or {}
    if width >= WIDE:
        def line(label: str, c: int) -> Text:
            card = CARDS[c]
            return _row(Text.assemble(
                (f"{label:<8}", "dim"), (f"{c:>3} ", "dim"), (f"{card.name:<22}", "bold"),
                f"{card_type(card):<22}", f"{card_force(card):>4}  ", (card.text, "italic")), width)

        detailed = [Text("Your hand", "bold underline")]
        for key, title in HAND_TITLES:
            detailed += [line(title[:-1], c) for c in hand.get(key, [])]
        seen = _seen(view)
        if seen:
            detailed.append(Text(f"Seen in their hands ({len(seen)})", "bold underline"))
            detailed += [line(DECK_LABEL[CARDS[c].deck], c) for c in seen]
        if len(detailed) <= room:
            return detailed
    rows: list[Text] = []
    for key, title in HAND_TITLES:
        cards = hand.get(key, [])
        lead = Text(f"{title} ({len(cards)}): ", "bold")
        items = [_hand_item(c) for c in cards] or [Text("empty", "dim")]
        rows += _flow(items, width, lead, sep="  ")
    rows[0] = _row(Text("Your hand ", "bold underline") + rows[0], width)
    seen = _seen(view)
    if seen:
        rows += _flow([_hand_item(c) for c in seen], width, Text(f"Seen in theirs ({len(seen)}): ", "dim"),
                      sep="  ")
    return rows


def _move_rows(moves: list[tuple[str, str]], width: int, room: int) -> list[Text]:
    """The numbered moves in as many columns as the width allows, in at most ``room`` rows;
    what does not fit is counted on the last row."""
    if not moves or room <= 0:
        return []
    labels = [f"{i}. {d}" for i, (_, d) in enumerate(moves, start=1)]
    widest = max(len(x) for x in labels) + 2
    columns = max(1, min(width // min(widest, max(width // 2, 24)), 4))
    col = width // columns
    rows_needed = -(-len(labels) // columns)
    rows_shown = rows_needed if rows_needed <= room else max(room - 1, 0)
    shown = labels[: rows_shown * columns] if rows_needed > room else labels
    out: list[Text] = []
    for r in range(rows_shown):
        line = Text()
        for c in range(columns):
            i = c * rows_shown + r  # down the columns, as people read a numbered list
            if i >= len(shown):
                break
            cell = Text(shown[i])
            cell.stylize("bold cyan", 0, shown[i].index(".") + 1)
            cell.truncate(col - 1, overflow="ellipsis")
            cell.pad_right(col - cell.cell_len)
            line.append_text(cell)
        out.append(_row(line, width))
    if len(shown) < len(labels):
        out.append(_row(Text(f"… {len(labels) - len(shown)} more: type moves to list them all, "
                             "or the action text", "dim"), width))
    return out


def _header_row(scene: Scene) -> Text:
    view = scene.view
    me = scene.seat_names[scene.seat]
    streak = view["streak"]
    wide = scene.width >= WIDE
    head = Text.assemble(
        (scene.title + " · " if wide else "", "bold"), f"round {view['round']} · ",
        (STEP_NAMES.get(view["step"], view["step"]), "bold"), " · you ",
        (me.capitalize(), f"bold {SIDE_STYLE.get(me, '')}"), " · won ")
    for i, s in enumerate(view["sides"]):
        head.append(("" if i == 0 else "-") + str(s["battles_won"]), SIDE_STYLE.get(s["side"], ""))
    head.append(" · streak ")
    head.append(f"{streak['side'].capitalize()} {streak['battles']}/3" if streak["side"] else "none")
    head.append(f" · decks R{view['recruit_deck']} A{view['action_deck']}"
                + (f" · seed {scene.seed}" if wide else ""), "dim")
    return _row(head, scene.width)


def render_fit(scene: Scene) -> RenderableType:
    """The screen in ``scene.height - 1`` rows of ``scene.width`` (the last row is the input line):
    header, the opponent's units, the engagement, your units, your hand, the log cut to what is left,
    then the decision. Extra room goes to the moves and the log; a wide screen shows breakdowns."""
    view, width = scene.view, scene.width
    budget = scene.height - 1
    opp = 1 - scene.seat if scene.seat in (0, 1) else 1
    moves_min = min(len(scene.moves), 3) + (1 if scene.prompt and not scene.result else 0)
    top: list[Text] = []
    for terse in (False, True):  # a crowded board shows each unit in fewer words
        top = [_header_row(scene), *_side_rows(view, opp, scene, terse), *_battle_rows(view, width),
               *_side_rows(view, scene.seat, scene, terse)]
        if len(top) + moves_min + 4 <= budget:
            break
    if scene.result:
        bottom = [_row(Text.assemble(("Result: ", "bold magenta"), (scene.result, "bold")), width)]
    else:
        bottom = [_row(Text(HINT, "dim"), width)]
    left = budget - len(top) - len(bottom)
    head = (_row(Text.assemble(("Your decision: ", "bold cyan"), (scene.prompt or "", "bold")), width)
            if scene.prompt and not scene.result else None)
    hand = _hand_rows(view, width, max(left - moves_min - 2, 0))
    room = max(left - moves_min, 1)
    if len(hand) > room:  # a crowded board: the decision matters more than the hand's last rows
        hand = [*hand[:room - 1], _row(Text("  … more of your hand: type show in a taller terminal",
                                            "dim"), width)]
    left -= len(hand)
    moves: list[Text] = []
    if head is not None:
        # the moves first (up to all of them), but the log keeps a few rows when there is room
        log_keep = min(len(scene.log), 3 if left > 10 else 1)
        moves = [head, *_move_rows(scene.moves, width, max(left - 1 - log_keep, moves_min - 1))]
        left -= len(moves)
    log = [_row(Text("Log", "dim underline"), width)] if left > 1 and scene.log else []
    if log:
        for line in scene.log[-(left - 1):]:
            part = Text(line)
            part.highlight_words(["Good"], style=SIDE_STYLE["good"])
            part.highlight_words(["Evil"], style=SIDE_STYLE["evil"])
            log.append(_row(part, width))
    rows = [*top, *hand, *log, *moves, *bottom]
    return Group(*rows[:budget])


# ----- help and card lookup -----------------------------------------------------------------------
def help() -> str:  # the name the terminal loop looks up on a screen module
    """What each part of the screen is."""
    return (
        "The screen, top to bottom: the round, phase, battles won and the streak (three battles "
        "won in a row wins the game); the opponent's units and hand sizes (L leaders, R recruits, "
        "A actions); the engagement being fought; your units as Leader #number [troops + "
        "modifiers] Force; your hand as number:name force; the latest log lines; your moves."
    )


def info(query: str) -> RenderableType | None:
    """The card ``query`` names: its number (as the screen shows it) or its name, whole or the start
    of it; ``None`` when no card matches. Card texts are public: nothing here reads a view."""
    query = query.strip().lstrip("#")
    if digits(query):
        card_id = int(query)
        if not 0 <= card_id < len(CARDS):
            return None
        card = CARDS[card_id]
    else:
        low = query.lower()
        exact = [c for c in CARDS if c.name.lower() == low]
        starts = [c for c in CARDS if c.name.lower().startswith(low)]
        found = exact or starts
        if not low or not found:
            return None
        several = sorted({c.name for c in found})
        if len(several) > 1:  # the start of several names: say which, rather than guess
            return Text(f"{len(several)} cards start with {query!r}: {', '.join(several)}")
        card = found[0]
    copies = sum(1 for c in CARDS if c.name == card.name)
    head = Text.assemble((card.name, "bold"), f" · {card_type(card)}")
    force = card_force(card)
    if force:
        head.append(f" · Force {force}")
    head.append(f" · {copies} in the game", "dim")
    return Panel(Group(head, Text(card.text or "(no text)")), title="Card", title_align="left",
                 border_style="cyan")
