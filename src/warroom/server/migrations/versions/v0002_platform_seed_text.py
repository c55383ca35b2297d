"""Seeds too large for a 64-bit column: online tables draw 256-bit seeds.

``tables.seed_text`` holds the seed's decimal digits (``tables.seed`` then holds -1); older
rows keep their seed in ``tables.seed`` and ``seed_text`` stays null.

Revision ID: 0002_platform_seed
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_platform_seed"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seed_text", sa.String(100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seed_text")
