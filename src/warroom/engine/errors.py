"""Errors with a one-line reason that the terminal and server show as they are."""


class WarroomError(Exception):
    """Base of every error a user may see; ``str(err)`` is a one-line reason."""


class IllegalAction(WarroomError):
    """An action that the rules do not allow now; the state is unchanged."""


class NotYourTurn(IllegalAction):
    """A seat tried to act while it has no decision open."""


class GameOver(IllegalAction):
    """An action arrived after the game ended."""


class MalformedAction(IllegalAction):
    """Action text that does not parse."""


class ConfigError(WarroomError):
    """A game configuration, variant or option that is not valid."""


class RecordError(WarroomError):
    """A game record that cannot be read, or whose replay does not match."""


class UnknownGame(WarroomError):
    """A game name that is not registered."""
