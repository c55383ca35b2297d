"""The table's machinery shared by every card and skill: the frame resolver, the response
windows, the trigger registry, and the primitives (drawing, moving cards, distance, damage,
dying, death and victory).

Cards and generals register their frame rules, windows and abilities here when their modules
are imported (``rules.py`` imports them all), so this module imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from warroom.engine.actions import Move
from warroom.engine.choices import SelectRule
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, Resolver, finish, push
from warroom.engine.triggers import Triggers, seat_order
from warroom.engine.windows import Windows
from warroom.games.ltk.cards import KIND, SLOTS, SUBTYPE, weapon_range
from warroom.games.ltk.frames import (
    Buqu,
    Damage,
    DamageStage,
    Dying,
    DyingStage,
    Judge,
    JudgeStage,
    LoseHealth,
    LoseStage,
    Take,
)
from warroom.games.ltk.generals import GENERALS
from warroom.games.ltk.state import NO_CARD, LtkState


def holds(state: LtkState, seat: int, name: str) -> bool:
    """Whether ``seat`` has the ability ``name`` now: a skill of its living general (a lord skill
    only while it is the Monarch), or the effect of an equipped card."""
    s = state.seats[seat]
    if not s.alive:
        return False
    kind = EQUIP_ABILITIES.get(name)
    if kind is not None:
        card = s.equip[_SLOT_INDEX[SUBTYPE_OF_ABILITY[name]]]
        return card != NO_CARD and KIND[card] == kind
    # the hottest check of the game (every trigger asks it of every seat): skills as frozensets
    if s.blank or not s.general or name not in _SKILLS[s.general]:
        return False
    # a lord skill works only for the Monarch of role mode
    return name not in LORD_SKILLS or (s.role == "monarch" and "three-player" not in state.config["variants"])


def abilities(state: LtkState, seat: int) -> frozenset[str]:
    """Every ability ``seat`` has now: the names ``holds`` says yes to, in one go (for callers
    that would otherwise ask ``holds`` about many names)."""
    s = state.seats[seat]
    if not s.alive:
        return _NONE
    lord = s.role == "monarch" and "three-player" not in state.config["variants"]
    general = "" if s.blank else s.general
    key = (general, lord, *s.equip)
    held = _ABILITIES.get(key)
    if held is None:
        held = _ABILITIES[key] = _abilities(general, lord, s.equip)
    return held


def _abilities(general: str, lord: bool, equip: list[int]) -> frozenset[str]:
    # an equipment ability's name is always read from the equipment (as ``holds`` does)
    out = set(_SKILLS[general] - _EQUIP_NAMES) if general else set()
    if not lord:
        out -= LORD_SKILLS
    for i, card in enumerate(equip):
        name = _ABILITY_OF_KIND.get(KIND[card]) if card != NO_CARD else None
        if name is not None and _SLOT_INDEX[SUBTYPE_OF_ABILITY[name]] == i:
            out.add(name)
    return frozenset(out)


class _Triggers(Triggers[LtkState]):
    """The engine's registry, asking ``holds`` only about the abilities a seat could have at a
    timing point (its general's skills and the equipment abilities): the same list, in the
    same order, for far fewer checks (every timing point of the game asks it)."""

    def __init__(self) -> None:
        super().__init__(holds)
        # timing -> (abilities registered there when built, general -> its candidate names there)
        self._candidates: dict[str, tuple[int, dict[str, tuple[str, ...]]]] = {}

    def listening(self, state: LtkState, timing: str, order: list[int]) -> list[list[Any]]:
        registered = self.by_timing.get(timing)
        if not registered:
            return []
        table = self._candidates.get(timing)
        if table is None or table[0] != len(registered):
            table = self._candidates[timing] = (len(registered), {})
        by_general = table[1]
        out: list[list[Any]] = []
        seats = state.seats
        for seat in order:
            s = seats[seat]
            if not s.alive:
                continue
            general = "" if s.blank else s.general
            names = by_general.get(general)
            if names is None:
                skills = _SKILLS.get(general, _NONE)
                names = by_general[general] = tuple(a.name for a in registered
                                                    if a.name in EQUIP_ABILITIES or a.name in skills)
            for name in names:
                if holds(state, seat, name):
                    out.append([seat, name])
        return out


_NONE: frozenset[str] = frozenset()
_SLOT_INDEX = {slot: i for i, slot in enumerate(SLOTS)}
_SKILLS = {key: frozenset(g.skills) for key, g in GENERALS.items()}
RESOLVER: Resolver[LtkState] = Resolver()
WINDOWS = Windows()
TRIGGERS: Triggers[LtkState] = _Triggers()
WINDOWS.install(RESOLVER)
TRIGGERS.install(RESOLVER)
RESOLVER.add(SelectRule())
LORD_SKILLS = frozenset({"hujia", "jijiang", "jiuyuan"})
# ability name -> card kind, for abilities that equipment gives its wearer
EQUIP_ABILITIES: dict[str, str] = {}
SUBTYPE_OF_ABILITY: dict[str, str] = {}
# the same, read the other way (card kind -> ability), and the names: views of EQUIP_ABILITIES
# kept up to date by register_equipment
_ABILITY_OF_KIND: dict[str, str] = {}
_EQUIP_NAMES: set[str] = set()
# (general or "", lord skills on, *equipment) -> what abilities() returns, built as met
_ABILITIES: dict[tuple[Any, ...], frozenset[str]] = {}


def register_equipment(name: str, kind: str, subtype: str) -> None:
    """The ability ``name`` belongs to whoever wears a card of ``kind`` in the ``subtype`` slot."""
    EQUIP_ABILITIES[name] = kind
    SUBTYPE_OF_ABILITY[name] = subtype
    _ABILITY_OF_KIND[kind] = name
    _EQUIP_NAMES.add(name)
    _ABILITIES.clear()


def rule(cls: type[FrameRule[LtkState]]) -> type[FrameRule[LtkState]]:
    """Class decorator: register a frame rule with the game's resolver."""
    RESOLVER.add(cls())
    return cls


# ----- card uses in the action phase ------------------------------------------------------------
Targets = Callable[[LtkState, int, int], list[list[int]] | None]
Apply = Callable[[LtkState, int, int, list[int], list[Event]], None]


@dataclass(frozen=True, slots=True)
class Use:
    """How a card kind is used from the hand in the action phase.

    ``targets(state, seat, card)`` lists the legal target lists (``[[]]``: usable with no
    target) or ``None`` when it cannot be used now; ``apply`` resolves it (pushing frames).
    The targets may depend on the card only through whether it is the seat's only hand card
    (Heaven Scorcher Halberd): the action phase asks once per kind and decision.
    """

    targets: Targets
    apply: Apply


USES: dict[str, Use] = {}
# other actions of the action phase (weapon and general skills): verb -> (legal actions, apply)
PhaseLegal = Callable[[LtkState, int], list[str]]
PhaseApply = Callable[[LtkState, int, Move, list["Event"]], None]
PHASE_ACTIONS: dict[str, tuple[PhaseLegal, PhaseApply]] = {}
# cards a skill lets a seat use as another kind in the action phase: (state, seat) -> [(card, kind)]
AS_SOURCES: list[Callable[[LtkState, int], list[tuple[int, str]]]] = []


def uniform(state: LtkState) -> bool:
    return bool(state.option("uniform_windows"))


# ----- seats and distance -------------------------------------------------------------------------
def alive(state: LtkState) -> list[int]:
    return [i for i, s in enumerate(state.seats) if s.alive]


def order_from(state: LtkState, start: int) -> list[int]:
    """Living seats from ``start`` round the table in play order."""
    seats = state.seats
    n = len(seats)
    rotation = _ROTATIONS.get((n, start))
    if rotation is None:
        rotation = _ROTATIONS[n, start] = tuple(seat_order(start, n))
    return [i for i in rotation if seats[i].alive]


_ROTATIONS: dict[tuple[int, int], tuple[int, ...]] = {}  # (seats, start) -> the seats from start round


def next_alive(state: LtkState, seat: int) -> int:
    for step in range(1, state.n + 1):
        s = (seat + step) % state.n
        if state.seats[s].alive:
            return s
    return seat


def distance(state: LtkState, a: int, b: int) -> int:
    """Seats between ``a`` and ``b`` the shorter way round the living players, then horses and
    skills; never below 1."""
    return distance_among(state, alive(state), a, b)


def distance_among(state: LtkState, living: list[int], a: int, b: int) -> int:
    """:func:`distance` given the living seats (``alive(state)``), for callers that measure many."""
    ia, ib = living.index(a), living.index(b)
    steps = abs(ia - ib)
    d = min(steps, len(living) - steps) + _own_modifier(state, a)
    if state.seats[b].equip[2] != NO_CARD:
        d += 1
    for modify in DISTANCE_MODIFIERS:
        d += modify(state, a, b)
    return max(1, d)


def distances_from(state: LtkState, a: int) -> dict[int, int]:
    """:func:`distance` from ``a`` to every other living seat (in seat order), measured in one go."""
    seats = state.seats
    living = alive(state)
    n = len(living)
    ia = living.index(a)
    own = _own_modifier(state, a)
    out: dict[int, int] = {}
    for ib, b in enumerate(living):
        if b == a:
            continue
        steps = abs(ia - ib)
        d = min(steps, n - steps) + own
        if seats[b].equip[2] != NO_CARD:
            d += 1
        for modify in DISTANCE_MODIFIERS:
            d += modify(state, a, b)
        out[b] = max(1, d)
    return out


def _own_modifier(state: LtkState, a: int) -> int:
    """What ``a``'s -1 horse and ``OWN_DISTANCE_MODIFIERS`` take off its distance to everyone."""
    d = -1 if state.seats[a].equip[3] != NO_CARD else 0
    for modify in OWN_DISTANCE_MODIFIERS:
        d += modify(state, a)
    return d


# (state, a, b) -> a change to the distance from a to b
DISTANCE_MODIFIERS: list[Callable[[LtkState, int, int], int]] = []
# (state, a) -> a change to the distance from a to every other player (Mashu): asked once per a
OWN_DISTANCE_MODIFIERS: list[Callable[[LtkState, int], int]] = []


def attack_range(state: LtkState, seat: int) -> int:
    weapon = state.seats[seat].equip[0]
    return weapon_range(weapon) if weapon != NO_CARD else 1


def in_range(state: LtkState, a: int, b: int) -> bool:
    return distance(state, a, b) <= attack_range(state, a)


@contextmanager
def without(state: LtkState, seat: int, card: int) -> Iterator[None]:
    """Inside: ``seat``'s equipment without ``card``, for an equipped card that is the one being used
    or paid. It leaves the equipment area as it is used, so its range, its horse's distance and its
    effect (the Crossbow's) no longer count for that use; the card is put back on the way out (a
    legality question changes nothing). Not equipped: nothing changes."""
    equip = state.seats[seat].equip
    if card not in equip:
        yield
        return
    slot = equip.index(card)
    equip[slot] = NO_CARD
    try:
        yield
    finally:
        equip[slot] = card


# ----- moving cards --------------------------------------------------------------------------------
def over(state: LtkState) -> bool:
    return state.stage == "over"


def end_game(state: LtkState, winners: list[int], reason: str, events: list[Event]) -> None:
    """The game ends at once: every frame is dropped (the resolver sees an empty stack)."""
    state.winners = sorted(winners)
    state.reason = reason
    state.stage = "over"
    state.frames.clear()
    events.append(Event("game_over", {"winners": state.winners, "reason": reason,
                                      "roles": [s.role for s in state.seats]}))


def refill(state: LtkState, events: list[Event]) -> bool:
    """Shuffle the discard pile into a new draw pile; False (and a drawn game) when both are empty."""
    if state.draw:
        return True
    if not state.discard:
        end_game(state, [], "the draw pile and the discard pile are both exhausted", events)
        return False
    state.draw = state.discard
    state.discard = []
    if state.seen:  # nobody can follow a card through a shuffle
        for c in state.draw:
            state.seen.pop(str(c), None)
    state.rng.shuffle(state.draw)
    state.reshuffles += 1
    events.append(Event("reshuffle", {"draw_pile": len(state.draw)}))
    return True


def draw(state: LtkState, seat: int, n: int, events: list[Event]) -> bool:
    """``seat`` draws ``n`` cards (seen by that seat only); False if the game ended instead."""
    got: list[int] = []
    for _ in range(n):
        if not refill(state, events):
            return False
        got.append(state.draw.pop())
    state.seats[seat].hand.extend(got)
    events.append(Event("draw", {"seat": seat, "count": len(got)}, {"cards": got}, (seat,)))
    return True


def take_from_hand(state: LtkState, seat: int, card: int) -> None:
    s = state.seats[seat]
    s.hand.remove(card)
    if card in s.known:
        s.known.remove(card)
    if state.seen:
        state.seen.pop(str(card), None)


def discard_cards(state: LtkState, seat: int, cards: list[int], events: list[Event], why: str) -> None:
    """Move ``cards`` from ``seat``'s hand or equipment to the discard pile (shown to everyone)."""
    s = state.seats[seat]
    for c in cards:
        if c in s.hand:
            take_from_hand(state, seat, c)
        elif c in s.equip:
            s.equip[s.equip.index(c)] = NO_CARD
        elif c in s.judge:
            s.judge.remove(c)
            state.virtual.pop(str(c), None)
        state.discard.append(c)
    if cards:
        events.append(Event("discard", {"seat": seat, "cards": list(cards), "why": why}))


def to_discard_from_table(state: LtkState, cards: list[int]) -> None:
    """Cards that finished resolving leave the processing area for the discard pile."""
    for c in cards:
        if c in state.table:
            state.table.remove(c)
            state.discard.append(c)


def hand_of(state: LtkState, seat: int, kind: str) -> list[int]:
    return [c for c in state.seats[seat].hand if KIND[c] == kind]


def has_in_hand(state: LtkState, seat: int, kind: str) -> bool:
    """Whether ``seat`` holds a card of ``kind`` (``bool(hand_of(...))``, without the list)."""
    return not CARDS_OF_KIND[kind].isdisjoint(state.seats[seat].hand)


CARDS_OF_KIND: dict[str, frozenset[int]] = {k: frozenset(i for i, c in enumerate(KIND) if c == k) for k in set(KIND)}


def equipment_slot(card: int) -> int:
    return SLOTS.index(SUBTYPE[card])


# ----- health ---------------------------------------------------------------------------------------
def note(state: LtkState, a: int, b: int, amount: int) -> None:
    """Add to the public record of what ``a`` did to ``b``."""
    if a >= 0 and a != b and state.deeds:
        state.deeds[a][b] += amount


def recover(state: LtkState, seat: int, amount: int, events: list[Event]) -> None:
    s = state.seats[seat]
    gained = max(0, min(amount, s.max_hp - s.hp))
    if gained:
        s.hp += gained
        events.append(Event("recover", {"seat": seat, "amount": gained, "hp": s.hp}))
        for then in RECOVERED:
            then(state, seat, gained, events)


# (state, seat, points recovered, events): what follows a recovery (Buqu discards its cards)
RECOVERED: list[Callable[[LtkState, int, int, list[Event]], None]] = []
# (state, seat) -> whether a skill keeps ``seat`` out of dying below 1 health (Buqu)
ALIVE_BELOW_ONE: list[Callable[[LtkState, int], bool]] = []


def out_of_danger(state: LtkState, seat: int) -> bool:
    """Whether ``seat`` is not (or no longer) dying: health 1 or more, or a skill keeps it up."""
    return state.seats[seat].hp >= 1 or any(keeps(state, seat) for keeps in ALIVE_BELOW_ONE)


def damage(state: LtkState, source: int, target: int, amount: int, cards: list[int], events: list[Event],
           by: str = "") -> Frame:
    """Push a damage frame: ``source`` (-1: none) deals ``amount`` to ``target`` with ``cards``."""
    return push(state, Damage(source=source, target=target, amount=amount, cards=list(cards), by=by))


def lose_health(state: LtkState, seat: int, amount: int, events: list[Event]) -> Frame:
    """Push a frame for losing health: not damage, no source, no killer."""
    return push(state, LoseHealth(target=seat, amount=amount))


@rule
class DamageRule(FrameRule[LtkState]):
    """Damage: health goes down, dying is resolved at once, then "after damage" abilities."""

    kind = "damage"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Damage = frame.data
        target = state.seats[d.target]
        if d.stage == DamageStage.DEAL:
            d.stage = DamageStage.AFTER
            if not target.alive or d.amount <= 0:
                finish(state, frame, {"dealt": 0})
                return
            source = d.source
            if source >= 0 and not state.seats[source].alive:
                d.source = -1  # a dead source deals damage with no source
            note(state, d.source, d.target, d.amount)
            lose_hp(state, d.target, d.amount, d.source, events, lambda hp: Event("damage", {
                "source": d.source, "target": d.target, "amount": d.amount, "hp": hp, "by": d.by}))
            return
        if d.stage == DamageStage.AFTER:
            d.stage = DamageStage.DONE
            frame.results.clear()
            if target.alive:
                TRIGGERS.fire(state, "after_damage", {"source": d.source, "target": d.target,
                                                      "amount": d.amount, "cards": d.cards}, [d.target])
            return
        frame.results.clear()
        finish(state, frame, {"dealt": d.amount})


@rule
class LoseHealthRule(FrameRule[LtkState]):
    kind = "lose_health"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: LoseHealth = frame.data
        if d.stage == LoseStage.LOSE:
            d.stage = LoseStage.DONE
            lose_hp(state, d.target, d.amount, -1, events, lambda hp: Event("lose_health", {
                "seat": d.target, "amount": d.amount, "hp": hp}))
            return
        frame.results.clear()
        finish(state, frame, None)


def lose_hp(state: LtkState, seat: int, amount: int, killer: int, events: list[Event],
            event: Callable[[int], Event]) -> None:
    """Health goes down by ``amount`` (damage or a loss of health): ``event`` of the new health
    says so, and dying is resolved at once if it fell below 1 (``killer``: -1 for none)."""
    s = state.seats[seat]
    s.hp -= amount
    events.append(event(s.hp))
    if s.hp < 1:
        below(state, seat, amount, killer)


def below(state: LtkState, seat: int, amount: int, killer: int) -> None:
    """Health fell below 1: dying, unless Buqu keeps Zhou Tai up."""
    s = state.seats[seat]
    if holds(state, seat, "buqu"):
        points = min(amount, 1 - s.hp)  # the points lost at 0 health or lower
        push(state, Buqu(points=points, killer=killer), seat)
        return
    push(state, Dying(dying=seat, killer=killer))


@rule
class DyingRule(FrameRule[LtkState]):
    """Dying: the table is asked for Peaches from the current player round; unsaved, death."""

    kind = "dying"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Dying = frame.data
        seat = d.dying
        if d.stage == DyingStage.ASK:
            d.stage = DyingStage.SETTLE
            events.append(Event("dying", {"seat": seat, "hp": state.seats[seat].hp}))
            order = order_from(state, state.current)
            # a window that would ask nobody is not opened (the next step reads the same state)
            if uniform(state) or any(CAN_RESCUE(state, t, seat) for t in order):
                WINDOWS.open(state, "rescue", order, uniform(state), dying=seat)
            return
        frame.results.clear()
        if out_of_danger(state, seat):
            finish(state, frame, {"saved": True})
            return
        # finished first: what the death sets off (the Monarch's penalty discard fires Lianying and
        # Xiaoji) goes on the stack above the frame below
        finish(state, frame, {"saved": False})
        die(state, seat, d.killer, events)


def _can_rescue(state: LtkState, seat: int, dying: int) -> bool:
    return True


# (state, seat, dying) -> whether ``seat`` could answer the rescue window (set by cards.basic)
CAN_RESCUE: Callable[[LtkState, int, int], bool] = _can_rescue


def die(state: LtkState, seat: int, killer: int, events: list[Event]) -> None:
    """Death: the role is shown, victory is checked, then cards are discarded and the killer
    rewarded or penalised."""
    s = state.seats[seat]
    s.alive = False
    s.revealed = True
    events.append(Event("death", {"seat": seat, "role": s.role, "killer": killer}))
    winners = VICTORY["three" if "three-player" in state.config["variants"] else "role"](state)
    if winners is not None:
        end_game(state, winners[0], winners[1], events)
        return
    discard_cards(state, seat, s.hand[:] + [c for c in s.equip if c != NO_CARD] + s.judge[:], events, "death")
    state.discard.extend(s.buqu)
    s.buqu = []
    if killer < 0 or not state.seats[killer].alive:
        return
    if s.role == "rebel":
        draw(state, killer, 3, events)  # may end the game as a draw when no card is left
    elif s.role == "minister" and state.seats[killer].role == "monarch":
        k = state.seats[killer]
        discard_own(state, killer, k.hand[:] + [c for c in k.equip if c != NO_CARD], events, "penalty")


def role_victory(state: LtkState) -> tuple[list[int], str] | None:
    """Winners after a death in role mode, or None while the game goes on."""
    seats = state.seats
    living = [i for i, s in enumerate(seats) if s.alive]
    monarch = next(i for i, s in enumerate(seats) if s.role == "monarch")
    if not seats[monarch].alive:
        if len(living) == 1 and seats[living[0]].role == "defector":
            return living, "the Defector is the last one standing"
        return [i for i, s in enumerate(seats) if s.role == "rebel"], "the Monarch is dead"
    if not any(seats[i].role in ("rebel", "defector") for i in living):
        return ([i for i, s in enumerate(seats) if s.role in ("monarch", "minister")],
                "every Rebel and Defector is dead")
    return None


def three_victory(state: LtkState) -> tuple[list[int], str] | None:
    """The 3-player variation: the first death ends the game; the player before the dead one
    (whose target it was) wins; the dead one and the player after it (who protected it) lose."""
    for i, s in enumerate(state.seats):
        if not s.alive:
            return [(i - 1) % state.n], "a player killed the player after them"
    return None


VICTORY: dict[str, Callable[[LtkState], tuple[list[int], str] | None]] = {
    "role": role_victory, "three": three_victory}


def open_window(state: LtkState, name: str, order: list[int], **data: Any) -> Frame:
    return WINDOWS.open(state, name, order, uniform(state), **data)


# ----- cards of a seat, choosing one, judgements ------------------------------------------------------
def has_cards(state: LtkState, seat: int, judgement: bool = True) -> bool:
    s = state.seats[seat]
    return bool(s.hand) or any(c != NO_CARD for c in s.equip) or (judgement and bool(s.judge))


def gain(state: LtkState, seat: int, card: int, public: bool, events: list[Event], why: str,
         seen_by: tuple[int, ...] = ()) -> None:
    """``card`` (already out of its old zone) enters ``seat``'s hand. ``public``: everyone saw it."""
    s = state.seats[seat]
    s.hand.append(card)
    if public:
        s.known.append(card)
        events.append(Event("gain", {"seat": seat, "card": card, "why": why}))
    else:
        events.append(Event("gain", {"seat": seat, "count": 1, "why": why}, {"card": card},
                            tuple(sorted({seat, *seen_by}))))
        knowers = sorted(set(seen_by) - {seat})
        if knowers:  # they saw which card went in and can follow it (determinize keeps it there)
            state.seen[str(card)] = knowers


def remove_card(state: LtkState, seat: int, card: int) -> str:
    """Take ``card`` out of whichever area of ``seat`` holds it; return the area's name."""
    s = state.seats[seat]
    if card in s.hand:
        take_from_hand(state, seat, card)
        return "hand"
    if card in s.equip:
        s.equip[s.equip.index(card)] = NO_CARD
        return "equip"
    s.judge.remove(card)
    state.virtual.pop(str(card), None)
    return "judge"


def judge_kind(state: LtkState, card: int) -> str:
    """What a card in a judgement area is (Guose puts a ♦ card there as Indulgence)."""
    return state.virtual.get(str(card), KIND[card])


@rule
class TakeRule(FrameRule[LtkState]):
    """``chooser`` picks one card of ``owner``: a hand card blind (``take zone=hand``: one at random,
    as a face-down pick is), or a named equipment or judgement card (``take card=C``)."""

    kind = "take"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Take = frame.data
        if d.picked is not None:
            finish(state, frame, {"take": d.picked, "zone": d.zone})
            return
        if not has_cards(state, d.owner, d.judgement):
            finish(state, frame, {"take": NO_CARD, "zone": ""})
            return
        frame.seat = d.chooser

    def legal(self, state: LtkState, frame: Frame, seat: int) -> list[str]:
        d: Take = frame.data
        s = state.seats[d.owner]
        out = ["take zone=hand"] if s.hand else []
        out += [f"take card={c}" for c in s.equip if c != NO_CARD]
        if d.judgement:
            out += [f"take card={c}" for c in s.judge]
        return out

    def answer(self, state: LtkState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        d: Take = frame.data
        s = state.seats[d.owner]
        # a blind pick from the hand is a random one
        card = s.hand[state.rng.below(len(s.hand))] if action == "take zone=hand" else Move.parse(action).number("card")
        d.zone = remove_card(state, d.owner, card)
        d.picked = card
        frame.seat = NO_SEAT


def take(state: LtkState, chooser: int, owner: int, purpose: str, judgement: bool = True) -> Frame:
    return push(state, Take(chooser=chooser, owner=owner, purpose=purpose, judgement=judgement))


def judge(state: LtkState, seat: int, reason: str) -> Frame:
    """Push a judgement for ``seat``: the top card is revealed; retrial skills may replace it; the
    frame hands ``{"judge": card}`` down and the card goes to the discard pile (unless taken)."""
    return push(state, Judge(who=seat, reason=reason, card=NO_CARD))


@rule
class JudgeRule(FrameRule[LtkState]):
    kind = "judge"

    def step(self, state: LtkState, frame: Frame, events: list[Event]) -> None:
        d: Judge = frame.data
        if d.stage == JudgeStage.REVEAL:
            if not refill(state, events):
                return
            card = state.draw.pop()
            state.table.append(card)
            d.card = card
            d.stage = JudgeStage.JUDGED
            events.append(Event("judgement", {"seat": d.who, "card": card, "reason": d.reason}))
            TRIGGERS.fire(state, "before_judgement", {"judge": card, "who": d.who},
                          order_from(state, state.current))
            return
        if d.stage == JudgeStage.JUDGED:
            for value in frame.results:
                if isinstance(value, dict) and "ctx" in value:
                    d.card = value["ctx"]["judge"]
            frame.results.clear()
            d.stage = JudgeStage.DONE
            events.append(Event("judged", {"seat": d.who, "card": d.card, "reason": d.reason}))
            TRIGGERS.fire(state, "after_judgement", {"judge": d.card, "who": d.who}, [d.who])
            return
        frame.results.clear()
        card = d.card
        to_discard_from_table(state, [card])
        finish(state, frame, {"judge": card})


def judged(frame: Frame) -> int:
    """The judgement card a finished ``judge`` child handed back to ``frame`` (NO_CARD: none)."""
    for value in reversed(frame.results):
        if isinstance(value, dict) and "judge" in value:
            return int(value["judge"])
    return NO_CARD


def lost(state: LtkState, seat: int, card: int, zone: str, events: list[Event]) -> None:
    """``card`` left ``seat``'s ``zone`` (a move of one card): see :func:`lost_together`."""
    lost_together(state, seat, [(card, zone)], events)


def lost_together(state: LtkState, seat: int, moved: list[tuple[int, str]], events: list[Event]) -> None:
    """The ``(card, zone)`` pairs left ``seat``'s areas in one move: the timing points of Xiaoji
    (once per equipment card) and Lianying (once for the move, if it took the last hand card)."""
    for card, zone in moved:
        if zone == "equip":
            TRIGGERS.fire(state, "equip_lost", {"seat": seat, "card": card}, [seat])
    if any(zone == "hand" for _, zone in moved) and not state.seats[seat].hand:
        TRIGGERS.fire(state, "hand_emptied", {"seat": seat}, [seat])


def discard_own(state: LtkState, seat: int, cards: list[int], events: list[Event], why: str) -> None:
    """``seat`` discards ``cards`` of its hand and equipment in one move, then the loss fires."""
    s = state.seats[seat]
    moved = [(c, "hand" if c in s.hand else "equip") for c in cards]
    discard_cards(state, seat, cards, events, why)
    lost_together(state, seat, moved, events)


def fired(frame: Frame) -> dict[str, Any] | None:
    """The ctx a finished ``trigger`` child handed back to ``frame`` (None: nothing listened)."""
    for value in reversed(frame.results):
        if isinstance(value, dict) and "timing" in value and "ctx" in value:
            ctx: dict[str, Any] = value["ctx"]
            return ctx
    return None


def armor(state: LtkState, seat: int, user: int = -1) -> str:
    """The kind of ``seat``'s armor that works now ("" if none, or ignored by ``user``'s Qinggang)."""
    card = state.seats[seat].equip[1]
    if card == NO_CARD or (user >= 0 and user != seat and ARMOR_IGNORED(state, user)):
        return ""
    return KIND[card]


def _no_ignore(state: LtkState, user: int) -> bool:
    return False


ARMOR_IGNORED: Callable[[LtkState, int], bool] = _no_ignore
