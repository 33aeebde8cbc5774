"""The branch picture: fork, re-run, resume, replay and rollover rates per
account and turns per conversation, in `stats --json` and as the insight
page's Branches charts. Counted from the facts the execution tree labels its
nodes with (a switch record is no turn; a re-run is a replay that rewrote the
history), over rows of a real SQLite home."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCharts import QBarSeries
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import ExecutionKind as K
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from tests.clirun import sessiondesk
from tests.ui.library_kit import Turn, open_insight, record
from tests.ui.session_kit import add_account

pytestmark = pytest.mark.gui


def _history(hub: ServiceHub, home: Path, tmp_path: Path) -> str:
    add_account(hub, "alpha", tmp_path / "alpha")
    add_account(hub, "beta", tmp_path / "beta")
    rivers = record(home, "Rivers", "alpha", "/src", [
        Turn(),
        Turn(K.CONTINUE, resumed_from="s1"),
        Turn(K.CONTINUE, resumed_from="s1"),
        Turn(K.REPLAY, after=1, epoch=1),  # edited and re-run from the second turn
        Turn(K.ROLLOVER, epoch=1),
    ])  # fmt: skip
    record(
        home,
        "A fork",
        "alpha",
        "/src",
        [Turn(K.FORK, resumed_from="s1"), Turn(K.CONTINUE, resumed_from="s2")],
    )
    record(home, "Docs", "beta", "/docs", [Turn(), Turn(K.SWITCH), Turn(K.REPLAY)])
    return rivers


def test_stats_give_the_branch_rates_per_account(
    hub: ServiceHub, home: Path, tmp_path: Path
) -> None:
    rivers = _history(hub, home, tmp_path)
    shown = sessiondesk(home, "--json", "stats")
    assert shown.code == 0, shown.stderr
    alpha, beta = shown.json()["accounts"]
    assert (alpha["turns"], alpha["forks"], alpha["reruns"]) == (7, 1, 1)
    assert (alpha["conversations"], alpha["turns_per_conversation"]) == (2, 3.5)
    assert alpha["fork_rate"] == alpha["rerun_rate"] == round(1 / 7, 4)
    assert alpha["resume_rate"] == round(4 / 7, 4)
    assert alpha["replay_rate"] == alpha["rollover_rate"] == round(1 / 7, 4)
    # the switch record is no turn: two turns, one replayed
    assert (beta["turns"], beta["replay_rate"], beta["turns_per_conversation"]) == (2, 0.5, 2.0)
    assert beta["fork_rate"] == beta["rerun_rate"] == 0.0
    # the same re-run the tree labels
    tree = sessiondesk(home, "--json", "tree", rivers).json()
    kinds: list[str] = []
    nodes = list(tree)
    while nodes:
        node = nodes.pop()
        kinds.append(node["label"].split(" · ")[0])
        nodes += node["children"]
    assert kinds.count("re-run") == alpha["reruns"]


def test_the_branches_charts_show_the_rates_and_the_turns_per_conversation(
    window: MainWindow, hub: ServiceHub, home: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    _history(hub, home, tmp_path)
    page = open_insight(window, qtbot)
    page.chart_tabs.setCurrentIndex(1)
    assert page.chart_tabs.tabText(1) == "Branches"
    rates = page.branch_charts.rates.chart()
    (series,) = rates.series()
    assert isinstance(series, QBarSeries)
    values = {s.label(): [round(s.at(i), 1) for i in range(s.count())] for s in series.barSets()}
    # alpha (7 turns) first, then beta
    assert values == {
        "Forks": [14.3, 0.0],
        "Re-runs": [14.3, 0.0],
        "Resumes": [57.1, 0.0],
        "Replays": [14.3, 50.0],
        "Rollovers": [14.3, 0.0],
    }
    lengths = page.branch_charts.lengths.chart()
    assert lengths.title() == "Turns per conversation (average 3.0)"
    (bars,) = lengths.series()[0].barSets()
    # conversations of 2, 2 and 5 turns
    assert [bars.at(i) for i in range(bars.count())] == [0.0, 2.0, 1.0, 0.0, 0.0, 0.0]
