"""Drive the real window through a whole conversation on a real X server.

Run as a child of the flow tests (`python -m tests.flows.driver …`) with
`QT_QPA_PLATFORM=xcb` and `DISPLAY` set: pytest-qt's own process is
offscreen, and offscreen proves nothing about a desktop. The window is built
by the composition root (`build_window`) over a real home, the real `claude`
and the real keyring, on a qasync loop as the app runs it; each step is done
the way a person does it (typing, Enter, the tree's and header's buttons)
and then reported as one JSON line of what is on screen — the composer, the
header, the tree, the selections, cut text — with a screenshot taken from
the X server itself (what was painted, not a fresh render).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
import traceback
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import qasync
from PySide6.QtCore import QEvent, QModelIndex, QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from desktop.app import build_window
from desktop.compose import open_services
from desktop.domain.transcript import Role
from desktop.ui.accounts.switcher import SwitchChoice
from desktop.ui.conversations.tree_model import EXECUTION_ROLE, NODE
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.shell.main_window import MainWindow
from tests.ui.screen_truth import PaintedPlaceholder

SIZE = (1200, 760)
"""The window's default size."""


async def until(check: Callable[[], object], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:g} s waiting for {what}")
        await asyncio.sleep(0.03)


class Driver:
    def __init__(self, window: MainWindow, project: Path, shots: Path) -> None:
        self.w = window
        self.project = project
        self.shots = shots
        self.painted = PaintedPlaceholder(window.runs.composer.prompt)
        self.step_no = 0

    async def ready(self) -> None:
        """Until the window has all its parts and its first index pass is done."""
        w, indexer = self.w, self.w.sessions.indexer
        await until(lambda: w.parts_built and indexer.completed >= 1 and not indexer.running(),
                    60, "the window and its first index pass")  # fmt: skip

    # -- what a person does --------------------------------------------------------------

    def type_and_send(self, text: str) -> None:
        prompt = self.w.runs.composer.prompt
        prompt.setFocus()
        prompt.setPlainText(text)
        QTest.keyClick(prompt, Qt.Key.Key_Return)

    async def turn(self, text: str) -> LiveRun:
        """Send `text` and wait until the run ended and every view read what it changed."""
        runs = self.w.runs.controller.runs
        before = len(runs)
        self.type_and_send(text)
        await until(lambda: len(runs) > before and not self.w.runs.starting, 60, "the start")
        live = runs[-1]
        await until(lambda: not live.streaming, 90, "the run's end")
        await self.settled(live)
        return live

    async def settled(self, live: LiveRun | None = None) -> None:
        desk, pane = self.w.runs, self.w.conversation

        def done() -> bool:
            current = desk.panel.current()
            on_key = live is None or (current is not None and live.key == (
                current.account, current.session_id))  # fmt: skip
            return (on_key and not desk.panel.is_loading() and desk.presenter.shown() is None
                    and not pane.reader.busy() and not pane.marking())  # fmt: skip

        await until(done, 30, "the views to read what changed")
        await asyncio.sleep(0.6)  # past a cursor blink and the chart's later paint

    # -- what is on screen ---------------------------------------------------------------

    async def step(self, step: str, **extra: Any) -> None:
        """Report once the loop has run what was posted: not `processEvents()`
        inside this task, which runs a streaming run's wake-ups nested in it,
        where asyncio refuses them and the run never hears its claude again.

        A streaming run's chunk read just before has its repaint still queued, so the
        X server shows the text before it: a look or two more, a turn of the loop
        apart, let that paint land. A partial update's leftovers stay whatever the
        wait, so the least of the looks is what was left stale."""
        stale: list[float] = []
        for _ in range(3):
            await asyncio.sleep(0.05)
            stale.append(self.stale_share(self.w))
            if not stale[-1]:
                break
        self.report(step, **{"window_stale": min(stale), **extra})

    def report(self, step: str, **extra: Any) -> None:
        self.step_no += 1
        shot = self.shots / f"{self.step_no:02d}-{step}.png"
        self.screenshot(shot)
        line = {"step": step, "shot": str(shot), **self.state(), **extra}
        print(json.dumps(line), flush=True)

    def screenshot(self, path: Path) -> None:
        """From the X server's own framebuffer: what was painted, stale or not."""
        screen = QGuiApplication.primaryScreen()
        frame = self.w.frameGeometry()
        screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height()).save(str(path))

    def state(self) -> dict[str, Any]:
        desk, pane, header = self.w.runs, self.w.conversation, self.w.conversation.header
        composer = desk.composer
        chosen = self.w.sessions.pane.selected_record()
        current = pane.current_execution()
        return {
            "composer": {
                "placeholder": composer.prompt.placeholderText(),
                "painted": self.painted.on_screen(),
                "text": composer.prompt_text(),
                "send": composer.send_button.isEnabled(),
                "stop": self.w.commands.stop_run.isEnabled(),
                "account": composer.account(),
                "error": composer.error_text(),
            },
            "header": {
                "visible": header.isVisible(),
                "code": header.code_label.text(),
                "account": header.account_badge.text(),
                "title": header.title_edit.text(),
                "session": header.session_id(),
            },
            "tree": self.tree_rows(),
            "tree_current": current.id if current else None,
            "tree_selected": [e.id for e in pane.selected_executions()],
            "list_selected": [chosen.account, chosen.session_id] if chosen else None,
            "transcript": self.transcript(),
            "status": self.w.status_bar.currentMessage(),
            "cut": self.cut_widgets(),
            "chart_stale": self.stale_share(pane.chart),
        }

    @staticmethod
    def stale_share(widget: QWidget) -> float:
        """The share of a widget's pixels on the X server that a full repaint of it
        draws otherwise: what a partial update left behind (old axis labels)."""
        if not widget.isVisible() or widget.width() < 2:
            return 0.0
        at = widget.mapToGlobal(QPoint(0, 0))
        screen = QGuiApplication.primaryScreen()
        shown = screen.grabWindow(0, at.x(), at.y(), widget.width(), widget.height()).toImage()
        fresh = widget.grab().toImage()
        if shown.size() != fresh.size():
            return 1.0
        a = shown.convertToFormat(QImage.Format.Format_RGB32)
        b = fresh.convertToFormat(QImage.Format.Format_RGB32)
        words_a = memoryview(bytes(a.constBits())).cast("I")
        words_b = memoryview(bytes(b.constBits())).cast("I")
        differ = sum(1 for x, y in zip(words_a, words_b, strict=True) if x != y)
        return differ / max(1, len(words_a))

    def transcript(self) -> list[str]:
        """The last few prompts and replies shown, cut short."""
        rows = self.w.runs.panel.model.rows()
        said = [r.message.text[:80] for r in rows if r.message.role in (Role.USER, Role.ASSISTANT)]
        return said[-6:]

    def tree_rows(self) -> list[dict[str, Any]]:
        model, view = self.w.conversation.model, self.w.conversation.tree
        rows: list[dict[str, Any]] = []

        def walk(parent: QModelIndex, depth: int) -> None:
            for row in range(model.rowCount(parent)):
                index = model.index(row, NODE, parent)
                execution = index.data(EXECUTION_ROLE)
                label = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
                rect = view.visualRect(index)
                width = view.fontMetrics().horizontalAdvance(label)
                rows.append({
                    "depth": depth, "label": label,
                    "kind": str(execution.kind) if execution else "",
                    "id": execution.id if execution else "",
                    "account": execution.account if execution else "",
                    "cut": rect.width() > 0 and width > rect.width() - 22,  # the dot's room
                })  # fmt: skip
                walk(index, depth + 1)

        walk(QModelIndex(), 0)
        return rows

    def cut_widgets(self) -> list[str]:
        """Named buttons, checkboxes and labels narrower than their text needs."""
        found: list[str] = []
        roots: list[QWidget] = [self.w.runs.composer, self.w.conversation.header,
                                self.w.conversation]  # fmt: skip
        for root in roots:
            for widget in root.findChildren(QWidget):
                if not widget.objectName() or not widget.isVisible():
                    continue
                if isinstance(widget, QLabel) and (widget.wordWrap() or not widget.text()):
                    continue
                elides = type(widget).__name__ == "ElidedLabel"  # shortens on purpose
                if isinstance(widget, QAbstractButton | QLabel) and not elides and (
                        widget.width() < widget.minimumSizeHint().width()):  # fmt: skip
                    found.append(widget.objectName())
        return sorted(set(found))


