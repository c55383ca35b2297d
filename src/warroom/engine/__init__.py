"""The game-agnostic engine: protocol, RNG, actions, events, records, matches.

It depends on the standard library only.
"""

from warroom.engine.actions import Action, canonical, digits, is_whole, make, parse, whole
from warroom.engine.errors import (
    ConfigError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RecordError,
    UnknownGame,
    WarroomError,
)
from warroom.engine.events import ALL_SEEING, Event
from warroom.engine.game import CLOCK_SEAT, WAIT, Decision, Dynamics, Game, Option, Result, require
from warroom.engine.rng import Rng, make_rng, mix_seed

__all__ = [
    "ALL_SEEING",
    "CLOCK_SEAT",
    "WAIT",
    "Action",
    "ConfigError",
    "Decision",
    "Dynamics",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "MalformedAction",
    "NotYourTurn",
    "Option",
    "RecordError",
    "Result",
    "Rng",
    "UnknownGame",
    "WarroomError",
    "canonical",
    "digits",
    "is_whole",
    "make",
    "make_rng",
    "mix_seed",
    "parse",
    "require",
    "whole",
]
