"""Paper Kessen's heuristic bot: a few explainable rules of thumb, played from one seat's view.

The bot never sees the state. Everything it knows comes from ``GAME.view(state, seat)``: its
own three hands, every unit in play, hand sizes, the battle and the cards played in it. Force
is judged by the rules' own force code (:func:`force.unit_force`) run on a *public table*, a
throw-away :class:`KessenState` rebuilt from the view with empty hands and decks, so the bot
and the engine always agree on what a card adds and nothing hidden can leak in.

How it plays
------------
* Deploy: disrupt first (Propaganda, Raids), draw (Increase Supplies, Unexpected Aid), then give
  every leader a troop, best leader first, each of Sun Li / Cai Mao / Zhang He its favourite
  troop type; then modifiers on its best units; then the round's specials (Stirring Oratory,
  Cut Supply Lines, Treachery, Assassin, Duty Elsewhere on the enemy's strongest unit).
* Matchups: a fight between two units is worth ``p * worth(theirs) - (1 - p) * worth(mine)``
  where ``p`` is a win chance estimated from the force margin, what the bot's own hand can add
  and an allowance for the opponent's unknown cards (Ma Su's trade is counted too). The same
  judgement picks attacks, free intercepts, strategy cards and forced re-picks.
* Tactics: if it is ahead it passes (the exchange only ends after two passes in a row, so it can
  always answer); if behind it plays the cheapest card that puts it ahead, else its strongest
  one while the fight can still be won; a hopeless fight keeps its cards. Slain and Losses are
  played only from a safe lead.
* Discards keep the most useful cards for the units it has.

A decision takes about 0.1 ms on average, 0.2-0.3 ms when picking among many matchups
(``benchmarks/kessen_bot_strength.py`` measures it). Ties are broken by card id, so the bot needs
no randomness: the same view and legal actions always give the same choice.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from warroom.engine import Rng
from warroom.engine.actions import Move
from warroom.engine.bot import Bot
from warroom.games.kessen.cards import CAO_CAO, CARDS, KEY, KIND, LIU_BEI, MAIN_LEADERS
from warroom.games.kessen.core import NEGATES, TROOP_EVENTS, TROOP_NEED
from warroom.games.kessen.force import KIND_OF_KEY, LEADER_TROOP_BONUS, force_total, negated
from warroom.games.kessen.rules import INTERCEPTORS, SCOUTS, TWO_SPELLS, TWO_TACTICS, USE_AS, can_use
from warroom.games.kessen.state import KessenState, Played, Side, Unit

SIDES = ("good", "evil")
ACTION_KEEP = 4  # the action hand is cut to this many cards after every engagement

# ----- tuning -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tuning:
    """The bot's judgement in numbers (a variant bot is ``HeuristicBot(Tuning(...))``)."""

    opp_per_card: float = 0.7  # Force the opponent's unknown action cards may add, per card
    opp_cards_counted: int = 5  # ... counting at most this many of them
    own_potential: float = 0.8  # share of its own hand's Force counted on when judging a matchup
    win_scale: float = 2.0  # Force margin that moves the win chance from 50% to ~73%
    unit_worth: float = 10.0  # a unit's worth in a battle: one "life", plus its Force
    # Near even odds a point of margin is worth about (2 * unit_worth + forces) / (4 * win_scale),
    # i.e. ~5 in matchup value; a kept card is worth a little less than its Force in a later fight.
    card_worth: float = 2.0  # matchup value of one point of a card's keep value
    free_intercept_cost: float = 3.0  # Zhou Cang / Yu Jin may step in only once a battle
    slain_lead: int = 4  # lead needed to play Slain (it discards the loser, whoever that is)
    losses_lead: int = 2  # lead needed to play Losses when our own unit has modifiers


DEFAULT = Tuning()

# Keep value of strategy cards (in force-like units) when discarding.
STRATEGY_VALUE = {
    "know_enemy": 3.0, "intercept": 3.0, "lure": 2.5, "evasion": 2.0, "ruse": 2.0,
    "fake_attack": 3.0, "destroy_stores": 2.5, "war_council": 2.5, "scouts": 1.5,
}
# Strategy cards worth playing whenever they may be played (before or after the pick).
ALWAYS_PLAY = ("fake_attack", "destroy_stores", "scouts", "war_council")
# Keep value of specials in the recruit hand.
SPECIAL_VALUE = {
    "treachery": 9.0, "assassin": 7.0, "stirring_oratory": 5.0, "cut_supply_lines": 5.0,
    "propaganda": 5.0, "raids": 4.0, "increase_supplies": 4.0, "unexpected_aid": 4.0,
    "duty_elsewhere": 4.5,
}
# Extra worth of a leader's ability, on top of its printed Force.
ABILITY_VALUE = {
    "guan_yu": 1.5, "zhang_fei": 1.5, "xiahou_yan": 1.5, "zhuge_liang": 1.0, "xun_yu": 1.0,
    "himiko": 1.5, "cao_ren": 2.0, "zhao_yun": 0.7, "zhang_liao": 0.7, "sun_li": 1.5,
    "cai_mao": 1.5, "zhang_he": 1.5, "ma_chao": 0.5, "cheng_yu": 1.0, "ma_su": 2.0,
    "guan_ping": 1.0, "zhou_cang": 1.0, "yu_jin": 1.0, "cao_bu": 2.0, "xiahou_dun": 0.5,
    "xiahou_ba": 0.5, "huang_zhong": 0.5, "pang_tong": 0.5, "sima_yi": 0.5, "yue_jin": 2.0,
    "mei_sanniang": 1.5, "hu_zhi": 1.0, "xu_huang": 1.0, "guo_shao": 1.0, "li_dian": 0.5,
    "pang_de": 0.5, "cao_hong": 0.5, "deng_ai": 1.0, "guo_jai": 0.5,
}
VS_TYPE = {"fire_balls": "I", "lightning": "C", "gale": "R"}  # spells with +3 against a troop type
# Leaders with a favourite troop type (+3), for pairing troops with leaders.
FAVOURITE = {key: t for key, (t, _) in LEADER_TROOP_BONUS.items()}


