"""Two branches side by side from where they diverged: the shared history
folded at the top, then the two tails in two columns, message beside message,
the words that differ highlighted."""

from __future__ import annotations

import difflib
import html
import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.branches import Comparison
from desktop.domain.replay import Turn

HIGHLIGHT = "background-color: #FDE68A; color: #111827;"
_WORDS = re.compile(r"\s+|[^\s]+")
_LONG = re.compile(r"[^\s\u200b]{24}(?=[^\s])")
"""A run of 24 characters with no break after which more follows (a path, a hash, code)."""


def breakable(text: str) -> str:
    """`text` with a zero-width space after each 24 characters of a long word, so a
    column of the comparison wraps it rather than growing wider than the dialog."""
    return _LONG.sub(lambda m: m.group(0) + "\u200b", text)


def marked(text: str, other: str) -> str:
    """`text` as HTML, its words that `other` lacks highlighted."""
    mine, theirs = _WORDS.findall(text), _WORDS.findall(other)
    out = []
    matcher = difflib.SequenceMatcher(a=theirs, b=mine, autojunk=False)
    for tag, _i1, _i2, j1, j2 in matcher.get_opcodes():
        chunk = html.escape(breakable("".join(mine[j1:j2])))
        out.append(chunk if tag == "equal" else f'<span style="{HIGHLIGHT}">{chunk}</span>')
    return "".join(out).replace("\n", "<br>")


class CompareDialog(QDialog):
    def __init__(
        self, comparison: Comparison, name_a: str, name_b: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.setWindowTitle(self.tr("Compare Branches"))
        self.resize(900, 620)
        self.comparison = comparison
        self.common_toggle = QToolButton(self)
        self.common_toggle.setObjectName("commonToggle")
        self.common_toggle.setCheckable(True)
        self.common_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.common_toggle.setArrowType(Qt.ArrowType.RightArrow)
        shared = len(comparison.common)
        self.common_toggle.setText(
            self.tr("Shared history: 1 message")
            if shared == 1
            else self.tr("Shared history: {count} messages").format(count=shared)
        )
        self.common_view = QTextBrowser(self)
        self.common_view.setObjectName("commonHistory")
        self.common_view.setHtml("".join(self._plain(t) for t in comparison.common))
        self.common_view.hide()
        self.common_toggle.toggled.connect(self._fold)

        grid_host = QWidget(self)
        self.grid = QGridLayout(grid_host)
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(1, 1)
        for column, name in enumerate((name_a, name_b)):
            heading = QLabel(f"<b>{html.escape(breakable(name))}</b>", grid_host)
            heading.setWordWrap(True)
            self.grid.addWidget(heading, 0, column)
        a, b = comparison.a, comparison.b
        for row in range(max(len(a), len(b))):
            left = a[row] if row < len(a) else None
            right = b[row] if row < len(b) else None
            self.grid.addWidget(self._cell(left, right), row + 1, 0, Qt.AlignmentFlag.AlignTop)
            self.grid.addWidget(self._cell(right, left), row + 1, 1, Qt.AlignmentFlag.AlignTop)
        self.grid.setRowStretch(max(len(a), len(b)) + 1, 1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        # the two columns share the width and wrap: the comparison scrolls down, never across
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(grid_host)
        if not a and not b:
            self.grid.addWidget(QLabel(self.tr("The two branches say the same."), grid_host), 1, 0)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.common_toggle)
        layout.addWidget(self.common_view)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)

    def _fold(self, open_: bool) -> None:
        self.common_view.setVisible(open_)
        arrow = Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow
        self.common_toggle.setArrowType(arrow)

    def _role(self, turn: Turn) -> str:
        return self.tr("You") if turn.role == "user" else self.tr("Claude")

    def _plain(self, turn: Turn) -> str:
        text = html.escape(turn.text).replace("\n", "<br>")
        return f"<p><b>{html.escape(self._role(turn))}:</b> {text}</p>"

    def _cell(self, turn: Turn | None, other: Turn | None) -> QWidget:
        label = QLabel(self)
        label.setObjectName("compareCell")
        label.setWordWrap(True)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setFrameShape(QFrame.Shape.StyledPanel)
        label.setMargin(6)
        if turn is None:
            label.setText(f"<i>{html.escape(self.tr('(nothing here)'))}</i>")
            return label
        body = marked(turn.text, other.text if other is not None else "")
        label.setText(f"<b>{html.escape(self._role(turn))}</b><br>{body}")
        return label
