"""Paper Kessen's rules reference: every card of the four decks, in the engine's shape
(:mod:`warroom.engine.reference`), for ``warroom rules``, the browser's rules panel and the
renderers that turn card ids into names.
"""

from __future__ import annotations

from typing import Any

from warroom.engine.reference import Column, FieldValue, GlossaryEntry, ReferenceSection, RulesReference, entry
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
    "Turn structure: each round is 1. Leader phase, 2. Recruit phase, 3. Deploy phase, 4. Battle "
    "phase (engagements, each with Action, Strategy, Tactics, Resolution and End segments), "
    "5. End phase (hands down to 7 recruits and 4 leaders).",
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

# every keyword the rules and card texts use, one line each (hover/tap in the browser,
# the Keywords table of `warroom rules kessen`)
GLOSSARY: list[GlossaryEntry] = [
    GlossaryEntry(term=t, text=x) for t, x in [
        ("Round", "Leader phase, Recruit phase, Deploy phase, Battle phase, End phase."),
        ("Battle", "Each round's fight: engagements until one side's engaged units have all retreated."),
        ("Engagement", "One battle turn: the attacker picks two units, cards are played, the higher Force wins."),
        ("Attacker", "The side whose turn it is in an engagement; it picks the two units that fight."),
        ("Defender", "The other side in an engagement; it plays first in the Strategy and Tactics segments."),
        ("Engaged", "A unit taking part in this round's battle (every unit in play, with exceptions)."),
        ("Retreat", "The loser of an engagement retreats: it stays in play but cannot fight again this battle."),
        ("Force", "A unit's strength: leader + troops + modifiers + cards played on it."),
        ("Unit", "A leader with a troop attached; only units fight."),
        ("Leader", "A main character, a General or a Sorcerer, with a Force and often an ability."),
        ("General", "A leader who may use 1 Tactics card per engagement."),
        ("Sorcerer", "A leader who may use 1 Spell card per engagement."),
        ("Troop", "Soldiers attached to a leader: Infantry, Cavalry or Ranged, with a Force."),
        ("Infantry / Cavalry / Ranged", "The troop types; some cards need or beat a type."),
        ("Modifier", "A permanent card attached to a unit that raises its Force."),
        ("DP", "A modifier attached in the Deploy phase."),
        ("AB", "A modifier attached after a battle to a unit that fought in it."),
        ("ABYW", "A modifier attached after a battle you won, to a unit that did not retreat."),
        ("Special", "A one-off recruit card played in the Deploy phase (Treachery, Assassin, ...)."),
        ("Strategy", "An action card that changes which units fight; played in the Strategy segment."),
        ("Tactic", "An action card for a General's unit, played in the Tactics segment."),
        ("Spell", "An action card for a Sorcerer's unit, played in the Tactics segment."),
        ("Formation", "An action card on a troop; each troop may use 1 per engagement."),
        ("Event", "An action card any unit may use, without limit, in the Tactics segment."),
        ("Negate", "Cancel the opponent's latest card of that kind played this engagement."),
        ("Know Enemy", "Negates a Strategy card just played (and can itself be negated)."),
        ("Intercept", "Put a different unit of yours in the defender's place."),
        ("Loyal", "Immune to Treachery and Duty Elsewhere (Guan Yu, Zhang Fei)."),
        ("Scout", "At the end of each Action segment you see the opponent's action hand."),
        ("Summon", "Deploying this leader brings its partner from the leader deck into your hand."),
        ("Companion", "Companion General lets a Sorcerer use Tactics; Companion Sorcerer a General Spells."),
        ("Streak", "Battles won in consecutive rounds; 3 wins the game, 2 brings Cao Cao into battle."),
    ]
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
                          sections=sections, glossary=list(GLOSSARY))