def _played_from_view(entry: dict[str, Any]) -> Played:
    card = int(entry["card"])
    return Played(
        card=card,
        side=SIDES.index(entry["side"]),
        on=-1 if entry["on"] is None else int(entry["on"]),
        key=entry["as"] or KEY[card],
        negates=-1 if entry["negates"] is None else int(entry["negates"]),
    )


def public_state(view: dict[str, Any]) -> KessenState:
    """A state holding only what ``view`` shows: units, round effects and the battle.

    Hands and decks are empty, so :func:`unit_force` (which reads none of them) gives exactly
    the totals the engine will compute, and nothing the seat may not see can reach the bot.
    """
    sides = [
        Side([Unit(int(u["leader"]), list(u["troops"]), list(u["mods"])) for u in s["units"]],
             [], [], [], [], [])
        for s in view["sides"]
    ]
    st = KessenState({}, Rng(0), sides, [], [], [], [])
    st.troop_penalty = [int(s["troop_penalty"]) for s in view["sides"]]
    st.unit_bonus = [int(s["unit_bonus"]) for s in view["sides"]]
    st.engaged = [u["leader"] for s in view["sides"] for u in s["units"] if u["engaged"]]
    st.retreated = [u["leader"] for s in view["sides"] for u in s["units"] if u["retreated"]]
    st.duty = [u["leader"] for s in view["sides"] for u in s["units"] if u["duty_elsewhere"]]
    battle = view.get("battle")
    if battle:
        st.attacker = SIDES.index(battle["attacker"])
        st.att_unit = -1 if battle["attacking_unit"] is None else int(battle["attacking_unit"])
        st.def_unit = -1 if battle["defending_unit"] is None else int(battle["defending_unit"])
        st.played = [_played_from_view(p) for p in battle["played"]]
        # Casualties' X counts strategy cards too; Zhou Cang / Yu Jin intercept once a battle
        counts = battle.get("strategy_played") or {}
        st.strategy_played = [int(counts.get(side, 0)) for side in SIDES]
        st.intercepts_used = [int(u) for u in battle.get("intercepts_used") or []]
    streak = view.get("streak") or {}
    st.streak = int(streak.get("battles") or 0)
    return st