async def walk(d: Driver) -> None:
    """new, continue ×3, fork, edit & re-run, switch, a turn under the new account,
    a failed and a stopped turn, and a new conversation that names the first
    with `[[SESS-001]]`."""
    w = d.w
    desk, pane = w.runs, w.conversation
    await d.ready()
    await d.step("start")

    w.commands.new_conversation.trigger()
    desk.composer.folder_edit.setText(str(d.project))
    await d.turn("plan the parser refactor in three steps")
    await d.step("new")
    for n in range(1, 4):
        await d.turn(f"continue with step {n}")
        await d.step(f"continue{n}")

    # fork from the first continue: the tree's node, then Fork
    nodes = [r for r in d.tree_rows() if r["kind"] == "continue"]
    pane.tree.setCurrentIndex(pane.model.index_of(nodes[0]["id"]))
    await asyncio.sleep(0.3)
    pane.fork_button.click()
    await d.turn("fork: try a recursive-descent parser instead")
    await d.step("fork")

    # back to the first conversation; edit & re-run its second prompt
    first = runs_first_key(d)
    w.sessions.pane.select_session(*first)
    await until(lambda: (c := desk.panel.current()) is not None
                and (c.account, c.session_id) == first, 20, "the first session")  # fmt: skip
    await d.settled()
    await d.step("back-to-first")
    prompts = [r.message for r in desk.panel.model.rows() if r.message.role is Role.USER]
    desk.panel.view.rerun_requested.emit(prompts[1])
    await d.step("rerun-mode")
    await d.turn("rerun: a Pratt parser, please")
    await d.step("rerun")

    # Switch… → beta → Switch, without carrying context
    header = pane.header
    header.switch_button.click()
    dialog = desk.switching.dialog
    await until(lambda: dialog is not None and dialog.isVisible(), 10, "the switcher")
    await d.step("switcher-open")
    assert dialog is not None
    desk.switching._chosen(desk.switching._record, SwitchChoice("beta", carry=False))
    dialog.reject()  # the choice is made above: the dialog's own accept needs a person
    pending = desk.switching.pending
    assert pending is not None
    await pending
    await until(lambda: not pane.reader.busy(), 20, "the pane's read")
    await asyncio.sleep(0.6)
    await d.step("switched")
    await d.turn("under beta now: summarise where we are")
    await d.step("beta-turn")

    await d.turn("this turn meets an API error")
    await d.step("failed")
    desk.composer.prompt.clear()  # the person drops the prompt given back

    runs = desk.controller.runs
    d.type_and_send("a long answer, stopped half way")
    await until(lambda: runs[-1].streaming and len(runs[-1].transcript.text()) > 20, 60,
                "the long answer to stream")  # fmt: skip
    await d.step("streaming")
    w.commands.stop_run.trigger()
    await until(lambda: not runs[-1].streaming, 60, "the stop")
    await d.settled(runs[-1])
    await d.step("stopped")

    w.commands.new_conversation.trigger()
    desk.composer.folder_edit.setText(str(d.project))
    beta = desk.composer.account_combo.findData("beta")
    desk.composer.account_combo.setCurrentIndex(beta)
    await d.turn("compare this with [[SESS-001]]")
    await d.step("reference")


