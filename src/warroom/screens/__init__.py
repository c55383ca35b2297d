"""Each game's look in the terminal: one module per game, a client of the game's rules.

A screen module (the functions are listed in :mod:`warroom.terminal`) reads a seat's view and the
events it may see, and imports what it needs from its game (cards, texts, core queries) and from
the terminal (``Scene``, ``moves_table``...). The game imports nothing from here, so its rules stay
free of the client. The terminal finds a game's screen by the ``warroom.screens`` entry point in
``pyproject.toml`` (``kessen = "warroom.screens.kessen"``), beside ``warroom.games`` and
``warroom.bots``; a game without one gets the plain fallback.
"""