class _Table:
    """One decision's reading of the view, with cached force sums."""

    def __init__(self, view: dict[str, Any], tuning: Tuning = DEFAULT) -> None:
        self.view = view
        self.tune = tuning
        self.me = int(view["seat"])
        self.opp = 1 - self.me
        hand = view.get("hand") or {}
        self.leaders: list[int] = list(hand.get("leaders", ()))
        self.recruits: list[int] = list(hand.get("recruits", ()))
        self.actions: list[int] = list(hand.get("actions", ()))
        self.opp_sizes: dict[str, int] = view["sides"][self.opp]["hand_sizes"]
        self.state = public_state(view)
        self._strength: dict[int, int] = {}
        self._keep: dict[int, float] | None = None
        self._static: dict[tuple[int, bool], list[tuple[float, int, str]]] = {}
        self._fights: dict[tuple[int, int, int], float] = {}
        self._available: dict[int, list[int]] = {}
        self._mine: dict[int, Mine] = {}
        self._foes: dict[int, Foe] = {}
        self._sigs: dict[int, tuple[frozenset[str], bool]] = {}
        self._bares: dict[tuple[int, bool, tuple[frozenset[str], bool]], int] = {}
        self._dynamic: dict[tuple[int, bool, tuple[float, ...]], list[tuple[float, int, str]]] = {}

    # ----- units ------------------------------------------------------------------------
    def side_of(self, leader: int) -> int:
        return self.state.controller(leader)

    def unit(self, leader: int) -> Unit:
        unit = self.state.find_unit(leader)
        assert unit is not None, leader
        return unit

    def units(self, side: int) -> list[Unit]:
        return [u for u in self.state.sides[side].units if u.troops]

    def available(self, side: int) -> list[int]:
        """Units of ``side`` still fighting in this battle."""
        got = self._available.get(side)
        if got is None:
            st = self.state
            got = [u.leader for u in self.units(side)
                   if u.leader in st.engaged and u.leader not in st.retreated]
            self._available[side] = got
        return got

    def strength(self, leader: int) -> int:
        """Force outside any engagement (modifiers and round effects included)."""
        got = self._strength.get(leader)
        if got is None:
            got = force_total(self.state, self.side_of(leader), self.unit(leader), False)
            self._strength[leader] = got
        return got

    def worth(self, leader: int) -> float:
        value = self.tune.unit_worth + self.strength(leader) + ABILITY_VALUE.get(KEY[leader], 0.0)
        if KEY[leader] == "ma_su":  # her retreat takes the winner with her: cheap to lose
            value -= 4.0
        return value

    def will_fight(self, leader: int) -> bool:
        """Whether a unit takes part in this round's battle (as far as the view tells)."""
        if leader in self.state.duty:
            return False
        return leader != CAO_CAO or self.state.streak >= 2

    # ----- fights -----------------------------------------------------------------------
    def margin(self, att_side: int, att: int, dfn: int, played: list[Played] | None = None) -> int:
        """Attacker's force minus defender's for this pairing (the battle's cards if given)."""
        if not played:
            return self._bare(att_side, att, dfn, att) - self._bare(att_side, att, dfn, dfn)
        st = self.state
        saved = (st.attacker, st.att_unit, st.def_unit, st.played)
        st.attacker, st.att_unit, st.def_unit = att_side, att, dfn
        st.played = [] if played is None else played
        try:
            fa = force_total(st, att_side, self.unit(att), True)
            fd = force_total(st, 1 - att_side, self.unit(dfn), True)
        finally:
            st.attacker, st.att_unit, st.def_unit, st.played = saved
        return fa - fd

    def _bare(self, att_side: int, att: int, dfn: int, who: int) -> int:
        """Force of ``who`` (``att`` or ``dfn``) in that pairing before any card is played.

        It then depends only on whether the unit attacks, the troop types it faces and whether
        the opposing leader is a General, so pairings alike share one computation (picking
        among 9 x 10 matchups stays fast).
        """
        opp = dfn if who == att else att
        sig = self._sigs.get(opp)
        if sig is None:
            sig = self._sigs[opp] = (frozenset(_types(self.unit(opp))), CARDS[opp].general)
        key = (who, who == att, sig)
        got = self._bares.get(key)
        if got is None:
            st = self.state
            saved = (st.attacker, st.att_unit, st.def_unit, st.played)
            st.attacker, st.att_unit, st.def_unit, st.played = att_side, att, dfn, []
            try:
                side = att_side if who == att else 1 - att_side
                got = force_total(st, side, self.unit(who), True)
            finally:
                st.attacker, st.att_unit, st.def_unit, st.played = saved
            self._bares[key] = got
        return got

    def potential(self, mine: int, theirs: int, defending: bool) -> float:
        """What the bot's action hand could add to ``mine`` fighting ``theirs`` (estimate)."""
        foe = self._foes.get(theirs)
        if foe is None:
            foe = self._foes[theirs] = Foe([self.unit(theirs)])
        me = self.mine(mine)
        d = 1.0 if defending else 0.0
        more = self.more_units()
        # most cards add the same whoever the foe is: work those out once per unit
        static = self._static.get((mine, defending))
        if static is None:
            static = self._static[mine, defending] = card_options(self.actions, me, None, d, more)
        key = (mine, defending, (foe.has["I"], foe.has["C"], foe.has["R"], foe.duel))
        dynamic = self._dynamic.get(key)
        if dynamic is None:
            dynamic = self._dynamic[key] = card_options(self.actions, me, foe, d, more)
        return best_total(static + dynamic, me.slots)

    def mine(self, leader: int) -> Mine:
        got = self._mine.get(leader)
        if got is None:
            got = Mine(self.unit(leader))
            self._mine[leader] = got
        return got

    def more_units(self) -> float:
        """1.0 if the bot has more units left than the opponent (Confusion)."""
        return 1.0 if len(self.available(self.me)) > len(self.available(self.opp)) else 0.0

    def opp_potential(self) -> float:
        return self.tune.opp_per_card * min(self.opp_sizes["actions"], self.tune.opp_cards_counted)

    def fight_value(self, att_side: int, att: int, dfn: int) -> float:
        """Expected worth of this fight for the bot: units it removes minus units it loses."""
        got = self._fights.get((att_side, att, dfn))
        if got is None:
            got = self._fight_value(att_side, att, dfn)
            self._fights[att_side, att, dfn] = got
        return got

    def _fight_value(self, att_side: int, att: int, dfn: int) -> float:
        m = self.margin(att_side, att, dfn)
        attacking = att_side == self.me
        mine, theirs = (att, dfn) if attacking else (dfn, att)
        base = m if attacking else -m
        tune = self.tune
        x = base + tune.own_potential * self.potential(mine, theirs, not attacking) - self.opp_potential()
        p = 1.0 / (1.0 + math.exp(-x / tune.win_scale))
        w_mine, w_theirs = self.worth(mine), self.worth(theirs)
        value = p * w_theirs - (1.0 - p) * w_mine
        if KEY[mine] == "ma_su":
            value += (1.0 - p) * w_theirs
        if KEY[theirs] == "ma_su":
            value -= p * w_mine
        return value + 0.01 * base

    # ----- card values ------------------------------------------------------------------
    def keep_values(self) -> dict[int, float]:
        """How much each action card in hand is worth keeping for later engagements."""
        if self._keep is None:
            # cards are kept for later engagements: Cao Cao counts once a side is one battle up
            units = [u for u in self.units(self.me) if u.leader != CAO_CAO or self.state.streak >= 1]
            mine = [self.mine(u.leader) for u in units or self.units(self.me)]
            foe = Foe(self.units(self.opp))
            self._keep = {c: action_value(c, mine, foe) for c in self.actions}
        return self._keep

    def card_cost(self, card: int) -> float:
        """The cost of spending ``card`` now: full if it would be kept, small if surplus."""
        values = self.keep_values()
        ranked = sorted(values, key=lambda c: (-values[c], c))
        value = values.get(card, 0.0)
        return value if ranked.index(card) < ACTION_KEEP else 0.2 * value


