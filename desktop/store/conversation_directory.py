"""The conversations' handles, words and current sessions, in plain SQL.

Search reads them on every query, from the window and from `sessiondesk
search`, which must start without SQLAlchemy."""

from __future__ import annotations

from desktop.domain.conversations import ConversationTarget
from desktop.store.db import Database
from desktop.store.path_bytes import loaded_path

_CONVERSATIONS = (
    "SELECT c.id, c.number, c.title, c.description, c.cwd, a.name, c.session_id "
    "FROM conversations c LEFT JOIN accounts a ON a.id = c.account_id ORDER BY c.number"
)
_SESSIONS = (
    "SELECT e.conversation_id, a.name, e.session_id FROM executions e "
    "JOIN accounts a ON a.id = e.account_id WHERE e.session_id IS NOT NULL "
    "ORDER BY e.started, e.id"
)


class SqlConversationDirectory:
    def __init__(self, db: Database) -> None:
        self._db = db

    def targets(self) -> list[ConversationTarget]:
        with self._db.read() as conn:
            rows = conn.execute(_CONVERSATIONS).fetchall()
            newest = {cid: (account, sid) for cid, account, sid in conn.execute(_SESSIONS)}
        found = []
        for cid, number, title, description, cwd, account, session_id in rows:
            if not (account and session_id):
                account, session_id = newest.get(cid, (None, None))
            found.append(
                ConversationTarget(
                    number, title or "", description or "", loaded_path(cwd), account, session_id
                )
            )
        return found
