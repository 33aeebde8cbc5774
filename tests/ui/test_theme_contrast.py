"""WCAG AA in the dark theme, measured: text 4.5:1 against its ground, and 3:1
for what shows a control (a field's border, a check box and its mark, the
focus ring). Colours are read from the palette the window paints with and
from pixels of widgets rendered in each theme. The light theme is the
platform's own (plain Fusion here, whose edges are fainter): it is rendered
and measured too, and held to AA for the text the window colours itself."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QStyleOptionFocusRect,
    QStyleOptionFrame,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.common.contrast import NON_TEXT_AA, TEXT_AA, contrast
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.theme import theme_controller
from tests.ui.session_kit import add_account

pytestmark = pytest.mark.gui

R = QPalette.ColorRole
TEXT_PAIRS = [
    (R.WindowText, R.Window), (R.Text, R.Base), (R.Text, R.AlternateBase),
    (R.PlaceholderText, R.Base), (R.PlaceholderText, R.Window), (R.ButtonText, R.Button),
    (R.HighlightedText, R.Highlight), (R.ToolTipText, R.ToolTipBase), (R.Link, R.Base),
]  # fmt: skip
"""Every text a widget draws from the palette, on the ground it draws it on."""


@pytest.fixture
def window(hub: ServiceHub, tmp_path: Path, open_window: Callable[..., MainWindow]) -> MainWindow:
    add_account(hub, "work", tmp_path)
    return open_window(hub)


@pytest.fixture(params=["light", "dark"])
def theme(request: pytest.FixtureRequest, window: MainWindow, qtbot: QtBot) -> str:
    theme_controller().apply(request.param)
    qtbot.wait(10)
    return str(request.param)


LIGHT_FLOOR = 1.2
"""The light theme's edges are the platform style's: seen, if not at AA."""


def least(theme: str) -> float:
    return NON_TEXT_AA if theme == "dark" else LIGHT_FLOOR


def most_distinct(image: QImage, rect: QRect, ground: QColor) -> float:
    """The highest contrast against `ground` of any pixel in `rect`."""
    best = 1.0
    for x in range(max(rect.left(), 0), min(rect.right() + 1, image.width())):
        for y in range(max(rect.top(), 0), min(rect.bottom() + 1, image.height())):
            best = max(best, contrast(image.pixelColor(x, y), ground))
    return best


HOLDERS: list[QWidget] = []
"""The windows the widgets measured sit in, kept until the test ends."""


@pytest.fixture(autouse=True)
def holders() -> Iterator[None]:
    yield
    for holder in HOLDERS:
        holder.close()
        holder.deleteLater()
    HOLDERS.clear()


def rendered(qtbot: QtBot, widget: QWidget) -> tuple[QWidget, QImage]:
    """`widget` in a window of the palette's window colour, and its picture."""
    holder = QWidget()
    HOLDERS.append(holder)
    QVBoxLayout(holder).addWidget(widget)
    holder.resize(220, 120)
    holder.show()
    qtbot.waitExposed(holder)
    return widget, widget.grab().toImage()


def test_text_reads_on_its_ground(theme: str, window: MainWindow) -> None:
    palette = QApplication.palette()
    ratios = {
        f"{text.name} on {ground.name}": contrast(palette.color(text), palette.color(ground))
        for text, ground in TEXT_PAIRS
    }
    low = {pair: round(ratio, 2) for pair, ratio in ratios.items() if ratio < TEXT_AA}
    if theme == "dark":
        assert low == {}
    # the account counts are drawn as text: their strongest pixels read
    accounts = window.navigation.accounts_view  # type: ignore[attr-defined]
    picture = accounts.grab().toImage()
    column = accounts.visualRect(accounts.model().index(1, 1))
    ground = picture.pixelColor(column.left() + 1, column.top() + 1)
    assert most_distinct(picture, column, ground) >= TEXT_AA, theme


@pytest.mark.parametrize("kind", [QLineEdit, QPlainTextEdit, QComboBox, QPushButton])
def test_a_control_shows_its_edge(theme: str, kind: type[QWidget], qtbot: QtBot) -> None:
    widget, picture = rendered(qtbot, kind())
    palette = widget.palette()
    middle = QRect(0, picture.height() // 2 - 2, 3, 4)  # the left edge, half-way down
    seen = min(most_distinct(picture, middle, g) for g in (palette.color(R.Window),
                                                           palette.color(R.Base)))  # fmt: skip
    assert seen >= least(theme), (theme, kind.__name__, seen)


def test_a_check_box_and_its_mark_are_seen(theme: str, qtbot: QtBot) -> None:
    box, picture = rendered(qtbot, QCheckBox("Fresh session"))
    option = QStyleOptionButton()
    box.initStyleOption(option)
    indicator = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    edge = QRect(indicator.left(), indicator.center().y() - 1, 2, 3)
    window_ground = box.palette().color(R.Window)
    assert most_distinct(picture, edge, window_ground) >= least(theme), theme
    box.setChecked(True)
    picture = box.grab().toImage()
    inside = indicator.adjusted(3, 3, -3, -3)
    fill = picture.pixelColor(indicator.left() + 2, indicator.top() + 2)
    assert most_distinct(picture, inside, fill) >= least(theme), theme


def test_a_radio_button_and_its_dot_are_seen(theme: str, qtbot: QtBot) -> None:
    radio, picture = rendered(qtbot, QRadioButton("SQLite"))
    option = QStyleOptionButton()
    radio.initStyleOption(option)
    indicator = radio.style().subElementRect(
        QStyle.SubElement.SE_RadioButtonIndicator, option, radio
    )
    edge = QRect(indicator.left(), indicator.center().y() - 1, 2, 3)
    assert most_distinct(picture, edge, radio.palette().color(R.Window)) >= least(theme), theme
    radio.setChecked(True)
    picture = radio.grab().toImage()
    fill = picture.pixelColor(indicator.left() + 2, indicator.center().y())  # inside the ring
    dot = indicator.adjusted(5, 5, -5, -5)
    assert most_distinct(picture, dot, fill) >= least(theme), theme


@pytest.mark.parametrize(
    "element",
    [QStyle.PrimitiveElement.PE_FrameLineEdit, QStyle.PrimitiveElement.PE_FrameFocusRect],
    ids=["field", "list-row-box-or-button"],
)
def test_the_focus_ring_is_seen(theme: str, element: QStyle.PrimitiveElement, qtbot: QtBot) -> None:
    """A field's ring, and the one around a list's current row, a check box's
    words or a button reached with Tab (Fusion drew that one at a third)."""
    edit, _picture = rendered(qtbot, QLineEdit())
    palette = edit.palette()
    image = QImage(edit.size(), QImage.Format.Format_ARGB32)
    image.fill(palette.color(R.Base))
    option = QStyleOptionFrame() if element == QStyle.PrimitiveElement.PE_FrameLineEdit \
        else QStyleOptionFocusRect()  # fmt: skip
    option.initFrom(edit)
    option.state |= QStyle.StateFlag.State_HasFocus | QStyle.StateFlag.State_KeyboardFocusChange
    painter = QPainter(image)
    edit.style().drawPrimitive(element, option, painter, edit)
    painter.end()
    edge = QRect(0, image.height() // 2 - 2, 3, 4)
    for ground in (palette.color(R.Window), palette.color(R.Base)):
        assert most_distinct(image, edge, ground) >= least(theme), theme
