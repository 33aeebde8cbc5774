"""Fusion with edges a person can see, in light and dark.

Fusion draws a field's border, a check box and a button's outline in the
window colour made a little darker: on the dark palette that is almost
black on almost black (the composer, the Folder and Filter fields had no
visible border, the Fresh session and Show hidden boxes could barely be
seen), and its focus ring is the highlight at a third of its strength. This
style draws them again over Fusion's in colours picked for WCAG AA: 3:1
against both the field's ground and the window's, and a solid focus ring.
Everything else is Fusion's own drawing, so nothing is slower to paint.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QWidget

from desktop.ui.common.contrast import NON_TEXT_AA, contrast

FUSION = "Fusion"
DARK_EDGE, LIGHT_EDGE = QColor("#7A8291"), QColor("#767B85")
DARK_FOCUS, LIGHT_FOCUS = QColor("#60A5FA"), QColor("#1D4ED8")
RADIUS = 2.5

_FIELDS = (QStyle.PrimitiveElement.PE_FrameLineEdit, QStyle.PrimitiveElement.PE_Frame)
_BUTTONS = (QStyle.PrimitiveElement.PE_PanelButtonCommand,)
_OURS = frozenset({
    *_FIELDS, *_BUTTONS,
    QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_FrameFocusRect,
    QStyle.PrimitiveElement.PE_IndicatorRadioButton,
})  # fmt: skip


def _dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def edge_colour(palette: QPalette) -> QColor:
    """A border that stands 3:1 off both the field's ground and the window's."""
    edge = QColor(DARK_EDGE if _dark(palette) else LIGHT_EDGE)
    grounds = [palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Window)]
    for _ in range(12):  # a palette of the platform's own: step away until it stands out
        if min(contrast(edge, ground) for ground in grounds) >= NON_TEXT_AA:
            break
        edge = edge.lighter(112) if _dark(palette) else edge.darker(112)
    return edge


def focus_colour(palette: QPalette) -> QColor:
    return QColor(DARK_FOCUS if _dark(palette) else LIGHT_FOCUS)


class ContrastStyle(QProxyStyle):
    def __init__(self) -> None:
        super().__init__(FUSION)
        self.setObjectName("contrastStyle")

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element not in _OURS:  # most calls (list rows): straight to Fusion, nothing read
            super().drawPrimitive(element, option, painter, widget)
            return
        rect = QRectF(option.rect)  # type: ignore[attr-defined]
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        state = option.state  # type: ignore[attr-defined]
        if element in (
            QStyle.PrimitiveElement.PE_IndicatorCheckBox,
            QStyle.PrimitiveElement.PE_IndicatorRadioButton,
        ):
            radio = element == QStyle.PrimitiveElement.PE_IndicatorRadioButton
            self._check_box(rect, palette, state, painter, radio=radio)
            return
        if element == QStyle.PrimitiveElement.PE_FrameFocusRect:
            self._outline(painter, rect.adjusted(1, 1, -1, -1), focus_colour(palette), 2.0)
            return
        super().drawPrimitive(element, option, painter, widget)
        if (element not in _FIELDS and element not in _BUTTONS) or rect.width() < 8:
            return
        focused = bool(state & QStyle.StateFlag.State_HasFocus)
        if element in _BUTTONS:  # a clicked button keeps no ring; a tabbed-to one does
            focused = focused and bool(state & QStyle.StateFlag.State_KeyboardFocusChange)
        if focused:
            self._outline(painter, rect.adjusted(1, 1, -1, -1), focus_colour(palette), 2.0)
        else:
            edge = edge_colour(palette)
            self._outline(painter, rect.adjusted(0.5, 0.5, -0.5, -0.5), edge, 1.0)

    def _outline(self, painter: QPainter, rect: QRectF, colour: QColor, width: float) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(colour, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, RADIUS, RADIUS)
        painter.restore()

    def _check_box(
        self,
        rect: QRectF,
        palette: QPalette,
        state: QStyle.StateFlag,
        painter: QPainter,
        *,
        radio: bool = False,
    ) -> None:
        """A box (a circle for a radio button: Fusion's own vanishes on dark) on the
        field's ground, a 3:1 edge, and a mark in the text colour."""
        rect = rect.adjusted(0.5, 0.5, -0.5, -0.5)
        enabled = bool(state & QStyle.StateFlag.State_Enabled)
        group = QPalette.ColorGroup.Active if enabled else QPalette.ColorGroup.Disabled
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(palette.color(group, QPalette.ColorRole.Base))
        focused = bool(state & QStyle.StateFlag.State_HasFocus)
        edge = focus_colour(palette) if focused else edge_colour(palette)
        if not enabled:
            edge = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        painter.setPen(QPen(edge, 1.5 if focused else 1.0))
        mark = palette.color(group, QPalette.ColorRole.Text)
        if radio:
            painter.drawEllipse(rect)
            if state & QStyle.StateFlag.State_On:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(mark)
                inset = rect.width() * 0.28
                painter.drawEllipse(rect.adjusted(inset, inset, -inset, -inset))
            painter.restore()
            return
        painter.drawRoundedRect(rect, RADIUS, RADIUS)
        if state & QStyle.StateFlag.State_On:
            path = QPainterPath()
            w, h = rect.width(), rect.height()
            path.moveTo(rect.left() + w * 0.22, rect.top() + h * 0.52)
            path.lineTo(rect.left() + w * 0.42, rect.top() + h * 0.72)
            path.lineTo(rect.left() + w * 0.78, rect.top() + h * 0.28)
            pen = QPen(mark, max(1.6, w / 7))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        elif state & QStyle.StateFlag.State_NoChange:
            painter.fillRect(rect.adjusted(w := rect.width() * 0.25, w, -w, -w), mark)
        painter.restore()
