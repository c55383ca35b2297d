"""The Alembic migrations build exactly the schema the models describe, and run again harmlessly."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from warroom.server.db import Base, make_engine, migrate


def _head() -> str | None:
    """The newest revision in the migrations directory (there must be exactly one)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from warroom.server.db import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def test_migrations_match_the_models_and_are_idempotent(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine)
        migrate(engine)  # every start-up runs them: the second time is a no-op
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            assert MigrationContext.configure(conn).get_current_revision() == _head()
        assert {"tables", "seats", "steps"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
