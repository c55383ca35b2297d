"""Paper Kessen's rules reference: every card of the four decks, in the engine's shape
(:mod:`warroom.engine.reference`), for ``warroom rules``, the browser's rules panel and the
renderers that turn card ids into names.
"""

from __future__ import annotations

from typing import Any

from warroom.engine.reference import Column, FieldValue, ReferenceSection, RulesReference, entry
from warroom.games.kessen.cards import ACTION, BY_KEY, DECK_DATA, EVIL, GOOD, RECRUIT, TROOP_TYPES

KIND_LABEL = {
    "troop": "Troop",
    "modifier": "Modifier",
    "special": "Special",
    "strategy": "Strategy",
    "tactic": "Tactic",
    "spell": "Spell",
    "formation": "Formation",
    "event": "Event",
    "leader": "Leader",
    "leader_mod": "Leader-deck modifier",
}

INTRO = [
    "Goal: win the battles of 3 rounds in a row. Good (Liu Bei's side) plays against Evil "
    "(Cao Cao's side).",
    "Each round: both sides draw 1 leader and 3 recruit cards, then take turns deploying. A unit is "
    "a leader with a troop; modifiers attached to a unit raise its Force for good. Specials are "
    "one-off effects. Pass when you are done deploying.",
    "Then the battle: every unit in play fights (Cao Cao only once a side has won the last 2 "
    "battles). In each engagement the attacker picks one of their units and one of the opponent's. "
    "Strategy cards can change who fights; then both sides play Tactics (Generals), Spells "
    "(Sorcerers), Formations (on troops) and Events on their fighting unit. The higher Force total "
    "wins; the loser retreats for the rest of the battle.",
    "The side whose units are all retreated loses the battle. Afterwards the units that fought can "
    "receive After-Battle modifiers.",
]

# the game's own columns of each deck (action cards say their Force in their text)
COLUMNS: dict[str, list[Column]] = {
    RECRUIT: [Column(key="type", label="Type"), Column(key="force", label="Force")],
    ACTION: [],
    GOOD: [Column(key="role", label="Role"), Column(key="force", label="Force")],
    EVIL: [Column(key="role", label="Role"), Column(key="force", label="Force")],
}


def fields(card: dict[str, Any]) -> dict[str, FieldValue]:
    """The game-specific facts of a deck entry (``data/*.json``) as the columns show them."""
    kind = card["kind"]
    force = int(card.get("force", 0))
    out: dict[str, FieldValue] = {}
    if kind == "troop":
        out["type"] = TROOP_TYPES.get(card.get("troop_type", ""), "")
        out["force"] = force
    elif kind == "leader":
        typ = card.get("leader_type", "")
        roles = [r for code, r in (("G", "General"), ("S", "Sorcerer")) if code in typ]
        out["role"] = " & ".join(roles)
        out["force"] = force
    elif kind in ("modifier", "leader_mod") and force:
        out["force"] = f"+{force}"  # added to a unit's total
    return out


def reference(title: str, rules_version: int) -> RulesReference:
    """The four decks, every card entry with its copies, text and the ids of its copies."""
    sections: list[ReferenceSection] = []
    for deck in (RECRUIT, ACTION, GOOD, EVIL):
        data = DECK_DATA[deck]
        entries = [
            entry(c["key"], c["name"], KIND_LABEL.get(c["kind"], c["kind"]), c["text"], count=c["copies"],
                  fields=fields(c), ids=BY_KEY[c["key"]])
            for c in data["cards"]
        ]
        sections.append(ReferenceSection(key=deck, title=data["deck"], size=data["size"],
                                         columns=COLUMNS[deck], entries=entries))
    return RulesReference(game="kessen", title=title, rules_version=rules_version, intro=INTRO,
                          sections=sections)
