"""The terminal screen for LTK: the table, your hand, the log and what you are asked."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from warroom.engine.reference import RulesReference
from warroom.games.ltk.cards import DECK_SIZE, label
from warroom.games.ltk.generals import GENERALS
from warroom.games.ltk.text import CARD_WORDS, ROLE_NAMES, ability_name
from warroom.games.ltk.views import roles_not_shown
from warroom.terminal import Scene, moves_table, render_rules

SLOT_WORDS = {"weapon": "W", "armor": "A", "defense_horse": "+1", "offense_horse": "-1"}


# what a judgement decided (the judge_effect event), in the words the browser's log also uses
JUDGE_EFFECTS = {
    "skip": "{who} does not escape Indulgence (not a heart)",
    "escaped": "{who} escapes Indulgence (a heart)",
    "struck": "Lightning strikes {who} (a spade 2-9): 3 damage",
    "passes": "Lightning misses {who}: it moves on to {to}",
    "stays": "Lightning misses {who}: it stays (nobody can take it)",
    "dodge": "Eight Trigrams gives {who} a Dodge (a red card)",
    "no_dodge": "Eight Trigrams fails {who} (a black card)",
}


def _card(c: Any) -> str:
    return label(c) if isinstance(c, int) and 0 <= c < DECK_SIZE else str(c)


def _general(key: str) -> str:
    g = GENERALS.get(key)
    return f"{g.name} {g.chinese}" if g else "?"


def seats_table(view: dict[str, Any]) -> Table:
    table = Table(title=f"Turn {view['turns'] + 1}: {status(view)}", title_justify="left")
    for col in ("seat", "general", "role", "health", "hand", "equipment", "judgement"):
        table.add_column(col)
    deciding = decider(view) if view["stage"] == "play" else None
    for s in view["seats"]:
        # ▶ whose turn it is; » who decides now, when another seat (a Harvest pick, a Dodge)
        mark = "▶ " if s["seat"] == view["current"] else "» " if s["seat"] == deciding else ""
        you = " (you)" if s["seat"] == view["seat"] else ""
        health = f"{s['hp']}/{s['max_hp']}" if s["alive"] else "dead"
        equipment = " ".join(f"{SLOT_WORDS[k]}:{_card(c)}" for k, c in s["equipment"].items())
        role = ROLE_NAMES.get(s["role"] or "", "") if s["role"] else "?"
        table.add_row(f"{mark}p{s['seat'] + 1}{you}", _general(s["general"]) if s["general"] else "-", role,
                      health, str(s["hand_count"]), equipment, " ".join(_card(c) for c in s["judgement"]),
                      style="dim" if not s["alive"] else None)
    hidden = hidden_roles(view)
    if view["stage"] == "play" and hidden:
        table.caption, table.caption_justify = f"roles not shown: {hidden}", "left"
    return table


def hidden_roles(view: dict[str, Any]) -> str:
    """The roles dealt and not yet shown to this seat ("2 Rebels, 1 Defector"), as players count them."""
    left = roles_not_shown(view)
    return ", ".join(f"{left[r]} {ROLE_NAMES[r]}{'s' if left[r] > 1 else ''}"
                     for r in ("minister", "rebel", "defector") if left.get(r, 0) > 0)


def render(scene: Scene) -> RenderableType:
    view = scene.view
    parts: list[RenderableType] = [
        Text(f"{scene.title} · you are p{scene.seat + 1} · seed {scene.seed} · draw pile {view['draw_pile']}",
             style="bold"),
        seats_table(view),
    ]
    hand = view.get("hand", [])
    parts.append(Panel(", ".join(f"{c}: {_card(c)}" for c in hand) or "(empty)", title="your hand",
                       title_align="left"))
    if view.get("offers"):
        parts.append(Panel(", ".join(_general(g) for g in view["offers"]), title="your offers", title_align="left"))
    if scene.log:
        parts.append(Panel("\n".join(scene.log), title="log", title_align="left"))
    if scene.result:
        parts.append(Text(scene.result, style="bold"))
    elif scene.prompt:
        parts.append(moves_table(scene.prompt, scene.moves))
    return Group(*parts)


def sentence(event: dict[str, Any], seat: int | None) -> str | None:
    kind = event.get("kind")
    who = f"p{event['seat'] + 1}" if isinstance(event.get("seat"), int) else ""
    if kind == "use":
        card = CARD_WORDS.get(event["card"], event["card"])
        targets = ", ".join(f"p{t + 1}" for t in event.get("targets", []))
        names = [_card(c) for c in event.get("cards", [])]
        # the card itself ("Kill ♠7") reads as one; a card used as another says what it was
        used = names[0] if len(names) == 1 and names[0].startswith(f"{card} ") else (
            f"{card} ({', '.join(names)})" if names else card)
        victim = f" to Kill p{event['victim'] + 1}" if isinstance(event.get("victim"), int) else ""
        return f"{who} uses {used}" + (f" on {targets}" if targets else "") + victim
    if kind == "give":
        why = ability_name(str(event["why"])) if event.get("why") else ""
        return f"{who} gives {_card(event['card'])} to p{event['to'] + 1}" + (f" ({why})" if why else "")
    if kind in ("play",):
        return f"{who} plays a {CARD_WORDS.get(event['card'], event['card'])}"
    if kind == "damage":
        src = f"p{event['source'] + 1}" if event["source"] >= 0 else "nobody"
        return f"p{event['target'] + 1} takes {event['amount']} damage from {src} (health {event['hp']})"
    if kind == "draw":
        got = event.get("cards")
        return f"{who} draws {event['count']}" + (f": {', '.join(_card(c) for c in got)}" if got else "")
    if kind == "dying":
        return f"{who} is dying"
    if kind == "death":
        return f"{who} dies: a {ROLE_NAMES.get(event['role'], event['role'])}"
    if kind == "recover":
        return f"{who} recovers {event['amount']} (health {event['hp']})"
    if kind == "judgement":
        return f"judgement for {who}: {_card(event['card'])}"
    if kind == "general":
        return f"{who} is {_general(event['general'])}"
    if kind == "turn":
        return f"— p{event['seat'] + 1}'s turn —"
    if kind == "game_over":
        return f"game over: {event['reason']}"
    if kind == "ability":
        return f"{who} uses {ability_name(str(event['ability']))}"
    if kind == "negated":
        return f"{CARD_WORDS.get(event['card'], event['card'])} is negated"
    if kind == "discard":
        return f"{who} discards {', '.join(_card(c) for c in event['cards'])}"
    if kind == "equip":
        return f"{who} equips {_card(event['card'])}"
    if kind == "gain":
        # a card taken into a hand: named to those who saw it (taker and owner), else "a card"
        card = event.get("card")
        why = ability_name(str(event["why"])) if event.get("why") else ""
        return f"{who} takes " + (_card(card) if isinstance(card, int) else "a card") + (f" ({why})" if why else "")
    return _more(str(kind), event, who)


def _more(kind: str, e: dict[str, Any], who: str) -> str | None:
    """The rarer events, in the words of the browser's log."""
    def p(key: str) -> str:
        return f"p{e[key] + 1}"

    def cards(key: str) -> str:
        value = e.get(key, [])
        return ", ".join(_card(c) for c in (value if isinstance(value, list) else [value]))

    if kind == "judged":
        return f"{who}'s judgement ({ability_name(str(e['reason']))}) is {cards('card')}"
    if kind == "no_effect":
        return f"it has no effect on {who} ({ability_name(str(e['by']))})"
    if kind == "counts_as":
        return f"{who}: {ability_name(str(e['by']))} counts as a {CARD_WORDS.get(e['card'], e['card'])}"
    if kind == "dodged":
        return f"{who} dodges {p('by')}'s Kill"
    if kind == "flip":
        return f"{who} turns {'face up' if e.get('face_up') else 'face down'}"
    if kind == "indulged":
        return f"{who} skips the action phase (Indulgence)"
    if kind == "judge_effect":
        return JUDGE_EFFECTS.get(str(e["effect"]), "{who}: {effect}").format(
            who=who, to=p("to") if isinstance(e.get("to"), int) and e["to"] >= 0 else "", effect=e["effect"])
    if kind == "lightning_moves":
        return f"Lightning moves from {p('from')} to {p('to')}"
    if kind == "look":
        return f"{who} looks at {e['count']} cards" + (f": {cards('cards')}" if e.get("cards") else "")
    if kind == "lose_health":
        return f"{who} loses {e['amount']} health (health {e['hp']})"
    if kind == "named":
        return f"{who} names {e['suit']}"
    if kind == "point_duel":
        return f"{who} and {p('target')} compare points: {who if e.get('won') else p('target')} wins"
    if kind == "redirect":
        return f"{who} passes it on to {p('to')}"
    if kind == "reshuffle":
        return f"the discard pile is shuffled into a new draw pile ({e['draw_pile']} cards)"
    if kind == "retrial":
        return f"{who} replaces the judgement {cards('old')} with {cards('new')}"
    if kind == "reveal":
        return f"revealed: {cards('cards')}"
    if kind == "skip":
        return f"{who} skips the {e['phase']} phase"
    if kind == "stacked":
        return f"{who} puts {e['top']} cards on top of the draw pile, {e['bottom']} at the bottom"
    if kind == "offers":
        return f"{who} is offered {e['count']} generals"
    if kind == "chosen":
        return f"{who} has chosen a general"
    if kind == "buqu":
        return f"{who}'s Buqu cards: {cards('cards')}"
    return None


