"""The rows of one transcript as a Qt list model that can grow while it is shown.

Besides loading a whole session (`set_rows`, or `sync_rows` to keep what did
not change when a growing file is read again), the model takes messages one
at a time, which is how a live run feeds it:

* `append_message(message)` adds a row, or, for a tool result, fills in the
  card of the call it answers; it returns the key of the row it touched;
* `update_message(key, message)` replaces a row's message in place (a reply
  whose text is still streaming) and the view repaints just that row.

A message with nothing to show (empty text, a meta line) makes no row and
`append_message` returns None: append a streaming reply at its first text.
Keys are the message uuid, or `tool:<tool_use_id>` for a tool card.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from desktop.domain.transcript import Message, Role
from desktop.ui.transcript.transcript_delegate import ROW_ROLE
from desktop.ui.transcript.transcript_rows import (
    Row,
    RowBuilder,
    RowKind,
    next_revision,
)

Index = QModelIndex | QPersistentModelIndex


class TranscriptModel(QAbstractListModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []
        self._keys: dict[str, int] | None = {}
        self._uuids: dict[str, int] | None = None
        self._builder = RowBuilder()

    # -- Qt's side -------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.DisplayRole:
            return row.plain_text()
        return None

    # -- what the view and the window use -------------------------------------------------

    def row(self, number: int) -> Row:
        return self._rows[number]

    def rows(self, first: int = 0, end: int | None = None) -> list[Row]:
        return self._rows[first:end]

    def row_of_key(self, key: str) -> int:
        if self._keys is None:
            self._keys = {row.key: number for number, row in enumerate(self._rows)}
        return self._keys.get(key, -1)

    def row_of_uuid(self, uuid: str) -> int:
        """The row that shows the message with this uuid (a card shows several)."""
        if self._uuids is None:
            self._uuids = {}
            for number, row in enumerate(self._rows):
                for value in row.uuids:
                    self._uuids.setdefault(value, number)
        return self._uuids.get(uuid, -1)

    def clear(self) -> None:
        self.set_rows([], RowBuilder())

    def set_rows(self, rows: list[Row], builder: RowBuilder) -> None:
        """Show another transcript: a reset, since nothing of the old one stays."""
        self.beginResetModel()
        self._rows = rows
        self._builder = builder
        self._reindex()
        self.endResetModel()

    def sync_rows(self, rows: list[Row], builder: RowBuilder) -> None:
        """Show a new reading of the same transcript, touching only what changed.

        Rows up to the first difference stay (with their open/closed state), so
        the view keeps its place; the rest is replaced.
        """
        old = self._rows
        same = 0
        for mine, theirs in zip(old, rows, strict=False):
            if not mine.same_content(theirs):
                break
            same += 1
        opened = {row.key for row in old if row.expanded}
        for row in rows[same:]:
            row.expanded = row.key in opened
        self._builder = builder
        if same < len(old):
            self.beginRemoveRows(QModelIndex(), same, len(old) - 1)
            del self._rows[same:]
            self._reindex()
            self.endRemoveRows()
        if same < len(rows):
            self.beginInsertRows(QModelIndex(), same, len(rows) - 1)
            self._rows.extend(rows[same:])
            self._reindex()
            self.endInsertRows()

    def insert_rows(self, number: int, rows: list[Row]) -> None:
        """Rows that go before row `number`: a long transcript's earlier part,
        put in front of its first screen a slice at a time."""
        if not rows:
            return
        self.beginInsertRows(QModelIndex(), number, number + len(rows) - 1)
        self._rows[number:number] = rows
        self._reindex()
        self.endInsertRows()

    def keep_rows(self, count: int, builder: RowBuilder) -> None:
        """Drop the rows after the first `count`; `builder` goes on from there."""
        self._builder = builder
        if count < len(self._rows):
            self.beginRemoveRows(QModelIndex(), count, len(self._rows) - 1)
            del self._rows[count:]
            self._reindex()
            self.endRemoveRows()

    def append_message(self, message: Message) -> str | None:
        """Show one more message at the end; a tool result goes into its card."""
        if message.role is Role.TOOL_RESULT and message.tool_use_id:
            card = self._builder.cards.get(message.tool_use_id)
            number = self.row_of_key(card.key) if card is not None else -1
            if card is not None and number >= 0:
                card.result = message
                if message.uuid:
                    card.uuids = (*card.uuids, message.uuid)
                    self._uuids = None
                self._changed(number)
                return card.key
        row = self._builder.row_for(message)
        if row is None:
            return None
        count = len(self._rows)
        self.beginInsertRows(QModelIndex(), count, count)
        self._rows.append(row)
        if self._keys is not None:
            self._keys[row.key] = count
        self._uuids = None
        self.endInsertRows()
        return row.key

    def insert_message(self, number: int, message: Message, *, key: str) -> bool:
        """Show a message of the window's own (not from the file) before row `number`,
        once: a key already shown is left alone."""
        if self.row_of_key(key) >= 0:
            return False
        row = self._builder.row_for(message)
        if row is None:
            return False
        row.key = key
        number = max(0, min(number, len(self._rows)))
        self.beginInsertRows(QModelIndex(), number, number)
        self._rows.insert(number, row)
        self._reindex()
        self.endInsertRows()
        return True

    def remove_row(self, key: str) -> bool:
        """Take a row of the window's own away (a live copy the file turned out to hold)."""
        number = self.row_of_key(key)
        if number < 0:
            return False
        self.beginRemoveRows(QModelIndex(), number, number)
        del self._rows[number]
        self._reindex()
        self.endRemoveRows()
        return True

    def update_message(self, key: str, message: Message) -> bool:
        """Replace the message a row shows (e.g. a reply still streaming in)."""
        number = self.row_of_key(key)
        if number < 0:
            return False
        row = self._rows[number]
        row.message = message
        row.measure()
        self._changed(number)
        return True

    def set_expanded(self, number: int, expanded: bool) -> None:
        row = self._rows[number]
        if row.folds and row.expanded != expanded:
            row.expanded = expanded
            self._changed(number, content=False)

    def toggle(self, number: int) -> None:
        self.set_expanded(number, not self._rows[number].expanded)

    def is_collapsible(self, number: int) -> bool:
        return self._rows[number].folds

    def text_of(self, numbers: list[int]) -> str:
        return "\n\n".join(self._rows[n].plain_text() for n in numbers if 0 <= n < len(self._rows))

    def kinds(self) -> list[RowKind]:
        return [row.kind for row in self._rows]

    # -- bookkeeping ---------------------------------------------------------------------

    def _changed(self, number: int, *, content: bool = True) -> None:
        if content:
            self._rows[number].revision = next_revision()
        index = self.index(number, 0)
        self.dataChanged.emit(index, index, [ROW_ROLE])

    def _reindex(self) -> None:
        # built again when next asked for: a transcript filled in slices asks at its end
        self._keys = None
        self._uuids = None
