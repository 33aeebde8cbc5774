"""Archive packs: small copies made together share a file; `start` is where a
copy begins in its `file` (0 for a copy in a file of its own, as every copy
made before was).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("archived_transcripts") as batch:
        batch.add_column(sa.Column("start", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("archived_transcripts") as batch:
        batch.drop_column("start")
