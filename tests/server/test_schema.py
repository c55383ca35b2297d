"""The Alembic migrations build exactly the schema the models describe, and run again harmlessly."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from warroom.server.db import Base, make_engine, migrate


def test_migrations_match_the_models_and_are_idempotent(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine)
        migrate(engine)  # every start-up runs them: the second time is a no-op
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            assert MigrationContext.configure(conn).get_current_revision() == "0004_platform_players"
        assert {"tables", "seats", "steps"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
