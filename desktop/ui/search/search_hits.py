"""How a search hit looks: the matched words in bold, three lines a hit (loaded
with the drop-down, at the first search: not part of the window's start).

The store marks matches as `[term]` in a snippet of plain text; here the
snippet is escaped and only marks around searched terms become bold, so a
transcript's own brackets (`list[int]`) stay as they are.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

HIT_ROLE = Qt.ItemDataRole.UserRole + 1
HTML_ROLE = Qt.ItemDataRole.UserRole + 2
MARK_BG, MARK_FG = "#FDE68A", "#1F2328"
_MARK = re.compile(r"\[([^\[\]]+)\]")
_TERM = re.compile(r'"([^"]+)"|(\S+)')


def marked_html(snippet: str, query: str) -> str:
    """The snippet escaped, with the store's `[term]` marks as bold.

    Only brackets around a searched term are marks; `list[int]` in the text
    itself stays as it is.
    """
    terms = {(quoted or bare).casefold() for quoted, bare in _TERM.findall(query)}

    def bold(match: re.Match[str]) -> str:
        inner = match.group(1)
        if inner.casefold() in terms:
            return (
                f"<b style='background-color:{MARK_BG}; color:{MARK_FG}'>{html.escape(inner)}</b>"
            )
        return html.escape(match.group(0))

    out, last = [], 0
    for match in _MARK.finditer(snippet):
        out.append(html.escape(snippet[last : match.start()]))
        out.append(bold(match))
        last = match.end()
    out.append(html.escape(snippet[last:]))
    return "".join(out)


class HitDelegate(QStyledItemDelegate):
    """Three lines a hit: title, where it lives, the words around the match."""

    def _document(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QTextDocument:
        document = QTextDocument()
        document.setDefaultFont(option.font)  # type: ignore[attr-defined]
        document.setDocumentMargin(8)
        document.setHtml(index.data(HTML_ROLE) or "")
        view = option.widget  # type: ignore[attr-defined]
        # the list hands sizeHint() an empty rect: measure against the visible width
        width = view.viewport().width() if view is not None else option.rect.width()  # type: ignore[attr-defined]
        document.setTextWidth(max(100, width))
        return document

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        self.initStyleOption(option, index)
        option.text = ""  # type: ignore[attr-defined]
        style = option.widget.style() if option.widget else QStyle()  # type: ignore[attr-defined]
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)  # type: ignore[attr-defined]
        document = self._document(option, index)
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(QPalette.ColorRole.Text, option.palette.color(role))  # type: ignore[attr-defined]
        painter.save()
        painter.translate(option.rect.topLeft())  # type: ignore[attr-defined]
        document.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        document = self._document(option, index)
        return QSize(int(document.textWidth()), int(document.size().height()))
