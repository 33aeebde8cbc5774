"""Export one session as Markdown or HTML: from its transcript, or from the archive."""

from __future__ import annotations

from desktop.domain.errors import UsageError
from desktop.domain.export_formats import FORMATS
from desktop.domain.session_export import ExportHeader, render
from desktop.services.sessions import SessionService


def export_session(
    sessions: SessionService, session_id: str, fmt: str, account: str | None = None
) -> str:
    """The document's text; the caller writes it where the person chose."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}: use md or html")
    record, content = sessions.show(session_id, account)
    header = ExportHeader(
        title=record.title or session_id,
        session_id=record.session_id,
        account=record.account,
        cwd=record.cwd,
        created=record.created.isoformat(timespec="minutes") if record.created else None,
        archived=record.missing,
    )
    return render(fmt, header, content.messages)
