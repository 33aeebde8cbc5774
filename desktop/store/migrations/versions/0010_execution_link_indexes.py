"""Indexes on the two links between executions: a node's children
(`parent_execution_id`) and the forks made from it (`forked_from_execution_id`)
are looked up by those columns when a tree is drawn, a branch point is found
or a conversation is removed; without an index each lookup read every row.

Revision ID: 0010
Revises: 0009
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_executions_parent_execution_id", "executions", ["parent_execution_id"])
    op.create_index(
        "ix_executions_forked_from_execution_id", "executions", ["forked_from_execution_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_executions_forked_from_execution_id", table_name="executions")
    op.drop_index("ix_executions_parent_execution_id", table_name="executions")
