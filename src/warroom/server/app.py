"""The FastAPI application: lobby REST, the table WebSocket, and the browser client's files.

``create_app`` builds an app on one database; ``serve`` is what ``warroom serve``
runs. The protocol is documented in ``docs/protocol.md``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import logging
import math
import resource
import signal
import socket
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from warroom import bots as bot_registry
from warroom.engine import ConfigError, WarroomError, registry
from warroom.server import cluster
from warroom.server.connection import Limits, serve_socket
from warroom.server.db import DatabaseDamaged, Store, check, make_engine, migrate, safe_url
from warroom.server.leases import Leases, uses_leases
from warroom.server.limits import BodyLimit, CreationLimiter, ServerLimits, guarded_protocol
from warroom.server.players import COOKIE, MAX_AGE, clean_name, new_token, player_of
from warroom.server.protocol import Created, CreateTable, ErrorMessage, JoinTable, PlayerName, SeatTicket
from warroom.server.records import Records
from warroom.server.tables import Refused, TableManager
from warroom.server.tournaments import TournamentManager
from warroom.server.tournaments import install as install_tournaments
from warroom.web import STATIC_DIR

STATIC = STATIC_DIR
WS_MAX_FRAME = 64 * 1024  # bigger frames close the connection; 4 KiB..64 KiB get an error message
STATUSES = ("open", "running", "finished")
CROSS_SITE = 4003  # a socket opened by a page of another origin (refused before it is accepted)



STARTER_GAME = "kessen"  # the lobby's first game for a new browser: the gentlest to learn

def default_database_url() -> str:
    """SQLite in the user's data directory (``~/.local/share/warroom/warroom.db`` on Linux)."""
    from platformdirs import user_data_dir

    return f"sqlite:///{Path(user_data_dir('warroom')) / 'warroom.db'}"


