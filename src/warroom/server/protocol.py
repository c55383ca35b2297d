"""The table protocol's messages: typed, tagged pydantic models (``docs/protocol.md``).

Client messages are parsed with one discriminated union, so a message is either
exactly one of the known shapes or refused with a one-line reason. Server
messages are models too, so their fields are spelled in one place.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from warroom.engine.actions import Move

MAX_MESSAGE_BYTES = 4096
MAX_DEPTH = 8  # nesting of arrays and objects in a client message (a valid one has 1)
MAX_SEED = 2**63 - 1


class _Strict(BaseModel):
    """Unknown fields are refused: a typo in a field name should not be silently ignored."""

    model_config = ConfigDict(extra="forbid")


# ----- client to server ---------------------------------------------------------------------------
class Hello(_Strict):
    """The first message: act as the seat ``token`` belongs to, or spectate without one."""

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=200)
    spectate: bool = False  # watch, even where this browser holds a seat


class ActionMessage(_Strict):
    """Play ``action`` (canonical text) against table version ``version``."""

    type: Literal["action"]
    action: str = Field(max_length=1000)
    version: int = Field(ge=0)
    id: str | None = Field(default=None, max_length=100)


class Ping(_Strict):
    """Keep-alive; answered by :class:`Pong`."""

    type: Literal["ping"]
    id: str | None = Field(default=None, max_length=100)


class PongMessage(_Strict):
    """The answer to the server's :class:`ServerPing` (same ``id``): the server measures the round trip."""

    type: Literal["pong"]
    id: str | None = Field(default=None, max_length=100)


class Resign(_Strict):
    """Give up: the game ends at once and every other seat wins."""

    type: Literal["resign"]
    id: str | None = Field(default=None, max_length=100)


class Leave(_Strict):
    """Give up a seat at a table that has not started."""

    type: Literal["leave"]
    id: str | None = Field(default=None, max_length=100)


Client = Hello | ActionMessage | Ping | PongMessage | Resign | Leave
ClientMessage = Annotated[Client, Field(discriminator="type")]
_CLIENT = TypeAdapter[Client](ClientMessage)
CLIENT_TYPES = ("hello", "action", "ping", "pong", "resign", "leave")


class BadMessage(Exception):
    """A client message that is refused; ``str(err)`` is the one-line reason.

    ``reply_to`` is the message's ``id`` when one could be read, so the client can match the error.
    """

    def __init__(self, reason: str, reply_to: str | None = None) -> None:
        super().__init__(reason)
        self.reply_to = reply_to


def _depth(text: str) -> int:
    """How deep brackets nest in ``text`` (strings' contents skipped); cheap, and never recursive."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_client(text: str) -> Client:
    """Parse one client message or raise :class:`BadMessage` with the reason."""
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"message too large: at most {MAX_MESSAGE_BYTES} bytes")
    if _depth(text) > MAX_DEPTH:
        raise BadMessage(f"malformed JSON: nested more than {MAX_DEPTH} deep")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadMessage(f"malformed JSON: {err.msg} at position {err.pos}") from None
    except RecursionError:  # _depth should have caught it; never let it reach the handler
        raise BadMessage(f"malformed JSON: nested more than {MAX_DEPTH} deep") from None
    if not isinstance(data, dict):
        raise BadMessage("a message must be a JSON object")
    try:
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:  # "\ud800" parses, but no reply or token hash can carry it
        raise BadMessage("malformed JSON: a string holds a lone surrogate (not Unicode text)") from None
    raw_id = data.get("id")
    reply_to = raw_id if isinstance(raw_id, str) and len(raw_id) <= 100 else None
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise BadMessage(f"unknown message type {kind!r} (types: {', '.join(CLIENT_TYPES)})", reply_to)
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise BadMessage(f"malformed {kind} message: {where}: {first['msg']}", reply_to) from None


# ----- server to client ---------------------------------------------------------------------------
class SeatInfo(BaseModel):
    """A seat as everyone may see it (never its token)."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    bot: str | None
    claimed: bool
    connected: bool
    latency_ms: int | None = None  # real-time tables: the last measured round trip to the seat's player
    open: bool = False  # anyone may join it from the lobby (else only with its invite link)


