"""The data of LTK's own frame kinds, typed (their rules are in rules.py, core.py, cards/ and
generals/): each kind a slots dataclass read by field, its stage an ``IntEnum`` whose values are
the ints the untyped frames held, so a state's JSON, and its hash, is what it always was. A key an
untyped frame gained part-way is an ``optional()`` field. Kinds not listed here still carry a dict.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from warroom.engine.codec import optional
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



# ----- cards --------------------------------------------------------------------------------------
class KillStage(IntEnum):
    TARGET = 0  # the target is told (Liuli may pass the Kill on)
    TARGETED = 10  # the user's kill_targeted skills (Double Swords, Tieqi)
    ASK = 1  # Renwang Shield, or the target is asked for Dodges
    ANSWERED = 2  # dodged or not
    HIT = 3  # the user's kill_hit skills (Ice Sword, Kylin Bow)
    DODGED = 4  # the user's kill_dodged skills (Blade, Axe) may make it hit
    DAMAGE = 5  # the damage, unless prevented
    END = 9  # the cards go to the discard pile


@dataclass(slots=True, kw_only=True)
class Kill(FrameData):
    """A Kill of ``user`` made of ``cards`` taking effect on ``target``, which needs ``dodges``."""

    kind: ClassVar[str] = "kill"
    user: int
    cards: list[int]
    target: int
    dodges: int
    stage: KillStage = KillStage.TARGET


class AskStage(IntEnum):
    ARMOR = 0  # Eight Trigrams may be used
    ARMOR_ASKED = 1  # whether it is
    ARMOR_JUDGED = 11  # its judgement
    HELPERS = 2  # a lord skill may ask others (Hujia, Jijiang)
    HELPERS_ASKED = 21  # whether it is
    HELPED = 22  # what the others played
    OWN = 3  # the player's own cards
    ANSWERED = 4  # what the player played


@dataclass(slots=True, kw_only=True)
class Ask(FrameData):
    """``who`` is asked for ``need`` cards of kind ``card`` (``got`` so far, ``cards`` the cards),
    ``why`` and ``against`` whom, to ``verb`` them; ``armor_of``: whose weapon may ignore the asked
    seat's armor (-1: nobody's); ``to_table`` (asks for Kills only): the Kills answered are then
    used; ``judged``: the Eight Trigrams judgements made so far."""

    kind: ClassVar[str] = "ask"
    who: int
    card: str
    need: int
    got: int
    cards: list[int]
    why: str
    against: int
    verb: str
    armor_of: int
    stage: AskStage = AskStage.ARMOR
    to_table: bool | None = optional()
    judged: int | None = optional()


class NegationStage(IntEnum):
    ASK = 0  # the table is asked for a Negate
    ANSWERED = 1  # negated, or not, or the Negate itself negated


@dataclass(slots=True, kw_only=True)
class Negation(FrameData):
    """A Negate chain ``about`` a card taking effect (for prompts: card, user, target, depth)."""

    kind: ClassVar[str] = "negation"
    about: dict[str, Any]
    stage: NegationStage = NegationStage.ASK


class ToolStage(IntEnum):
    START = -1  # the tool's start (Amazing Grace reveals its cards)
    NEGATE = 0  # the next target: a Negate chain
    EFFECT = 1  # the effect on it, unless negated
    AFTER = 2  # once the effect's frames are done
    NEGATED = 3  # negated for this target


@dataclass(slots=True, kw_only=True)
class ToolUse(FrameData):
    """An instant tool ``card`` of ``user`` (``cards``) taking effect on each of ``targets`` in
    turn (``at``: the index of the current one). Borrowed Sword notes its ``victim`` and whether the
    Kill was ``refused``; Amazing Grace the cards ``revealed``."""

    kind: ClassVar[str] = "tool"
    user: int
    card: str
    cards: list[int]
    targets: list[int]
    at: int
    negatable: bool
    stage: ToolStage = ToolStage.START
    victim: int | None = optional()
    refused: bool | None = optional()
    revealed: list[int] | None = optional()


class DuelStage(IntEnum):
    ASK = 0  # the player whose ``turn`` it is is asked for a Kill
    ANSWERED = 1  # answered: the other's turn; not: damage
    DONE = 2


@dataclass(slots=True, kw_only=True)
class Duel(FrameData):
    """A duel of ``user`` against ``target`` (``turn``: who must play a Kill next), ``by`` a card
    (made of ``cards``) or a skill."""

    kind: ClassVar[str] = "duel"
    user: int
    target: int
    turn: int
    cards: list[int]
    by: str
    stage: DuelStage = DuelStage.ASK


@dataclass(slots=True, kw_only=True)
class Take(FrameData):
    """``chooser`` picks a card of ``owner`` (of the judgement area too if ``judgement``) for a
    ``purpose``; once picked, the card and the ``zone`` it left."""

    kind: ClassVar[str] = "take"
    chooser: int
    owner: int
    purpose: str
    judgement: bool
    picked: int | None = optional()
    zone: str | None = optional()


@dataclass(slots=True, kw_only=True)
class DoubleSwords(FrameData):
    """The Kill's target discards a hand card or lets ``user`` draw one."""

    kind: ClassVar[str] = "double_swords"
    user: int


