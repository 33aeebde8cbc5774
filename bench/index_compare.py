"""Compare what two homes' indexes hold, for before/after runs of a change.

    python bench/index_compare.py HOME_A HOME_B

Prints whether the `sessions` rows (every column but the row id) and the
full-text rows (text, raw text, uuid and role, in order, per session) are
the same byte for byte, and the first differences. The row ids differ from
run to run (workers finish in any order), so rows are matched by session id.
"""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
from pathlib import Path
from typing import Any


def _dump(home: Path) -> tuple[list[str], dict[str, tuple[Any, ...]], dict[str, str], int]:
    db = sqlite3.connect(home / "sessiondesk.db")
    columns = [row[1] for row in db.execute("pragma table_info(sessions)") if row[1] != "id"]
    rows = {
        row[0]: row[1:]
        for row in db.execute(f"select session_id, {', '.join(columns)} from sessions")
    }
    session_of = dict(db.execute("select id, session_id from sessions"))
    texts: dict[str, Any] = {}
    count = 0
    query = "select c2, c0, c1, c3, c4 from session_text_content order by id"
    for session_pk, *values in db.execute(query):
        digest = texts.setdefault(session_of[session_pk], hashlib.sha256())
        digest.update(repr(values).encode("utf-8", "surrogatepass"))
        count += 1
    return columns, rows, {k: v.hexdigest() for k, v in texts.items()}, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args()
    columns, rows_a, texts_a, count_a = _dump(args.before)
    _columns, rows_b, texts_b, count_b = _dump(args.after)
    differ = sorted(k for k in rows_a.keys() | rows_b.keys() if rows_a.get(k) != rows_b.get(k))
    print(f"sessions: {len(rows_a)} and {len(rows_b)}, {len(differ)} differ")
    for key in differ[:3]:
        a, b = rows_a.get(key), rows_b.get(key)
        if a is None or b is None:
            print(f"  {key}: only in {'after' if a is None else 'before'}")
            continue
        for column, x, y in zip(columns, a, b, strict=True):
            if x != y:
                print(f"  {key} {column}: {str(x)[:120]!r} | {str(y)[:120]!r}")
    text_differ = sorted(
        k for k in texts_a.keys() | texts_b.keys() if texts_a.get(k) != texts_b.get(k)
    )
    print(f"full-text rows: {count_a} and {count_b}, {len(text_differ)} sessions' text differ")
    print("same" if not differ and not text_differ else "DIFFERENT")


if __name__ == "__main__":
    main()