# ----- static estimates ---------------------------------------------------------------------
class Foe:
    """What the estimates need to know about the unit(s) a card will be used against."""

    __slots__ = ("duel", "has")

    def __init__(self, units: list[Unit]) -> None:
        n = max(1, len(units))
        self.has = {t: sum(1 for u in units if t in _types(u)) / n for t in "ICR"}
        # Duel zeroes an opposing General's base force: its average over the possible foes
        self.duel = sum(CARDS[u.leader].force for u in units if CARDS[u.leader].general) / n


NO_FOE = Foe([])


class Mine:
    """What the estimates need to know about the unit a card is used on."""

    __slots__ = ("force", "general", "key", "slots", "types", "use_as")

    def __init__(self, unit: Unit) -> None:
        leader = CARDS[unit.leader]
        self.key = leader.key
        self.force = leader.force
        self.general = leader.general
        self.types = _types(unit)
        self.use_as = USE_AS.get(leader.key)
        self.slots = {
            "tactic": (2 if leader.key in TWO_TACTICS else 1) if can_use(unit, "tactic") else 0,
            "spell": (2 if leader.key in TWO_SPELLS else 1) if can_use(unit, "spell") else 0,
            "formation": len(unit.troops),
            "event": 99,
        }

    def keys(self, card: int) -> list[str]:
        """The keys ``card`` may be used as by this unit's leader."""
        key = KEY[card]
        if self.use_as is not None and KIND[card] == self.use_as[0] and key != self.use_as[1]:
            return [key, self.use_as[1]]
        return [key]


def _types(unit: Unit) -> set[str]:
    return {CARDS[t].troop_type for t in unit.troops}


TACTIC_FLAT = {"tactician": 1, "raid": 1, "volley": 3, "snipe": 2.5, "iron_wall": 1, "rally": 1,
               "charge": 3, "outflank": 2.5, "crush": 3}
SPELL_FLAT = {"fire_storm": 3, "hail": 1, "ice_storm": 1, "fissure": 1}
EVENT_FLAT = {"backup_effect": 1, "casualties": 2, "losses": 0.3}
FAVOURITE_FORMATION = {"carp": "I", "goose": "R", "bowl": "C"}


def boost(key: str, me: Mine, foe: Foe, defending: float, more_units: float) -> float:
    """Estimated Force a battle card used as ``key`` adds to ``me`` (0 if it cannot help).

    ``defending`` is the chance of defending, ``more_units`` the chance of having more units
    left (Confusion). Written from the rules text; the tactics segment uses the exact force code.
    """
    kind = KIND_OF_KEY[key]
    b: float = 0.0
    if kind == "tactic":
        need = TROOP_NEED.get(key)
        if need and need not in me.types:
            return 0.0
        b = TACTIC_FLAT.get(key, 0)
        if key == "battle_cry":
            b = me.force
        elif key == "duel":
            b = foe.duel
        if me.key == "zhang_fei":
            b += 2
    elif kind == "spell":
        if key == "meteor_shower":
            b = me.force
        elif key in VS_TYPE:
            b = 1 + 3 * foe.has[VS_TYPE[key]]
        else:
            b = SPELL_FLAT.get(key, 0)
        if me.key == "himiko":
            b += 2
    elif kind == "formation":
        if key in ("ring", "box"):
            b = 2
        elif key == "dome":
            b = 1.5  # and a card from the opponent's hand
        elif key in ("moon", "swan"):
            b = 1 + 2 * defending
        elif key in ("asp", "bull"):
            b = 1 + 2 * (1 - defending)
        elif key in ("dart", "awl"):
            b = 3 if me.general else 1
        elif key == "flat":
            b = 2.2
        else:
            b = 3 if FAVOURITE_FORMATION[key] in me.types else 1
    elif kind == "event":
        if key in ("defend_bridge", "ambush"):
            b = 4 * defending
        elif key == "surprise_attack":
            b = 4 * (1 - defending)
        elif key == "confusion":
            b = 2 * more_units
        else:
            b = EVENT_FLAT.get(key, 0)
    return float(b)


FOE_DEPENDENT = frozenset({"duel", *VS_TYPE})  # keys whose boost depends on the opposing unit


def card_options(actions: list[int], me: Mine, foe: Foe | None, defending: float,
                 more: float) -> list[tuple[float, int, str]]:
    """(boost, card, kind) for each way a card may help ``me``; with ``foe`` None only the
    options that do not depend on the opposing unit, else only those that do."""
    out: list[tuple[float, int, str]] = []
    for c in actions:
        if KIND[c] == "strategy":
            continue
        for key in me.keys(c):
            if (key in FOE_DEPENDENT) != (foe is not None):
                continue
            b = boost(key, me, foe or NO_FOE, defending, more)
            if b > 0:
                out.append((b, c, KIND_OF_KEY[key]))
    return out


