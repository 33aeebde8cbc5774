"""`sessiondesk --self-test`: the installed app's own proof that it starts.

Run as a child process, as a package check runs it: offscreen by default, in a
temporary home (the person's home is never touched), one line and exit 1 on a
failure. The packaged command runs the same test in `.ci/run`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clirun import sessiondesk

pytestmark = pytest.mark.gui

WITHOUT_CLAUDE = {
    "PATH": os.path.dirname(sys.executable),
    "SESSIONDESK_CLAUDE": "",
    "QT_QPA_PLATFORM": "offscreen",
}


def test_the_self_test_passes_offscreen_and_leaves_the_home_alone(home: Path) -> None:
    done = sessiondesk(home, "--self-test", env=WITHOUT_CLAUDE)
    assert done.code == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "self-test passed"
    assert "claude: not found" in done.stdout  # missing claude is reported, not a failure
    assert "on the offscreen platform" in done.stdout
    assert "translations: loaded en, es, zh_CN" in done.stdout
    assert "icons: sessiondesk.svg and 8 sizes (16-512 px)" in done.stdout
    assert list(home.iterdir()) == []


COMPILED_LIKE_THE_WINDOW = """
import sys
from pathlib import Path
import desktop.app
from desktop.cli import main

desktop.app.QM_DIR = Path(sys.argv[1])  # a checkout that never ran build_translations
sys.exit(main(["--self-test"]))
"""


def test_a_checkout_without_catalogs_passes_as_its_window_speaks(
    home: Path, tmp_path: Path
) -> None:
    # an editable install: the window compiles the catalogs from i18n/ into its cache,
    # and the self-test, looking the window's way, finds them there too
    empty = tmp_path / "no-catalogs"
    empty.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", COMPILED_LIKE_THE_WINDOW, str(empty)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, **WITHOUT_CLAUDE},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "translations: loaded en, es, zh_CN from " in done.stdout
    assert "/cache/i18n" in done.stdout


def test_the_self_test_names_the_claude_it_found(home: Path, claude_bin: Path) -> None:
    done = sessiondesk(home, "--json", "--claude", str(claude_bin), "--self-test")
    assert done.code == 0, done.stderr
    report = done.json()
    assert report["ok"] is True
    assert report["checks"]["claude"] == f"found {claude_bin}"


MISSING_CATALOGS = """
import sys
from pathlib import Path
import desktop.app
from desktop.cli import main

desktop.app.QM_DIR = Path(sys.argv[1])  # a package built without its .qm files
desktop.app.COMPILE_FROM = None  # and, as every package, without the .ts sources
sys.exit(main(["--self-test"]))
"""


def test_a_missing_catalog_fails_with_one_line(home: Path, tmp_path: Path) -> None:
    empty = tmp_path / "no-catalogs"
    empty.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", MISSING_CATALOGS, str(empty)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, **WITHOUT_CLAUDE},
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "sessiondesk: self-test failed: translations: no usable catalog for es"
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the xcb platform is Linux's")
def test_a_display_qt_cannot_open_fails_with_one_line_not_an_abort(home: Path) -> None:
    env = {**WITHOUT_CLAUDE, "QT_QPA_PLATFORM": "xcb", "DISPLAY": ":nowhere"}
    done = sessiondesk(home, "--self-test", env=env)
    assert done.code == 1  # not Qt's abort (134)
    assert done.stderr.startswith("sessiondesk: self-test failed: qt: ")
    assert len(done.stderr.strip().splitlines()) == 1
