"""Sessions on disk: keep the index up to date, list, show and search them."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from desktop.domain.errors import NotFoundError, UsageError
from desktop.domain.ports import SessionIndex, TranscriptSource
from desktop.domain.replay import Turn
from desktop.domain.sessions import (
    IndexProgress,
    IndexReport,
    SearchHit,
    SessionFilter,
    SessionRecord,
    is_session_id,
)
from desktop.services.accounts import AccountService
from desktop.services.settings import SettingsService

Progress = Callable[[IndexProgress], None]


class SessionService:
    def __init__(
        self,
        index: SessionIndex,
        source: TranscriptSource,
        accounts: AccountService,
        settings: SettingsService,
    ) -> None:
        self._index = index
        self._source = source
        self._accounts = accounts
        self._settings = settings
        # one refresh at a time: the window's watcher and a manual refresh may overlap
        self._refreshing = threading.Lock()

    def refresh(
        self,
        progress: Progress | None = None,
        *,
        rebuild: bool = False,
        account: str | None = None,
    ) -> IndexReport:
        """Bring the index up to date; reads only what changed since last time.

        Blocking: the window runs it in a worker thread, the CLI directly.
        """
        with self._refreshing:
            names = [account] if account else [v.account.name for v in self._accounts.list()]
            report = IndexReport()
            for name in names:
                report = self._refresh_account(name, rebuild, progress, report)
            return report

    def _refresh_account(
        self, name: str, rebuild: bool, progress: Progress | None, report: IndexReport
    ) -> IndexReport:
        account = self._accounts.get(name)
        if rebuild:
            self._index.forget(name)
        known = self._index.known_files(name)
        files = list(self._source.scan(account.config_dir))
        errors = list(report.errors)
        read = unchanged = 0
        for done, file in enumerate(files, start=1):
            state = known.get(file.session_id)
            record = None
            if state and state.size == file.size and state.mtime_ns == file.mtime_ns:
                unchanged += 1
            else:
                try:
                    increment = self._source.read(name, file, state)
                except OSError as exc:
                    errors.append(f"{file.path}: {exc.strerror or exc}")
                else:
                    self._index.save(
                        increment.record, increment.file, increment.texts, replace=increment.replace
                    )
                    record = increment.record
                    read += 1
            if progress:
                progress(IndexProgress(done, len(files), name, record))
        gone = sorted(set(known) - {f.session_id for f in files})
        self._index.mark_missing(name, gone)
        return replace(
            report,
            scanned=report.scanned + len(files),
            read=report.read + read,
            unchanged=report.unchanged + unchanged,
            missing=report.missing + len(gone),
            errors=tuple(errors),
        )

    def roots(self) -> tuple[str, ...]:
        return tuple(json.loads(self._settings.get("sessions.roots") or "[]"))

    def list(self, flt: SessionFilter | None = None) -> list[SessionRecord]:
        flt = flt or SessionFilter()
        if flt.account:
            self._accounts.get(flt.account)  # an unknown name is an error, not an empty list
        return self._index.list(replace(flt, roots=flt.roots or self.roots()))

    def find(self, session_id: str, account: str | None = None) -> SessionRecord:
        if not is_session_id(session_id):
            raise UsageError(
                f"{session_id!r} is not a session id (Claude Code session ids are UUIDs)"
            )
        if account:
            self._accounts.get(account)
        found = self._index.find(session_id, account)
        if not found:
            raise NotFoundError(
                f"no session {session_id}"
                + (f" in account {account}" if account else "")
                + " (run `sessiondesk index` if it is new)"
            )
        if len(found) > 1:
            names = ", ".join(r.account for r in found)
            raise UsageError(
                f"session {session_id} exists in several accounts ({names}): "
                "choose one with --account"
            )
        return found[0]

    def show(self, session_id: str, account: str | None = None) -> tuple[SessionRecord, Any]:
        """The session and its readable content (messages and problems)."""
        record = self.find(session_id, account)
        return record, self._source.load(record.path)

    def history(self, account: str, session_id: str) -> list[Turn]:
        """A session's user and assistant turns: from its transcript, or, when
        Claude Code has removed the file, from what the index kept of it."""
        config_dir = self._accounts.get(account).config_dir
        path = self._source.locate(config_dir, session_id)
        if path is not None:
            try:
                content = self._source.load(path)
            except OSError:
                content = None
            if content is not None:
                return [
                    Turn(str(m.role), m.text)
                    for m in content.messages
                    if str(m.role) in ("user", "assistant") and not m.is_meta and m.text
                ]
        return [
            Turn(t.role, t.text)
            for t in self._index.texts(account, session_id)
            if t.role in ("user", "assistant")
        ]

    def search(self, query: str, account: str | None = None, limit: int = 20) -> list[SearchHit]:
        if limit <= 0:
            raise UsageError("--limit must be a positive number")
        if account:
            self._accounts.get(account)
        return self._index.search(query, account, limit)
