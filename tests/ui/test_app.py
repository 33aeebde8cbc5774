"""`desktop.app`: what the person sees when the app cannot start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

import desktop.app as app_module
from desktop.compose import open_services
from desktop.domain.errors import StoreError
from desktop.services.hub import ServiceHub

pytestmark = pytest.mark.gui


def test_a_store_error_at_start_is_a_message_box_and_an_exit_code(
    qapp: QApplication, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []

    def refuse(_home: Path, _claude: str | None) -> ServiceHub:
        raise StoreError("this database was written by a newer Sessiondesk")

    monkeypatch.setattr(app_module, "open_services", refuse)
    monkeypatch.setattr(app_module, "_startup_error", shown.append)
    assert app_module.run_app(home, None) == StoreError.exit_code
    assert shown == ["this database was written by a newer Sessiondesk"]


def test_an_unexpected_error_at_start_leaves_a_report_not_a_traceback(
    qapp: QApplication, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []

    def explode(_home: Path, _claude: str | None) -> ServiceHub:
        raise RuntimeError("boom")

    monkeypatch.setattr(app_module, "open_services", explode)
    monkeypatch.setattr(app_module, "_startup_error", shown.append)
    assert app_module.run_app(home, None) == 1
    reports = list((home / "logs").glob("crash-*.txt"))
    assert len(reports) == 1 and "RuntimeError: boom" in reports[0].read_text()
    assert str(reports[0]) in shown[0]


def test_the_application_is_named_and_has_an_icon(qapp: QApplication) -> None:
    app_module.configure_application(qapp)
    assert qapp.applicationName() == "Sessiondesk"
    assert qapp.applicationVersion() == app_module.__version__
    assert not qapp.windowIcon().isNull()
    assert all(path.is_file() for path in app_module.ICON_FILES)


RUN_AND_CLOSE = """
import asyncio, sys
from pathlib import Path
from PySide6.QtCore import QTimer
import desktop.app as app

built = app.build_window

async def visit(window):
    await asyncio.sleep(0.05)  # only completes if asyncio runs on Qt's loop
    Path(sys.argv[2]).write_text(window.windowTitle())
    window.close()

def build_and_schedule(hub, translations=None, **options):
    window = built(hub, translations, **options)
    QTimer.singleShot(50, lambda: asyncio.ensure_future(visit(window)))
    return window

app.build_window = build_and_schedule
sys.exit(app.run_app(Path(sys.argv[1]), None))
"""


def test_run_app_runs_asyncio_on_the_qt_loop_and_returns_on_close(
    home: Path, tmp_path: Path
) -> None:
    marker = tmp_path / "visited"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_CLOSE, str(home), str(marker)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert marker.read_text() == "Sessiondesk"
    assert "Traceback" not in done.stderr
    # the window saved its state on the way out
    hub = open_services(home)
    try:
        assert hub.settings.get("ui.geometry")
    finally:
        hub.close()
