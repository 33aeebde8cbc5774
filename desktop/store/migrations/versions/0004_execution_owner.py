"""Which Sessiondesk process owns a running execution.

Crash recovery must tell a run whose owner died (to be marked interrupted and
its `claude` ended) from one another Sessiondesk process is still driving.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("executions") as batch:
        batch.add_column(sa.Column("owner_pid", sa.Integer()))
        batch.add_column(sa.Column("owner_started", sa.Float()))
        batch.add_column(
            sa.Column("stop_requested", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("executions") as batch:
        batch.drop_column("stop_requested")
        batch.drop_column("owner_started")
        batch.drop_column("owner_pid")
