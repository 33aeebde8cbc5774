"""Rollover: the model's context window of a conversation, and each rollover.

Revision ID: 0008
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("conversations") as batch:
        batch.add_column(sa.Column("context_window", sa.Integer()))
    op.create_table(
        "rollovers",
        sa.Column(
            "execution_id",
            sa.String(36),
            sa.ForeignKey("executions.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "conversation_id",
            sa.String(36),
            sa.ForeignKey("conversations.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("old_session_id", sa.String(64), nullable=False),
        sa.Column("new_session_id", sa.String(64), nullable=False),
        sa.Column("tokens", sa.Integer(), nullable=False),
        sa.Column("threshold", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_rollovers_conversation_id", "rollovers", ["conversation_id"])


def downgrade() -> None:
    op.drop_index("ix_rollovers_conversation_id", "rollovers")
    op.drop_table("rollovers")
    with op.batch_alter_table("conversations") as batch:
        batch.drop_column("context_window")
