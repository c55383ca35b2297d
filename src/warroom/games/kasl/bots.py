"""Kasl's heuristic bot: it reads only its seat's view and the legal actions.

Rules of thumb: keep one connected kingdom around its strongholds, build cities early and
fortify where enemies threaten, attack only where its dice beat the defender's (vacant land and
cavalry charges first, territories that complete a fiefdom or a mission worth more), lose its
cheapest units, push units and Lords from quiet territories to the front, and declare the
plague on a mission card that hurts the leader most.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from warroom.engine.actions import Move
from warroom.engine.bot import Bot
from warroom.games.kasl.board import CV, FIEFDOM_OF, FIEFDOMS, PASSABLE, PLAGUE_NEXT


def _args(action: str) -> dict[str, int]:
    return {k: v for k, v in Move.parse(action).args if isinstance(v, int) and v >= 0}


class _Board:
    """The view's board in lists indexed 0-47."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me: int = view["seat"]
        ts = view["territories"]
        self.owner: list[int] = [int(t["owner"]) for t in ts]
        self.units: list[list[int]] = [list(t["units"]) for t in ts]
        self.lord: list[int] = [int(t["lord"]) for t in ts]
        self.level: list[int] = [int(t["level"]) for t in ts]
        self.plague: list[int] = [int(t["plague"]) for t in ts]
        self.missions = [m - 1 for m in view.get("missions", [])]
        self.round = view["round"]
        self.kingdoms = view["kingdoms"]

    def cv(self, t: int) -> int:
        u = self.units[t]
        return u[0] * CV[0] + u[1] * CV[1] + u[2] * CV[2] + u[3] * CV[3]

    def mine(self, t: int) -> bool:
        return self.owner[t] == self.me

    def enemy_pressure(self, t: int) -> int:
        """The combat value of other armies next to ``t`` (the neutral army never attacks)."""
        neutral = len(self.kingdoms)
        return sum(self.cv(b) for b in PASSABLE[t]
                   if self.owner[b] not in (self.me, -1, neutral) and not self.plague[b])

    def own_neighbours(self, t: int) -> int:
        return sum(1 for b in PASSABLE[t] if self.mine(b))

    def frontier(self, t: int) -> bool:
        return any(not self.mine(b) and not self.plague[b] for b in PASSABLE[t])

    def fiefdom_gap(self, t: int) -> int:
        """Territories of ``t``'s fiefdom (free of the plague) not yet mine."""
        return sum(1 for x in FIEFDOMS[FIEFDOM_OF[t]] if not self.mine(x) and not self.plague[x])


def _dice(cv: int) -> int:
    return 2 if cv <= 2 else 3


def _best_move(legal: list[str], value: Callable[[int, int], float]) -> str:
    """The ``from=A to=B`` move of highest positive value, else ``end``."""
    best, score = "end", 0.0
    for a in legal:
        if a == "end":
            continue
        x = _args(a)
        v = value(x["from"] - 1, x["to"] - 1)
        if v > score:
            best, score = a, v
    return best


