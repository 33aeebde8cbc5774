"""WCAG 2 contrast between two colours: what "readable" means, as a number.

AA asks 4.5:1 for text and 3:1 for what identifies a control (a field's
border, a check box and its mark, a focus ring) against what is next to it.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

TEXT_AA = 4.5
NON_TEXT_AA = 3.0


def luminance(colour: QColor) -> float:
    """Relative luminance (0 black … 1 white), as WCAG defines it."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two opaque colours, 1 … 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(colour: QColor, ground: QColor, toward: QColor, least: float = TEXT_AA) -> QColor:
    """`colour`, moved toward `toward` (the full text colour) until it reads on
    `ground`: a faint colour kept as faint as AA allows."""
    shade = QColor(colour)
    shade.setAlpha(255)
    for step in range(1, 9):
        if contrast(shade, ground) >= least:
            break
        share = step / 8
        shade = QColor.fromRgbF(
            colour.redF() + (toward.redF() - colour.redF()) * share,
            colour.greenF() + (toward.greenF() - colour.greenF()) * share,
            colour.blueF() + (toward.blueF() - colour.blueF()) * share,
        )
    return shade
