"""A seat's view as a fixed-length array, for any game (feature hashing of the view's leaves).

A view is nested JSON whose lists grow and shrink, so it has no fixed layout to copy into an
array. Each leaf is turned into a feature instead: its path (list positions dropped, so
``sides/units/troops`` is one path) and, for text and for the ids in lists, its value; numbers
are added to their path's slot, text and ids count one in their ``path=value`` slot. Slots are
``crc32(feature) % size``: stable across processes and Python versions (``hash`` is salted).
Two views a seat cannot tell apart give the same array, because only the view is read.
"""

from __future__ import annotations

import zlib
from typing import Any

SIZE = 1024
_slots: dict[str, int] = {}  # feature -> slot, for this process (a feature's slot never changes)


def _slot(feature: str, size: int) -> int:
    key = f"{size}:{feature}"
    got = _slots.get(key)
    if got is None:
        got = _slots[key] = zlib.crc32(feature.encode()) % size
    return got


def features(view: Any, size: int = SIZE) -> list[float]:
    """The view's feature vector (a plain list of ``size`` floats)."""
    out = [0.0] * size
    stack: list[tuple[str, Any]] = [("", view)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                stack.append((f"{path}/{k}", v))
        elif isinstance(value, list | tuple):
            for v in value:
                if isinstance(v, int) and not isinstance(v, bool):
                    out[_slot(f"{path}#{v}", size)] += 1.0  # an id in a list: a card, a unit
                else:
                    stack.append((path, v))
        elif isinstance(value, int | float):  # bool is an int: True counts 1
            out[_slot(path, size)] += float(value)
        elif isinstance(value, str):
            out[_slot(f"{path}={value}", size)] += 1.0
    return out
