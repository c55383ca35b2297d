"""Kasl's rules: preparation, the nine steps of a round, combat, sieges, scoring, advanced rules.

The round is a small state machine (``state.step``); every choice of several parts (where
each unit goes, which units a loss removes, which units move) is a stack of engine frames
(:mod:`warroom.engine.frames`) whose picks are the engine's ``select`` frames, one pick at a
time. ``_advance`` runs every automatic step until a seat must decide; a decision with a
single possible answer is taken for the player. Readings of the rulebook are written down in
docs/rules/kasl.md.
"""

from __future__ import annotations

from itertools import product
from typing import Any, ClassVar

from warroom.engine import Decision, Event, Game, Option, Result, Rng, make_rng, mix_seed
from warroom.engine.action_space import ActionSpace
from warroom.engine.actions import Move
from warroom.engine.choices import SelectRule, select
from warroom.engine.frames import Frame, FrameRule, Resolver, finish, push
from warroom.engine.reference import RulesReference
from warroom.games.kasl import action_space as _space
from warroom.games.kasl import encode as _encode
from warroom.games.kasl import reference as references
from warroom.games.kasl import summary as summaries
from warroom.games.kasl import text
from warroom.games.kasl.board import (
    ARCH,
    CAV,
    CITY,
    COLOURS,
    CV,
    FIEFDOMS,
    INF,
    LORD,
    MAX_LORDS,
    MAX_STRONGHOLDS,
    PASSABLE,
    PLAGUE_MARKERS,
    PLAGUE_NEXT,
    PLAGUE_TRACK,
    ROUNDS,
    WM,
    N,
    recruits,
)
from warroom.games.kasl.core import (
    ADVANCED,
    basic,
    combat_value,
    complete_fiefdoms,
    lords,
    order_size,
    owned,
    principal,
    score,
    strongholds,
    winners_of,
)
from warroom.games.kasl.positions import build, describe
from warroom.games.kasl.state import NOBODY, Combat, CombatPhase, KaslState, Losses, Movement, Place
from warroom.games.kasl.views import view

NEW_CITY = 6  # a place item: a fortified city with its archers (and a Lord if none is on the board)
DECISION_STEPS = ("declare", "strategic", "attack", "redeploy", "lords")


def _roll(state: KaslState) -> int:
    return state.rng.below(6) + 1


def _to_supply(state: KaslState, t: int) -> None:
    """Every piece on ``t`` goes back to its owner's supply (plague, siege losers handled apart)."""
    p = state.owner[t]
    if p >= 0:
        row = state.supply[p]
        for k in range(4):
            row[k] += state.units[t][k]
        row[LORD] += state.lord[t]
        for lv in range(state.level[t]):
            row[CITY + lv] += 1
    state.units[t] = [0, 0, 0, 0]
    state.lord[t] = 0
    state.level[t] = 0


def _settle(state: KaslState, t: int, events: list[Event]) -> None:
    """After a battle: a Lord left alone is eliminated; a territory without units is vacant
    (its stronghold's owner keeps it)."""
    if basic(state, t):
        return
    p = state.owner[t]
    if state.lord[t]:
        state.lord[t] = 0
        if p >= 0:
            state.supply[p][LORD] += 1
        events.append(Event("lord_lost", {"territory": t + 1, "owner": p}))
    if p >= 0 and not state.level[t]:
        state.owner[t] = NOBODY
        events.append(Event("vacant", {"territory": t + 1, "was": p}))


def _infect(state: KaslState, t: int, events: list[Event], how: str) -> None:
    was = state.owner[t]
    lost = [*state.units[t][:], state.lord[t], state.level[t]]
    _to_supply(state, t)
    state.owner[t] = NOBODY
    state.plague[t] = 1
    state.markers += 1
    events.append(Event("plague", {"territory": t + 1, "how": how, "owner": was, "lost": lost}))


def _siege(state: KaslState, p: int, t: int, events: list[Event]) -> None:
    """``p``'s attack has left no unit with a combat value on ``t``: a stronghold of another
    colour there is besieged at once, whether ``p`` moves in or not. It becomes ``p``'s (the same
    pieces from ``p``'s supply, the territory with it), or is destroyed when ``p`` already has four
    strongholds (or lacks the pieces), leaving the territory to nobody; the defender's pieces go
    back to him either way."""
    prev, lv = state.owner[t], state.level[t]
    if not lv or prev == p or basic(state, t):
        return
    if prev >= 0:
        for k in range(lv):
            state.supply[prev][CITY + k] += 1
    mine = state.supply[p]
    replaced = len(strongholds(state, p)) < MAX_STRONGHOLDS and all(mine[CITY + k] > 0 for k in range(lv))
    if replaced:
        for k in range(lv):
            mine[CITY + k] -= 1
        state.owner[t] = p
    else:
        state.level[t] = 0
        state.owner[t] = NOBODY
    events.append(Event("siege", {"territory": t + 1, "by": p, "from": prev, "level": lv, "replaced": replaced}))