class LegalAction(BaseModel):
    """A legal move: its canonical text (what a client sends back), its verb and arguments as the
    engine's ``Move`` reads them (whole numbers as numbers, lists as lists: what a client builds a
    board's choices from, never parsing the text), and a sentence for people."""

    action: str
    verb: str
    args: dict[str, Any]
    text: str

    @classmethod
    def of(cls, move: str, label: str) -> LegalAction:
        parsed = Move.parse(move)
        return cls(action=move, verb=parsed.verb,
                   args={k: list(v) if isinstance(v, tuple) else v for k, v in parsed.args}, text=label)


class DecisionInfo(BaseModel):
    seat: int
    kind: str
    prompt: str | None = None
    # with a decision time limit: milliseconds left (when this message was sent) before the
    # autopilot decides for this human seat; null without a limit, for bots, or while open
    time_left_ms: int | None = None


class Fairness(BaseModel):
    """How the table was dealt: the generator, the seed's SHA-256 from the start, the seed at the end.

    ``seed`` is decimal text (a 256-bit number does not survive JavaScript's numbers) and null
    until the game is over; ``sha256(seed text)`` must equal ``commitment``.
    """

    generator: str
    commitment: str
    seed: str | None = None


class StateMessage(BaseModel):
    """What one connection may know of the table now, and the log entries it has not seen."""

    type: Literal["state"] = "state"
    table: str
    seat: int | None
    version: int
    view: dict[str, Any]
    legal: list[LegalAction]
    decisions: list[DecisionInfo]
    log_from: int
    log: list[dict[str, Any]]
    result: dict[str, Any] | None
    seats: list[SeatInfo]
    fairness: Fairness
    reply_to: str | None = None
    clock_ms: int | None = None  # real-time tables: the table's game time when this was sent
    summary: list[str] | None = None  # once finished: each battle, round or death with its result
    # after an outcome people read (Game.pause_events): ms the bots still wait; the browser holds
    # the next decision's moves as long, under the outcome's panel
    pause_ms: int = 0


class ErrorMessage(BaseModel):
    """A refused message; nothing changed."""

    type: Literal["error"] = "error"
    reason: str
    reply_to: str | None = None
    version: int | None = None


class Pong(BaseModel):
    type: Literal["pong"] = "pong"
    id: str | None = None


class SeatToken(BaseModel):
    """To the one connection whose invite link has just claimed a seat: the seat's own token from
    now on. The link's token holds the seat no longer, so whoever else sees the link only watches."""

    type: Literal["seat"] = "seat"
    seat: int
    token: str


class ServerPing(BaseModel):
    """Sent by the server on real-time tables every few seconds; the client answers ``pong``."""

    type: Literal["ping"] = "ping"
    id: str


# ----- REST bodies --------------------------------------------------------------------------------
class GameConfig(_Strict):
    """A game configuration as ``Game.configure`` takes it; ``players`` defaults to the seat count."""

    players: int | None = Field(default=None, ge=1, le=64)
    variants: list[str] = Field(default_factory=list, max_length=32)
    options: dict[str, int | str] = Field(default_factory=dict, max_length=64)


class HumanSeat(_Strict):
    """A person's seat: taken with its invite link, or (``open``) by anyone from the lobby too."""

    kind: Literal["human"]
    open: bool = False


class BotSeat(_Strict):
    kind: Literal["bot"]
    bot: str = Field(max_length=40)


SeatSpec = Annotated[HumanSeat | BotSeat, Field(discriminator="kind")]


class CreateTable(_Strict):
    """``POST /api/tables``."""

    game: str = Field(max_length=40)
    config: GameConfig = Field(default_factory=GameConfig)
    seats: list[SeatSpec] = Field(min_length=1, max_length=64)
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    decision_seconds: float | None = Field(default=None, gt=0, le=86_400)
    autopilot: str | None = Field(default=None, max_length=40)
    creator_seat: int | None = Field(default=None, ge=0, le=63)  # default: the first human seat


class JoinTable(_Strict):
    """``POST /api/tables/{id}/join``: the open seat wanted, or the first open one."""

    seat: int | None = Field(default=None, ge=0)


class PlayerName(_Strict):
    """``POST /api/me``: the display name this browser plays under."""

    name: str = Field(max_length=200)


class SeatTicket(BaseModel):
    """A seat handed out by create or join; ``token`` and ``url`` only for human seats."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    bot: str | None = None
    token: str | None = None
    url: str | None = None
    creator: bool = False  # the creator's own seat, claimed from the moment the table exists


class Created(BaseModel):
    table: str
    seats: list[SeatTicket]
    spectate_url: str
