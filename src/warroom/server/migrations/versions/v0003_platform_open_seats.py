"""Seats open to anyone from the lobby; every other human seat is taken only with its token.

Revision ID: 0003_platform_open
Revises: 0003_realtime_clock (or 0002_platform_seed where that revision is absent)
Create Date: 2026-12-01
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import op

revision = "0003_platform_open"
# the realtime branch adds 0003_realtime_clock after 0002_platform_seed; whichever branch is merged
# first, the chain stays linear. Once both are merged this can simply read "0003_realtime_clock".
down_revision = ("0003_realtime_clock" if (Path(__file__).parent / "v0003_realtime_clock.py").exists()
                 else "0002_platform_seed")
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("open")
