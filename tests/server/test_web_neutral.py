"""The browser client's shared files name no game: a game's looks live in its own renderer
(static/js/games/<game>.js) and stylesheet (static/css/games/<game>.css)."""

from __future__ import annotations

import re
from pathlib import Path

from warroom.engine import registry
from warroom.web import STATIC_DIR


def _shared(pattern: str) -> list[Path]:
    return [p for p in STATIC_DIR.glob(pattern) if "games" not in p.relative_to(STATIC_DIR).parts]


def test_shared_styles_and_scripts_name_no_game_and_no_seat() -> None:
    games = {game.name for game in registry.all_games()}
    seats = {name for game in registry.all_games()
             for names in game.describe_game()["seat_names"].values() for name in names}
    files = _shared("css/*.css") + _shared("js/*.js") + _shared("*.html")
    assert len(files) > 5
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        for word in games | seats:
            # scripts may say "for good" in prose; a seat's name as data is what must not appear
            data_only = path.suffix == ".js" and word in seats
            pattern = rf'"{word}"|side-{word}' if data_only else rf"\b{word}\b"
            assert re.search(pattern, text) is None, f"{path.name} names {word!r}"


def test_kessen_styles_are_in_its_own_stylesheet() -> None:
    renderer = (STATIC_DIR / "js" / "games" / "kessen.js").read_text(encoding="utf-8")
    assert 'export const stylesheet = "css/games/kessen.css"' in renderer
    assert (STATIC_DIR / "css" / "games" / "kessen.css").is_file()
    shared = (STATIC_DIR / "css" / "warroom.css").read_text(encoding="utf-8")
    assert ".kessen" not in shared and ".unit" not in shared
    assert all(f"--seat-{i}:" in shared and f".seat-{i} " in shared for i in range(10))
