"""Kasl's rules reference: the whole board (territories, fiefdoms, borders, shapes) and the army."""

from __future__ import annotations

from warroom.engine.reference import Column, GlossaryEntry, ReferenceSection, RulesReference, entry
from warroom.games.kasl.board import (
    ARMY,
    BOARD,
    CV,
    FIEFDOM_NAMES,
    PLAGUE_TRACK,
    SUPPLY,
    UNIT_NAMES,
)

INTRO = [
    "Goal: the most victory points after round 8: one per territory of your principal kingdom (the "
    "largest connected group holding one of your strongholds), 2/4/6 per fortified city/fortress/castle, "
    "2 per Lord (advanced rules: and your secret missions).",
    "Each round: order of play (smallest kingdom first), the black plague, then each player in turn: "
    "automatic recruitment, service of a Lord for a complete fiefdom, one strategic choice (recruit, "
    "fortify or build), attacks, redeployment of units and of Lords.",
    "Combat: 2 dice for 2 CV or less, 3 for more; a Lord adds an attack die and re-throws 1s; a "
    "stronghold adds its level in defence dice unless a war machine attacks; every 5 or 6 costs the "
    "other side 1 CV: its owner removes units worth as much of it as they can make up without going over.",
    "This board is warroom's own (the printed map is not recoverable): see docs/rules/kasl.md.",
]

# The rules' keywords, each with a line (the browser explains them where they appear; warroom rules lists them).
GLOSSARY: list[GlossaryEntry] = [
    GlossaryEntry(term=t, text=x) for t, x in [
        ("Lord", "A unit that adds an attack die and re-throws 1s; 2 VP each at "
         "the end; serves whoever holds a whole fiefdom."),
        ("stronghold", "A fortified city, fortress or castle: adds its level in "
         "defence dice and counts for VP and recruitment."),
        ("Fortified city", "A level-1 stronghold: 2 VP."),
        ("Fortress", "A level-2 stronghold: 4 VP."),
        ("Castle", "A level-3 stronghold: 6 VP."),
        ("principal kingdom", "Your largest connected group of territories holding one "
         "of your strongholds: 1 VP per territory."),
        ("fiefdom", "A group of territories; holding all of it brings a Lord into your service."),
        ("CV", "Combat value: infantry 1, archers 2, cavalry 3, war machine 2; "
         "each 5 or 6 rolled costs the other side 1 CV."),
        ("War machine", "A unit whose attack cancels the defending stronghold's extra dice."),
        ("plague", "The black plague: a round's number on the die places it; it "
         "kills units and spreads from round to round."),
        ("recruitment", "New units each turn from the chart, by the size of your kingdom and your highest stronghold."),
        ("River", "A border along a river: an attack crosses it only at a bridge."),
        ("Mountains", "A border along mountains: nothing crosses it, not even the plague."),
        ("VP", "Victory points: most after round 8 wins."),
    ]
]


