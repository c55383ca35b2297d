"""The ``simulate`` and ``bench`` commands (registered on the main Typer app)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer


def register(app: typer.Typer, friendly: Callable[[Any], Any]) -> None:
    """Add ``simulate`` and ``bench`` to ``app``; ``friendly`` wraps a command's errors."""
