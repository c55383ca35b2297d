"""``warroom rules ltk``: every card and general, in English with the Chinese names."""

from __future__ import annotations

from collections import Counter

from warroom.engine.reference import Column, GlossaryEntry, ReferenceSection, RulesReference, entry
from warroom.games.ltk.cards import DECK_SIZE, KIND, RANK, RANK_TEXT, SUIT, SUIT_SIGN, TYPES
from warroom.games.ltk.generals import GENERALS, SKILLS

CARD_TEXT = {
    "slash": "Action phase, once: one player within your attack range must use a Dodge or take 1 damage.",
    "jink": "Used when a Kill takes effect on you: cancels it.",
    "peach": "Recover 1 health: yourself in your action phase when wounded, or any dying player.",
    "dismantlement": "Discard one card of another player (hand cards blind).",
    "snatch": "Take one card of a player at distance 1.",
    "duel": "You and another player alternately play Kills, the target first; the first who does not takes 1 "
            "damage from the other.",
    "collateral": "A player with a weapon must use a Kill on a player of your choice in their range, or give "
                  "you the weapon.",
    "ex_nihilo": "Draw 2 cards.",
    "nullification": "Cancel a tool card's effect on one target, or another Negate.",
    "savage_assault": "Every other player plays a Kill or takes 1 damage.",
    "archery_attack": "Every other player plays a Dodge or takes 1 damage.",
    "god_salvation": "Every player recovers 1 health.",
    "amazing_grace": "Reveal one card per living player; each takes one in turn from you.",
    "lightning": "Placed on yourself; in a judgement phase, on ♠2-9 its holder takes 3 damage, else it moves on.",
    "indulgence": "On another player: unless their judgement is ♥, they skip their action phase.",
    "crossbow": "Weapon, range 1: no limit on the Kills you use.",
    "qinggang_sword": "Weapon, range 2: your Kills ignore the target's armor.",
    "ice_sword": "Weapon, range 2: instead of your Kill's damage you may discard two of the target's cards.",
    "double_swords": "Weapon, range 2: your Kill on the other gender: they discard a hand card or you draw 1.",
    "blade": "Weapon, range 3: when your Kill is dodged you may use another Kill on the target.",
    "spear": "Weapon, range 3: use or play two hand cards as a Kill.",
    "axe": "Weapon, range 3: when your Kill is dodged, discard two cards to make it hit.",
    "halberd": "Weapon, range 4: a Kill that is your last hand card may have two more targets.",
    "kylin_bow": "Weapon, range 5: when your Kill deals damage you may discard one of the target's horses.",
    "eight_diagram": "Armor: when you need a Dodge you may judge; red counts as a Dodge.",
    "nioh_shield": "Armor: black Kills have no effect on you.",
    "jueying": "+1 horse: others' distance to you is 1 more.",
    "dilu": "+1 horse: others' distance to you is 1 more.",
    "zhuahuangfeidian": "+1 horse: others' distance to you is 1 more.",
    "chitu": "-1 horse: your distance to others is 1 less.",
    "dayuan": "-1 horse: your distance to others is 1 less.",
    "zixing": "-1 horse: your distance to others is 1 less.",
}

# The rules' keywords, each with a line (the browser explains them where they appear; warroom rules lists them).
GLOSSARY: list[GlossaryEntry] = [
    GlossaryEntry(term=t, text=x) for t, x in [
        ("Kill", "Basic card: one player within your attack range must use a Dodge or take 1 damage (one per turn)."),
        ("Dodge", "Basic card: cancels a Kill (or an Archery Attack) aimed at you."),
        ("Peach", "Basic card: recover 1 health; the only way to save a dying player."),
        ("Negate", "Cancels a tool card's effect on one target (or another Negate); anyone may play it."),
        ("Weapon", "Equipment that sets your attack range and adds an ability; a new one replaces the old."),
        ("Armor", "Equipment that protects you (Eight Diagram, Nioh Shield)."),
        ("attack range", "How far your Kills reach: 1 without a weapon, else the weapon's range."),
        ("distance", "Seats between two players the short way round, changed by +1 and -1 horses."),
        ("judgement", "Turn the top card of the deck: its suit and rank decide an "
         "effect (Lightning, Indulgence, skills)."),
        ("dying", "At 0 health or less: every player in turn may play a Peach; without one the player dies."),
        ("Compulsory", "A skill that always takes effect; its owner cannot decline it."),
        ("Lord skill", "A skill only the Monarch's general has."),
        ("Monarch", "The revealed role: wins with the Ministers when every Rebel and Defector is dead."),
        ("Minister", "A hidden role that wins with the Monarch."),
        ("Rebel", "A hidden role that wins when the Monarch dies."),
        ("Defector", "A hidden role that wins by being the last one alive (the Monarch dying last)."),
        ("health", "Life points: at 0 you are dying; your hand limit at the discard phase is your health."),
    ]
]


def skill_line(key: str) -> str:
    """One skill of a general as a line of its reference entry: "Jianxiong 奸雄: text"."""
    s = SKILLS[key]
    return f"{s.name} {s.chinese}: {s.text}" if s.chinese else f"{s.name}: {s.text}"


def reference(title: str, version: int) -> RulesReference:
    counts = Counter(KIND)
    cards = [
        entry(k, f"{t.name} {t.chinese}", t.subtype, CARD_TEXT[k], counts[k],
              {"chinese": t.chinese, "type": t.type,
               "cards": " ".join(f"{SUIT_SIGN[SUIT[i]]}{RANK_TEXT.get(RANK[i], str(RANK[i]))}"
                                 for i in range(DECK_SIZE) if KIND[i] == k)},
              [i for i in range(DECK_SIZE) if KIND[i] == k])
        for k, t in TYPES.items()
    ]
    generals = [
        entry(g.key, f"{g.name} {g.chinese}", "Lord general" if g.lord else "General",
              "\n".join(skill_line(k) for k in g.skills), 1,
              {"chinese": g.chinese, "kingdom": g.kingdom, "gender": g.gender, "health": g.hp})
        for g in GENERALS.values()
    ]
    sections = [
        ReferenceSection(key="cards", title="The deck (108 cards with EX)", size=DECK_SIZE,
                         columns=[Column(key="chinese", label="Chinese"), Column(key="type", label="Type"),
                                  Column(key="cards", label="Suits and ranks")], entries=cards),
        ReferenceSection(key="generals", title="Generals", columns=[
            Column(key="chinese", label="Chinese"), Column(key="kingdom", label="Kingdom"),
            Column(key="gender", label="Gender"), Column(key="health", label="Health")], entries=generals),
    ]
    intro = [
        "Roles: the Monarch (revealed) and Ministers win when every Rebel and Defector is dead; Rebels win "
        "when the Monarch dies; a Defector wins by being the last one alive.",
        "A turn: start, judgement, draw 2, action (one Kill), discard down to your health, end.",
    ]
    return RulesReference(game="ltk", title=title, rules_version=version, intro=intro, sections=sections,
                          glossary=list(GLOSSARY))
