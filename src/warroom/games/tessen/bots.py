"""Tessen's real-time bots: one strategy, several levels of skill and speed.

A bot sees its seat's view and legal actions at the instant it perceives the table, and picks
at most one action (``None``: nothing now); the runner (``engine.realtime.play_realtime``) adds
its reaction time, and the action is checked again when it lands. Levels differ in reaction
speed (the engine's ``REACTION_LEVELS``) and in how often they blunder (a random legal action
instead of the planned one):

- ``novice``: slow hands, a blunder one time in three, never defends a single card;
- ``casual`` and ``heuristic``: an average adult's reactions, a blunder one time in ten;
- ``expert``: a practised player's reactions, no blunders.

The strategy, in order: place yielded animals on the table; serve the Shogun with an ordinary
warrior (the super-warrior is worth more); answer an attack by defending a pile worth it and
yielding a lone card; keep every pile of three at once (a kept pile can no longer be attacked);
clear a blocked place when places are short; attack the opponent's biggest unkept pile when a
warrior can be spared (one is held back for defence), with the super-warrior on the biggest;
put warriors on the dragon when behind there; play animals onto existing piles, then start
piles of kinds held in pairs; crown the kind it is strongest in on the sacred card; draw from
the opponent's discard pile when its top card fits a pile, else from its own deck, but never
the last card of its deck while behind on points; discard the least useful animal when the
hand is full.
"""

from __future__ import annotations

import random
from typing import Any

from warroom.engine.bot import Bot
from warroom.engine.realtime import REACTION_LEVELS, HumanReaction
from warroom.games.tessen.cards import SUPER, WARRIOR
from warroom.games.tessen.core import ACTIONS
from warroom.games.tessen.views import lens_of_view

Op = tuple[str, int, int]
Ops = tuple[tuple[str, Op], ...]  # actions with their meaning


class TessenBot(Bot):
    """The heuristic strategy at one level of skill."""

    name = "heuristic"
    needs_view = True
    lens_view = True  # the simulated clock's runner hands it Tessen.bot_lens (what it reads, as ints)
    blunder = 0.1
    defends_singles = True
    reaction: HumanReaction = REACTION_LEVELS["casual"]

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str | None:
        if not legal:
            return None
        if self.blunder and rng.random() < self.blunder:
            return legal[rng.randrange(len(legal))]
        return self.plan(view, legal)

    # ----- the plan -------------------------------------------------------------------------------
    def plan(self, view: dict[str, Any], legal: list[str]) -> str | None:
        """The planned action for a view or the bots' lens
        (``bot_lens``, what the simulated clock's runner hands): both read the same facts."""
        seen = lens_of_view(view) if "sides" in view else view
        first = ACTIONS[legal[0]][0]
        if first == "take":
            return legal[0]  # the pile of that kind (or the first empty place) before the discard
        if first == "serve":
            return next((a for a in legal if ACTIONS[a][1] == WARRIOR), legal[0])
        if first in ("defend", "yield"):
            return self._answer(seen, tuple(OPS[a] for a in legal))
        keep, clear, attack, dragon, play, sacred, draw, discard = _grouped(legal)
        hand: list[int] = seen["hand"]
        places: list[list[int]] = seen["places"]  # [kind, count, blocker], -1 for none

        if keep:
            return keep[0][0] if len(keep) == 1 else max(keep, key=lambda x: places[x[1][1]][1])[0]
        free = -1  # empty places no enemy warrior blocks: counted once a choice weighs them
        if clear or attack or dragon:
            warriors = hand.count(WARRIOR) + hand.count(SUPER)
            if clear:
                free = _free(places)
                if free == 0 or warriors >= 3 or (len(hand) >= 5 and warriors >= 2):
                    return min(clear, key=lambda x: (x[1][2] == SUPER, x[1][1]))[0]
            if attack:
                if free < 0:
                    free = _free(places)
                choice = self._attack(seen["opp_places"], places, attack, warriors, len(hand) >= 5, free)
                if choice is not None:
                    return choice
            if dragon and warriors >= 2 and seen["dragon"] <= seen["opp_dragon"]:
                return min(dragon, key=lambda x: x[1][1] == SUPER)[0]
        if play:
            choice = self._play(places, hand, play, free)
            if choice is not None:
                return choice
        if sacred and len(hand) >= 5:
            choice = self._sacred(seen, sacred)
            if choice is not None:
                return choice
        if draw:
            choice = self._draw(seen, places, hand, draw)
            if choice is not None:
                return choice
        if discard:
            return self._discard(places, hand, seen["opp_places"], discard)
        if play:
            return play[0][0]
        return None

    def _answer(self, seen: dict[str, Any], ops: Ops) -> str:
        place, by = seen["attack"]
        worth = seen["places"][place][1]
        defends = [(a, op) for a, op in ops if op[0] == "defend"]
        warriors = sum(1 for c in seen["hand"] if c >= WARRIOR)
        if not defends or (worth == 1 and not self.defends_singles):
            return "yield"
        if worth == 0 and warriors < 2:
            return "yield"  # a blocked place costs a warrior later, but not a pile now
        plain = [a for a, op in defends if op[1] == WARRIOR]
        if plain:
            return plain[0]
        # only the super-warrior can answer: spend it on a pile worth it
        return defends[0][0] if worth >= 2 or by == SUPER else "yield"

    def _attack(self, opp_places: list[list[int]], places: list[list[int]],
                attack: Ops, warriors: int, full: bool, free: int) -> str | None:
        # warriors in hand crowd out animals: spend them, holding one back for defence
        best: tuple[float, str] | None = None
        kinds = [p[0] for p in places]
        for a, (_, i, w) in attack:
            kind, count, _blocker = opp_places[i]
            fits = kind < 0 or free > 0 or kind in kinds  # a place to put the yielded pile
            value = count * 1.5 + (1.0 if fits else -2.0) if count else 0.5
            if w == SUPER:
                value += 1.0 if count >= 2 else -3.0
            if best is None or value > best[0]:
                best = (value, a)
        if best is None:
            return None
        need = 1.0 if warriors >= 2 or full else 4.0
        return best[1] if best[0] >= need else None

    def _play(self, places: list[list[int]], hand: list[int],
              play: Ops, free: int) -> str | None:
        """``free``: the free places, -1 if not counted yet."""
        # onto the biggest existing pile (the first of the biggest)
        best: str | None = None
        most = -1
        for a, op in play:
            pile = places[op[2]]
            if pile[0] >= 0 and pile[1] > most:
                best, most = a, pile[1]
        if best is not None:
            return best
        # a new pile: kinds held in pairs first, then by kind and place (the first of the
        # best, as a stable sort would put it first); while two places or fewer are free, only
        # a pair starts one
        pairs_only = len(hand) < 5 and (free if free >= 0 else _free(places)) <= 2
        first: tuple[int, int, int] | None = None
        for a, op in play:
            n = hand.count(op[1])
            if pairs_only and n < 2:
                continue
            order = (-n, op[1], op[2])
            if first is None or order < first:
                best, first = a, order
        return best

    def _sacred(self, seen: dict[str, Any], sacred: Ops) -> str | None:
        mine: list[int] = seen["score"][:]
        theirs: list[int] = seen["opp_score"]
        for kind, count, _blocker in seen["places"]:
            if kind >= 0:
                mine[kind] += count
        top = seen["sacred"]
        gain = {op[1]: mine[op[1]] - theirs[op[1]] for _, op in sacred}
        best = max(sacred, key=lambda x: gain[x[1][1]])
        current = gain.get(top, mine[top] - theirs[top]) if top is not None and top >= 0 else 0
        return best[0] if gain[best[1][1]] > max(0, current) else None

    def _draw(self, seen: dict[str, Any], places: list[list[int]], hand: list[int],
              draw: Ops) -> str | None:
        from_opp = own = None
        for a, op in draw:  # at most one of each
            if op[1]:
                from_opp = from_opp or a
            else:
                own = own or a
        top = seen["opp_discard_top"]
        if from_opp is not None and top >= 0 and (top in hand or top in [p[0] for p in places]):
            return from_opp
        if own is not None and seen["deck"] == 1 and seen["points"] < seen["opp_points"]:
            return from_opp  # the last card would end a round we are losing
        return own or from_opp

    def _discard(self, places: list[list[int]], hand: list[int], opp_places: list[list[int]],
                 discard: Ops) -> str:
        opp_piles = {p[0] for p in opp_places}

        def cost(x: tuple[str, Op]) -> tuple[int, int, int]:
            k = x[1][1]
            on_pile = any(p[0] == k for p in places)
            return (int(on_pile), int(k in opp_piles), hand.count(k))

        return min(discard, key=cost)[0]


