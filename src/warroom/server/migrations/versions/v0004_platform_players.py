"""Player identities: a long-lived browser token (kept as its SHA-256) with a display name, and
the player who holds each seat.

Revision ID: 0004_platform_players
Revises: 0003_platform_open
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_platform_players"
down_revision = "0003_platform_open"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player", sa.String(64), nullable=True))
        batch.create_index("ix_seats_player", ["player"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_player")
        batch.drop_column("player")
    op.drop_table("players")
