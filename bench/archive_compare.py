"""Compare what two homes' archives hold, for before/after runs of a change.

    python bench/archive_compare.py HOME_A HOME_B

Prints whether the `archived_transcripts` rows are the same (every column but
the row id and the time of the update, matched by account and session id),
whether each copy reads back, to the byte, as the original it names (while
that original is unchanged), and whether the two copies of each session read
back alike. Run beside `bench/index_compare.py`, which compares the index.
A big transcript is copied part by part as the index stores its parts, one
gzip member per hand-over, so its `stored_bytes` follows the run's timing
(main's own runs differ there too): what it reads back as is what counts.
Where a copy is kept (`file`, and `start` in a pack of small copies; a home
made before packs has no `start`: 0) is reported, not compared.
"""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
import zlib
from pathlib import Path
from typing import Any

_SKIPPED = {"id", "updated"}
_WHERE = ("file", "start")


def _unpacked(path: Path, start: int, stored: int) -> str:
    """The sha256 of a copy's `stored` bytes from `start` decompressed, member after member."""
    digest = hashlib.sha256()
    data = path.read_bytes()[start : start + stored]
    while data:
        unpacker = zlib.decompressobj(31)
        digest.update(unpacker.decompress(data))
        digest.update(unpacker.flush())
        data = unpacker.unused_data
    return digest.hexdigest()


def _rows(home: Path) -> dict[tuple[str, str], dict[str, Any]]:
    db = sqlite3.connect(home / "sessiondesk.db")
    columns = [
        row[1] for row in db.execute("pragma table_info(archived_transcripts)")
        if row[1] not in _SKIPPED
    ]  # fmt: skip
    query = (
        f"select a.name, {', '.join('c.' + c for c in columns)} from archived_transcripts c "
        "join accounts a on a.id = c.account_id"
    )
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for name, *values in db.execute(query):
        row = dict(zip(columns, values, strict=True))
        row.pop("account_id")
        rows[(name, row["session_id"])] = row
    return rows


def _original(path: str, size: int) -> str | None:
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    return hashlib.sha256(data[:size]).hexdigest() if len(data) >= size else None


def _kept(row: dict[str, Any]) -> dict[str, Any]:
    """What a row says of its copy, but where the copy is kept."""
    return {k: v for k, v in row.items() if k not in _WHERE}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args()
    before, after = _rows(args.before), _rows(args.after)
    same_keys = before.keys() == after.keys()
    print(f"rows: {len(before)} before, {len(after)} after; same keys: {same_keys}")
    differ = [key for key in before if key in after and _kept(before[key]) != _kept(after[key])]
    print(
        f"rows that differ: {len(differ)}",
        *[f"  {k}: {before[k]} != {after[k]}" for k in differ[:5]],
        sep="\n",
    )
    bad: list[str] = []
    for home, rows in ((args.before, before), (args.after, after)):
        files = {row["file"] for row in rows.values()}
        print(f"{home}: {len(rows)} copies in {len(files)} files")
        for key, row in rows.items():
            copy = home / "archive" / row["file"]
            start = row.get("start", 0)
            if copy.stat().st_size < start + row["stored_bytes"]:
                bad.append(f"{home}: {key} is shorter than recorded")
                continue
            unpacked = _unpacked(copy, start, row["stored_bytes"])
            original = _original(row["source_path"], row["source_bytes"])
            if original is not None and unpacked != original:
                bad.append(f"{home}: {key} does not read back as its original")
            row["unpacked"] = unpacked
    unlike = [k for k in before if k in after and before[k]["unpacked"] != after[k]["unpacked"]]
    print(f"copies not reading back as their originals: {len(bad)}", *bad[:5], sep="\n")
    print(f"sessions whose two copies read back differently: {len(unlike)}")
    same = same_keys and not differ and not bad and not unlike
    print("SAME" if same else "DIFFERENT")


if __name__ == "__main__":
    main()
