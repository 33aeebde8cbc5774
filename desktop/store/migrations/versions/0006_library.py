"""The session library: the transcript archive, bundles and their items.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "archived_transcripts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("file", sa.Text(), nullable=False),
        sa.Column("source_path", sa.Text(), nullable=False),
        sa.Column("source_bytes", sa.Integer(), nullable=False),
        sa.Column("stored_bytes", sa.Integer(), nullable=False),
        sa.Column("head", sa.String(32), nullable=False),
        sa.Column("imported", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("account_id", "session_id", name="uq_archived_account_session"),
    )
    op.create_table(
        "bundles",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(128), nullable=False, unique=True),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "bundle_items",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "bundle_id",
            sa.Integer(),
            sa.ForeignKey("bundles.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("ref", sa.String(64)),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="SET NULL")),
        sa.Column("text", sa.Text()),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("bundle_id", "position", name="uq_bundle_items_position"),
    )


def downgrade() -> None:
    op.drop_table("bundle_items")
    op.drop_table("bundles")
    op.drop_table("archived_transcripts")