# ----- frames -------------------------------------------------------------------------------
def _place_candidates(state: KaslState, p: int, item: int, only: list[int] | None) -> list[int]:
    ts = only if only is not None else owned(state, p)
    if item in (CITY, NEW_CITY):
        return [t for t in ts if state.owner[t] == p and not state.level[t] and basic(state, t)]
    if item == LORD:
        return [t for t in ts if state.owner[t] == p and basic(state, t) and not state.lord[t]]
    return [t for t in ts if state.owner[t] == p]


def _available(state: KaslState, p: int, item: int) -> bool:
    row = state.supply[p]
    if item == NEW_CITY:
        return row[CITY] > 0
    if item == LORD:
        return row[LORD] > 0 and lords(state, p) < MAX_LORDS
    return row[item] > 0


def _put(state: KaslState, p: int, item: int, t: int, events: list[Event], why: str) -> None:
    row = state.supply[p]
    if item < 4:
        row[item] -= 1
        state.units[t][item] += 1
    elif item == LORD:
        row[LORD] -= 1
        state.lord[t] = 1
    elif item == CITY:
        row[CITY] -= 1
        state.level[t] = 1
    else:  # NEW_CITY: the city, its archers, and a Lord if the player has none on the board
        row[CITY] -= 1
        state.level[t] = 1
        events.append(Event("place", {"seat": p, "piece": CITY, "territory": t + 1, "why": why}))
        if row[ARCH] > 0:
            _put(state, p, ARCH, t, events, why)
        if lords(state, p) == 0 and row[LORD] > 0:
            _put(state, p, LORD, t, events, why)
        return
    events.append(Event("place", {"seat": p, "piece": item, "territory": t + 1, "why": why}))


def _picked(frame: Frame) -> list[int] | None:
    """The picks of the ``select`` frame that just finished above ``frame`` (``None``: none did;
    a frame finished above that was not a selection hands back nothing)."""
    while frame.results:
        value = frame.results.pop()
        if isinstance(value, dict) and "picked" in value:
            return list(value["picked"])
    return None


class PlaceRule(FrameRule[KaslState]):
    """Place pieces one at a time: ``data.items`` are supply slots (or NEW_CITY); each goes
    where its owner picks (a single possible territory is taken without asking)."""

    kind = "place"

    def step(self, state: KaslState, frame: Frame, events: list[Event]) -> None:
        d: Place = frame.data
        p, items = d.who, d.items
        picked = _picked(frame)
        if picked:
            _put(state, p, items.pop(0), picked[0] - 1, events, d.why)
        while items:
            item = items[0]
            cands = _place_candidates(state, p, item, d.only) if _available(state, p, item) else []
            if not cands:
                items.pop(0)
                continue
            if len(cands) == 1:
                _put(state, p, items.pop(0), cands[0], events, d.why)
                continue
            select(state, p, [t + 1 for t in cands], 1, 1, f"{d.why}:{_ITEM_WORD[item]}", key="territory")
            return
        finish(state, frame)


_ITEM_WORD = {INF: "infantry", ARCH: "archers", CAV: "cavalry", WM: "war_machine", LORD: "lord",
              CITY: "city", NEW_CITY: "new_city"}