async def rollover(d: Driver) -> None:
    """Three turns whose context crosses the rollover threshold before the third:
    the third starts a fresh session of the same conversation."""
    w = d.w
    await d.ready()
    w.commands.new_conversation.trigger()
    w.runs.composer.folder_edit.setText(str(d.project))
    await d.turn("a big first question")
    await d.step("new")
    await d.turn("a bigger second one")
    await d.step("full")
    await d.turn("and a third, past the threshold")
    await d.step("rolled-over")


async def wall(d: Driver) -> None:
    """Three conversations under two accounts at once, on the run wall opened by a
    click on the status bar's run count; the one asking is answered from the wall,
    the other two stopped from it."""
    w = d.w
    await d.ready()
    runs, composer = w.runs.controller.runs, w.runs.composer
    for n, account in enumerate(("alpha", "beta", "alpha"), start=1):
        w.commands.new_conversation.trigger()
        composer.set_accounts(["alpha", "beta"])
        composer.set_target(account, str(d.project))
        d.type_and_send(f"wall turn {n}")
        await until(lambda n=n: len(runs) >= n and not w.runs.starting, 60, f"turn {n}")
    count = w.runs.indicator.label  # "3 runs streaming" in the status bar opens the wall
    await until(count.isVisible, 10, "the run count")
    # sent, not QTest's click: that turns Qt's loop inside this task, and qasync's runs with it
    at = QPointF(count.rect().center())
    QApplication.sendEvent(count, QMouseEvent(
        QEvent.Type.MouseButtonRelease, at, count.mapToGlobal(at), Qt.MouseButton.LeftButton,
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))  # fmt: skip
    await until(lambda: w.wall.wall is not None and w.wall.wall.isVisible(), 10, "the wall")
    board, asking = w.wall.wall, runs[2]
    assert board is not None

    def on_wall() -> list[dict[str, Any]]:
        return [{"account": row.account, "state": str(row.state), "mine": row.live is asking,
                 "conversation": row.read.conversation if row.read else ""}
                for row in board.rows]  # fmt: skip

    await until(lambda: len(board.rows) == 3 and all(r["conversation"] for r in on_wall())
                and asking.needs_answer, 90, "three turns on the wall, one asking")  # fmt: skip
    mine = next(i for i, row in enumerate(board.rows) if row.live is asking)
    board.table.setCurrentItem(board.table.topLevelItem(mine))
    await asyncio.sleep(0.6)
    frame = board.frameGeometry()
    QGuiApplication.primaryScreen().grabWindow(
        0, frame.x(), frame.y(), frame.width(), frame.height()
    ).save(str(d.shots / "wall.png"))
    d.report("wall", wall=on_wall(), cards=len(board.cards.pending()))
    (card,) = board.cards.pending()
    card.allow_button.click()
    await until(lambda: not asking.streaming, 90, "the answered turn's end")
    await until(lambda: not any(r["mine"] for r in on_wall()), 30, "it off the wall")
    status = asking.status
    d.report("answered", wall=on_wall(), status=str(status) if status else None)
    while board.rows:  # the other two stopped from the wall, each by its row's Stop
        board.table.setCurrentItem(board.table.topLevelItem(0))
        live = board.rows[0].live
        board.stop_button.click()
        await until(lambda live=live: live is None or not live.streaming, 60, "a stop")
        await until(lambda live=live: all(r.live is not live for r in board.rows), 10, "its row")
    d.report("stopped", wall=on_wall(), statuses=[str(r.status) for r in runs[:2]])


