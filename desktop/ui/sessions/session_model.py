"""Sessions found on disk as a table model, and the proxy that sorts and filters them.

Records are merged in by key (account, session id): a record that changed
updates its row in place, a new one is inserted, and only a complete listing
removes rows. The model is never reset after the first fill, so the view keeps
its selection and scroll position while indexing and watching go on.

The list is painted from Python: each cell's roles come through the proxy's
`multiData` from a table of what each row shows (`painted`), made when a row
is first painted and kept until it changes. A repaint used to make ~20 calls
into Python a cell (seven `data()`s, each with `rowCount` and `columnCount`
for the proxy's `index()`), and each call takes the interpreter lock back —
a millisecond's wait apiece when a worker thread runs Python meanwhile.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractTableModel,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from desktop.domain.sessions import SessionRecord
from desktop.ui.common.records import Key, key_of, local_time, project_name, short_time
from desktop.ui.sessions.navigation import account_avatar, account_head
from desktop.ui.sessions.session_order import FEW_NEW, place, reshapes, sort_key_of, sorted_rows

if TYPE_CHECKING:  # the conversations service loads after the first paint, not for the list
    from desktop.services.conversations import Membership

Index = QModelIndex | QPersistentModelIndex

RECORD_ROLE = Qt.ItemDataRole.UserRole + 10
SORT_ROLE = Qt.ItemDataRole.UserRole + 11
TITLE, ACCOUNT, PROJECT, MESSAGES, MODIFIED = range(5)
COLUMNS = 5
PAINTED_ROLES = frozenset({
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.FontRole, Qt.ItemDataRole.CheckStateRole, Qt.ItemDataRole.BackgroundRole,
})  # fmt: skip
"""The roles a delegate asks of each cell it paints (`QStyledItemDelegate.initStyleOption`)."""
Cell = dict[int, object]
"""A cell's painted roles that have a value."""


