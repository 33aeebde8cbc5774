"""The `sessiondesk` command's global behaviour and the accounts/settings commands."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from desktop import __version__
from tests.clirun import sessiondesk


def test_version(home: Path) -> None:
    result = sessiondesk(home, "--version")
    assert result.code == 0
    assert result.stdout.strip() == f"sessiondesk {__version__}"


@pytest.mark.parametrize(
    "args",
    [
        ["no-such-command"],
        ["accounts"],
        ["accounts", "add", "alpha"],  # --config-dir missing
        ["accounts", "add", "../evil", "--config-dir", "/tmp/x"],
        ["settings", "set", "language", "klingon"],
        ["settings", "set", "ui.theme", "sepia"],
        ["settings", "get", "no.such.key"],
        ["--home"],
    ],
)
def test_bad_usage_exits_2_with_one_line_and_no_traceback(home: Path, args: list[str]) -> None:
    result = sessiondesk(home, *args)
    assert result.code == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 or lines[0].startswith("usage:"), result.stderr
    assert "error" in result.stderr
    assert "Traceback" not in result.stderr


# A real SIGINT, sent by the process to itself the moment `desktop.cli` starts to load:
# the way a quick Ctrl+C after typing a command lands, but every time.
_CTRL_C_WHILE_LOADING = """
import os, runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # a pytest worker may ignore it
sys.addaudithook(lambda event, args: event == "import" and args[0] == "desktop.cli"
                 and os.kill(os.getpid(), signal.SIGINT))
sys.argv = ["sessiondesk", "runs"]
runpy.run_module("desktop", run_name="__main__")
"""


def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback(home: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _CTRL_C_WHILE_LOADING],
        env={**os.environ, "SESSIONDESK_HOME": str(home)},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr


def test_accounts_lifecycle_in_json(home: Path, tmp_path: Path) -> None:
    assert sessiondesk(home, "--json", "accounts", "list").json() == []
    added = sessiondesk(
        home, "--json", "accounts", "add", "alpha", "--config-dir", str(tmp_path / "cfg a"),
        "--create",
    )  # fmt: skip
    assert added.code == 0, added.stderr
    assert (tmp_path / "cfg a").is_dir()
    assert added.json()["config_dir"] == str(tmp_path / "cfg a")

    listed = sessiondesk(home, "--json", "accounts", "list").json()
    assert [(a["name"], a["auth"], a["has_secret"]) for a in listed] == [("alpha", "login", False)]

    duplicate = sessiondesk(home, "accounts", "add", "alpha", "--config-dir", str(tmp_path))
    assert duplicate.code == 2 and "exists already" in duplicate.stderr

    assert sessiondesk(home, "accounts", "remove", "alpha").code == 0
    missing = sessiondesk(home, "accounts", "remove", "alpha")
    assert missing.code == 1 and "no account named 'alpha'" in missing.stderr
    assert sessiondesk(home, "--json", "accounts", "list").json() == []


def test_default_account_is_registered_once_from_claude_config_dir(
    home: Path, tmp_path: Path
) -> None:
    config = tmp_path / "my claude"
    config.mkdir()
    env = {"CLAUDE_CONFIG_DIR": str(config)}
    listed = sessiondesk(home, "--json", "accounts", "list", env=env).json()
    assert [(a["name"], a["config_dir"]) for a in listed] == [("default", str(config))]

    # removed on purpose: it must not come back on the next start
    assert sessiondesk(home, "accounts", "remove", "default", env=env).code == 0
    assert sessiondesk(home, "--json", "accounts", "list", env=env).json() == []


def test_no_default_account_when_the_config_dir_does_not_exist(home: Path) -> None:
    assert sessiondesk(home, "--json", "accounts", "list").json() == []


def test_settings_round_trip_and_defaults(home: Path) -> None:
    assert sessiondesk(home, "settings", "get", "rollover.threshold_tokens").stdout.strip() == (
        "150000"
    )
    changed = sessiondesk(home, "--json", "settings", "set", "rollover.enabled", "off")
    assert changed.json() == {"key": "rollover.enabled", "value": "false"}
    assert sessiondesk(home, "settings", "get", "rollover.enabled").stdout.strip() == "false"
    everything = sessiondesk(home, "--json", "settings", "list").json()
    assert everything["rollover.enabled"] == "false"
    assert everything["language"] == "system"
    assert everything["ui.theme"] == "system"
    changed = sessiondesk(home, "--json", "settings", "set", "ui.theme", "dark")
    assert changed.json() == {"key": "ui.theme", "value": "dark"}
    refused = sessiondesk(home, "settings", "set", "ui.theme", "purple")
    assert refused.code == 2
    assert "system, light, dark" in refused.stderr


def test_a_newer_database_is_a_clear_error_not_a_traceback(home: Path) -> None:
    import sqlite3

    assert sessiondesk(home, "accounts", "list").code == 0
    with closing(sqlite3.connect(home / "sessiondesk.db")) as connection, connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff'")
    result = sessiondesk(home, "accounts", "list")
    assert result.code == 1
    assert "newer Sessiondesk" in result.stderr
    assert "Traceback" not in result.stderr