def runs_first_key(d: Driver) -> tuple[str, str]:
    key = d.w.runs.controller.runs[0].key
    assert key is not None
    return key


SCENARIOS: dict[str, Callable[[Driver], Coroutine[Any, Any, None]]] = {
    "walk": walk,
    "rollover": rollover,
    "wall": wall,
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", required=True, type=Path)
    parser.add_argument("--project", required=True, type=Path)
    parser.add_argument("--shots", required=True, type=Path)
    parser.add_argument("--scenario", default="walk", choices=sorted(SCENARIOS))
    args = parser.parse_args()
    args.shots.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    app.setCursorFlashTime(0)  # a steady cursor: screenshots and paints do not depend on a blink
    hub = open_services(args.home)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    window = build_window(hub)
    window.resize(*SIZE)
    window.show()
    driver = Driver(window, args.project, args.shots)
    code = 0
    try:
        loop.run_until_complete(SCENARIOS[args.scenario](driver))
    except BaseException as exc:  # said on stdout, where the test reads, with its place
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}",
                          "trace": traceback.format_exc()}), flush=True)  # fmt: skip
        code = 1
        with contextlib.suppress(Exception):  # the window itself may be what failed
            driver.report("failed")
    finally:
        window.runs.controller.stop_all()
        loop.run_until_complete(asyncio.sleep(0.5))
        window.close()
        hub.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
