"""The shapes of a game's words for people: its rules reference and its description.

``Game.rules_reference()`` returns a :class:`RulesReference` and ``Game.describe_game()`` a
:class:`GameDescription`. Both are plain JSON (``warroom rules GAME --json``, ``warroom games
--json``, ``GET /api/games``), and every client reads them without knowing the game: the
terminal's ``warroom rules``, the browser's rules panel and the lobby's create-table form.

A rules reference is a list of sections (a deck, a set of generals, the board's terrain), each a
list of entries. An entry has the facts every game has (key, name, kind, count, text) and a
``fields`` dict for the game's own columns (a card's Force, a troop type); the section's
``columns`` name those columns, in order, with their labels. ``ids`` lists the physical pieces
(cards) an entry stands for, by the ids the views and actions use, so a renderer can turn an id
into a name without a second table.
"""

# no ``from __future__ import annotations``: TypedDict reads NotRequired from real annotations,
# so that ``__required_keys__`` is right at run time too
from typing import Literal, NotRequired, TypedDict

FieldValue = str | int


class Column(TypedDict):
    """A game-specific column of a section: ``fields[key]`` of each entry, headed ``label``."""

    key: str
    label: str


class ReferenceEntry(TypedDict):
    """One card, general or board element."""

    key: str  # stable id of the entry (``foot``, ``liu_bei``)
    name: str  # as printed
    kind: str  # a short type word for people (``Troop``, ``Leader``, ``Formation``)
    count: int | None  # copies in the game; None when counting makes no sense (a board space)
    text: str  # the effect or description
    fields: dict[str, FieldValue]  # the game's own facts, shown as the section's columns
    ids: NotRequired[list[int]]  # the physical pieces this entry stands for, as views name them


class ReferenceSection(TypedDict):
    """A group of entries: a deck, a set of generals, the board."""

    key: str
    title: str
    size: NotRequired[int]  # how many pieces the section holds in all (a deck's size)
    columns: list[Column]
    entries: list[ReferenceEntry]


class GlossaryEntry(TypedDict):
    """A keyword the rules use and its one-line explanation (for hover/tap and ``warroom rules``)."""

    term: str  # as it appears in card texts and the rules (``Loyal``, ``Formation``)
    text: str  # one line


class RulesReference(TypedDict):
    """Everything ``warroom rules GAME`` shows."""

    game: str
    title: str
    rules_version: int
    intro: list[str]  # a few paragraphs: the goal and the flow of a turn (may be empty)
    sections: list[ReferenceSection]
    glossary: NotRequired[list[GlossaryEntry]]  # the rules' keywords, in reading order


class VariantInfo(TypedDict):
    """A rules variant a table may turn on."""

    name: str
    help: str


class OptionInfo(TypedDict):
    """A rule option (``--option NAME=VALUE``); ``min``/``max`` only for whole numbers."""

    name: str
    type: Literal["int", "str"]
    default: int | str
    help: str
    min: int | None
    max: int | None


class GameDescription(TypedDict):
    """The facts ``warroom games --json`` lists and the lobby builds its form from."""

    name: str
    title: str
    rules_version: int
    players: list[int]  # every allowed player count, ascending
    seat_names: dict[str, list[str]]  # player count (as text: JSON keys) -> seat names in seat order
    dynamics: Literal["sequential", "simultaneous", "realtime"]
    realtime: bool  # the same fact as ``dynamics``, kept for older readers
    variants: list[VariantInfo]
    options: list[OptionInfo]
    default_bot: str  # the game's preferred bot; ``warroom.bots.describe`` checks it is installed


def entry(
    key: str,
    name: str,
    kind: str,
    text: str,
    count: int | None = 1,
    fields: dict[str, FieldValue] | None = None,
    ids: list[int] | None = None,
) -> ReferenceEntry:
    """A :class:`ReferenceEntry` (``ids`` only when given)."""
    out = ReferenceEntry(key=key, name=name, kind=kind, count=count, text=text, fields=dict(fields or {}))
    if ids is not None:
        out["ids"] = list(ids)
    return out
