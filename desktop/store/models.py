"""SQLAlchemy 2 typed models. The schema changes only through migrations."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from desktop.store.safe_types import SafeInteger, SafePath, SafeString, SafeText
from desktop.store.times import utcnow


class Base(DeclarativeBase):
    pass


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(SafeString(64), unique=True)
    config_dir: Mapped[str] = mapped_column(SafePath)
    auth: Mapped[str] = mapped_column(SafeString(16), default="login")
    created: Mapped[datetime] = mapped_column(default=utcnow)
    secret_ref: Mapped[str | None] = mapped_column(SafeString(64), unique=True, index=True)
    """The account's keyring entry; the name for accounts made before 0011."""


class SettingRow(Base):
    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(SafeString(128), primary_key=True)
    value: Mapped[str] = mapped_column(SafeText)


class ConversationRow(Base):
    __tablename__ = "conversations"

    id: Mapped[str] = mapped_column(SafeString(36), primary_key=True)
    number: Mapped[int] = mapped_column(SafeInteger, unique=True)
    title: Mapped[str] = mapped_column(SafeText, default="")
    description: Mapped[str] = mapped_column(SafeText, default="")
    archived: Mapped[bool] = mapped_column(default=False)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"))
    session_id: Mapped[str | None] = mapped_column(SafeString(64))
    cwd: Mapped[str | None] = mapped_column(SafePath)
    runtime_id: Mapped[str | None] = mapped_column(SafeText)
    history_epoch: Mapped[int] = mapped_column(SafeInteger, default=0)
    last_input_tokens: Mapped[int | None] = mapped_column(SafeInteger)
    context_window: Mapped[int | None] = mapped_column(SafeInteger)
    model: Mapped[str | None] = mapped_column(SafeText)
    permission_mode: Mapped[str | None] = mapped_column(SafeString(32))
    created: Mapped[datetime] = mapped_column(default=utcnow)
    updated: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class ExecutionRow(Base):
    __tablename__ = "executions"

    id: Mapped[str] = mapped_column(SafeString(36), primary_key=True)
    conversation_id: Mapped[str] = mapped_column(
        ForeignKey("conversations.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(SafeString(16))
    parent_execution_id: Mapped[str | None] = mapped_column(SafeString(36), index=True)
    forked_from_execution_id: Mapped[str | None] = mapped_column(SafeString(36), index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"))
    cwd: Mapped[str] = mapped_column(SafePath)
    prompt: Mapped[str] = mapped_column(SafeText)
    args_json: Mapped[str] = mapped_column(SafeText, default="[]")
    runtime_fingerprint: Mapped[str | None] = mapped_column(SafeText)
    session_id_in: Mapped[str | None] = mapped_column(SafeString(64))
    session_id: Mapped[str | None] = mapped_column(SafeString(64), index=True)
    status: Mapped[str] = mapped_column(SafeString(16), default="pending", index=True)
    exit_code: Mapped[int | None] = mapped_column(SafeInteger)
    error: Mapped[str | None] = mapped_column(SafeText)
    usage_json: Mapped[str | None] = mapped_column(SafeText)
    context_tokens: Mapped[int | None] = mapped_column(SafeInteger)
    cost_usd: Mapped[float | None]
    pid: Mapped[int | None] = mapped_column(SafeInteger)
    pid_started: Mapped[float | None]
    owner_pid: Mapped[int | None] = mapped_column(SafeInteger)
    owner_started: Mapped[float | None]
    stop_requested: Mapped[bool] = mapped_column(default=False)
    resumed: Mapped[bool] = mapped_column(default=False)
    resume_reason: Mapped[str | None] = mapped_column(SafeText)
    last_uuid: Mapped[str | None] = mapped_column(SafeString(64))
    sent_bytes: Mapped[int | None] = mapped_column(SafeInteger)
    saved_bytes: Mapped[int | None] = mapped_column(SafeInteger)
    history_epoch: Mapped[int] = mapped_column(SafeInteger, default=0)
    model: Mapped[str | None] = mapped_column(SafeText)
    permission_mode: Mapped[str | None] = mapped_column(SafeString(32))
    started: Mapped[datetime] = mapped_column(default=utcnow)
    finished: Mapped[datetime | None]


class RolloverRow(Base):
    """One rollover: the turn that started a fresh session in place of a full one."""

    __tablename__ = "rollovers"

    execution_id: Mapped[str] = mapped_column(
        ForeignKey("executions.id", ondelete="CASCADE"), primary_key=True
    )
    conversation_id: Mapped[str] = mapped_column(
        ForeignKey("conversations.id", ondelete="CASCADE"), index=True
    )
    old_session_id: Mapped[str] = mapped_column(SafeString(64))
    new_session_id: Mapped[str] = mapped_column(SafeString(64))
    tokens: Mapped[int] = mapped_column(SafeInteger)
    threshold: Mapped[int] = mapped_column(SafeInteger)
    created: Mapped[datetime] = mapped_column(default=utcnow)


class SessionRow(Base):
    """One Claude Code transcript file found in an account's config dir."""

    __tablename__ = "sessions"
    __table_args__ = (
        UniqueConstraint("account_id", "session_id", name="uq_sessions_account_session"),
        Index("ix_sessions_modified", "modified"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    session_id: Mapped[str] = mapped_column(SafeString(64))
    path: Mapped[str] = mapped_column(SafePath)  # a name that is not UTF-8 is kept exact
    cwd: Mapped[str | None] = mapped_column(SafeText)
    title: Mapped[str | None] = mapped_column(SafeText)
    first_prompt: Mapped[str | None] = mapped_column(SafeText)
    message_count: Mapped[int] = mapped_column(SafeInteger, default=0)
    created: Mapped[datetime | None]
    modified: Mapped[datetime | None]
    size: Mapped[int] = mapped_column(SafeInteger, default=0)
    mtime_ns: Mapped[int] = mapped_column(SafeInteger, default=0)
    read_offset: Mapped[int] = mapped_column(SafeInteger, default=0)
    model: Mapped[str | None] = mapped_column(SafeText)
    input_tokens: Mapped[int] = mapped_column(SafeInteger, default=0)
    output_tokens: Mapped[int] = mapped_column(SafeInteger, default=0)
    error: Mapped[str | None] = mapped_column(SafeText)
    missing: Mapped[bool] = mapped_column(default=False)
    summary_state: Mapped[str | None] = mapped_column(SafeText)
