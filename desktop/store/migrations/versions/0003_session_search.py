"""Full-text search over session messages, and resumable indexing state.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("summary_state", sa.Text()))
    # body is the segmented text that is matched; raw is what snippets are cut from
    op.execute(
        "CREATE VIRTUAL TABLE session_text USING fts5("
        "body, raw UNINDEXED, session_pk UNINDEXED, uuid UNINDEXED, role UNINDEXED, "
        "tokenize = 'unicode61 remove_diacritics 2')"
    )


def downgrade() -> None:
    op.execute("DROP TABLE session_text")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("summary_state")