def best_total(options: list[tuple[float, int, str]], slots: dict[str, int]) -> float:
    """Greedy sum of the best options, one use per card, within the unit's use limits."""
    options = sorted(options, reverse=True)
    left = dict(slots)
    used: set[int] = set()
    total = 0.0
    for b, c, kind in options:
        if c in used or left[kind] <= 0:
            continue
        used.add(c)
        left[kind] -= 1
        total += b
    return total


def hand_potential(actions: list[int], me: Mine, foe: Foe, defending: float, more: float) -> float:
    """Force the action cards could add to a unit within its use limits (estimate)."""
    options = card_options(actions, me, None, defending, more)
    options += card_options(actions, me, foe, defending, more)
    return best_total(options, me.slots)


def action_value(card: int, mine: list[Mine], foe: Foe) -> float:
    """Keep value of an action card for a side with units ``mine`` facing ``foe``."""
    key = KEY[card]
    kind = KIND[card]
    if kind == "strategy":
        return STRATEGY_VALUE.get(key, 1.0)
    if key == "slain":
        return 3.5
    best = 0.0
    for me in mine:
        for k in me.keys(card):
            if me.slots[KIND_OF_KEY[k]]:
                best = max(best, boost(k, me, foe, 0.5, 0.5))
    return best


def leader_value(card: int) -> float:
    """Worth of a leader-hand card: a leader's Force and ability, or a leader modifier's bonus."""
    c = CARDS[card]
    if c.kind == "leader_mod":
        return c.force + (0.5 if c.key != "tiger_general" else 0.0)
    return c.force + ABILITY_VALUE.get(c.key, 0.0)


def _troop_base(troop: int) -> float:
    c = CARDS[troop]
    return c.force + c.bonus * 0.4  # the conditional bonus applies in some fights only


def troop_score(troop: int, leader: int) -> float:
    """A troop's worth under ``leader``: Force, part of its conditional bonus, the leader's +3."""
    c = CARDS[troop]
    score = _troop_base(troop)
    fav = LEADER_TROOP_BONUS.get(KEY[leader])
    if fav is not None and fav[0] == c.troop_type:
        score += fav[1]
    return score


