"""The messages' text in the full-text table (`session_text`, FTS5).

* Rowids are `session pk * 2**32 + n`, n counting up in reading order, so a
  session's rows are one rowid range: dropping them, appending after them or
  reading them back never scans the table. Rows written before this scheme
  have small rowids and are found through `session_pk`, by a scan.
* `body` is what is matched: the text with CJK characters spaced apart, as
  the query side does it (`desktop.domain.textsearch.segment`; the index's
  readers hand the texts over so, `Increment.searchable`). The text as
  written is that with the spaces taken out again (`unsegmented`), exactly,
  so `raw` is left NULL rather than holding a second copy: every stored byte
  costs at insert time. (Rows written earlier have `raw` set; it is used.)
* A search ranks by bm25 among the most recent `RANKED` matches, and reads
  the content only of the rows it returns.
"""

from __future__ import annotations

from collections.abc import Iterable

from desktop.domain.sessions import Increment, IndexedText, SearchHit
from desktop.domain.textsearch import cjk_pattern, match_expression, searchable
from desktop.store.db import Plain

SPAN = 1 << 32
"""Text rowids of one session: pk * SPAN up to (pk + 1) * SPAN - 1."""
RANKED = 10_000
"""A query matching more messages than this is ranked among the most recent
ones only (the highest rowids: sessions are first indexed oldest first, and
text is appended): bm25 costs per match, and a word in most messages says little."""


def unsegmented(body: str) -> str:
    """The text `segment` was given: each CJK character had a space put on
    either side, always right next to it, so taking one off each side
    leaves the original (spaces it had of its own included)."""
    return body if body.isascii() else cjk_pattern(" ({cjk}) ").sub(r"\1", body)


def _written(raw: str | None, body: str) -> str:
    return raw if raw is not None else unsegmented(body)


AUTOMERGE = 16
"""FTS5 merges a level's segments once this many pile up (its default is 4).
Measured on a first index of 500,000 messages: a third less insert time, and
no slower queries (a level still holds few segments)."""


HASHSIZE = 8 << 20
"""Bytes of new terms FTS5 gathers in memory before writing them out as a
segment (its default is 1 MB). A first index of the text corpus (27 M
characters) spends an eighth less CPU in its inserts with 8 MB; more gains
nothing. Only how the index is laid out in segments changes, not what it holds."""


def tune(conn: Plain) -> None:
    """Settings of the FTS table itself: stored in it, so once per process is plenty."""
    for name, value in (("automerge", AUTOMERGE), ("hashsize", HASHSIZE)):
        conn.execute("INSERT INTO session_text (session_text, rank) VALUES (?, ?)", (name, value))


def write_texts(conn: Plain, sessions: Iterable[tuple[int, bool, Increment]]) -> None:
    """Store the text of (session pk, whether it was indexed before, increment)."""
    legacy = has_legacy(conn)
    rows: list[tuple[int, str, str | None, int, str | None, str]] = []
    for pk, known, item in sessions:
        low, high = pk * SPAN, (pk + 1) * SPAN - 1
        n = low
        if known and item.replace:
            conn.execute("DELETE FROM session_text WHERE rowid BETWEEN ? AND ?", (low, high))
            if legacy:
                conn.execute(
                    "DELETE FROM session_text WHERE rowid < ? AND session_pk = ?", (SPAN, pk)
                )
        elif known:
            (last,) = conn.execute(
                "SELECT max(rowid) FROM session_text WHERE rowid BETWEEN ? AND ?", (low, high)
            ).fetchone()
            n = low if last is None else last + 1
        for uuid, role, body in item.texts if item.searchable else searchable(item.texts):
            rows.append((n, body, None, pk, uuid, role))
            n += 1
    if rows:
        conn.executemany(
            "INSERT INTO session_text (rowid, body, raw, session_pk, uuid, role) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )


def search(conn: Plain, query: str, account: str | None, limit: int) -> list[SearchHit]:
    """The best message of each of the best sessions, by bm25 among the
    `RANKED` most recent matches (all of them, for all but common words)."""
    expression = match_expression(query)
    if expression is None:
        return []
    # scoped by the rowid's session part, so that no row's content is read
    # before it is among the best; rows older than that scheme by session_pk
    scope = (
        "AND ((rowid >> 32) IN (SELECT s.id FROM sessions s JOIN accounts a "
        "ON a.id = s.account_id WHERE a.name = :account) OR (rowid < :span AND "
        "session_pk IN (SELECT s.id FROM sessions s JOIN accounts a "
        "ON a.id = s.account_id WHERE a.name = :account))) "
        if account
        else ""
    )
    params = {"q": expression, "account": account, "n": limit * 8}
    rows = conn.execute(
        (
            "SELECT t.raw, t.body, t.uuid, t.role, r.score, "
            "s.session_id, s.title, s.cwd, a.name FROM ("
            "SELECT id, score FROM (SELECT rowid AS id, bm25(session_text) AS score "
            f"FROM session_text WHERE session_text MATCH :q {scope}"
            "ORDER BY rowid DESC LIMIT :k) ORDER BY score LIMIT :n) AS r "
            "JOIN session_text t ON t.rowid = r.id "
            "JOIN sessions s ON s.id = t.session_pk "
            "JOIN accounts a ON a.id = s.account_id ORDER BY r.score"
        ),
        params | {"k": RANKED, "span": SPAN},
    ).fetchall()
    best: dict[tuple[str, str], tuple[str, str | None, str, float, str | None, str | None]] = {}
    for raw, body, uuid, role, score, sid, title, cwd, name in rows:
        if (name, sid) not in best:  # rows come best first: keep each session's best
            best[(name, sid)] = (_written(raw, body), uuid, role, score, title, cwd)
    # taking a prompt apart (`shown_hit`) is for search only: `sessions list` skips its load
    from desktop.domain.transcript_index import shown_hit

    hits = []
    for (name, sid), (raw, uuid, role, score, title, cwd) in list(best.items())[:limit]:
        shown, snippet = shown_hit(raw, role, query)  # only for what is returned
        hits.append(SearchHit(name, sid, uuid, shown, snippet, -score, title, cwd))
    return hits


def session_texts(conn: Plain, pk: int) -> list[IndexedText]:
    """A session's text rows, in the order they were read."""
    sql = "SELECT uuid, role, raw, body FROM session_text WHERE "
    low, high = pk * SPAN, (pk + 1) * SPAN - 1
    rows = conn.execute(sql + "rowid BETWEEN ? AND ? ORDER BY rowid", (low, high)).fetchall()
    if has_legacy(conn):  # written before the rowid scheme: found by a scan
        older = sql + "rowid < ? AND session_pk = ? ORDER BY rowid"
        rows = conn.execute(older, (SPAN, pk)).fetchall() + rows
    return [IndexedText(uuid, role, _written(raw, body)) for uuid, role, raw, body in rows]


def has_legacy(conn: Plain) -> bool:
    """Whether text rows written before the rowid scheme are left."""
    found = conn.execute("SELECT 1 FROM session_text WHERE rowid < ? LIMIT 1", (SPAN,))
    return found.fetchone() is not None
