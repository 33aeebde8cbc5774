"""The window at 800×560 and 1600×1000, in English, Spanish and Chinese: the
panes share the width as the README says and no text on screen is cut."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.window_layout import FOLD_BELOW, MIN_RIGHT_WIDTH
from tests.ui.layout_kit import measured_window
from tests.ui.session_kit import pane
from tests.ui.text_fit import cut_texts

pytestmark = pytest.mark.gui

SMALL, LARGE = (800, 560), (1600, 1000)


def settle(qtbot: QtBot) -> None:
    qtbot.wait(50)
    QCoreApplication.processEvents()


def test_the_readme_names_the_width_the_pane_folds_below() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"narrower than {FOLD_BELOW:,} px" in readme.replace("\n", " ")


def test_the_conversation_pane_folds_on_a_narrow_window_and_comes_back(
    hub: ServiceHub, home: Path, tmp_path: Path,
    open_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:  # fmt: skip
    window = measured_window(hub, home, tmp_path, open_window, qtbot, size=(1200, 760))
    right = window.splitter.sizes()[2]
    assert right >= MIN_RIGHT_WIDTH
    window.resize(*SMALL)
    settle(qtbot)
    assert window.splitter.sizes()[2] == 0, window.splitter.sizes()
    window.resize(1200, 760)
    settle(qtbot)
    assert window.splitter.sizes()[2] == right


def test_the_list_grows_with_a_wide_window(
    hub: ServiceHub, home: Path, tmp_path: Path,
    open_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:  # fmt: skip
    """On 1600 px three sessions titled "plan the parser refactor: …" read apart."""
    window = measured_window(hub, home, tmp_path, open_window, qtbot, size=LARGE)
    left = window.splitter.sizes()[0]
    assert left >= 1600 // 3, window.splitter.sizes()
    view = pane(window).view
    metrics = view.fontMetrics()
    proxy = view.model()
    titles = [str(proxy.index(row, 0).data()) for row in range(proxy.rowCount())]
    shown = {metrics.elidedText(t, view.textElideMode(), view.columnWidth(0) - 8) for t in titles}
    assert len(shown) == len(titles), shown


def test_fork_and_rerun_modes_leave_the_panes_their_widths(
    hub: ServiceHub, home: Path, tmp_path: Path,
    open_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:  # fmt: skip
    window = measured_window(hub, home, tmp_path, open_window, qtbot, size=SMALL)
    before = window.splitter.sizes()
    window.runs.branch_banner.show_branch(fork=False, node="#12 · 3f2a9c1e", rerun=True)
    settle(qtbot)
    assert window.splitter.sizes() == before
    window.runs.branch_banner.show_branch(fork=True, node="#12 · 3f2a9c1e")
    settle(qtbot)
    assert window.splitter.sizes() == before


@pytest.mark.parametrize("language", ["en", "es", "zh_CN"])
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["800x560", "1600x1000"])
def test_nothing_is_cut(
    language: str, size: tuple[int, int], hub: ServiceHub, home: Path, tmp_path: Path,
    open_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:  # fmt: skip
    window = measured_window(hub, home, tmp_path, open_window, qtbot, size=size)
    window.set_language(language)
    settle(qtbot)
    # really that size: a folded pane's least width once kept the window 941 px wide
    assert (window.width(), window.height()) == size
    assert cut_texts(window) == []
    if size == SMALL:  # folded: dragged out, it is read whole too
        assert window.splitter.sizes()[2] == 0
        left, centre, _right = window.splitter.sizes()
        window.splitter.setSizes([left, centre - MIN_RIGHT_WIDTH, MIN_RIGHT_WIDTH])
        settle(qtbot)
        assert cut_texts(window.conversation) == []
    tree = window.conversation.tree
    assert tree.viewport().height() >= 4 * tree.sizeHintForRow(0), "four turns in sight"