class HeuristicBot(Bot):
    """Rules of thumb for every Kasl decision."""

    name = "heuristic"
    needs_view = True

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        b = _Board(view)
        choice = view.get("choice")
        if choice is not None:
            purpose = str(choice["purpose"])
            if purpose == "loss":
                return self._loss(legal)
            if purpose in ("capture", "redeploy"):
                return self._move(b, choice, legal)
            return self._place(b, purpose, legal, rng)
        step = view["step"]
        if step == "strategic":
            return self._strategic(b, legal)
        if step == "attack":
            return self._attack(b, legal, rng)
        if step == "redeploy":
            return self._redeploy(b, legal)
        if step == "lords":
            return self._lords(b, legal)
        if step == "declare":
            return self._declare(b, view, legal)
        return legal[-1]

    # ----- placements ------------------------------------------------------------------------
    def _place(self, b: _Board, purpose: str, legal: list[str], rng: random.Random) -> str:
        item = purpose.partition(":")[2]

        def value(a: str) -> float:
            t = _args(a)["territory"] - 1
            noise = rng.random() * 0.1
            if item in ("city", "new_city"):
                return (3 * b.own_neighbours(t) - b.enemy_pressure(t) + (8 if t in b.missions else 0)
                        + b.cv(t) * 0.1 + noise)
            if item == "lord":
                return b.cv(t) + (2 if b.frontier(t) else 0) + noise
            # a unit: where the enemy presses, and beside weak targets it may take
            weak = sum(1 for x in PASSABLE[t] if not b.mine(x) and not b.plague[x] and b.cv(x) <= 2)
            return (b.enemy_pressure(t) * 0.5 + weak + (2 if b.level[t] else 0)
                    + (1 if b.frontier(t) else -3) + noise)

        return max(legal, key=value)

    # ----- strategic choice ----------------------------------------------------------------------
    def _strategic(self, b: _Board, legal: list[str]) -> str:
        builds = [a for a in legal if Move.parse(a).verb == "build"]
        forts = [a for a in legal if Move.parse(a).verb == "fortify"]
        for a in builds + forts:
            if _args(a)["territory"] - 1 in b.missions:
                return a  # the stronghold mission first
        threatened = sorted(forts, key=lambda a: -b.enemy_pressure(_args(a)["territory"] - 1))
        if threatened and b.enemy_pressure(_args(threatened[0])["territory"] - 1) >= 4:
            return threatened[0]
        if builds and b.round <= 6:
            return max(builds, key=lambda a: (b.own_neighbours(_args(a)["territory"] - 1)
                                              - b.enemy_pressure(_args(a)["territory"] - 1)))
        if forts and b.round >= 6:
            return threatened[0]
        return "recruit"

    # ----- attacks -------------------------------------------------------------------------------
    def _attack(self, b: _Board, legal: list[str], rng: random.Random) -> str:
        best, best_score = "end", 0.0
        for a in legal:
            if a == "end":
                continue
            x = _args(a)
            src, dst = x["from"] - 1, x["to"] - 1
            score = self._attack_value(b, src, dst)
            if score > best_score:
                best, best_score = a, score
        return best

    def _attack_value(self, b: _Board, src: int, dst: int) -> float:
        gain = 1.0 + (1.5 if b.own_neighbours(dst) >= 2 else 0) + (3 if b.fiefdom_gap(dst) == 1 else 0)
        gain += 4 if dst in b.missions else 0
        gain += 3 * b.level[dst]
        d_units = b.units[dst]
        if sum(d_units) == 0:
            return 10 + gain  # vacant: taken without dice
        s_units = b.units[src]
        if s_units[2] == sum(s_units) and not d_units[2] and not b.level[dst] and not (b.lord[src] or b.lord[dst]):
            return 9 + gain  # a cavalry charge: no dice (a Lord on either side stops it)
        a_cv, d_cv = b.cv(src), b.cv(dst)
        na = _dice(a_cv) + b.lord[src]
        nd = _dice(d_cv) + (0 if s_units[3] else b.level[dst])
        my_hits, their_hits = na / 3.0, nd / 3.0
        if a_cv < 3 or my_hits <= their_hits:
            return 0.0
        # an attack that may take the territory this turn, and leaves the source standing
        edge = my_hits - their_hits + (a_cv - d_cv) * 0.3
        if d_cv > 2 * my_hits + 1:
            edge -= 1.5
        return edge + 0.3 * gain if edge > 0.2 else 0.0

    # ----- losses and moves ------------------------------------------------------------------------
    def _loss(self, legal: list[str]) -> str:
        # the cheapest unit first: it keeps the most combat value (war machines last)
        order = {0: 0, 1: 1, 3: 3, 2: 2}
        return min(legal, key=lambda a: order.get(_args(a).get("unit", 9), 9))

    def _move(self, b: _Board, choice: dict[str, Any], legal: list[str]) -> str:
        src, dst = choice["from"] - 1, choice["to"] - 1
        left = sum(b.units[src])
        moved = len(choice.get("picked", []))
        units = [a for a in legal if Move.parse(a).verb == "pick"]
        if not units:
            return "done"
        keep = 1 if not b.frontier(src) or choice["purpose"] == "redeploy" else max(1, left // 2)
        if "pick unit=4" in units and b.frontier(dst):
            return "pick unit=4"
        if left > keep or (moved == 0 and "done" not in legal):
            # the strongest units forward
            return max(units, key=lambda a: CV[_args(a)["unit"]] if _args(a)["unit"] < 4 else -1)
        return "done" if "done" in legal else units[0]

    def _redeploy(self, b: _Board, legal: list[str]) -> str:
        def value(src: int, dst: int) -> float:
            s = b.enemy_pressure(dst) + (3 if b.frontier(dst) else 0) - b.enemy_pressure(src)
            return s - (4 if b.frontier(src) else 0)

        return _best_move(legal, value)

    def _lords(self, b: _Board, legal: list[str]) -> str:
        def value(src: int, dst: int) -> float:
            return b.cv(dst) - b.cv(src) + (2 if b.frontier(dst) and not b.frontier(src) else 0)

        return _best_move(legal, value)

    def _declare(self, b: _Board, view: dict[str, Any], legal: list[str]) -> str:
        leader = max(range(len(b.kingdoms)), key=lambda p: b.kingdoms[p])
        best, score = "pass", 2.0
        for a in legal:
            if a == "pass":
                continue
            t = _args(a)["card"] - 1
            hurt = sum(1 for x in (t, *PLAGUE_NEXT[t]) if b.owner[x] == leader and leader != b.me)
            hurt -= sum(2 for x in (t, *PLAGUE_NEXT[t]) if b.mine(x))
            hurt += b.level[t] * 2 if b.owner[t] == leader else 0
            if hurt > score:
                best, score = a, hurt
        return best


BOTS = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]
