"""Conversations, executions and the index of sessions found on disk.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "conversations",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("number", sa.Integer(), nullable=False, unique=True),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("archived", sa.Boolean(), nullable=False),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="SET NULL")),
        sa.Column("session_id", sa.String(64)),
        sa.Column("cwd", sa.Text()),
        sa.Column("runtime_id", sa.Text()),
        sa.Column("history_epoch", sa.Integer(), nullable=False),
        sa.Column("last_input_tokens", sa.Integer()),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "executions",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column(
            "conversation_id",
            sa.String(36),
            sa.ForeignKey("conversations.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("parent_execution_id", sa.String(36)),
        sa.Column("forked_from_execution_id", sa.String(36)),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="SET NULL")),
        sa.Column("cwd", sa.Text(), nullable=False),
        sa.Column("prompt", sa.Text(), nullable=False),
        sa.Column("args_json", sa.Text(), nullable=False),
        sa.Column("runtime_fingerprint", sa.Text()),
        sa.Column("session_id_in", sa.String(64)),
        sa.Column("session_id", sa.String(64)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("exit_code", sa.Integer()),
        sa.Column("error", sa.Text()),
        sa.Column("usage_json", sa.Text()),
        sa.Column("context_tokens", sa.Integer()),
        sa.Column("cost_usd", sa.Float()),
        sa.Column("pid", sa.Integer()),
        sa.Column("pid_started", sa.Float()),
        sa.Column("started", sa.DateTime(), nullable=False),
        sa.Column("finished", sa.DateTime()),
    )
    op.create_index("ix_executions_conversation_id", "executions", ["conversation_id"])
    op.create_index("ix_executions_session_id", "executions", ["session_id"])
    op.create_index("ix_executions_status", "executions", ["status"])
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("path", sa.Text(), nullable=False),
        sa.Column("cwd", sa.Text()),
        sa.Column("title", sa.Text()),
        sa.Column("first_prompt", sa.Text()),
        sa.Column("message_count", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime()),
        sa.Column("modified", sa.DateTime()),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("mtime_ns", sa.Integer(), nullable=False),
        sa.Column("read_offset", sa.Integer(), nullable=False),
        sa.Column("model", sa.Text()),
        sa.Column("input_tokens", sa.Integer(), nullable=False),
        sa.Column("output_tokens", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text()),
        sa.Column("missing", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("account_id", "session_id", name="uq_sessions_account_session"),
    )
    op.create_index("ix_sessions_modified", "sessions", ["modified"])


def downgrade() -> None:
    op.drop_table("sessions")
    op.drop_table("executions")
    op.drop_table("conversations")
