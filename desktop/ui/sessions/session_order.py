"""The session list's order: each row's sort values, where a new row goes, and
which changes reach beyond their row.

The model sorts on these precomputed values (a sorting proxy would ask the
model's `data()` at every comparison); a few new rows go straight to their
places, as sorting them in from the end would put them.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.domain.sessions import SessionRecord
from desktop.ui.common.records import project_name

FEW_NEW = 16
"""New rows up to this many go straight to their places, each an inserted row; more
(an index filling the list) are added at the end and sorted in one layout of the
list. A re-sort lays out the whole list and has the filter look at every row again:
~45 ms with 2,000 sessions, where a row put in its place costs ~1 ms."""


SortKey = tuple[object, ...]
"""A row's sort value for each column."""


def sort_key_of(record: SessionRecord) -> SortKey:
    return (
        (record.title or record.first_prompt or "").casefold(),
        record.account.casefold(),
        project_name(record.cwd).casefold(),
        record.message_count,
        record.modified.timestamp() if record.modified else 0.0,
    )


def sorted_rows(keys: Sequence[SortKey], column: int, descending: bool) -> list[int]:
    """The rows in order (a stable sort: rows level with each other keep theirs)."""
    return sorted(range(len(keys)), key=lambda row: keys[row][column], reverse=descending)


def place(keys: Sequence[SortKey], key: SortKey, column: int, descending: bool) -> int:
    """Where a new row goes among rows in order: after those that sort before it or
    level with it, as sorting it in from the end would put it."""
    value = key[column]
    low, high = 0, len(keys)
    while low < high:
        middle = (low + high) // 2
        other = keys[middle][column]
        if (other < value) if descending else (value < other):  # type: ignore[operator]
            high = middle
        else:
            low = middle + 1
    return low


def reshapes(old: SessionRecord, new: SessionRecord) -> bool:
    """Whether a row's change touches more than the row: another account or folder,
    or another day (the time column is as wide as the days listed need)."""
    if (old.account, old.cwd) != (new.account, new.cwd):
        return True
    if old.modified is None or new.modified is None:
        return old.modified is not new.modified
    return old.modified.astimezone().date() != new.modified.astimezone().date()