def _free(places: list[list[int]]) -> int:
    """How many places are empty and unblocked (kind and blocker both -1: their ``&`` is
    negative only then, since neither is below -1)."""
    a, b, c, d, e = places
    return ((a[0] & a[2]) < 0) + ((b[0] & b[2]) < 0) + ((c[0] & c[2]) < 0) + ((d[0] & d[2]) < 0) \
        + ((e[0] & e[2]) < 0)


OPS: dict[str, tuple[str, Op]] = {a: (a, op) for a, op in ACTIONS.items()}  # shared pairs
# the verbs the plan weighs, in the order of _grouped's answer (the others answer alone)
PLANNED = ("keep", "clear", "attack", "dragon", "play", "sacred", "draw", "discard")
_SLOT = {a: PLANNED.index(op[0]) if op[0] in PLANNED else -1 for a, op in ACTIONS.items()}
_GROUPS: dict[tuple[str, ...], tuple[Ops, ...]] = {}
_GROUPS_KEPT = 20_000  # a few megabytes; a long simulation meets more lists, and starts again


def _grouped(legal: list[str]) -> tuple[Ops, ...]:
    """The legal actions with their meaning, grouped by verb (in legal order), one group for
    each verb of ``PLANNED`` (empty: none); remembered by list, since matches meet the same
    lists again and again (most of them after a few dozen matches). Shared between calls: read
    only."""
    key = tuple(legal)
    got = _GROUPS.get(key)
    if got is None:
        if len(_GROUPS) >= _GROUPS_KEPT:
            _GROUPS.clear()
        groups: tuple[list[tuple[str, Op]], ...] = ([], [], [], [], [], [], [], [])  # PLANNED's
        for a in legal:
            slot = _SLOT[a]
            if slot >= 0:
                groups[slot].append(OPS[a])
        got = _GROUPS[key] = tuple(map(tuple, groups))
    return got


class NoviceBot(TessenBot):
    name = "novice"
    blunder = 0.33
    defends_singles = False
    reaction = REACTION_LEVELS["novice"]


class CasualBot(TessenBot):
    name = "casual"


class ExpertBot(TessenBot):
    name = "expert"
    blunder = 0.0
    reaction = REACTION_LEVELS["expert"]


BOTS: dict[str, type[TessenBot]] = {
    "novice": NoviceBot, "casual": CasualBot, "heuristic": TessenBot, "expert": ExpertBot,
}

__all__ = ["BOTS", "CasualBot", "ExpertBot", "NoviceBot", "TessenBot"]
