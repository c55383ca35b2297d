"""Literal Kasl positions for scenario tests: an empty board, pieces put by hand, loaded dice."""

from __future__ import annotations

from typing import Any

from warroom.engine.rng import Rng
from warroom.games.kasl.board import ARMY_SIZE, CITY, LORD, N
from warroom.games.kasl.rules import GAME
from warroom.games.kasl.state import NOBODY, KaslState


class LoadedDice(Rng):
    """An RNG whose dice come from a list first (``below(6)`` returns ``value - 1``)."""

    __slots__ = ("dice",)

    def __init__(self, dice: list[int], state: int = 1) -> None:
        super().__init__(state)
        self.dice = list(dice)

    def below(self, n: int) -> int:
        if n == 6 and self.dice:
            return self.dice.pop(0) - 1
        return super().below(n)

    def clone(self) -> LoadedDice:
        out = LoadedDice(self.dice, self.state)
        return out


RESERVE = 47  # with ``reserve``, the seat to play holds 47 and may always attack the empty 48


def empty(players: int = 2, advanced: bool = False, step: str = "attack", seat: int = 0,
          reserve: bool = True) -> KaslState:
    """A board with nothing on it, in round 1, ``seat`` to play at ``step``.

    With ``reserve`` the seat holds two infantry on 47 next to the empty 48, so that it always
    has an attack left and an attack step does not end by itself after the one under test.
    """
    s = GAME.new(GAME.configure(players, ["advanced"] if advanced else []), 1)
    s.owner = [NOBODY] * N
    s.units = [[0, 0, 0, 0] for _ in range(N)]
    s.lord = [0] * N
    s.level = [0] * N
    s.plague = [0] * N
    s.supply = [ARMY_SIZE[:] for _ in range(players + 1)]
    s.frames = []
    s.cache = None
    s.missions = [[] for _ in range(players)]
    s.sacrificed = [[] for _ in range(players)]
    s.round = 1
    s.order = [seat] + [p for p in range(players) if p != seat]
    s.turn = 0
    s.step = step
    s.left = 0
    s.plague_round = 0
    s.markers = 0
    s.declared_by = NOBODY
    if reserve:
        put(s, RESERVE, seat, inf=2)
    return s


def put(s: KaslState, territory: int, owner: int, inf: int = 0, arch: int = 0, cav: int = 0, wm: int = 0,
        lord: int = 0, level: int = 0) -> None:
    """Put pieces of ``owner`` on ``territory`` (a printed number), taken from its supply."""
    t = territory - 1
    s.cache = s.kingdoms = None
    s.owner[t] = owner
    for k, n in enumerate((inf, arch, cav, wm)):
        s.units[t][k] += n
        s.supply[owner][k] -= n
    if lord:
        s.lord[t] = 1
        s.supply[owner][LORD] -= 1
    s.level[t] = level
    for lv in range(level):
        s.supply[owner][CITY + lv] -= 1


def dice(s: KaslState, *values: int) -> None:
    """The next dice thrown in ``s`` show ``values``."""
    s.rng = LoadedDice(list(values), s.rng.state)


def on(s: KaslState, territory: int) -> dict[str, Any]:
    """What lies on ``territory``: owner, the four unit counts, Lord, stronghold level, plague."""
    t = territory - 1
    return {"owner": s.owner[t], "units": s.units[t][:], "lord": s.lord[t], "level": s.level[t],
            "plague": s.plague[t]}


def play(s: KaslState, seat: int, *actions: str) -> list[Any]:
    """Apply ``actions`` for ``seat`` through the public ``apply`` (each must be legal)."""
    events: list[Any] = []
    for a in actions:
        events += GAME.apply(s, seat, a)
    return events


def legal(s: KaslState, seat: int) -> list[str]:
    return GAME.legal_actions(s, seat)
