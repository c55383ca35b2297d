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
# (size, path, value) -> slot, memoised for this process: a feature's slot never changes, and a
# game has a few thousand distinct features, so after warm-up a leaf costs one dict look-up
_slots: dict[tuple[int, str, Any], int] = {}


def _slot(size: int, path: str, value: Any) -> int:
    key = (size, path, value)
    got = _slots.get(key)
    if got is None:
        feature = path if value is None else f"{path}={value}" if isinstance(value, str) else f"{path}#{value}"
        got = _slots[key] = zlib.crc32(feature.encode()) % size
    return got


def features(view: Any, size: int = SIZE) -> list[float]:
    """The view's feature vector (a plain list of ``size`` floats)."""
    out = [0.0] * size
    slots = _slots
    stack: list[tuple[str, Any]] = [("", view)]
    pop, push = stack.pop, stack.append
    while stack:
        path, value = pop()
        if isinstance(value, dict):
            for k, v in value.items():
                push((path + "/" + k, v))
        elif isinstance(value, list | tuple):
            for v in value:
                if type(v) is int:  # an id in a list: a card, a unit
                    i = slots.get((size, path, v))
                    out[_slot(size, path, v) if i is None else i] += 1.0
                else:
                    push((path, v))
        elif isinstance(value, str):
            i = slots.get((size, path, value))
            out[_slot(size, path, value) if i is None else i] += 1.0
        elif isinstance(value, int | float):  # bool is an int: True counts 1
            i = slots.get((size, path, None))
            out[_slot(size, path, None) if i is None else i] += float(value)
    return out
