"""Composite choices: choosing a set of things as a sequence of small decisions.

Every game in warroom makes a choice of several things (any subset of cards to discard,
the units that move, several targets) **one pick at a time**, driven by a ``select`` frame:
the seat picks ``pick <key>=<id>`` for one candidate after another and ends with ``done``
once it has picked at least ``least`` (at most ``most``; reaching ``most`` ends the choice
by itself). The frame hands the sorted list of picks to the frame below.

Why this way for every game: the legal actions stay a short list (n + 1, never 2^n), so
random and search bots, the action numbering of the research adapters (a pick is one
numbered action) and the protocol's "list every legal action" all keep working unchanged;
and a person clicks cards in any order. Picks cannot be taken back (a bot could otherwise
loop forever); a client that wants an "undo" resets its own selection before sending.
The list form of action text (``discard cards=3,17``, see :mod:`warroom.engine.actions`) is
for actions that are one decision with several fixed values, such as a card and its targets
already determined; it is not a way around the picks.
"""

from __future__ import annotations

from typing import Any

from warroom.engine.actions import Action, Move
from warroom.engine.errors import MalformedAction
from warroom.engine.events import Event
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, HasFrames, finish, push

DONE = "done"


def select(
    state: HasFrames,
    seat: int,
    candidates: list[int],
    least: int,
    most: int,
    purpose: str,
    key: str = "card",
    **data: Any,
) -> Frame:
    """Push a ``select`` frame: ``seat`` picks between ``least`` and ``most`` of ``candidates``.

    ``purpose`` names the choice for prompts and decision kinds (``"discard"``, ``"move"``).
    A choice with nothing to pick (``most`` or the candidates are 0) asks nobody: it hands
    back an empty pick when the resolver next steps.
    """
    if not 0 <= least <= most:
        raise AssertionError(f"bad selection bounds {least}..{most}")
    if least > len(candidates):
        raise AssertionError(f"cannot pick {least} of {len(candidates)} candidates")
    most = min(most, len(candidates))
    return push(
        state, "select", seat if most > 0 else NO_SEAT,
        candidates=sorted(candidates), least=least, most=most,
        purpose=purpose, key=key, picked=[], **data,
    )


def picked(value: Any, purpose: str) -> list[int] | None:
    """The picks if ``value`` is what a ``select`` frame for ``purpose`` handed back, else ``None``.

    A frame's ``results`` (and an ability's ``resume``) receive the values of *every* frame
    pushed above it, a nested trigger's included; this picks out a choice's.
    """
    if isinstance(value, dict) and value.get("purpose") == purpose and "picked" in value:
        picks: list[int] = value["picked"]
        return picks
    return None


def rename(frame: Frame, mapping: dict[int, int]) -> None:
    """Rename the candidates of a ``select`` frame (and its picks so far) through ``mapping``.

    For ``determinize``: when the cards a seat chooses from are hidden from the seat the
    world is re-dealt for, the re-dealt hand's ids replace them. Ids not in ``mapping`` stay.
    """
    data = frame.data
    data["candidates"] = sorted(mapping.get(c, c) for c in data["candidates"])
    data["picked"] = [mapping.get(c, c) for c in data["picked"]]
    key = data["key"]
    answers: list[list[Any]] = []
    for seat, action in frame.answers:
        if action != DONE:
            old = Move.parse(action).number(key)
            action = f"pick {key}={mapping.get(old, old)}"
        answers.append([seat, action])
    frame.answers = answers


class SelectRule(FrameRule[Any]):
    """The ``select`` frame kind; register one per game resolver."""

    kind = "select"

    def step(self, state: Any, frame: Frame, events: list[Event]) -> None:
        # a select frame waits on its seat from the start; it is stepped only once it is done
        data = frame.data
        finish(state, frame, {"purpose": data["purpose"], "picked": sorted(data["picked"])})

    def legal(self, state: Any, frame: Frame, seat: int) -> list[Action]:
        data = frame.data
        picked = data["picked"]
        key = data["key"]
        out = [f"pick {key}={c}" for c in data["candidates"] if c not in picked]
        if len(picked) >= data["least"]:
            out.append(DONE)
        return out

    def is_legal(self, state: Any, frame: Frame, seat: int, action: Action) -> bool:
        data = frame.data
        if not isinstance(action, str):
            return False
        if action == DONE:
            return len(data["picked"]) >= int(data["least"])
        try:
            move = Move.parse(action)
        except MalformedAction:
            return False
        # only the canonical text of one pick: not "pick card=07", nor other spacing
        if move.text != action or move.verb != "pick" or len(move.args) != 1:
            return False
        key, card = move.args[0]
        if key != data["key"] or not isinstance(card, int) or card < 0:
            return False
        candidates: list[int] = data["candidates"]
        picked: list[int] = data["picked"]
        return card in candidates and card not in picked

    def answer(self, state: Any, frame: Frame, seat: int, action: Action, events: list[Event]) -> None:
        data = frame.data
        frame.answers.append([seat, action])
        if action == DONE:
            frame.seat = NO_SEAT
            finish(state, frame, {"purpose": data["purpose"], "picked": sorted(data["picked"])})
            return
        data["picked"].append(Move.parse(action).number(data["key"]))
        if len(data["picked"]) >= data["most"]:
            frame.seat = NO_SEAT
            finish(state, frame, {"purpose": data["purpose"], "picked": sorted(data["picked"])})

    def decision_kind(self, state: Any, frame: Frame) -> str:
        return f"select:{frame.data['purpose']}"