# ----- the bot ------------------------------------------------------------------------------
class HeuristicBot(Bot):
    """Rules of thumb for every Paper Kessen decision; sees only its seat's view."""

    name = "heuristic"
    needs_view = True

    def __init__(self, tuning: Tuning = DEFAULT) -> None:
        self.tuning = tuning

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        t = _Table(view, self.tuning)
        verbs = {Move.parse(a).verb for a in legal}
        if "give" in verbs:
            return self._give(t, legal)
        if "choose" in verbs:
            return self._choose_unit(t, legal)
        if "discard" in verbs:
            return self._discard(t, legal)
        step = view["step"]
        if step == "deploy":
            return self._deploy(t, legal)
        if step == "after_battle":
            return self._after_battle(t, legal)
        if step == "pick":
            return self._pick(t, legal)
        if step == "respond":
            return self._respond(t, legal)
        if step == "strategy":
            return self._strategy(t, legal)
        if step == "tactics":
            return self._tactics(t, legal)
        return "pass" if "pass" in legal else legal[0]  # pragma: no cover - unknown step

    # ----- forced choices ----------------------------------------------------------------
    def _discard(self, t: _Table, legal: list[str]) -> str:
        cards = [Move.parse(a).number("card") for a in legal]
        mods = {m for u in t.units(t.me) for m in u.mods}
        in_play = {u.leader for u in t.state.sides[t.me].units}
        if all(c in mods for c in cards):  # Losses: give up the least useful modifier
            value = {c: _mod_keep(c, t) for c in cards}
        elif all(c in in_play for c in cards):  # Assassin: lose the least useful unit
            value = {c: t.worth(c) for c in cards}
        elif all(c in t.actions for c in cards):
            value = t.keep_values()
        elif all(c in t.recruits for c in cards):
            value = _recruit_values(t)
        else:  # leader hand (end phase, hand cap, or Assassin with no unit in play)
            value = _leader_keep(t)
        worst = min(cards, key=lambda c: (value.get(c, 0.0), c))
        return f"discard card={worst}"

    def _give(self, t: _Table, legal: list[str]) -> str:
        units = [Move.parse(a).number("unit") for a in legal]
        worst = min(units, key=lambda u: (t.worth(u) + 2 * len(t.unit(u).mods), u))
        return f"give unit={worst}"

    def _choose_unit(self, t: _Table, legal: list[str]) -> str:
        st = t.state
        best, best_value = legal[0], -math.inf
        for a in legal:
            u = Move.parse(a).number("unit")
            att, dfn = (u, st.def_unit) if t.side_of(u) == st.attacker else (st.att_unit, u)
            value = self._value(t, att, dfn)
            if value > best_value:
                best, best_value = a, value
        return best

    # ----- deploy phase ------------------------------------------------------------------
    def _deploy(self, t: _Table, legal: list[str]) -> str:
        specials: dict[str, list[str]] = {}
        deploys: list[tuple[int, int]] = []
        attaches: list[tuple[int, int]] = []
        for a in legal:
            move = Move.parse(a)
            if move.verb == "special":
                specials.setdefault(KEY[move.number("card")], []).append(a)
            elif move.verb == "deploy":
                deploys.append((move.number("leader"), move.number("troop")))
            elif move.verb == "attach":
                attaches.append((move.number("card"), move.number("unit")))
        opp_side = t.view["sides"][t.opp]
        # 1. hit the opponent's recruit hand before it is deployed; draw before deploying
        if specials.get("propaganda") and opp_side["hand_sizes"]["recruits"] > 0:
            return specials["propaganda"][0]
        if specials.get("raids") and opp_side["hand_sizes"]["recruits"] > 0:
            return specials["raids"][0]
        if specials.get("increase_supplies"):
            return specials["increase_supplies"][0]
        if specials.get("unexpected_aid"):
            return specials["unexpected_aid"][0]
        # 2. units
        if deploys:
            choice = _plan_deploy(t, deploys)
            if choice is not None:
                return f"deploy leader={choice[0]} troop={choice[1]}"
        # 3. modifiers on the best units
        if attaches:
            card, unit = max(attaches, key=lambda cu: (_attach_score(t, cu[0], cu[1]), -cu[0], -cu[1]))
            return f"attach card={card} unit={unit}"
        # 4. the round's specials
        fighting = [u.leader for u in t.units(t.me) if t.will_fight(u.leader)]
        enemy = [u.leader for u in t.units(t.opp) if t.will_fight(u.leader)]
        if specials.get("stirring_oratory") and fighting:
            return specials["stirring_oratory"][0]
        if specials.get("cut_supply_lines") and enemy:
            return specials["cut_supply_lines"][0]
        if specials.get("treachery") and any(
            u not in MAIN_LEADERS and not CARDS[u].loyal for u in (x.leader for x in t.units(t.opp))
        ):
            return specials["treachery"][0]
        if specials.get("assassin") and (
            any(u.leader not in MAIN_LEADERS for u in t.state.sides[t.opp].units)
            or opp_side["hand_sizes"]["leaders"] > 0
        ):
            return specials["assassin"][0]
        if specials.get("duty_elsewhere"):
            targets = []
            for a in specials["duty_elsewhere"]:
                u = Move.parse(a).number("unit")
                if t.side_of(u) == t.opp and t.will_fight(u):
                    targets.append((t.strength(u), -u, a))
            if targets:
                return max(targets)[2]
        return "pass"

    def _after_battle(self, t: _Table, legal: list[str]) -> str:
        options = []
        for a in legal:
            move = Move.parse(a)
            if move.verb == "attach":
                options.append((_attach_score(t, move.number("card"), move.number("unit")), a))
        if options:
            return max(options, key=lambda o: (o[0], o[1]))[1]
        return "pass"

    # ----- battle: choosing the fight ---------------------------------------------------
    def _pick(self, t: _Table, legal: list[str]) -> str:
        played = _always_play(legal)
        if played is not None:
            return played
        offered = set(legal)
        best, best_value = legal[0], -math.inf
        for att in t.available(t.me):
            for dfn in t.available(t.opp):
                a = f"pick attacker={att} defender={dfn}"
                if a not in offered:
                    continue
                value = self._attack_value(t, att, dfn)
                if value > best_value:
                    best, best_value = a, value
        return best

    def _value(self, t: _Table, att: int, dfn: int) -> float:
        """The current engagement's value if ``att`` and ``dfn`` fought it."""
        if t.state.attacker == t.me:  # the defender may still use its free intercepts
            return self._attack_value(t, att, dfn)
        return t.fight_value(t.state.attacker, att, dfn)

    def _attack_value(self, t: _Table, att: int, dfn: int) -> float:
        """An attack's value, assuming the defender will use the intercepts it surely has."""
        value = t.fight_value(t.me, att, dfn)
        others = [u for u in t.available(t.opp) if u != dfn]
        # Liu Bei lets any unit take his place; Zhou Cang and Yu Jin may step in themselves
        used = t.state.intercepts_used
        swaps = others if dfn == LIU_BEI else [u for u in others if KEY[u] in INTERCEPTORS and u not in used]
        for u in swaps:
            value = min(value, t.fight_value(t.me, att, u))
        return value

    def _strategy(self, t: _Table, legal: list[str]) -> str:
        played = _always_play(legal)
        if played is not None:
            return played
        st = t.state
        att_side, att, dfn = st.attacker, st.att_unit, st.def_unit
        def fight(a: int, d: int) -> float:
            return self._value(t, a, d)

        current = fight(att, dfn)
        best, best_value = "pass", current
        for a in legal:
            move = Move.parse(a)
            if move.verb == "intercept":  # free: Liu Bei's rule, or Zhou Cang / Yu Jin once a battle
                u = move.number("unit")
                cost = 0.1 if dfn == LIU_BEI else t.tune.free_intercept_cost
                value = fight(att, u) - cost
            elif move.verb == "play":
                card = move.number("card")
                key = KEY[card]
                cost = t.tune.card_worth * t.keep_values().get(card, 0.0)
                if key == "intercept":
                    value = fight(att, move.number("unit")) - cost
                elif key == "lure":
                    value = fight(move.number("unit"), dfn) - cost
                elif key == "evasion":  # the other player picks our new opponent / their defender
                    others = [u for u in t.available(1 - att_side) if u != dfn]
                    value = min((fight(att, u) for u in others), default=current) - cost
                elif key == "ruse":
                    others = [u for u in t.available(att_side) if u != att]
                    value = min((fight(u, dfn) for u in others), default=current) - cost
                else:
                    continue
            else:
                continue
            if value > best_value:
                best, best_value = a, value
        return best

    def _respond(self, t: _Table, legal: list[str]) -> str:
        """Know Enemy window: flip the chain's outcome when the first card's effect hurts us."""
        battle = t.view["battle"] or {}
        chain = battle.get("strategy_chain") or []
        plays = [a for a in legal if a != "pass"]
        if not chain or not plays:
            return "pass"
        first = chain[0]
        first_side = SIDES.index(first["side"])
        want = first_side == t.me or _helps_victim(t, KEY[int(first["card"])], first_side)
        effective = len(chain) % 2 == 1  # each effective Know Enemy cancels the card below it
        return plays[0] if want != effective else "pass"

    # ----- battle: the tactics segment --------------------------------------------------
    def _tactics(self, t: _Table, legal: list[str]) -> str:
        st = t.state
        me = t.me
        mine = st.att_unit if me == st.attacker else st.def_unit
        theirs = st.def_unit if me == st.attacker else st.att_unit
        sign = 1 if me == st.attacker else -1
        played = st.played
        m0 = sign * t.margin(st.attacker, st.att_unit, st.def_unit, played)
        out = negated(played)
        options: list[tuple[str, int, str, int]] = []  # action, card, key, margin after
        rescues: list[str] = []  # event negators that would cancel the opponent's Slain
        for a in legal:
            if a == "pass":
                continue
            move = Move.parse(a)
            card = move.number("card")
            key = move.word("as") if "as" in move else KEY[card]
            on = move.number("on") if "on" in move else -1
            if on < 0 and len(t.unit(mine).troops) == 1 and (
                KIND_OF_KEY[key] == "formation" or key in TROOP_NEED or key in TROOP_EVENTS
            ):
                on = t.unit(mine).troops[0]  # the rules put a troop card on a lone troop
            target = -1
            kind = NEGATES.get(key)
            if kind is not None:
                for q in reversed(played):
                    if q.side != me and q.card not in out and KIND_OF_KEY[q.key] == kind:
                        target = q.card
                        break
            trial = [*played, Played(card, me, on, key, target)]
            m1 = sign * t.margin(st.attacker, st.att_unit, st.def_unit, trial)
            options.append((a, card, key, m1))
            if target >= 0 and any(q.card == target and q.key == "slain" for q in played):
                rescues.append(a)
        opp_cards = t.opp_sizes["actions"]
        if m0 >= 1:
            # ahead: pass (we can always answer), unless a finisher is safe
            for a, _, key, _ in options:
                if key == "slain" and (m0 >= t.tune.slain_lead or (opp_cards == 0 and m0 >= 1)):
                    return a
                if key == "losses" and t.unit(theirs).mods and not any(
                    p.key == "losses" for p in played if p.side == me
                ) and (m0 >= t.tune.losses_lead or not t.unit(mine).mods):
                    return a
            return "pass"
        gains = [(a, card, key, m1) for a, card, key, m1 in options if m1 > m0]
        winning = [g for g in gains if g[3] >= 1]
        if winning:
            a, _, _, _ = min(winning, key=lambda g: (round(t.card_cost(g[1]), 3), -g[3], g[0]))
            return a
        if rescues:
            return rescues[0]  # about to lose: at least do not lose the unit for good
        if not gains or m0 + _reachable(t, mine, gains, m0) < 0:
            return "pass"  # hopeless: keep the cards for a fight that can be won
        a, _, _, _ = max(gains, key=lambda g: (g[3] - m0 - 0.25 * t.card_cost(g[1]), g[0]))
        return a