def create_app(
    database_url: str | None = None,
    *,
    static_dir: Path | None = None,
    bot_delay: float = 0.3,
    limits: Limits | None = None,
    migrate_db: bool = True,
    server_limits: ServerLimits | None = None,
    address: str = "",
) -> FastAPI:
    """The server on ``database_url`` (default: SQLite in the user's data directory).

    ``bot_delay`` is the pause before each bot move, so people can follow a bot's play
    (0 in tests); ``limits`` are the per-connection limits (the protocol's by default).
    Migrations run at start-up unless ``migrate_db`` is false. ``server_limits`` are the
    server-wide ones (:mod:`warroom.server.limits`). On PostgreSQL several servers may share the
    database (:mod:`warroom.server.cluster`); ``address`` is the base URL the others reach this
    one at (``warroom serve`` passes its own; empty: nobody is relayed here).
    """
    ws_limits = limits or Limits()
    caps = server_limits or ServerLimits()
    creations = CreationLimiter(caps.create_burst, caps.create_per_minute)
    url = database_url or default_database_url()
    pages = static_dir or STATIC

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(url)
        try:
            if migrate_db:
                await store.run(migrate, store.engine)
            leases = Leases(url, address) if uses_leases(url) else None
            manager = TableManager(store, bot_delay=bot_delay, max_tables=caps.max_tables,
                                   abandon_seconds=caps.abandon_seconds, leases=leases,
                                   max_per_player=caps.max_tables_per_player)
            app.state.manager = manager
            app.state.records = Records(manager)
            await manager.start()
            app.state.tournaments = TournamentManager(manager)
            await app.state.tournaments.start()
            yield
            await app.state.tournaments.stop()
            await manager.stop()
        finally:
            store.close()

    app = FastAPI(title="warroom", summary="Play tabletop war games online: lobby, tables, records.",
                  lifespan=lifespan)

    def manager_of(request: Request | WebSocket) -> TableManager:
        found: TableManager = request.app.state.manager
        return found

    def records_of(request: Request) -> Records:
        found: Records = request.app.state.records
        return found

    @app.exception_handler(Refused)
    async def _refused(request: Request, err: Refused) -> JSONResponse:
        return JSONResponse({"detail": err.reason}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def _malformed(request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {"loc": (), "msg": "malformed request"}
        where = ".".join(str(p) for p in first["loc"] if p != "body") or "body"
        return JSONResponse({"detail": f"{where}: {first['msg']}"}, status_code=422)

    app.add_middleware(SameSite)
    # outermost: the whole body is read (within its size and time limits) before anything else runs
    app.add_middleware(BodyLimit, max_body=caps.max_body, seconds=caps.body_seconds)

    # ----- REST ----------------------------------------------------------------------------------
    @app.get("/api/health")
    async def health() -> dict[str, str]:
        """Liveness: the server answers."""
        return {"status": "ok"}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game as ``warroom games --json`` describes it: players, seats, variants, options, bots."""
        listed = [bot_registry.describe(g) for g in registry.all_games()]
        for g in listed:  # the game the lobby opens on for a new browser (the one taught first)
            g["starter"] = g["name"] == STARTER_GAME
        return listed

    @app.get("/api/games/{game}/rules")
    async def rules(game: str) -> dict[str, Any]:
        """The game's rules reference (``warroom rules GAME --json``; :mod:`warroom.engine.reference`)."""
        try:
            # a plain dict for FastAPI: pydantic refuses typing.TypedDict on Python 3.11
            return dict(registry.get(game).rules_reference())
        except WarroomError as err:
            raise Refused(404, str(err)) from None

    @app.post("/api/tables")
    async def create_table(body: CreateTable, request: Request, response: Response) -> Created:
        """Create a table; each human seat gets a token and an invite link (shown only here)."""
        wait = creations.take(request.client.host if request.client else "")
        if wait > 0:
            raise Refused(429, f"too many tables created from your address; try again in {math.ceil(wait)} s")
        return await manager_of(request).create(body, await identify(request, response))

    async def identify(request: Request, response: Response) -> str:
        """This browser's player (its token's hash), made now with a new cookie if it has none."""
        found = player_of(request.cookies)
        if found is not None:
            return found
        # nothing is stored until the player chooses a name: a request without a cookie costs no row
        token = new_token()
        found = player_of({COOKIE: token})
        assert found is not None
        response.set_cookie(COOKIE, token, max_age=MAX_AGE, httponly=True, samesite="lax", path="/",
                            secure=request.url.scheme == "https")
        return found

    @app.get("/api/me")
    async def me(request: Request, response: Response) -> dict[str, Any]:
        """This browser's player: display name (null until chosen) and the tables where it holds a seat."""
        player = await identify(request, response)
        manager = manager_of(request)
        _known, name = await manager.read(manager.store.player, player)
        return {"name": name, "tables": await manager.tables_of(player)}

    @app.post("/api/me")
    async def rename(body: PlayerName, request: Request, response: Response) -> dict[str, Any]:
        """Choose (or change) the display name this browser plays under."""
        try:
            name = clean_name(body.name)
        except ValueError as err:
            raise Refused(400, str(err)) from None
        player = await identify(request, response)
        manager = manager_of(request)
        try:
            await manager.store.run(manager.store.set_player, player, name)
        except Exception:
            raise Refused(503, "the database failed; try again") from None
        return {"name": name}

    @app.get("/api/tables")
    async def list_tables(
        request: Request,
        status: str | None = Query(None, description="open, running or finished"),
        limit: int = Query(50, ge=1, le=500),
    ) -> list[dict[str, Any]]:
        """Tables, newest first."""
        if status is not None and status not in STATUSES:
            raise Refused(400, f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        return await manager_of(request).listing(status, limit)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        """A table's status, seats, version and result."""
        return await manager_of(request).summary(table_id)

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Request, response: Response, body: JoinTable) -> SeatTicket:
        """Claim an unclaimed open seat (the named one, or the first) with a fresh token."""
        player = await identify(request, response)
        manager = manager_of(request)
        host = None if request.headers.get(cluster.RELAYED) else await manager.elsewhere(table_id)
        if host is not None:  # another server hosts the table: the seat is taken there
            token = request.cookies.get(COOKIE) or _set_cookie_token(response)
            status, answer = await cluster.forward(host, "POST", f"/api/tables/{table_id}/join",
                                                   body.model_dump(), f"{COOKIE}={token}")
            if status != 200:
                raise Refused(status, str(answer.get("detail", "refused")) if isinstance(answer, dict) else "refused")
            return SeatTicket.model_validate(answer)
        return await manager.join(table_id, body.seat, player)

    def _set_cookie_token(response: Response) -> str:
        # the cookie ``identify`` has just set on this response: its token, for the host to see
        for name, value in response.raw_headers:
            if name == b"set-cookie" and value.startswith(f"{COOKIE}=".encode()):
                return value.decode().split(";", 1)[0].split("=", 1)[1]
        return ""

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str, request: Request) -> dict[str, Any]:
        """The game record, once the game is over (409 before)."""
        return (await records_of(request).finished_record(table_id)).to_json()

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, request: Request, seat: str | None = None) -> dict[str, Any]:
        """Every step of a finished game from one seat's point of view (none: spectator; all: all-seeing)."""
        return await records_of(request).replay(table_id, seat)

    install_tournaments(app, creations.take, identify)  # knockouts: /api/tournaments, /ws/tournaments/{id}

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        manager = manager_of(ws)
        try:
            host = await manager.elsewhere(table_id)
        except Refused as err:
            await ws.accept()
            await ws.send_text(ErrorMessage(reason=err.reason).model_dump_json())
            await ws.close(cluster.TRY_AGAIN)
            return
        if host is not None:
            if ws.headers.get(cluster.RELAYED):  # passed here as the host, but the table moved on
                await ws.accept()
                await ws.close(cluster.RESTART)
                return
            await cluster.relay_socket(ws, host, table_id, WS_MAX_FRAME)
            return
        await serve_socket(ws, manager, table_id, ws_limits)

    # ----- the browser client --------------------------------------------------------------------
    def page(name: str) -> Response:
        path = pages / name
        if not path.is_file():
            return JSONResponse({"detail": f"the browser client is not installed ({name} is missing)"},
                                status_code=404)
        return FileResponse(path, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return page("index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return page("replay.html")

    @app.get("/tournament/{tid}", include_in_schema=False)
    async def tournament_page(tid: str) -> Response:
        return page("tournament.html")

    app.mount("/static", StaticFiles(directory=pages, check_dir=False), name="static")
    return app


def cross_site_refusal(headers: Mapping[str, str], scheme: str) -> tuple[int, str] | None:
    """Why a POST is refused (status, reason): not JSON, or sent by a page of another origin."""
    media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        return 415, "the body must be JSON (Content-Type: application/json)"
    if foreign_origin(headers, scheme):
        return 403, "a request from another site is refused"
    return None


def foreign_origin(headers: Mapping[str, str], scheme: str) -> bool:
    """Whether a browser sent the request from a page of another origin than this server's.

    The whole origin counts, scheme included: a page on another port, another subdomain or plain
    http beside https is another origin, and browsers send its cookies along all the same.
    Without an ``Origin`` (programs, not browsers) there is no page to distrust."""
    origin = headers.get("origin")
    if origin is None:
        return False
    sent = urlsplit(origin)
    own = {"ws": "http", "wss": "https"}.get(scheme, scheme)  # a socket's page is served over HTTP(S)
    return sent.scheme.lower() != own or sent.netloc.lower() != headers.get("host", "").lower()


class SameSite:
    """ASGI middleware: what only this server's own pages may do.

    A ``POST`` must be JSON from a page of this origin (``cross_site_refusal``): a cross-site page
    can send a form (urlencoded, multipart or text/plain) without asking, JSON only after a CORS
    preflight, which this server never grants. A WebSocket opened by a page of another origin is
    refused at the handshake (403): a browser sends its cookies with any socket, so a page on
    another port or subdomain could otherwise say hello as the player and act for them.

    Plain ASGI rather than ``@app.middleware("http")``: Starlette's ``BaseHTTPMiddleware`` leaves
    every request it wraps in a reference cycle (its task group's cancelled task, with the
    frames that hold the request), which the server's tuned collector seldom frees."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            refusal = cross_site_refusal(Headers(scope=scope), scope["scheme"])
            if refusal is not None:
                await JSONResponse({"detail": refusal[1]}, status_code=refusal[0])(scope, receive, send)
                return
        elif scope["type"] == "websocket" and foreign_origin(Headers(scope=scope), scope.get("scheme", "ws")):
            await receive()  # the client's websocket.connect
            await send({"type": "websocket.close", "code": CROSS_SITE})  # before accepting: a 403 answer
            return
        await self.app(scope, receive, send)


def _announce(line: str) -> None:
    print(line, flush=True)  # flushed: scripts that start the server wait for this line


def server_config(app: FastAPI, caps: ServerLimits) -> Any:
    """The uvicorn configuration ``serve`` runs ``app`` with (tests start a server with it too)."""
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    # no access log: nothing about a request is worth a line, and a path never carries a token anyway
    return uvicorn.Config(app, access_log=False, log_level="warning", ws_max_size=WS_MAX_FRAME, lifespan="on",
                          http=guarded_protocol(AutoHTTPProtocol, caps.header_seconds, caps.max_connections))


def _raise_file_limit() -> int:
    """Raise the open-files limit to its hard maximum; the sockets the server may hold at once."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    return max(64, soft - 128)  # room for the database, log and listening socket


def serve(host: str, port: int, database: str | None, bot_delay: float = 0.3,
          announce: Callable[[str], None] = _announce, server_limits: ServerLimits | None = None,
          advertise: str | None = None) -> None:
    """Migrate the database, bind the address, print it, and serve until interrupted.

    ``advertise`` is the base URL other servers on the same database reach this one at
    (default: the address it listens on)."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    url = database or default_database_url()
    try:
        engine = make_engine(url)
        try:
            migrate(engine)
            check(engine)
        finally:
            engine.dispose()
    except (SQLAlchemyError, DatabaseDamaged) as err:
        raise ConfigError(f"database {safe_url(url)}: {str(err).splitlines()[0]}") from None
    except ImportError as err:
        raise ConfigError(f"database {safe_url(url)}: missing driver ({err})") from None
    # bind here, before uvicorn starts, so a busy port is a one-line error and port 0 can be printed
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)  # from now on a client that connects waits in the backlog until we serve it
    except OSError as err:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {err.strerror}") from None
    bound = sock.getsockname()[1]
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, f"[{host}]" if ":" in host else host)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("warroom").setLevel(logging.INFO)
    caps = server_limits or ServerLimits()
    caps = dataclasses.replace(caps, max_connections=min(caps.max_connections, _raise_file_limit()))
    app = create_app(url, bot_delay=bot_delay, migrate_db=False, server_limits=caps,
                     address=advertise or f"http://{shown}:{bound}")
    config = server_config(app, caps)
    # Every table keeps its state and log in memory, so a full garbage collection walks a large
    # heap and pauses every table at once (tens of ms: the p99 tail of benchmarks/server_load.py).
    # Keep what start-up made out of the collector's sight and collect young objects less often.
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 50)
    announce(f"warroom: open http://{shown}:{bound}/ in a browser (database {safe_url(url)}; Ctrl+C stops)")
    # uvicorn shuts down cleanly on Ctrl+C or SIGTERM (in-flight requests finish, every WebSocket
    # is closed with 1012 "service restart" so clients reconnect, the lifespan lets commits in
    # flight finish), then passes the signal on: for a server that is the normal end, exit 0
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        with contextlib.suppress(KeyboardInterrupt, _Terminated):
            uvicorn.Server(config).run(sockets=[sock])
    finally:
        signal.signal(signal.SIGTERM, previous)
    announce("warroom: stopped")


class _Terminated(Exception):
    """SIGTERM, passed on by uvicorn after its clean shutdown."""


def _terminated(signum: int, frame: object) -> None:
    raise _Terminated()
