"""Alembic's environment: migrate on the connection the server hands over.

``warroom.server.db.migrate`` passes an open connection in ``config.attributes``;
run from the ``alembic`` command line instead, ``sqlalchemy.url`` is used.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from warroom.server.db import Base, make_engine


def _run(connection: Connection) -> None:
    # batch mode lets later revisions alter columns on SQLite, which has little ALTER TABLE
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def _main() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("set sqlalchemy.url to migrate from the command line")
    engine = make_engine(url)
    with engine.begin() as connection:
        _run(connection)
    engine.dispose()


_main()