def loss_choices(units: list[int], hits: int) -> list[tuple[int, ...]]:
    """Every way to lose units worth as much combat value as ``hits`` allow: the count of each
    unit type removed, for each choice whose combined value is the largest possible without
    exceeding ``hits`` (one choice of nothing when no unit fits)."""
    counts = product(*(range(min(units[k], hits // CV[k]) + 1) for k in range(4)))
    valued = [(sum(n * CV[k] for k, n in enumerate(c)), c) for c in counts]
    best = max(v for v, _ in valued if v <= hits)
    return [c for v, c in valued if v == best]


class LossRule(FrameRule[KaslState]):
    """``t`` loses ``hits`` CV as far as its units allow: its owner removes units one at a time,
    each a unit of some choice of the largest combined value not above the hits left
    (:func:`loss_choices`), until the units removed make up such a choice."""

    kind = "losses"

    def step(self, state: KaslState, frame: Frame, events: list[Event]) -> None:
        d: Losses = frame.data
        t = d.t
        picked = _picked(frame)
        if picked:
            self._remove(state, frame, picked[0], events)
        choices = loss_choices(state.units[t], d.hits)
        owner = state.owner[t]
        if len(choices) > 1 and 0 <= owner < state.players:
            select(state, owner, sorted({k for c in choices for k in range(4) if c[k]}), 1, 1, "loss", key="unit")
            return
        # no real choice (a single one, maybe nothing); the neutral army loses its first choice
        for k, n in enumerate(choices[0]):
            for _ in range(n):
                self._remove(state, frame, k, events)
        finish(state, frame)

    @staticmethod
    def _remove(state: KaslState, frame: Frame, k: int, events: list[Event]) -> None:
        d: Losses = frame.data
        t = d.t
        state.units[t][k] -= 1
        d.hits -= CV[k]
        owner = state.owner[t]
        if owner >= 0:
            state.supply[owner][k] += 1
        events.append(Event("loss", {"territory": t + 1, "owner": owner, "unit": k}))


class MoveRule(FrameRule[KaslState]):
    """Move units from ``src`` to ``dst`` one pick at a time (``done`` ends), leaving a basic
    unit behind; after a capture the Lord may follow the units."""

    kind = "move"

    def step(self, state: KaslState, frame: Frame, events: list[Event]) -> None:
        d: Movement = frame.data
        p, src, dst, why = d.who, d.src, d.dst, d.why
        picked = _picked(frame)
        if picked is not None:
            if not picked:
                return self._end(state, frame, events)
            k = picked[0]
            if why == "capture":
                state.owner[dst] = p  # a stronghold there is already p's (the siege came first)
            if k == LORD:
                state.lord[src] = 0
                state.lord[dst] = 1
            else:
                state.units[src][k] -= 1
                state.units[dst][k] += 1
            d.moved.append(k)
        cands = [k for k in range(4) if state.units[src][k]] if basic(state, src) >= 2 else []
        if why == "capture" and state.lord[src] and not state.lord[dst] and any(k < 4 for k in d.moved):
            cands.append(LORD)
        if not cands:
            return self._end(state, frame, events)
        least = 1 if why == "redeploy" and not d.moved else 0
        select(state, p, cands, least, 1, why, key="unit")
        return None

    @staticmethod
    def _end(state: KaslState, frame: Frame, events: list[Event]) -> None:
        d: Movement = frame.data
        moved = [sum(1 for k in d.moved if k == i) for i in range(5)]
        if d.why == "capture":
            if d.moved:
                events.append(Event("capture", {"seat": d.who, "from": d.src + 1, "territory": d.dst + 1,
                                                "moved": moved}))
            else:
                _settle(state, d.dst, events)
        else:
            events.append(Event("move", {"seat": d.who, "from": d.src + 1, "to": d.dst + 1, "moved": moved}))
        finish(state, frame)


def _dice(state: KaslState, n: int, lord: bool) -> list[list[int]]:
    """``n`` dice; with a Lord each 1 is thrown again until it is not a 1 (every throw kept)."""
    out = []
    for _ in range(n):
        throws = [_roll(state)]
        while lord and throws[-1] == 1:
            throws.append(_roll(state))
        out.append(throws)
    return out


def _hits(dice: list[list[int]]) -> int:
    return sum(1 for throws in dice if throws[-1] >= 5)


def cavalry_charge(state: KaslState, src: int, dst: int) -> bool:
    """Whether an attack from ``src`` takes ``dst`` without dice: nothing but cavalry attacks
    nothing but infantry, archers or war machines, outside a stronghold. A Lord is one of the
    army's units, so one on either side is more than that (docs/rules/kasl.md)."""
    att, dfn = state.units[src], state.units[dst]
    return (att[CAV] == basic(state, src) and not state.lord[src]
            and not dfn[CAV] and not state.lord[dst] and not state.level[dst])


class CombatRule(FrameRule[KaslState]):
    """One attack from ``src`` on ``dst``: dice, both sides' losses, then the capture."""

    kind = "combat"

    def step(self, state: KaslState, frame: Frame, events: list[Event]) -> None:
        d: Combat = frame.data
        p, src, dst = d.who, d.src, d.dst
        phase = d.phase
        if phase is CombatPhase.ROLL:
            d.before = [[*state.units[t], state.lord[t]] for t in (src, dst)]
            d.defender = state.owner[dst]
            self._roll(state, frame, events)
        elif phase is CombatPhase.LOSSES:
            _settle(state, src, events)
            _settle(state, dst, events)
            _siege(state, p, dst, events)
            d.phase = CombatPhase.CAPTURE
        elif phase is CombatPhase.CAPTURE:
            # what each side lost in the fight (units and a Lord left alone), before a capture moves any
            # (a position written before the count was kept resumes with nothing counted)
            before = d.before or [[*state.units[t], state.lord[t]] for t in (src, dst)]
            d.lost = [[b - n for b, n in zip(before[i], [*state.units[t], state.lord[t]], strict=True)]
                      for i, t in enumerate((src, dst))]
            d.phase = CombatPhase.END
            if not basic(state, dst) and state.owner[src] == p and basic(state, src) >= 2:
                push(state, Movement(who=p, src=src, dst=dst, why="capture"))
        else:
            # one entry with the fight's outcome: the log's line and the browser's panel read it
            events.append(Event("combat_end", {"attacker": p, "defender": -1 if d.defender is None else d.defender,
                                               "from": src + 1, "to": dst + 1,
                                               "lost": d.lost or [[0] * 5, [0] * 5], "taken": state.owner[dst] == p}))
            finish(state, frame)

    def _roll(self, state: KaslState, frame: Frame, events: list[Event]) -> None:
        d: Combat = frame.data
        p, src, dst = d.who, d.src, d.dst
        defender = state.owner[dst]
        att, dfn = state.units[src], state.units[dst]
        info: dict[str, Any] = {"attacker": p, "defender": defender, "from": src + 1, "to": dst + 1}
        if not basic(state, dst):
            info["how"] = "vacant"
            state.last_combat = info
            events.append(Event("attack", dict(info)))
            d.phase = CombatPhase.LOSSES  # none to remove; a vacant stronghold is besieged there
            return
        if cavalry_charge(state, src, dst):
            info["how"] = "cavalry"
            info["lost"] = dfn[:]
            state.last_combat = info
            events.append(Event("attack", dict(info)))
            for k in range(4):
                if defender >= 0:
                    state.supply[defender][k] += dfn[k]
                dfn[k] = 0
            d.phase = CombatPhase.LOSSES
            return
        a_cv, d_cv = combat_value(state, src), combat_value(state, dst)
        na = (2 if a_cv <= 2 else 3) + state.lord[src]
        fort = state.level[dst]
        cancelled = bool(att[WM]) and fort > 0
        nd = (2 if d_cv <= 2 else 3) + (0 if cancelled else fort)
        a_dice = _dice(state, na, bool(state.lord[src]))
        d_dice = _dice(state, nd, bool(state.lord[dst]))
        ah, dh = _hits(a_dice), _hits(d_dice)
        info.update({"how": "dice", "attack_dice": a_dice, "defence_dice": d_dice, "hits": [ah, dh],
                     "stronghold": fort, "war_machine": cancelled,
                     # what the numbers of dice came from (shown with the outcome)
                     "cv": [a_cv, d_cv], "lords": [state.lord[src], state.lord[dst]]})
        state.last_combat = info
        events.append(Event("attack", {k: (v if not isinstance(v, list) else [list(x) if isinstance(x, list)
                                                                              else x for x in v])
                                       for k, v in info.items()}))
        d.phase = CombatPhase.LOSSES
        # the attacker's losses are chosen first (pushed last): both are removed before the capture
        if ah:
            push(state, Losses(t=dst, hits=ah))
        if dh:
            push(state, Losses(t=src, hits=dh))


RESOLVER: Resolver[KaslState] = Resolver([SelectRule(), PlaceRule(), LossRule(), MoveRule(), CombatRule()])


# ----- the game -------------------------------------------------------------------------------
class Kasl(Game[KaslState]):
    name = "kasl"
    title = "Kasl"
    rules_version = 2  # 2: the readings marked "since rules version 2" in docs/rules/kasl.md
    min_players = 2
    max_players = 4
    default_bot = "heuristic"
    # research interfaces: the stable action numbering and the observation read from the state
    def action_space(self, config: dict[str, Any]) -> ActionSpace:
        return _space.action_space(config)

    def observation_size(self, config: dict[str, Any]) -> int:
        return _encode.observation_size(config)

    def encode(self, state: KaslState, seat: int) -> bytearray:
        return _encode.encode(state, seat, seat in self.deciders(state))

    # outcomes a player reads before the bots go on (the browser shows each in a panel)
    pause_events: ClassVar[frozenset[str]] = frozenset({"combat_end", "plague"})
    variants: ClassVar[dict[str, str]] = {
        ADVANCED: "advanced rules: two secret mission cards each and the once-per-game plague",
    }
    options: ClassVar[dict[str, Option]] = {
        "rounds": Option(ROUNDS, "rounds of play before the final count", 1, 20),
    }

    # what the tables show between decisions and after the game (summary.py), and the rules
    def marker(self, config: dict[str, Any], event: dict[str, Any]) -> str | None:
        return summaries.marker(event)

    def summary(self, config: dict[str, Any], log: list[dict[str, Any]]) -> list[str]:
        return summaries.summary(log)

    def rules_reference(self) -> RulesReference:
        return references.reference(self.title, self.rules_version)

    def seat_names(self, config: dict[str, Any]) -> list[str]:
        return COLOURS[: int(config["players"])]

    def seat_label(self, state: KaslState, player: int) -> str:
        return COLOURS[player] if 0 <= player < state.players else f"seat {player}"

    # ----- set-up ----------------------------------------------------------------------------
    def start(self, config: dict[str, Any], seed: int) -> tuple[KaslState, list[Event]]:
        rng = make_rng(config, seed)  # before configure, which keeps only players/variants/options
        config = self.configure(config.get("players"), config.get("variants", ()), config.get("options"))
        n = int(config["players"])
        state = KaslState.fresh(config, rng, n)
        events: list[Event] = []
        # deal the territory cards in equal piles (a third, neutral pile with two players)
        cards = list(range(N))
        rng.shuffle(cards)
        piles = n if n > 2 else 3
        for i, t in enumerate(cards):
            p = i % piles
            state.owner[t] = p
            state.units[t][INF] = 1
            state.supply[p][INF] -= 1
        for p in range(piles):
            events.append(Event("deal", {"seat": p, "territories": sorted(t + 1 for t in cards[p::piles])}))
        # the die decides who places first: lowest first, ties thrown again
        first = _ranked(state, list(range(n)), dict.fromkeys(range(n), 0), events, "placement")
        state.order = first
        for p in reversed(first):
            push(state, Place(who=p, items=[CITY, ARCH, ARCH, ARCH, LORD], why="setup"))
        state.step = "setup"
        self._advance(state, events)
        _name_the_neutral_army(state, events)
        return state, events

    # ----- protocol --------------------------------------------------------------------------
    def decisions(self, state: KaslState) -> list[Decision]:
        if state.over:
            return []
        frame = RESOLVER.waiting(state)
        if frame is not None:
            return [Decision(frame.seat, RESOLVER.rule(frame).decision_kind(state, frame),
                             text.prompt(state, frame.seat))]
        return [Decision(state.current, state.step, text.prompt(state, state.current))]

    def deciders(self, state: KaslState) -> list[int]:
        if state.over:
            return []
        frame = RESOLVER.waiting(state)
        return [frame.seat] if frame is not None else [state.current]

    def legal_actions(self, state: KaslState, player: int, now_ms: int | None = None) -> list[str]:
        if state.over:
            return []
        if RESOLVER.waiting(state) is not None:
            return RESOLVER.legal(state, player)
        if player != state.current:
            return []
        cache = state.cache
        if cache is not None and cache[0] == player:
            return list(cache[1])
        return _step_legal(state, player)

    def is_legal(self, state: KaslState, player: int, action: str, now_ms: int | None = None) -> bool:
        if state.over or not isinstance(action, str):
            return False
        if RESOLVER.waiting(state) is not None:
            return RESOLVER.is_legal(state, player, action)
        return player == state.current and action in self.legal_actions(state, player)

    def _apply(self, state: KaslState, player: int, action: str, time_ms: int | None) -> list[Event]:
        state.moves += 1
        state.cache = None
        state.kingdoms = None
        events: list[Event] = []
        if RESOLVER.waiting(state) is not None:
            RESOLVER.answer(state, player, action, events)
        else:
            _step_answer(state, player, action, events)
        self._advance(state, events)
        _name_the_neutral_army(state, events)
        return events

    def result(self, state: KaslState) -> Result | None:
        if not state.over:
            return None
        names = self.seat_names(state.config)
        return Result(
            state.winners[:],
            "most victory points after the last round",
            {"vp": {names[p]: s["total"] for p, s in enumerate(state.scores)},
             "detail": {names[p]: dict(s) for p, s in enumerate(state.scores)},
             "missions": {names[p]: [t + 1 for t in m] for p, m in enumerate(state.missions)}},
        )

    def from_json(self, data: dict[str, Any]) -> KaslState:
        return KaslState.from_json(data)

    def view(self, state: KaslState, player: int | None) -> dict[str, Any]:
        return view(self, state, player)

    def determinize(self, state: KaslState, player: int, seed: int) -> KaslState:
        """Re-deal what ``player`` cannot see: the other seats' mission cards, and the dice to come."""
        out = state.clone()
        out.rng = Rng(mix_seed(seed, 0x6B61736C))
        if state.missions and not state.over:
            known = set(state.missions[player]) | {c for s in state.sacrificed for c in s}
            pool = [t for t in range(N) if t not in known]
            out.rng.shuffle(pool)
            for p in range(state.players):
                if p == player:
                    continue
                kept = [c for c in state.missions[p] if c in state.sacrificed[p]]
                fresh = [pool.pop() for c in state.missions[p] if c not in state.sacrificed[p]]
                out.missions[p] = sorted(kept + fresh)
        return out

    def position(self, description: dict[str, Any]) -> KaslState:
        return build(self, description)

    def describe_position(self, state: KaslState) -> dict[str, Any]:
        return describe(self, state)

    def describe(self, state: KaslState, player: int, action: str) -> str:
        return text.describe(state, player, action)

    def explain_illegal(self, state: KaslState, player: int, action: str) -> str:
        return text.explain_illegal(self, state, player, action)


    # ----- the round ---------------------------------------------------------------------------
    def _advance(self, state: KaslState, events: list[Event]) -> None:
        while not state.over:
            if state.frames:
                if RESOLVER.run(state, events) is not None:
                    return
                continue
            step = state.step
            if step in DECISION_STEPS:
                legal = _step_legal(state, state.current)
                if len(legal) > 1:
                    state.cache = (state.current, tuple(legal))
                    return
                _step_answer(state, state.current, legal[0], events)
                continue
            AUTO[step](state, events)


# the field of each event that holds an army (an owner number), which may be the neutral army's
ARMY_FIELD = {"deal": "seat", "attack": "defender", "loss": "owner", "lord_lost": "owner", "vacant": "was",
              "siege": "from", "combat_end": "defender", "plague": "owner"}


def _name_the_neutral_army(state: KaslState, events: list[Event]) -> None:
    """Mark each event about the neutral army with ``neutral``: its owner number. In a two-player
    game that number is the third colour's in larger games, so a log (the terminal's, a replay's,
    the browser's) could only tell it apart by knowing the number of seats, which events lack."""
    if state.players != 2:
        return
    for e in events:
        field = ARMY_FIELD.get(e.kind)
        if field is not None and e.data.get(field) == state.neutral:
            e.data["neutral"] = state.neutral


def _ranked(state: KaslState, seats: list[int], keys: dict[int, Any], events: list[Event],
            why: str) -> list[int]:
    """``seats`` sorted by ``keys``, every tie broken by a die (lowest first, ties thrown again)."""
    out: list[int] = []
    for key in sorted({keys[p] for p in seats}):
        out.extend(_break_tie(state, [p for p in seats if keys[p] == key], events, why))
    return out


def _break_tie(state: KaslState, tied: list[int], events: list[Event], why: str) -> list[int]:
    if len(tied) == 1:
        return tied
    rolls = {p: _roll(state) for p in tied}
    events.append(Event("tie_roll", {"why": why, "seats": tied[:], "dice": [rolls[p] for p in tied]}))
    return _ranked(state, tied, rolls, events, why)


def _after_setup(state: KaslState, events: list[Event]) -> None:
    if ADVANCED in state.config["variants"]:
        cards = list(range(N))
        state.rng.shuffle(cards)
        for p in range(state.players):
            state.missions[p] = sorted(cards[2 * p: 2 * p + 2])
            events.append(Event("missions", {"seat": p, "cards": 2},
                                {"territories": [t + 1 for t in state.missions[p]]}, (p,)))
    state.step = "round"


def _start_round(state: KaslState, events: list[Event]) -> None:
    state.round += 1
    n = state.players
    sizes = [order_size(state, p) for p in range(n)]
    keys = {p: (sizes[p], max([state.level[t] for t in strongholds(state, p)], default=0),
             len(strongholds(state, p)), lords(state, p)) for p in range(n)}
    state.sizes = sizes
    state.order = _ranked(state, list(range(n)), keys, events, "order")
    state.turn = 0
    events.append(Event("round", {"round": state.round, "sizes": sizes[:], "order": state.order[:]}))
    advanced = ADVANCED in state.config["variants"]
    # step 3 before step 2's new outbreak: only a plague from an earlier round spreads
    if state.plague_round and state.plague_round < state.round:
        _spread(state, events)
    if advanced:
        state.step = "declare" if state.declared_by == NOBODY else "turn"
        return
    if not state.plague_round:
        die = _roll(state)
        numbers = PLAGUE_TRACK[min(state.round, len(PLAGUE_TRACK)) - 1]
        events.append(Event("plague_roll", {"round": state.round, "die": die, "numbers": numbers[:]}))
        if die in numbers:
            free = [t for t in range(N) if not state.plague[t]]
            _infect(state, free[state.rng.below(len(free))], events, "appears")
            state.plague_round = state.round
    state.step = "turn"


def _spread(state: KaslState, events: list[Event]) -> None:
    zone = [t for t in range(N) if state.plague[t]]
    near = sorted({nb for t in zone for nb in PLAGUE_NEXT[t] if not state.plague[nb]})
    rolls = []
    hit = []
    for t in near:
        die = _roll(state)
        rolls.append([t + 1, die])
        if die == 1:
            hit.append(t)
    events.append(Event("spread_roll", {"rolls": rolls}))
    for t in hit:
        if state.markers < PLAGUE_MARKERS:
            _infect(state, t, events, "spreads")


def _start_turn(state: KaslState, events: list[Event]) -> None:
    if state.turn >= len(state.order):
        return _end_round(state, events)
    p = state.current
    if not owned(state, p):
        state.turn += 1  # a player without territories has nothing left to do
        events.append(Event("skip", {"seat": p}))
        return None
    events.append(Event("turn", {"seat": p, "round": state.round}))
    forts = strongholds(state, p)
    state.step = "lord_service"
    if not forts:
        push(state, Place(who=p, items=[NEW_CITY], why="no_stronghold"))
        return None
    got = []
    for t in forts:
        k = (INF, ARCH, CAV)[state.level[t] - 1]
        if state.supply[p][k]:
            state.supply[p][k] -= 1
            state.units[t][k] += 1
            got.append([t + 1, k])
    events.append(Event("recruit_auto", {"seat": p, "units": got}))
    return None


def lord_spots(state: KaslState, p: int) -> list[int]:
    if not _available(state, p, LORD):
        return []
    return [t for f in complete_fiefdoms(state, p) for t in FIEFDOMS[f]
            if state.owner[t] == p and basic(state, t) and not state.lord[t]]


def _lord_service(state: KaslState, events: list[Event]) -> None:
    p = state.current
    state.step = "strategic"
    spots = lord_spots(state, p)
    if spots:
        push(state, Place(who=p, items=[LORD], why="service", only=sorted(spots)))


def _end_turn(state: KaslState, events: list[Event]) -> None:
    state.turn += 1
    state.step = "turn"


def _end_round(state: KaslState, events: list[Event]) -> None:
    if state.round >= int(state.config["options"]["rounds"]):
        state.scores = [score(state, p) for p in range(state.players)]
        state.winners = winners_of(state, state.scores)
        state.over = True
        state.step = "over"
        events.append(Event("end", {"scores": [dict(s) for s in state.scores], "winners": state.winners[:]}))
        return
    state.step = "round"


AUTO = {
    "setup": _after_setup,  # once the placement frames are done
    "round": _start_round,
    "turn": _start_turn,
    "lord_service": _lord_service,
    "end_turn": _end_turn,
}


# ----- decisions outside frames ------------------------------------------------------------------
def attack_targets(state: KaslState, p: int) -> list[tuple[int, int]]:
    owner, plague, units = state.owner, state.plague, state.units
    return [(a, b) for a in range(N) if owner[a] == p and sum(units[a]) >= 2
            for b in PASSABLE[a] if owner[b] != p and not plague[b]]


def redeploy_moves(state: KaslState, p: int) -> list[tuple[int, int]]:
    owner = state.owner
    return [(a, b) for a in range(N) if owner[a] == p and basic(state, a) >= 2
            for b in PASSABLE[a] if owner[b] == p]


def lord_moves(state: KaslState, p: int) -> list[tuple[int, int]]:
    owner = state.owner
    return [(a, b) for a in range(N) if owner[a] == p and state.lord[a]
            for b in PASSABLE[a] if owner[b] == p and basic(state, b) and not state.lord[b]]


def _step_legal(state: KaslState, p: int) -> list[str]:
    step = state.step
    if step == "strategic":
        out = ["recruit"]
        row = state.supply[p]
        forts = strongholds(state, p)
        for t in forts:
            lv = state.level[t]
            if lv < 3 and row[CITY + lv] > 0:
                out.append(f"fortify territory={t + 1}")
        if len(forts) < MAX_STRONGHOLDS and row[CITY] > 0:
            out.extend(f"build territory={t + 1}" for t in range(N)
                       if state.owner[t] == p and not state.level[t] and basic(state, t))
        return out
    if step == "attack":
        return [f"attack from={a + 1} to={b + 1}" for a, b in attack_targets(state, p)] + ["end"]
    if step == "redeploy":
        moves = redeploy_moves(state, p) if state.left > 0 else []
        return [f"move from={a + 1} to={b + 1}" for a, b in moves] + ["end"]
    if step == "lords":
        moves = lord_moves(state, p) if state.left > 0 else []
        return [f"lord from={a + 1} to={b + 1}" for a, b in moves] + ["end"]
    if step == "declare":
        cards = [c for c in state.missions[p] if c not in state.sacrificed[p] and not state.plague[c]]
        return [f"plague card={c + 1}" for c in cards] + ["pass"]
    return []


def _step_answer(state: KaslState, p: int, action: str, events: list[Event]) -> None:
    move = Move.parse(action)
    verb = move.verb
    a = {key: move.number(key) for key, _ in move.args}  # every argument of a Kasl move is a number
    step = state.step
    if step == "declare":
        if verb == "plague":
            c = a["card"] - 1
            state.sacrificed[p].append(c)
            state.declared_by = p
            state.plague_round = state.round
            events.append(Event("declare", {"seat": p, "card": c + 1}))
            _infect(state, c, events, "declared")
        state.step = "turn"
    elif step == "strategic":
        if verb == "recruit":
            size = len(principal(state, p))
            top = max([state.level[t] for t in strongholds(state, p)], default=0)
            chart = recruits(size, top)
            items = [k for k in range(4) for _ in range(min(chart[k], state.supply[p][k]))]
            events.append(Event("recruit", {"seat": p, "kingdom": size, "level": top, "chart": chart,
                                            "units": [items.count(k) for k in range(4)]}))
            if items:
                push(state, Place(who=p, items=items, why="recruit"))
        elif verb == "fortify":
            t = a["territory"] - 1
            lv = state.level[t]
            state.supply[p][CITY + lv] -= 1
            state.level[t] = lv + 1
            events.append(Event("fortify", {"seat": p, "territory": t + 1, "level": lv + 1}))
            if state.supply[p][INF]:
                _put(state, p, INF, t, events, "fortify")
        else:  # build
            t = a["territory"] - 1
            state.supply[p][CITY] -= 1
            state.level[t] = 1
            events.append(Event("build", {"seat": p, "territory": t + 1}))
            if state.supply[p][ARCH]:
                _put(state, p, ARCH, t, events, "build")
        state.step = "attack"
    elif step == "attack":
        if verb == "end":
            state.step = "redeploy"
            state.left = len(strongholds(state, p))
        else:
            push(state, Combat(who=p, src=a["from"] - 1, dst=a["to"] - 1))
    elif step == "redeploy":
        if verb == "end":
            state.step = "lords"
            state.left = len(strongholds(state, p))
        else:
            state.left -= 1
            push(state, Movement(who=p, src=a["from"] - 1, dst=a["to"] - 1, why="redeploy"))
    elif step == "lords":
        if verb == "end":
            state.step = "end_turn"
        else:
            src, dst = a["from"] - 1, a["to"] - 1
            state.left -= 1
            state.lord[src] = 0
            state.lord[dst] = 1
            events.append(Event("lord_move", {"seat": p, "from": src + 1, "to": dst + 1}))


GAME = Kasl()
