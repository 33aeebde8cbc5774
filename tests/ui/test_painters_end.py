"""A widget's own painter ends with its paint, not when Python frees it.

A paint's frame can outlive the paint (a traceback holds it, `ui_stall.py
--why`'s stack sampler held it): a painter left open then was still active
when Qt ended the backing store's paint, and the window crashed (3 of 7
sampled bench runs).
"""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication

from desktop.ui.common.elided_label import ElidedLabel


def test_the_elided_labels_painter_is_ended_even_while_its_frame_lives(
    qapp: QApplication,
) -> None:
    label = ElidedLabel()
    label.setText("a/long/path/that/is/elided/in/the/middle/of/the/label")
    label.resize(120, 24)
    kept: list[FrameType] = []

    def keep(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "return" and frame.f_code.co_name == "paintEvent":
            kept.append(frame)  # as a traceback or a sampler would

    sys.setprofile(keep)
    try:
        label.grab()
    finally:
        sys.setprofile(None)
    painters = [v for f in kept for v in f.f_locals.values() if isinstance(v, QPainter)]
    assert painters, "the paint made no painter of its own"
    assert not any(p.isActive() for p in painters), "a painter outlived its paint, open"
    assert not label.grab().isNull()  # and the next paint can begin
