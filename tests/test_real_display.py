"""The real app on a real X server: Qt's xcb platform, not offscreen.

A missing system library (Qt's xcb plugin needs libxcb-icccm4, -keysyms1 and
more) aborts the app here; offscreen never loads them. Selected with `-m x11`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xserver import wait_for_window, xdotool, xvfb

pytestmark = [
    pytest.mark.x11,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 is tested on Linux"),
]


def test_the_app_opens_its_window_on_x_and_quits_from_the_keyboard(home: Path) -> None:
    with xvfb() as display:
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
        app = subprocess.Popen(
            [sys.executable, "-m", "desktop", "--home", str(home)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            try:
                window = wait_for_window(display, app.pid, app, timeout=60)
            except RuntimeError as exc:
                pytest.fail(f"{exc}\n{app.communicate(timeout=10)[1]}")
            assert "Sessiondesk" in xdotool(display, "getwindowname", window)
            geometry = xdotool(display, "getwindowgeometry", "--shell", window)
            size = dict(line.split("=") for line in geometry.splitlines())
            assert int(size["WIDTH"]) >= 400 and int(size["HEIGHT"]) >= 300
            # real key presses (XTEST) to the focused window: the Quit shortcut
            xdotool(display, "windowfocus", "--sync", window)
            xdotool(display, "key", "--clearmodifiers", "ctrl+q")
            _out, err = app.communicate(timeout=30)
            assert app.returncode == 0, err
            assert "Traceback" not in err
        finally:
            if app.poll() is None:
                app.kill()
                app.communicate()
