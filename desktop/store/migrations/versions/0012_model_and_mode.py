"""Model and permission mode: what each turn ran with (as `claude` reported it
in its `system/init` event) and the choice a conversation's next turn starts
from (the window's composer remembers it per conversation).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("executions", "conversations"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("model", sa.Text()))
            batch.add_column(sa.Column("permission_mode", sa.String(32)))


def downgrade() -> None:
    for table in ("conversations", "executions"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("permission_mode")
            batch.drop_column("model")
