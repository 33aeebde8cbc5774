"""One search over sessions and conversations, for the window and the command."""

from __future__ import annotations

from desktop.domain.ports import ConversationDirectory
from desktop.domain.sessions import SearchHit
from desktop.domain.textsearch import make_snippet, mentions_all
from desktop.services.sessions import SessionService


class SearchService:
    def __init__(self, sessions: SessionService, directory: ConversationDirectory) -> None:
        self._sessions = sessions
        self._directory = directory

    def search(self, query: str, account: str | None = None, limit: int = 20) -> list[SearchHit]:
        """Sessions by their words (prompts, replies, tool names and inputs, so
        the files they touched), and conversations by their handle, title and
        description, hidden ones too. A conversation that matches comes first,
        as its current session; the index's hit for that session is not repeated."""
        found = self._sessions.search(query, account, limit)
        top = max((h.score for h in found), default=0.0) + 1.0
        named: list[SearchHit] = []
        for conv in self._directory.targets():
            about = " ".join(part for part in (conv.code, conv.title, conv.description) if part)
            if not (conv.account and conv.session_id) or not mentions_all(about, query):
                continue
            if account not in (None, conv.account):
                continue
            snippet, title = make_snippet(about, query), f"{conv.code} · {conv.title}"
            named.append(SearchHit(conv.account, conv.session_id, None, "conversation", snippet,
                                   top, title, conv.cwd))  # fmt: skip
        keys = {(h.account, h.session_id) for h in named}
        return (named + [h for h in found if (h.account, h.session_id) not in keys])[:limit]
