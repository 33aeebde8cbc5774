"""Whether an execution resumed Claude's session, why not, and where its turn ends.

The execution tree marks resumed and replayed nodes from the row, and a
continue or fork of an older node replays that node's history: up to its
last message, not the session's latest.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("executions") as batch:
        batch.add_column(
            sa.Column("resumed", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("resume_reason", sa.Text()))
        batch.add_column(sa.Column("last_uuid", sa.String(64)))
    # rows written before: a continue resumed its session, anything else did not
    op.execute("UPDATE executions SET resumed = 1 WHERE kind = 'continue'")


def downgrade() -> None:
    with op.batch_alter_table("executions") as batch:
        batch.drop_column("last_uuid")
        batch.drop_column("resume_reason")
        batch.drop_column("resumed")
