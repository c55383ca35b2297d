"""Real-time tables store their clock origin, so game time survives a restart.

``tables.clock_origin`` is the wall time (ms since the epoch) of a real-time table's game time 0,
set when the table starts running; null for turn-based tables (and older real-time ones, which
fall back to their creation time).

Revision ID: 0003_realtime_clock
Revises: 0002_platform_seed (or 0001 where that revision is absent)
Create Date: 2026-12-01
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import op

revision = "0003_realtime_clock"
# Written beside the platform branch's 0002 (seed_text); whichever of the two branches is merged
# first, the chain stays linear. Once both are merged this can simply read "0002_platform_seed".
down_revision = ("0002_platform_seed" if (Path(__file__).parent / "v0002_platform_seed_text.py").exists()
                 else "0001")
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock_origin", sa.BigInteger, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_origin")
