"""The data of LTK's own frame kinds, typed (their rules are in rules.py, core.py, cards/ and
generals/): each kind a slots dataclass read by field, its stage an ``IntEnum`` whose values are
the ints the untyped frames held, so a state's JSON, and its hash, is what it always was. A key an
untyped frame gained part-way is an ``optional()`` field. Kinds not listed here still carry a dict.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from warroom.engine.frames import FrameData, FrameKinds


# ----- the turn and its phases --------------------------------------------------------------------
@dataclass(slots=True, kw_only=True)
class Turn(FrameData):
    """The bottom frame: the current player's phase ``i`` (an index into ``PHASES``), whether its
    work has begun (``busy``), and the phases the turn skips."""

    kind: ClassVar[str] = "turn"
    i: int
    busy: bool
    skip: list[str]


@dataclass(slots=True, kw_only=True)
class Act(FrameData):
    """The action phase: the current player uses cards one at a time (no data of its own)."""

    kind: ClassVar[str] = "act"


class DrawStage(IntEnum):
    FIRE = 0  # the draw_phase skills are asked
    DRAW = 1  # the count they left is drawn


@dataclass(slots=True, kw_only=True)
class DrawPhase(FrameData):
    kind: ClassVar[str] = "draw_phase"
    stage: DrawStage = DrawStage.FIRE


class DiscardStage(IntEnum):
    FIRE = 0  # the discard_phase skills are asked
    CHOOSE = 1  # the player picks the cards over the hand limit
    DISCARD = 2  # they are discarded


@dataclass(slots=True, kw_only=True)
class DiscardPhase(FrameData):
    kind: ClassVar[str] = "discard_phase"
    stage: DiscardStage = DiscardStage.FIRE


class JudgeStage(IntEnum):
    REVEAL = 0  # the top card is turned over; retrial skills are asked
    JUDGED = 1  # the card the retrials left stands; after_judgement skills are asked
    DONE = 2  # the card goes to the discard pile and is handed down


@dataclass(slots=True, kw_only=True)
class Judge(FrameData):
    """A judgement of ``who`` for ``reason``: ``card`` is the judgement card once revealed."""

    kind: ClassVar[str] = "judge"
    who: int
    reason: str
    card: int
    stage: JudgeStage = JudgeStage.REVEAL


class JudgeAreaStage(IntEnum):
    NEXT = 0  # the next card of the area is taken up and may be negated
    NEGATED = 1  # whether it was negated; if not, it is judged
    JUDGED = 2  # the judgement takes effect


@dataclass(slots=True, kw_only=True)
class JudgeArea(FrameData):
    """The judgement phase of ``who``: the cards ``done`` so far, the one in hand (``card``) and the
    phases they make the player skip."""

    kind: ClassVar[str] = "judge_area"
    who: int
    done: list[int]
    card: int
    skip: list[str]
    stage: JudgeAreaStage = JudgeAreaStage.NEXT




# ----- damage and dying ---------------------------------------------------------------------------
class DamageStage(IntEnum):
    DEAL = 0  # health goes down (dying is resolved at once)
    AFTER = 1  # after_damage skills are asked
    DONE = 2  # the damage dealt is handed down


@dataclass(slots=True, kw_only=True)
class Damage(FrameData):
    """``source`` (-1: none) deals ``amount`` to ``target`` with ``cards``, ``by`` a card or skill."""

    kind: ClassVar[str] = "damage"
    source: int
    target: int
    amount: int
    cards: list[int]
    by: str
    stage: DamageStage = DamageStage.DEAL


class LoseStage(IntEnum):
    LOSE = 0  # health goes down (dying is resolved at once)
    DONE = 1


@dataclass(slots=True, kw_only=True)
class LoseHealth(FrameData):
    """``target`` loses ``amount`` health: not damage, no source."""

    kind: ClassVar[str] = "lose_health"
    target: int
    amount: int
    stage: LoseStage = LoseStage.LOSE


class DyingStage(IntEnum):
    ASK = 0  # the table is asked for Peaches
    SETTLE = 1  # saved, or dead


@dataclass(slots=True, kw_only=True)
class Dying(FrameData):
    """The seat ``dying``, and who dealt the damage (``killer``, -1: nobody)."""

    kind: ClassVar[str] = "dying"
    dying: int
    killer: int
    stage: DyingStage = DyingStage.ASK


@dataclass(slots=True, kw_only=True)
class Buqu(FrameData):
    """Zhou Tai, below 1 health, may use Buqu: a card on his general for each of the ``points``
    lost at 0 health or lower."""

    kind: ClassVar[str] = "buqu"
    points: int
    killer: int


@dataclass(slots=True, kw_only=True)
class BuquDiscard(FrameData):
    """``who`` picks ``count`` Buqu cards to discard (``asked``: the choice is open)."""

    kind: ClassVar[str] = "buqu_discard"
    who: int
    count: int
    asked: bool


LTK_FRAMES = FrameKinds(Turn, Act, DrawPhase, DiscardPhase, Judge, JudgeArea,
                        Damage, LoseHealth, Dying, Buqu, BuquDiscard)
