"""The web server: lobby REST, table WebSockets, storage (``warroom serve``).

``create_app(database_url)`` builds the FastAPI application; ``docs/protocol.md``
describes what it speaks.
"""

from warroom.server.app import create_app, serve

__all__ = ["create_app", "serve"]