def reference(title: str, rules_version: int) -> RulesReference:
    board = BOARD
    names = {t["id"]: t["name"] for t in board["territories"]}
    territories = ReferenceSection(
        key="territories", title="Territories", size=len(board["territories"]),
        columns=[Column(key="number", label="No."), Column(key="fiefdom", label="Fiefdom"),
                 Column(key="neighbours", label="Borders"), Column(key="shape", label="Shape")],
        entries=[],
    )
    for t in board["territories"]:
        nb = []
        for b in board["borders"]:
            if t["id"] in (b["a"], b["b"]):
                other = b["b"] if b["a"] == t["id"] else b["a"]
                nb.append(f"{other}" + ("" if b["type"] == "open" else f" ({b['type']})"))
        territories["entries"].append(entry(
            str(t["id"]), t["name"], "Territory", f"Territory {t['id']} of {FIEFDOM_NAMES[t['fiefdom']]}",
            count=1,  # its territory card
            fields={"number": t["id"], "fiefdom": FIEFDOM_NAMES[t["fiefdom"]],
                                "neighbours": ", ".join(nb),
                                "shape": " ".join(f"{x},{y}" for x, y in t["shape"])},
            ids=[t["id"]],
        ))
    fiefdoms = ReferenceSection(
        key="fiefdoms", title="Fiefdoms",
        columns=[Column(key="colour", label="Colour"), Column(key="territories", label="Territories")],
        entries=[entry(f["key"], f["name"], "Fiefdom", f"{f['name']}: a Lord serves whoever holds all of it",
                       count=None, fields={"colour": f["colour"], "territories": ", ".join(
                           str(t["id"]) for t in board["territories"] if t["fiefdom"] == f["id"])})
                 for f in board["fiefdoms"]],
    )
    borders = ReferenceSection(
        key="borders", title="Borders",
        columns=[Column(key="a", label="From"), Column(key="b", label="To"), Column(key="type", label="Type")],
        entries=[entry(f"{b['a']}-{b['b']}", f"{names[b['a']]} – {names[b['b']]}", b["type"].capitalize(),
                       {"open": "passable", "bridge": "a river crossing: passable",
                        "river": "impassable (the plague crosses it)",
                        "mountain": "impassable, even to the plague"}[b["type"]],
                       count=None, fields={"a": b["a"], "b": b["b"], "type": b["type"]})
                 for b in board["borders"]],
    )
    chains = ReferenceSection(
        key="terrain", title="Rivers and mountain ranges",
        columns=[Column(key="borders", label="Borders")],
        entries=[entry(r["name"], r["name"], kind, f"{kind} along {len(r['borders'])} borders", count=None,
                       fields={"borders": " ".join(f"{a}-{b}" for a, b in r["borders"])})
                 for kind, group in (("River", board["rivers"]), ("Mountains", board["mountains"]))
                 for r in group],
    )
    units = ReferenceSection(
        key="army", title="Army (per colour)",
        columns=[Column(key="cv", label="CV")],
        entries=[entry(k, k.replace("_", " ").capitalize(), "Unit" if i < 5 else "Stronghold",
                       _unit_text(i), count=int(ARMY["units"][k]),
                       fields={"cv": CV[i] if i < 4 else ""})
                 for i, k in enumerate(SUPPLY)],
    )
    track = ReferenceSection(
        key="plague", title="Round track: black plague numbers",
        columns=[Column(key="numbers", label="Plague on")],
        entries=[entry(f"round{r + 1}", f"Round {r + 1}", "Round",
                       "the plague appears on a die showing " + (", ".join(map(str, nums)) or "nothing"),
                       count=None, fields={"numbers": ", ".join(map(str, nums)) or "-"})
                 for r, nums in enumerate(PLAGUE_TRACK)],
    )
    chart = ReferenceSection(
        key="recruitment", title="Recruitment chart (infantry / archers / cavalry / war machines)",
        columns=[Column(key=f"level{lv}", label=f"Level {lv}") for lv in (1, 2, 3)],
        entries=[entry(f"{row['from']}-{row['to']}", f"Kingdom {row['from']}-{row['to']}", "Chart row",
                       "units recruited by highest stronghold level", count=None,
                       fields={f"level{lv + 1}": " / ".join(map(str, row["levels"][lv])) for lv in range(3)})
                 for row in ARMY["recruitment_chart"]],
    )
    return RulesReference(game="kasl", title=title, rules_version=rules_version, intro=list(INTRO),
                          sections=[territories, fiefdoms, borders, chains, units, track, chart],
                          glossary=list(GLOSSARY))


def _unit_text(i: int) -> str:
    if i < 4:
        return f"{UNIT_NAMES[i].capitalize()}: combat value {CV[i]}"
    return ["Lord: re-throw 1s in battle, +1 attack die, 2 VP; never alone",
            "Fortified city: +1 defence die, 1 infantry each turn, 2 VP",
            "Fortress: +2 defence dice, 1 archers each turn, 4 VP",
            "Castle: +3 defence dice, 1 cavalry each turn, 6 VP"][i - 4]
