"""The Compare dialog fits both columns at its default size: long words wrap."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QScrollArea
from pytestqt.qtbot import QtBot

from desktop.domain.branches import Comparison
from desktop.domain.replay import Turn
from desktop.ui.conversations.compare_dialog import CompareDialog, breakable

PATH = "/home/someone/projects/sessiondesk/desktop/ui/conversations/a_very_long_module_name.py"


@pytest.mark.gui
def test_both_columns_fit_the_default_size_and_long_words_wrap(qtbot: QtBot) -> None:
    comparison = Comparison(
        common=(Turn("user", "Read the module."),),
        a=(Turn("user", f"Please read {PATH} and say what it does."),),
        b=(Turn("user", f"Please read {PATH} briefly."), Turn("assistant", "x" * 200)),
    )
    dialog = CompareDialog(comparison, "the first try", "the second try")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    scroll = dialog.findChild(QScrollArea)
    assert scroll is not None
    viewport = scroll.viewport()
    cells = [c for c in dialog.findChildren(QLabel, "compareCell") if c.isVisible()]
    assert len(cells) == 4

    def overflow() -> int:
        """How far the widest cell reaches past the viewport's right edge."""
        rights = [c.mapTo(viewport, c.rect().topRight()).x() for c in cells]
        return max(rights) - viewport.width()

    # settled once a vertical scroll bar (if any) took its width
    qtbot.waitUntil(lambda: overflow() <= 0 and scroll.horizontalScrollBar().maximum() == 0,
                    timeout=2000)  # fmt: skip
    assert not scroll.horizontalScrollBar().isVisible(), "the comparison scrolls sideways"


def test_a_long_word_gets_break_chances_and_short_ones_do_not() -> None:
    assert breakable("short words stay") == "short words stay"
    broken = breakable("y" * 60)
    assert broken.replace("\u200b", "") == "y" * 60
    assert broken.count("\u200b") == 2
