"""Tables of the session library (migration 0006): the transcript archive and bundles."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from desktop.store.models import Base
from desktop.store.safe_types import SafePath
from desktop.store.times import utcnow


class ArchivedTranscriptRow(Base):
    """How far our compressed copy of one transcript has followed the original."""

    __tablename__ = "archived_transcripts"
    __table_args__ = (
        UniqueConstraint("account_id", "session_id", name="uq_archived_account_session"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    session_id: Mapped[str] = mapped_column(String(64))
    file: Mapped[str] = mapped_column(Text)
    """The copy's file, relative to the archive folder: its own, or a pack it shares."""
    start: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Where the copy begins in `file` (0 for a file of its own)."""
    source_path: Mapped[str] = mapped_column(SafePath)  # a name that is not UTF-8 is kept exact
    source_bytes: Mapped[int] = mapped_column(Integer)
    """Bytes of the original copied so far."""
    stored_bytes: Mapped[int] = mapped_column(Integer)
    """Size of the copy after the last complete append: anything past it is a torn write."""
    head: Mapped[str] = mapped_column(String(32))
    imported: Mapped[bool] = mapped_column(default=False)
    updated: Mapped[datetime] = mapped_column(default=utcnow)


class BundleRow(Base):
    __tablename__ = "bundles"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(128), unique=True)
    description: Mapped[str] = mapped_column(Text, default="")
    created: Mapped[datetime] = mapped_column(default=utcnow)
    updated: Mapped[datetime] = mapped_column(default=utcnow)


class BundleItemRow(Base):
    __tablename__ = "bundle_items"
    __table_args__ = (UniqueConstraint("bundle_id", "position", name="uq_bundle_items_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    bundle_id: Mapped[int] = mapped_column(ForeignKey("bundles.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    ref: Mapped[str | None] = mapped_column(String(64))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"))
    text: Mapped[str | None] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(default=utcnow)
