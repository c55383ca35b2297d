"""Tessen's rules reference in the engine's shape (:mod:`warroom.engine.reference`): one deck's
cards and the two expansion cards, for ``warroom rules tessen`` and the browser's rules panel."""

from __future__ import annotations

from warroom.engine.reference import GlossaryEntry, ReferenceSection, RulesReference, entry
from warroom.games.tessen.cards import data

INTRO = [
    "Two players hunt at the same time; there are no turns. Draw from your own deck or from the "
    "top of your opponent's animal discard pile (never your own), at most 5 cards in hand; with "
    "5 you must play or discard before drawing again.",
    "Play animals into your 5 places, one pile per kind. A pile of 3 or more may be kept "
    "(\"Kept!\") into your score pile. With 5 cards in hand you may discard an animal.",
    "Attack an opponent's place with a warrior: they must at once defend with a warrior (a "
    "super-warrior only with a super-warrior) or yield the pile, which you must place at once; your "
    "warrior then blocks their place until they clear it with a warrior. The attacker plays on.",
    "The round ends (\"Tessen!\") when a player draws the last card of their own deck. More kept "
    "animals wins; a tie goes to the player who drew the last card. The winner serves the Shogun: "
    "one warrior leaves their deck for the match. First to win 3 rounds (an option) wins.",
    "Real time: at least 400 ms between two actions of one player, 3 s to answer an attack "
    "(both options); see docs/rules/tessen.md.",
]

# The rules' keywords, each with a line (the browser explains them where they appear; warroom rules lists them).
GLOSSARY: list[GlossaryEntry] = [
    GlossaryEntry(term=t, text=x) for t, x in [
        ("Animal", "A card to play into one of your 5 places, one pile per kind."),
        ("place", "One of your 5 spots for animals; a warrior on it blocks it until you clear it."),
        ("Kept", "Putting a pile of 3 or more animals into your score pile (call \"Kept!\")."),
        ("score pile", "Your kept animals: the most at the round's end wins the round."),
        ("Warrior", "Attacks an opponent's place, defends one, or clears a blocked place."),
        ("super-warrior", "A stronger warrior: only a super-warrior can defend against one."),
        ("yield", "Giving up an attacked pile instead of defending: the attacker must place it at once."),
        ("Shogun", "Serving the Shogun: a round's winner removes one warrior from their deck for the match."),
        ("Dragon", "Expansion: warriors on the dragon stay all match; after each round "
         "the side with fewer there loses 5 kept animals."),
        ("Sacred Animal", "Expansion: the animal kind on the sacred card counts double at the round's end."),
    ]
]


def reference(title: str, rules_version: int) -> RulesReference:
    d = data()
    cards = [
        # views and actions name cards by these keys (``fox``, ``super``): copies have no ids
        entry(a["key"], a["name"], "Animal", a["text"], count=a["copies"]) for a in d["animals"]
    ] + [entry(w["key"], w["name"], "Warrior", w["text"], count=w["copies"]) for w in d["warriors"]]
    table = [entry(t["key"], t["name"], "Expansion", t["text"], count=1, fields={}) for t in d["table"]]
    return RulesReference(
        game="tessen", title=title, rules_version=rules_version, intro=INTRO,
        sections=[
            ReferenceSection(key="deck", title=d["deck"], size=d["size"], columns=[], entries=cards),
            ReferenceSection(key="expansions", title="Expansion cards", columns=[], entries=table),
        ],
        glossary=list(GLOSSARY),
    )