def decider(view: dict[str, Any]) -> int | None:
    """The seat that decides now, as ``view`` shows it (None: nobody, or several at once)."""
    if view["stage"] == "pick":  # every seat chooses at once: the viewer is the one it concerns
        return view["seat"] if view.get("offers") and not view.get("pick") else None
    frames = view.get("frames") or []
    seat = frames[-1]["seat"] if frames else -1
    return seat if isinstance(seat, int) and seat >= 0 else None


def status(view: dict[str, Any]) -> str:
    """The header of a decision: the seat deciding, and whose turn and which phase when another's
    ("p4 · p1's action phase": p4 picks a Harvest card in p1's turn)."""
    if view["stage"] == "pick":
        who = decider(view)
        return f"p{who + 1} · choosing a general" if who is not None else "generals being chosen"
    if view["stage"] == "lord":
        return f"p{view['current'] + 1} · the Monarch chooses a general"
    if view["stage"] == "over":
        return "game over"
    phase = view["phase"] or view["stage"]
    who = decider(view)
    if who is None or who == view["current"]:
        return f"p{view['current'] + 1} · {phase} phase"
    return f"p{who + 1} · p{view['current'] + 1}'s {phase} phase"


def rules(reference: RulesReference) -> RenderableType:
    """``warroom rules ltk``: the shared tables for the cards; the generals as a list, each with one
    line per skill (a table has no room left for the skill texts in 80 columns)."""
    sections = reference["sections"]
    parts: list[RenderableType] = [render_rules({**reference, "sections": [
        x for x in sections if x["key"] != "generals"]})]
    for section in sections:
        if section["key"] != "generals":
            continue
        parts.append(Text(f"\n{section['title']}", "bold"))
        for e in section["entries"]:
            f = e["fields"]
            parts.append(Text.assemble((e["name"], "bold"), f" — {e['kind']} · {f.get('kingdom', '')} · "
                                       f"{f.get('gender', '')} · {f.get('health', '')} health"))
            for line in e["text"].splitlines():
                parts.append(Padding(Text(line), (0, 0, 0, 2)))
    return Group(*parts)
