"""Is any text cut on screen? `cut_texts(root)` names every visible widget under
`root` whose words do not fit the room it was given.

It measures with the widget's own font metrics and style, so it holds in any
language and on any platform: a label's text against its contents rectangle
(a wrapped one: the height its words need), a button's or check box's size
hint (what its text and icon need) against its width, a combo box's current
text and icon against its edit field, a line edit's placeholder against its
text field, and each header section's label against the section. An
`ElidedLabel` shortens long paths and ids on purpose (its tooltip is whole),
so it is only checked when named in `names`.

Usage in a test:  `assert cut_texts(window) == []`  or, for a few widgets by
their object names,  `assert cut_texts(window, {"freshSession", "sendButton"}) == []`.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QWidget,
)

from desktop.ui.common.elided_label import ElidedLabel

SLACK = 1
"""Pixels of rounding a measure may be off by."""


def _shown(widget: QWidget, root: QWidget) -> bool:
    return widget.isVisibleTo(root) and widget.width() > 0 and widget.height() > 0


def _label(label: QLabel, named: bool) -> str | None:
    text = label.text()
    if not text:  # an icon or picture
        return None
    if isinstance(label, ElidedLabel):
        if not named:
            return None
        need, have = label.fontMetrics().horizontalAdvance(text), label.contentsRect().width()
        return None if need <= have + SLACK else f"needs {need} px, has {have}"
    if label.wordWrap():
        need, have = label.heightForWidth(label.width()), label.height()
        return None if need <= have + SLACK else f"needs {need} px high, has {have}"
    need, have = label.sizeHint().width(), label.width()  # text, margins, indent and frame
    return None if need <= have + SLACK else f"needs {need} px, has {have}"


def _button(button: QAbstractButton) -> str | None:
    if not button.text():
        return None
    need, have = button.sizeHint().width(), button.width()
    return None if need <= have + SLACK else f"needs {need} px, has {have}"


def _combo(combo: QComboBox) -> str | None:
    text = combo.currentText()
    if not text:
        return None
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    need = combo.fontMetrics().horizontalAdvance(text)
    if not combo.itemIcon(combo.currentIndex()).isNull():
        need += combo.iconSize().width() + 4
    return None if need <= field.width() + SLACK else f"needs {need} px, has {field.width()}"


def _line_edit(edit: QLineEdit) -> str | None:
    text = edit.text() or edit.placeholderText()
    if not text or edit.text():  # typed text scrolls: only the placeholder must fit
        return None
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    rect = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    have = rect.width() - margins.left() - margins.right() - 4  # the text's own side margins
    need = edit.fontMetrics().horizontalAdvance(text)
    return None if need <= have + SLACK else f"needs {need} px, has {have}"


def _header(header: QHeaderView) -> list[str]:
    model = header.model()
    if model is None:
        return []
    cut = []
    for section in range(header.count()):
        if header.isSectionHidden(section) or header.sectionSize(section) == 0:
            continue
        text = model.headerData(section, header.orientation(), Qt.ItemDataRole.DisplayRole)
        if not text:
            continue
        margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        arrow = 0
        if header.isSortIndicatorShown() and header.sortIndicatorSection() == section:
            arrow = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header)
        need = header.fontMetrics().horizontalAdvance(str(text)) + margin + arrow
        have = header.sectionSize(section)
        if need > have + SLACK:
            cut.append(f"header {text!r} needs {need} px, has {have}")
    return cut


def cut_texts(root: QWidget, names: Collection[str] = ()) -> list[str]:
    """Every visible widget under `root` (or only those with an object name in
    `names`) whose text is cut, as "name (class) 'text': needs …, has …"."""
    found: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if names and widget.objectName() not in names:
            continue
        if not _shown(widget, root):
            continue
        problem: str | None = None
        text = ""
        if isinstance(widget, QLabel):
            problem, text = _label(widget, bool(names)), widget.text()
        elif isinstance(widget, QAbstractButton):
            problem, text = _button(widget), widget.text()
        elif isinstance(widget, QComboBox):
            problem, text = _combo(widget), widget.currentText()
        elif isinstance(widget, QLineEdit):
            problem, text = _line_edit(widget), widget.placeholderText()
        elif isinstance(widget, QHeaderView):
            found += [f"{widget.objectName() or 'header'}: {cut}" for cut in _header(widget)]
        if problem:
            name = widget.objectName() or "-"
            found.append(f"{name} ({type(widget).__name__}) {text[:40]!r}: {problem}")
    return found
