"""What each turn sent to `claude`, what resuming saved, and the history
epoch it ran under.

`sent_bytes`: the prompt as sent (with a replayed history or the guard line)
plus any carried system prompt. `saved_bytes`: on a resumed turn, what a
replay would have sent beyond that. `history_epoch`: the conversation's epoch
when the turn began, so a session made before a history edit is never resumed.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("executions") as batch:
        batch.add_column(sa.Column("sent_bytes", sa.Integer()))
        batch.add_column(sa.Column("saved_bytes", sa.Integer()))
        batch.add_column(
            sa.Column("history_epoch", sa.Integer(), nullable=False, server_default="0")
        )
    # rows written before ran under their conversation's epoch of the time, unknown
    # now: the current one keeps their sessions resumable as they were
    op.execute(
        "UPDATE executions SET history_epoch = COALESCE((SELECT c.history_epoch "
        "FROM conversations c WHERE c.id = executions.conversation_id), 0)"
    )


def downgrade() -> None:
    with op.batch_alter_table("executions") as batch:
        batch.drop_column("history_epoch")
        batch.drop_column("saved_bytes")
        batch.drop_column("sent_bytes")
