"""The browser client: static pages, styles and ES modules the server serves as they are.

There is no build step: ``static/`` holds plain HTML, CSS and JavaScript modules.
Game-agnostic parts (protocol client, lobby, table and replay pages, rules panel) live
in ``static/js/``; each game adds one renderer, ``static/js/games/<game>.js``.
"""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The folder served at ``/static``; ``index.html``, ``table.html`` and ``replay.html`` are the pages."""
