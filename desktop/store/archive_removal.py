"""Removing archived copies: their rows, their files, and what the index lists of them.

Under the archive's lock (no follow is between writing a copy and naming
it) one write transaction drops the copies' rows and, for a session whose
original Claude Code deleted already, its index row and text: the copy was
all that was left of it, and the list must not offer what cannot open. A
session whose original is still on disk stays listed. Only then are the
files removed; a pack that other copies still use is written again without
the removed ones, so the bytes are freed whatever the copies shared.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from desktop.domain.removal import ArchivedEntry, ArchiveRemoval
from desktop.store import archive_files as files
from desktop.store.db import Database

_QUERY = (
    "SELECT a.name, c.session_id, c.stored_bytes, c.source_bytes, "
    "coalesce(s.modified, c.updated), coalesce(s.missing, 1) "
    "FROM archived_transcripts c JOIN accounts a ON a.id = c.account_id "
    "LEFT JOIN sessions s ON s.account_id = c.account_id AND s.session_id = c.session_id "
    "WHERE a.name = ?"
)


def _when(stored: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(stored) if stored else None
    except ValueError:
        return None


class SqlArchiveRemoval:
    def __init__(self, db: Database, folder: Path) -> None:
        self._db = db
        self.folder = folder

    def copies(self, account: str, session_id: str | None = None) -> list[ArchivedEntry]:
        """The account's archived copies (or the one of that session), oldest first."""
        query, params = _QUERY, [account]
        if session_id is not None:
            query += " AND c.session_id = ? COLLATE NOCASE"
            params.append(session_id)
        with self._db.read() as conn:
            rows = conn.execute(query, params).fetchall()
        found = [
            ArchivedEntry(name, sid, stored, source, _when(when), not missing)
            for name, sid, stored, source, when, missing in rows
        ]
        return sorted(found, key=lambda e: (e.when or datetime.min, e.session_id))

    def accounts_of(self, session_id: str) -> list[str]:
        """The accounts that keep a copy of this session."""
        query = (
            "SELECT a.name FROM archived_transcripts c JOIN accounts a ON a.id = c.account_id "
            "WHERE c.session_id = ? COLLATE NOCASE ORDER BY a.name"
        )
        with self._db.read() as conn:
            return [name for (name,) in conn.execute(query, (session_id,))]

    def remove(self, entries: Iterable[ArchivedEntry]) -> ArchiveRemoval:
        """Remove these copies (those still archived when the lock is held)."""
        wanted = list(entries)
        with files.locked(self.folder):
            gone: list[ArchivedEntry] = []
            touched: set[str] = set()
            with self._db.plain_write() as conn:
                for entry in wanted:
                    account = "(SELECT id FROM accounts WHERE name = ?)"
                    found = conn.execute(
                        f"SELECT file FROM archived_transcripts WHERE account_id = {account} "
                        "AND session_id = ?",
                        (entry.account, entry.session_id),
                    ).fetchone()
                    if found is None:
                        continue  # another process removed it meanwhile
                    touched.add(found[0])
                    conn.execute(
                        f"DELETE FROM archived_transcripts WHERE account_id = {account} "
                        "AND session_id = ?",
                        (entry.account, entry.session_id),
                    )
                    # the session's original is gone too: nothing of it is left to list
                    only = f"account_id = {account} AND session_id = ? AND missing = 1"
                    conn.execute(
                        "DELETE FROM session_text WHERE session_pk IN "
                        f"(SELECT id FROM sessions WHERE {only})",
                        (entry.account, entry.session_id),
                    )
                    conn.execute(
                        f"DELETE FROM sessions WHERE {only}", (entry.account, entry.session_id)
                    )
                    gone.append(entry)
            freed = sum(self._free(file) for file in sorted(touched))
            freed += sum(self._free_subagents(e.account, e.session_id) for e in gone)
        return ArchiveRemoval(tuple(gone), freed)

    def _free(self, file: str) -> int:
        """Remove a copy's file, or rewrite its pack without it: the bytes freed."""
        path = self.folder / file
        try:
            before = path.stat().st_size
        except OSError:
            return 0
        if not files.in_pack(file):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            return before
        with self._db.read() as conn:
            kept = conn.execute(
                "SELECT id, start, stored_bytes FROM archived_transcripts WHERE file = ? "
                "ORDER BY start",
                (file,),
            ).fetchall()
        if not kept:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            return before
        return before - self._repack(file, kept)

    def _repack(self, file: str, kept: list[tuple[int, int, int]]) -> int:
        """Write the copies a pack still holds into a new pack, name it in their
        rows, and remove the old one (readers look a moved copy up again): the
        new pack's size."""
        account = file.split("/", 1)[0]
        name = f"{account}/{files.PACKS}/{os.urandom(8).hex()}.gz"
        old = self.folder / file
        members = (b"".join(files.stored_range(old, start, stored)) for _id, start, stored in kept)
        starts = files.write_pack(self.folder / name, members)
        try:
            with self._db.plain_write() as conn:
                conn.executemany(
                    "UPDATE archived_transcripts SET file = ?, start = ? WHERE id = ?",
                    [(name, start, row) for start, (row, _s, _b) in zip(starts, kept, strict=True)],
                )
        except BaseException:
            (self.folder / name).unlink(missing_ok=True)
            raise
        with contextlib.suppress(OSError):
            old.unlink()
        return (self.folder / name).stat().st_size

    def _free_subagents(self, account: str, session_id: str) -> int:
        folder = self.folder / account / f"{session_id}{files.SUBAGENTS}"
        if folder.is_symlink() or not folder.is_dir():
            return 0
        size = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
        shutil.rmtree(folder, ignore_errors=True)
        return size if not folder.exists() else 0