class SessionTableModel(QAbstractTableModel):
    hidden_changed = Signal()
    """Which sessions belong to hidden conversations changed: filters must look again."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._records: list[SessionRecord] = []
        self._keys: list[tuple[object, ...]] = []
        """Each row's sort values by column, kept beside `_records`."""
        self._rows: dict[Key, int] = {}
        self._sort_column = MODIFIED
        self._sort_order = Qt.SortOrder.DescendingOrder
        self._avatars: dict[str, QIcon] = {}
        self._warning = QIcon()
        self._members: dict[Key, Membership] = {}
        self._archived: set[Key] = set()
        self._painted: list[tuple[Cell, ...] | None] = []
        """Each row's cells as painted, made on the row's first paint (None: not yet)."""
        self._painted_until = 0.0
        """When the kept cells go stale: "Today 14:03" is "Yesterday 14:03" after midnight."""
        self._held: frozenset[Key] = frozenset()
        """Rows whose run streams: they keep their place (their sort values) until it ends."""
        self.reshaped = False
        """The last merge added or removed rows, or moved one to another account, folder
        or day: what the counts, the projects and the columns' widths are made from."""

    # -- Qt's side -------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._records)

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        # QAbstractTableModel's asks rowCount and columnCount, two calls into Python more
        # for each of the proxy's mapToSource
        if parent.isValid() or not (0 <= row < len(self._records) and 0 <= column < COLUMNS):
            return QModelIndex()
        return self.createIndex(row, column)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            # the account column shows avatars only: its name would not fit a sidebar
            return (self.tr("Title"), "", self.tr("Project"),
                    self.tr("Msgs"), self.tr("Modified"))[section]  # fmt: skip
        if role == Qt.ItemDataRole.DecorationRole and section == ACCOUNT:
            # a head for "account": an empty head over the avatars read as a missing label
            return account_head(QApplication.palette().color(QPalette.ColorRole.WindowText))
        if role == Qt.ItemDataRole.ToolTipRole:
            return (self.tr("Title"), self.tr("Account"), self.tr("Project"),
                    self.tr("Messages"), self.tr("Modified"))[section]  # fmt: skip
        if role == Qt.ItemDataRole.TextAlignmentRole and section == MESSAGES:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == SORT_ROLE:  # the raw value a column sorts by
            return self._keys[index.row()][index.column()]
        if not index.isValid():
            return None
        if role in PAINTED_ROLES:
            return self.painted(index.row(), index.column()).get(role)
        record = self._records[index.row()]
        if role == RECORD_ROLE:
            return record
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(record, index.column())
        return None

    def painted(self, row: int, column: int) -> Cell:
        """A cell's painted roles, kept from the row's last paint while it is unchanged."""
        if time.time() >= self._painted_until:
            self.forget_painted()
        cells = self._painted[row]
        if cells is None:
            cells = self._painted[row] = self._cells(self._records[row])
        return cells[column]

    def forget_painted(self) -> None:
        """Make every row's cells again at its next paint: the language, locale,
        palette or font changed, or the day did (the times say "Today")."""
        self._painted = [None] * len(self._records)
        tomorrow = datetime.now().date() + timedelta(days=1)
        self._painted_until = datetime.combine(tomorrow, datetime.min.time()).timestamp()

    def _cells(self, record: SessionRecord) -> tuple[Cell, ...]:
        display = Qt.ItemDataRole.DisplayRole
        cells: tuple[Cell, ...] = tuple(
            {display: "" if column == ACCOUNT else self._display(record, column)}
            for column in range(COLUMNS)
        )
        if record.error:
            cells[TITLE][Qt.ItemDataRole.DecorationRole] = self._warning_icon()
        cells[ACCOUNT][Qt.ItemDataRole.DecorationRole] = self._avatar(record.account)
        cells[MESSAGES][Qt.ItemDataRole.TextAlignmentRole] = int(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        if record.missing:
            palette = QApplication.palette()
            grey = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            font = QApplication.font()
            font.setItalic(True)
            for cell in cells:
                cell[Qt.ItemDataRole.ForegroundRole] = grey
                cell[Qt.ItemDataRole.FontRole] = font
        return cells

    def set_memberships(self, members: dict[Key, Membership]) -> None:
        """Mark each session with its conversation (and a fork with its parent's)."""
        if members == self._members:
            return
        hidden_before = self.hidden_keys()
        changed = {k for k in members.keys() | self._members.keys()
                   if members.get(k) != self._members.get(k)}  # fmt: skip
        self._members = dict(members)
        self._titles_changed(changed)  # the titles say their conversation
        if self.hidden_keys() != hidden_before:
            self.hidden_changed.emit()

    def member(self, record: SessionRecord) -> Membership | None:
        """The conversation a session belongs to, as last marked."""
        return self._members.get(key_of(record))

    def hidden_keys(self) -> set[Key]:
        """Sessions whose conversation is hidden from the main list."""
        return {key for key, member in self._members.items() if member.hidden}

    def set_archived(self, keys: set[Key]) -> None:
        """The sessions our archive keeps a copy of: one whose original is gone says so."""
        if keys == self._archived:
            return
        changed = keys ^ self._archived
        self._archived = set(keys)
        self._titles_changed(changed)

    def _titles_changed(self, keys: set[Key]) -> None:
        """Those sessions' rows are made again at their next paint, and only
        they are repainted: a run's end changes one conversation's marks, and
        remaking and repainting every row then was a 10 ms paint while other
        runs streamed."""
        rows = [row for row in map(self.row_of, keys) if row >= 0]
        if not rows:
            return
        for row in rows:
            self._painted[row] = None
        self.dataChanged.emit(self.index(min(rows), TITLE), self.index(max(rows), TITLE))

    def is_archived(self, record: SessionRecord) -> bool:
        """Gone from disk, and opened from our archive."""
        return record.missing and key_of(record) in self._archived

    def _display(self, record: SessionRecord, column: int) -> str:
        if column == TITLE:
            untitled = self.tr("(untitled)")
            title = record.title or record.first_prompt or untitled
            if self.is_archived(record):
                title = self.tr("{title} · archived").format(title=title)
            member = self._members.get(key_of(record))
            if member is None:
                return title
            if member.fork_of:  # three forks of one session are no longer three same rows
                return self.tr("{code} fork of {parent} · {title}").format(
                    code=member.code, parent=member.fork_of, title=title
                )
            return f"{member.code} · {title}"
        if column == ACCOUNT:
            return record.account
        if column == PROJECT:
            return project_name(record.cwd)
        if column == MESSAGES:
            return QLocale().toString(record.message_count)
        return short_time(record.modified)

    def _tooltip(self, record: SessionRecord, column: int) -> str:
        lines = []
        if column == PROJECT:
            lines.append(record.cwd or "")
        elif column == MODIFIED:
            when = local_time(record.modified)
            lines.append(QLocale().toString(when, QLocale.FormatType.LongFormat) if when else "")
        elif column == ACCOUNT:
            lines.append(record.account)
        else:
            lines.append(record.title or record.first_prompt or "")
            lines.append(f"{record.account} · {record.session_id}")
            member = self._members.get(key_of(record))
            if member is not None and member.fork_of:
                lines.append(self.tr("{code}, a fork of {parent}").format(
                    code=member.code, parent=member.fork_of))  # fmt: skip
            elif member is not None:
                lines.append(self.tr("Conversation {code}").format(code=member.code))
        if record.error:
            lines.append(self.tr("Damaged: {error}").format(error=record.error))
        if self.is_archived(record):
            lines.append(
                self.tr("The file is gone from disk; it opens from Sessiondesk's archive.")
            )
        elif record.missing:
            lines.append(self.tr("The file is gone from disk; this is what was indexed."))
        return "\n".join(line for line in lines if line)

    def _avatar(self, name: str) -> QIcon:
        icon = self._avatars.get(name)
        if icon is None:
            icon = self._avatars[name] = account_avatar(name, 16)
        return icon

    def _warning_icon(self) -> QIcon:
        if self._warning.isNull():
            style = QApplication.style()
            self._warning = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        return self._warning

    # -- merging -----------------------------------------------------------------------

    def records(self) -> list[SessionRecord]:
        return list(self._records)

    def record(self, key: Key) -> SessionRecord | None:
        row = self._rows.get(key)
        return self._records[row] if row is not None else None

    def row_of(self, key: Key) -> int:
        return self._rows.get(key, -1)

    def merge(self, records: Iterable[SessionRecord], *, complete: bool = False) -> int:
        """Update, add and (when `complete`) remove rows; returns how many rows changed."""
        incoming = list(records)
        changed = 0
        moved = reshaped = False
        new: list[SessionRecord] = []
        for record in incoming:
            row = self._rows.get(key_of(record))
            if row is None:
                new.append(record)
            elif self._records[row] != record:
                reshaped |= reshapes(self._records[row], record)
                self._records[row] = record
                self._painted[row] = None
                if key_of(record) not in self._held:
                    sort_key = sort_key_of(record)
                    moved |= sort_key != self._keys[row]
                    self._keys[row] = sort_key
                self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMNS - 1))
                changed += 1
        if complete:
            keep = {key_of(r) for r in incoming}
            gone = sorted((row for key, row in self._rows.items() if key not in keep), reverse=True)
            for row in gone:  # from the bottom up, so earlier row numbers stay right
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._records[row]
                del self._keys[row]
                del self._painted[row]
                self.endRemoveRows()
            if gone:
                self._reindex()
                changed += len(gone)
                reshaped = True
        self.reshaped = reshaped or bool(new)
        if moved:
            self._resort()  # before rows are placed among them: they find their places by order
        new = list({key_of(r): r for r in new}.values())  # a key listed twice is one row
        keys = [sort_key_of(r) for r in new]
        if new and self._records and len(new) <= FEW_NEW:
            for sort_key, record in zip(keys, new, strict=True):
                row = place(self._keys, sort_key, self._sort_column, self._descending())
                self.beginInsertRows(QModelIndex(), row, row)
                self._records.insert(row, record)
                self._keys.insert(row, sort_key)
                self._painted.insert(row, None)
                self._reindex()
                self.endInsertRows()
            return changed + len(new)
        if new and not self._records:  # a first fill comes in sorted: no reordering after
            order = sorted_rows(keys, self._sort_column, self._descending())
            keys, new = [keys[row] for row in order], [new[row] for row in order]
        if new:
            first = len(self._records)
            self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
            self._records.extend(new)
            self._keys.extend(keys)
            self._painted.extend([None] * len(new))
            self._reindex()
            self.endInsertRows()
            self._resort()  # many new rows came in at the end: one layout places them all
            changed += len(new)
        return changed

    def record_at(self, row: int) -> SessionRecord:
        return self._records[row]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort_column, self._sort_order = column, order
        self._resort()

    def hold(self, keys: Iterable[Key]) -> None:
        """Keep these rows in place while their runs stream; the others (and these,
        once let go) sort as they change. A streaming session is re-indexed a few
        times a second: re-sorted each time, rows jumped under the pointer, and the
        list was laid out and painted whole (5-7 ms, and the proxy asked for every
        row again)."""
        held = frozenset(keys)
        released, self._held = self._held - held, held
        for key in released:
            row = self._rows.get(key)
            if row is not None:
                self._keys[row] = sort_key_of(self._records[row])
        if released:
            self._resort()

    def _resort(self) -> None:
        """Put the rows in sort order, telling views where each one went.

        Sorting here, on precomputed keys, takes milliseconds for 20,000
        sessions; a sorting proxy would ask data() for every comparison.
        """
        order = sorted_rows(self._keys, self._sort_column, self._descending())
        if all(old == new for new, old in enumerate(order)):
            return
        self.layoutAboutToBeChanged.emit()
        moved_to = [0] * len(order)
        for new, old in enumerate(order):
            moved_to[old] = new
        self._records = [self._records[old] for old in order]
        self._keys = [self._keys[old] for old in order]
        self._painted = [self._painted[old] for old in order]
        before = self.persistentIndexList()
        after = [self.index(moved_to[i.row()], i.column()) for i in before]
        self.changePersistentIndexList(before, after)
        self._reindex()
        self.layoutChanged.emit()

    def _descending(self) -> bool:
        return self._sort_order == Qt.SortOrder.DescendingOrder

    def _reindex(self) -> None:
        self._rows = {key_of(record): row for row, record in enumerate(self._records)}
