"""One window per home: a second launch raises the first and hands it its arguments.

Two real processes on one home, offscreen. The first is the real `run_app`
with a watcher that records what reaches its window; the second is the
real `python -m desktop`, untouched.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

# before pytest-qt makes the QApplication, as in tests/ui/conftest.py
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from desktop.ui.shell.single_instance import SingleInstance

pytestmark = pytest.mark.gui

FIRST = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import desktop.app as app
from desktop.ui.shell.single_instance import SingleInstance

home, record = Path(sys.argv[1]), Path(sys.argv[2])
built = app.build_window

def watched(hub, translations=None, **options):
    window = built(hub, translations, **options)
    instance = QApplication.instance().findChild(SingleInstance)

    def received(arguments):
        # after the app's own slot (connected first) brought the window forward
        state = {"args": arguments, "minimized": window.isMinimized(),
                 "visible": window.isVisible()}
        record.write_text(json.dumps(state))
        window.close()

    def ready():
        window.showMinimized()  # so that coming forward is something to see
        record.with_suffix(".ready").write_text("ready")

    QTimer.singleShot(0, lambda: instance.arguments_received.connect(received))
    QTimer.singleShot(100, ready)
    return window

app.build_window = watched
sys.exit(app.run_app(home, None))
"""


def _wait_for(path: Path, process: subprocess.Popen[str], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        if process.poll() is not None:
            raise AssertionError(f"the first window ended early: {process.communicate()[1]}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{path.name} never appeared")
        time.sleep(0.1)


def test_a_second_launch_raises_the_first_window_and_exits(home: Path, tmp_path: Path) -> None:
    record = tmp_path / "received.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    first = subprocess.Popen(
        [sys.executable, "-c", FIRST, str(home), str(record)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        _wait_for(record.with_suffix(".ready"), first)
        second = subprocess.run(
            [sys.executable, "-m", "desktop", "--home", str(home), "--claude", "/opt/elsewhere"],
            env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert second.returncode == 0, second.stderr
        assert "Traceback" not in second.stderr
        _wait_for(record, first)
        state = json.loads(record.read_text())
        assert state == {
            "args": ["--home", str(home), "--claude", "/opt/elsewhere"],
            "minimized": False,
            "visible": True,
        }
        assert first.wait(timeout=30) == 0
    finally:
        if first.poll() is None:
            first.kill()
        first.communicate(timeout=30)  # reaps it and closes its pipes


def test_the_window_opens_again_after_the_first_one_closed(home: Path, qapp: QApplication) -> None:
    owner = SingleInstance(home)
    assert owner.claim()
    assert not SingleInstance(home).claim()  # held, even within one process
    owner.release()
    again = SingleInstance(home)
    assert again.claim()
    again.release()