@dataclass(slots=True, kw_only=True)
class Spear(FrameData):
    """Serpent Spear in the action phase: two hand cards become a Kill on ``target``."""

    kind: ClassVar[str] = "spear"
    target: int
    asked: bool



# ----- the generals' skills -----------------------------------------------------------------------
@dataclass(slots=True, kw_only=True)
class Skill(FrameData):
    """``who`` picks ``least`` to ``most`` cards (of the equipment too if ``equip``) for the action
    phase skill ``name`` on ``target`` (kept as written: "3", "2,5", "-1" for none); ``asked``: the
    choice is open."""

    kind: ClassVar[str] = "skill"
    who: int
    name: str
    target: str
    least: int
    most: int
    equip: bool
    asked: bool


class TwoStage(IntEnum):
    """The stage of a frame with one step before its outcome (Kurou, Jijiang)."""

    START = 0
    DONE = 1


@dataclass(slots=True, kw_only=True)
class Kurou(FrameData):
    """``who`` loses 1 health, then (alive) draws 2."""

    kind: ClassVar[str] = "kurou"
    who: int
    stage: TwoStage = TwoStage.START


@dataclass(slots=True, kw_only=True)
class Fanjian(FrameData):
    """The target names a suit and takes a random hand card of ``by``."""

    kind: ClassVar[str] = "fanjian"
    by: int


class QuhuStage(IntEnum):
    MINE = 0  # the initiator picks a card face down
    THEIRS = 1  # the target does
    SHOWN = 2  # both are shown and compared
    DONE = 3  # the damage (the victim chosen, if won)


@dataclass(slots=True, kw_only=True)
class Quhu(FrameData):
    """``who``'s point duel with ``target``: the ``cards`` laid face down, then ``shown``; the
    ``victim`` chosen when ``who`` won."""

    kind: ClassVar[str] = "quhu"
    who: int
    target: int
    cards: list[int]
    stage: QuhuStage = QuhuStage.MINE
    shown: list[int] | None = optional()
    victim: int | None = optional()


@dataclass(slots=True, kw_only=True)
class QuhuVictim(FrameData):
    """The winner of Quhu chooses which of ``victims`` the target hurts."""

    kind: ClassVar[str] = "quhu_victim"
    victims: list[int]


@dataclass(slots=True, kw_only=True)
class Jijiang(FrameData):
    """The Shu players are asked for a Kill ``who`` uses on ``target``."""

    kind: ClassVar[str] = "jijiang"
    who: int
    target: int
    stage: TwoStage = TwoStage.START


@dataclass(slots=True, kw_only=True)
class Liuli(FrameData):
    """The target of ``user``'s Kill may discard a card to pass it on."""

    kind: ClassVar[str] = "liuli"
    user: int


@dataclass(slots=True, kw_only=True)
class Guanxing(FrameData):
    """``who`` puts each of ``cards`` on ``top`` of the draw pile or at its ``bottom``."""

    kind: ClassVar[str] = "guanxing"
    who: int
    cards: list[int]
    top: list[int]
    bottom: list[int]


@dataclass(slots=True, kw_only=True)
class Ganglie(FrameData):
    """The damage's source (``who`` once it answers) discards two hand cards or takes 1 damage
    from ``by``."""

    kind: ClassVar[str] = "ganglie"
    by: int
    stage: int = 0  # never moves; kept because the saved form always had it
    who: int | None = optional()


@dataclass(slots=True, kw_only=True)
class Yiji(FrameData):
    """``who`` has ``looked`` at the top two cards (``cards``: those not yet given away)."""

    kind: ClassVar[str] = "yiji"
    who: int
    cards: list[int]
    looked: bool


@dataclass(slots=True, kw_only=True)
class Jieming(FrameData):
    """For each of ``points`` left, a player draws up to their maximum health."""

    kind: ClassVar[str] = "jieming"
    points: int


LTK_FRAMES = FrameKinds(Turn, Act, DrawPhase, DiscardPhase, Judge, JudgeArea,
                        Damage, LoseHealth, Dying, Buqu, BuquDiscard,
                        Kill, Ask, Negation, ToolUse, Duel, Take, DoubleSwords, Spear,
                        Skill, Kurou, Fanjian, Quhu, QuhuVictim, Jijiang, Liuli, Guanxing, Ganglie, Yiji, Jieming)
