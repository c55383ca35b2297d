"""Kasl in the terminal: the board as a territory table by fiefdom and a compact text map,
the log sentences and the status line (Rich). Everything comes from a seat's view and the
events it may see; the board's static facts come from the data files.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from warroom.games.kasl.board import BOARD, FIEFDOM_NAMES, FIEFDOMS, LEVEL_NAMES, NAMES, UNIT_NAMES
from warroom.terminal import Scene, event_sentence, result_or_decision

STYLE = {"red": "bold red", "blue": "bold blue", "green": "bold green", "yellow": "bold yellow",
         "neutral": "white", "": "dim"}
STEP_NAMES = {
    "setup": "preparation", "declare": "black plague", "strategic": "strategic choice", "attack": "attacks",
    "redeploy": "redeploying units", "lords": "redeploying Lords", "over": "game over",
}
PIECES = (*UNIT_NAMES, "Lord", "fortified city", "fortress", "castle")
MAP_COLS = 66


def _who(view: dict[str, Any], owner: int) -> str:
    if owner < 0:
        return ""
    seats = view["seats"]
    return seats[owner] if owner < len(seats) else "neutral"


def _t(n: Any) -> str:
    return f"{n} {NAMES[int(n) - 1]}" if isinstance(n, int) and 1 <= n <= len(NAMES) else str(n)


def _seat(e: dict[str, Any], key: str = "seat") -> str:
    """The army in ``e[key]``: a colour, ``Neutral`` (an event about the neutral army says so in
    ``neutral``: with two players its number is the third colour's), or ``Nobody``."""
    from warroom.games.kasl.board import COLOURS

    p = e.get(key, -1)
    if isinstance(p, int) and p >= 0 and p == e.get("neutral"):
        return "Neutral"
    if isinstance(p, int) and 0 <= p < len(COLOURS):
        return COLOURS[p].capitalize()
    return "Neutral" if isinstance(p, int) and p >= 0 else "Nobody"


def _units(counts: list[int]) -> str:
    parts = [f"{n} {PIECES[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) or "nothing"


def _dice(throws: list[list[int]]) -> str:
    return " ".join("→".join(map(str, t)) for t in throws)


def _attack(e: dict[str, Any]) -> str:
    head = f"{_seat(e, 'attacker')} attacks {_t(e['to'])} from {_t(e['from'])}"
    if e["how"] == "vacant":
        return head + ": it is vacant"
    if e["how"] == "cavalry":
        return head + ": a cavalry charge, no dice; the defenders fall"
    extra = " (war machine: no stronghold dice)" if e.get("war_machine") else ""
    return (f"{head}: attack {_dice(e['attack_dice'])} vs defence {_dice(e['defence_dice'])}{extra}; "
            f"hits {e['hits'][0]}-{e['hits'][1]}")


def _combat_end(e: dict[str, Any]) -> str:
    """The outcome of one attack: each side's losses and whether the territory fell."""
    a, d = e["lost"]
    held = (f"{_seat(e, 'attacker')} takes {_t(e['to'])}" if e["taken"]
            else f"{_t(e['to'])} is not taken")
    return f"{held} (attacker lost {_units(a)}; defender lost {_units(d)})"


SENTENCES: dict[str, Callable[[dict[str, Any]], str]] = {
    "deal": lambda e: f"{_seat(e)} holds {len(e['territories'])} territories: {', '.join(map(str, e['territories']))}",
    "tie_roll": lambda e: f"Tie ({e['why']}): dice {e['dice']}",
    "missions": lambda e: ("Your mission cards: " + ", ".join(_t(t) for t in e["territories"])
                           if "territories" in e else f"{_seat(e)} draws 2 mission cards"),
    "round": lambda e: f"Round {e['round']}: order of play {', '.join(_seat({'seat': p}) for p in e['order'])}",
    "plague_roll": lambda e: (f"Black plague die: {e['die']} (plague on {', '.join(map(str, e['numbers'])) or '-'})"),
    "spread_roll": lambda e: "Plague spreading dice: " + ", ".join(f"{t}:{d}" for t, d in e["rolls"]),
    "plague": lambda e: f"The black plague {e['how']} on {_t(e['territory'])}",
    "declare": lambda e: f"{_seat(e)} declares the black plague on {_t(e['card'])}",
    "turn": lambda e: f"{_seat(e)}'s turn",
    "skip": lambda e: f"{_seat(e)} has no territory left",
    "recruit_auto": lambda e: (f"{_seat(e)} recruits " + ", ".join(f"{PIECES[k]} on {t}" for t, k in e["units"])
                               if e["units"] else f"{_seat(e)}: no automatic recruits left"),
    "place": lambda e: f"{_seat(e)} places {PIECES[e['piece']]} on {_t(e['territory'])}",
    "recruit": lambda e: f"{_seat(e)} recruits (kingdom {e['kingdom']}, level {e['level']}): {_units(e['units'])}",
    "fortify": lambda e: f"{_seat(e)} fortifies {_t(e['territory'])} into a {LEVEL_NAMES[e['level']]}",
    "build": lambda e: f"{_seat(e)} builds a fortified city on {_t(e['territory'])}",
    "attack": _attack,
    "loss": lambda e: f"{_seat(e, 'owner')} loses {PIECES[e['unit']]} on {e['territory']}",
    "lord_lost": lambda e: f"{_seat(e, 'owner')}'s Lord on {e['territory']} is left alone and eliminated",
    "vacant": lambda e: f"{_t(e['territory'])} is vacant",
    "siege": lambda e: (f"{_seat(e, 'by')} lays siege to {_t(e['territory'])}: the {LEVEL_NAMES[e['level']]} "
                        + ("changes colour" if e["replaced"] else "is destroyed")),
    "combat_end": lambda e: _combat_end(e),
    "capture": lambda e: f"{_seat(e)} occupies {_t(e['territory'])} with {_units(e['moved'])}",
    "move": lambda e: f"{_seat(e)} moves {_units(e['moved'])} from {e['from']} to {e['to']}",
    "lord_move": lambda e: f"{_seat(e)} moves a Lord from {e['from']} to {e['to']}",
    "end": lambda e: "The game is over: " + ", ".join(
        f"{_seat({'seat': p})} {s['total']} VP" for p, s in enumerate(e["scores"])),
}


def sentence(event: dict[str, Any], seat: int | None) -> str | None:
    """One log line for an event as ``seat`` sees it."""
    return event_sentence(SENTENCES, event)


def status(view: dict[str, Any]) -> str:
    """One line: round, step, whose turn, kingdom sizes."""
    sizes = ", ".join(f"{s} {k}" for s, k in zip(view["seats"], view["kingdoms"], strict=True))
    who = _who(view, view["current"]) or "-"
    return (f"round {view['round']}/{view['rounds']} · {STEP_NAMES.get(view['step'], view['step'])} · "
            f"{who} to play · kingdoms: {sizes}")


def _header(scene: Scene) -> RenderableType:
    view = scene.view
    me = scene.seat_names[scene.seat]
    title = Text.assemble(
        (scene.title, "bold"), f" · round {view['round']} of {view['rounds']} · ",
        (STEP_NAMES.get(view["step"], view["step"]), "bold"), " · you are ", (me, STYLE.get(me, "")),
        f" · seed {scene.seed}",
    )
    line = Text("Kingdom scale: ")
    for p, name in enumerate(view["seats"]):
        if p:
            line.append("  ")
        line.append(f"{name} {view['kingdoms'][p]}", STYLE.get(name, ""))
        line.append(f" ({scene.players[p]})", "dim")
    if view["order"]:
        line.append(" · order: " + " → ".join(view["seats"][p] for p in view["order"]), "dim")
    plague = view["plague"]
    pl = Text("Black plague: ")
    if plague["round"]:
        pl.append(f"appeared in round {plague['round']}, {plague['markers']} of {plague['markers_total']} markers",
                  "bold magenta")
    elif view["advanced"]:
        pl.append("not declared yet (the smallest kingdom may, once, with a mission card)", "dim")
    else:
        track = view["plague"]["track"]
        nxt = track[min(view["round"], len(track) - 1)] if view["round"] < len(track) else []
        pl.append(f"not yet · next round's square: {', '.join(map(str, nxt)) or '-'}", "dim")
    parts: list[RenderableType] = [title, line, pl]
    if "missions" in view:
        parts.append(Text("Your secret missions: " + ", ".join(_t(t) for t in view["missions"]), "cyan"))
    return Group(*parts)


def _cell(view: dict[str, Any], t: dict[str, Any]) -> Text:
    if t["plague"]:
        return Text("☠", "bold magenta")
    who = _who(view, t["owner"])
    u = t["units"]
    words = [f"{n}{c}" for n, c in zip(u, "IACW", strict=True) if n]
    if t["lord"]:
        words.append("L")
    if t["level"]:
        words.append(("", "city", "fortress", "castle")[t["level"]])
    return Text(" ".join(words) or "vacant", STYLE.get(who, "") if who else "dim")


def _territory_table(view: dict[str, Any]) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, expand=True, pad_edge=False, title="Territories by fiefdom",
                  title_justify="left")
    table.add_column("Fiefdom", no_wrap=True, style="bold")
    table.add_column("No.", justify="right", no_wrap=True)
    table.add_column("Territory", no_wrap=True)
    table.add_column("Owner", no_wrap=True)
    table.add_column("Units (I A C W, Lord, stronghold)")
    table.add_column("Borders (~ river, = bridge, ^ mountain)", style="dim")
    ts = view["territories"]
    kinds = {"open": "", "river": "~", "bridge": "=", "mountain": "^"}
    for f, members in enumerate(FIEFDOMS):
        for i, t in enumerate(members):
            info = ts[t]
            who = _who(view, info["owner"])
            borders = []
            for b in BOARD["borders"]:
                if t + 1 in (b["a"], b["b"]):
                    other = b["b"] if b["a"] == t + 1 else b["a"]
                    borders.append(f"{kinds[b['type']]}{other}")
            table.add_row(FIEFDOM_NAMES[f] if i == 0 else "", str(t + 1), NAMES[t],
                          Text(who or "-", STYLE.get(who, "dim")), _cell(view, info), " ".join(borders),
                          end_section=i == len(members) - 1)
    return table


def _map_rows() -> list[list[tuple[int, int]]]:
    """Territories as rows of (text column, territory index), read from the shapes' centres:
    a new row starts where the centres jump down (any board the data file holds)."""
    w = BOARD["size"][0]
    centres = []
    for t in BOARD["territories"]:
        xs = [p[0] for p in t["shape"]]
        ys = [p[1] for p in t["shape"]]
        centres.append((sum(ys) / len(ys), sum(xs) / len(xs), t["id"] - 1))
    centres.sort()
    rows: list[list[tuple[int, int]]] = []
    last_y = None
    for y, x, t in centres:
        if last_y is None or y - last_y > 25:
            rows.append([])
        rows[-1].append((round(x / w * (MAP_COLS - 4)), t))
        last_y = y
    return [sorted(r) for r in rows]


MAP_ROWS_OF_BOARD = _map_rows()
BORDER_MARK = {"river": "~", "bridge": "=", "mountain": "^"}


def text_map(view: dict[str, Any]) -> Text:
    """Territory numbers where their shapes lie, coloured by owner (☠ plague, * stronghold,
    L Lord); between neighbours in a row, ~ a river, = a bridge, ^ mountains."""
    from warroom.games.kasl.board import BORDER

    out = Text()
    for r, row in enumerate(MAP_ROWS_OF_BOARD):
        if r:
            out.append("\n")
        line: list[tuple[str, str]] = [(" ", "")] * (MAP_COLS + 2)
        for i, (col, t) in enumerate(row):
            info = view["territories"][t]
            who = _who(view, info["owner"])
            mark = "☠" if info["plague"] else "*" if info["level"] else "L" if info["lord"] else " "
            style = "bold magenta" if info["plague"] else STYLE.get(who, "") if who else "dim"
            for j, ch in enumerate(f"{t + 1:>2}{mark}"):
                if col + j < len(line):
                    line[col + j] = (ch, style)
            if i + 1 < len(row):
                nxt_col, nxt = row[i + 1]
                kind = BORDER.get((t, nxt), "open")
                if kind in BORDER_MARK:
                    line[(col + 3 + nxt_col) // 2] = (BORDER_MARK[kind], "bold cyan" if kind != "mountain"
                                                      else "bold white")
        for ch, style in line:
            out.append(ch, style)
    return out


def _map_panel(view: dict[str, Any]) -> RenderableType:
    legend = Text("\n* stronghold  L Lord  ☠ plague  ~ river  = bridge  ^ mountains (in a row) · rivers: " + "; ".join(
        f"{r['name']} ({len(r['borders'])} borders)" for r in BOARD["rivers"]) + " · mountains: " + "; ".join(
        m["name"] for m in BOARD["mountains"]), "dim")
    return Panel(Group(text_map(view), legend), title="Map", title_align="left", border_style="dim")


def _combat_panel(view: dict[str, Any]) -> RenderableType | None:
    c = view.get("last_combat") or {}
    if not c:
        return None
    return Panel(Text(_attack(c)), title="Last battle", title_align="left", border_style="yellow")


def _log_panel(lines: list[str]) -> RenderableType:
    text = Text("\n".join(lines) if lines else "(nothing yet)", "" if lines else "dim")
    return Panel(text, title="Log", title_align="left", border_style="dim")


def render(scene: Scene) -> RenderableType:
    """The whole screen for the human's seat."""
    view = scene.view
    parts: list[RenderableType] = [_header(scene), _territory_table(view), _map_panel(view)]
    combat = _combat_panel(view)
    if combat is not None:
        parts.append(combat)
    parts.append(_log_panel(scene.log))
    parts.extend(result_or_decision(scene))
    return Group(*parts)