# ----- helpers for the bot ------------------------------------------------------------------
def _always_play(legal: list[str]) -> str | None:
    """A strategy card that is good whenever it may be played (Fake Attack, Destroy Stores...)."""
    by_key: dict[str, str] = {}
    for a in legal:
        move = Move.parse(a)
        if move.verb == "play" and "unit" not in move:
            by_key.setdefault(KEY[move.number("card")], a)
    for key in ALWAYS_PLAY:
        if key in by_key:
            return by_key[key]
    return None


def _helps_victim(t: _Table, key: str, player: int) -> bool:
    """Whether the opponent's strategy card ``key`` helps us (they let us choose a unit)."""
    st = t.state
    if key == "evasion":  # the attacker's own Evasion lets us, the defender, choose our defender
        return player == st.attacker
    if key == "ruse":  # the attacker's own Ruse lets us choose their attacker
        return player == st.attacker
    return False


def _reachable(t: _Table, mine: int, gains: list[tuple[str, int, str, int]], m0: int) -> int:
    """How much the cards in ``gains`` could add together, within the unit's use limits."""
    st = t.state
    slots = dict(t.mine(mine).slots)
    for p in st.played:
        if p.side == t.me:
            kind = KIND_OF_KEY[p.key]
            if kind in slots:
                slots[kind] -= 1
    best: dict[int, tuple[int, str]] = {}
    for _, card, key, m1 in gains:
        if m1 - m0 > best.get(card, (0, ""))[0]:
            best[card] = (m1 - m0, KIND_OF_KEY[key])
    total = 0
    for gain, kind in sorted(best.values(), reverse=True):
        if slots.get(kind, 0) > 0:
            slots[kind] -= 1
            total += gain
    return total


