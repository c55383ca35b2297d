"""Alembic migrations of the server's schema, shipped inside the package and run at start-up.

To add one after changing ``warroom.server.db``: write ``versions/vNNNN_what.py`` by hand
(or with ``alembic revision`` pointed at this folder), with ``down_revision`` set to the
newest revision, and keep every step working on both SQLite and PostgreSQL.
"""