def _attach_score(t: _Table, card: int, leader: int) -> float:
    """Where a modifier does most good: the strongest unit that will fight, and fits the card."""
    key = KEY[card]
    unit = t.unit(leader)
    score = float(t.strength(leader)) + ABILITY_VALUE.get(KEY[leader], 0.0)
    if leader == CAO_CAO and t.state.streak < 2:
        score -= 8.0  # he fights only when a side is two battles up
    if KEY[leader] == "ma_su":
        score -= 4.0  # she is there to be traded, not to be built up
    if KEY[leader] == "guan_ping":
        score += 1.0  # every modifier counts twice for him
    lead = CARDS[leader]
    if key == "companion_general" and not lead.general:
        score += 2.0
    if key == "companion_sorcerer" and not lead.sorcerer:
        score += 1.0
    if key in SCOUTS and any(KEY[m] in SCOUTS for m in unit.mods):
        score -= 1.0  # one scout per unit is enough
    return score + CARDS[card].force


def _mod_keep(card: int, t: _Table) -> float:
    key = KEY[card]
    value = float(CARDS[card].force)
    if key in ("companion_general", "companion_sorcerer"):
        value += 0.5
    if key in SCOUTS:
        value += 0.3
    return value


def _recruit_values(t: _Table) -> dict[int, float]:
    """Keep values for the recruit hand: troops for leaders waiting for one come first."""
    hosts = [c for c in t.leaders if KIND[c] == "leader"]
    hosts += [u.leader for u in t.state.sides[t.me].units if not u.troops and u.leader != CAO_CAO]
    troops = sorted((c for c in t.recruits if KIND[c] == "troop"),
                    key=lambda c: (-CARDS[c].force, c))
    needed = set(troops[: len(hosts) + 1])  # one spare for the next leader drawn
    has_general = any(CARDS[u.leader].general for u in t.units(t.me)) or any(
        CARDS[c].general for c in hosts)
    values: dict[int, float] = {}
    for c in t.recruits:
        card = CARDS[c]
        if card.kind == "troop":
            values[c] = card.force + card.bonus * 0.4 + (8.0 if c in needed else 0.0)
        elif card.kind == "modifier":
            values[c] = 2.0 * card.force + (1.0 if card.timing == "DP" else 0.0)
            if card.key == "companion_sorcerer" and not has_general:
                values[c] -= 1.0
        else:
            values[c] = SPECIAL_VALUE.get(card.key, 3.0)
    return values


def _leader_keep(t: _Table) -> dict[int, float]:
    values = {c: leader_value(c) for c in t.leaders}
    generals = [u for u in t.units(t.me) if CARDS[u.leader].general
                and not any(KEY[m] == "tiger_general" for m in u.mods)]
    for c in t.leaders:
        if KEY[c] == "tiger_general" and not generals:
            values[c] -= 1.5
    for u in t.state.sides[t.me].units:  # assassin with units in play
        values.setdefault(u.leader, t.worth(u.leader) if u.troops else leader_value(u.leader))
    return values


def _plan_deploy(t: _Table, deploys: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The next (leader, troop) of a plan that gives every leader a troop, best leaders first.

    Liu Bei and new leaders come first; Cao Cao (who seldom fights) and a second troop for
    Cao Bu only take troops left over, and one spare troop is kept for the next leader.
    """
    hosts = sorted({ld for ld, _ in deploys})
    troops = sorted({tr for _, tr in deploys}, key=lambda c: (-_troop_base(c), c))
    # Cao Cao fights only when a side is two battles up: then he is a leader like any other
    first = [h for h in hosts if not _has_troops(t, h) and (h != CAO_CAO or t.state.streak >= 2)]
    first.sort(key=lambda h: (-leader_value(h), h))
    if first:
        chosen = first[: len(troops)]
        left = list(troops)
        plan: dict[int, int] = {}
        # leaders with a favourite troop type take their best one first
        for h in chosen:
            fav = FAVOURITE.get(KEY[h])
            picks = [c for c in left if fav is not None and CARDS[c].troop_type == fav]
            if picks:
                pick = max(picks, key=lambda c: (troop_score(c, h), -c))
                plan[h] = pick
                left.remove(pick)
        # Ma Su is there to be traded (her loss takes the winner with her): she gets what is left
        for h in sorted(chosen, key=lambda h: KEY[h] == "ma_su"):
            if h in plan:
                continue
            pick = max(left, key=lambda c: (troop_score(c, h), -c))
            plan[h] = pick
            left.remove(pick)
        h = chosen[0]
        return h, plan[h]
    spare = sorted(troops, key=lambda c: (_troop_base(c), -c))
    if len(spare) < 2:
        return None  # keep the last troop for the next leader
    if CAO_CAO in hosts:
        return CAO_CAO, spare[0]
    extra = [h for h in hosts if _has_troops(t, h)]  # Cao Bu's second troop
    if extra:
        return extra[0], spare[-2]
    return None


def _has_troops(t: _Table, leader: int) -> bool:
    unit = t.state.find_unit(leader)
    return unit is not None and bool(unit.troops) and t.side_of(leader) == t.me


BOTS = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot", "public_state"]
