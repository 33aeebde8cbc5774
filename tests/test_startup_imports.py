"""Commands import only what they use: a child process's `-X importtime` list
shows that `--version` and `--help` load neither the database nor Qt, Alembic,
the keyring or asyncio, and that listing and searching sessions load no Qt,
Alembic or keyring (the schema is current, and no secret is needed), nor
SQLAlchemy (an index with nothing new is read with plain `sqlite3`), nor
asyncio or the transcript's model (listing was 110 ms slower than in round 5
for those imports)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import sessiondesk
from tests.test_transcript_fixtures import Transcript, text

PARSING_ONLY = ("sqlalchemy", "sqlite3", "PySide6", "alembic", "keyring", "asyncio")
READING = ("PySide6", "alembic", "keyring", "sqlalchemy", "asyncio")
TRANSCRIPT_MODEL = {"desktop.domain.events", "desktop.domain.transcript"}
"""The transcript's model (~40 ms of dataclasses a start here): for reading transcripts."""
SPARED = {"logging.handlers", "secrets", "urllib.parse"}
"""For a rotating log, a temporary file's name and a file URI: ~20 ms a start (sockets,
pickle, hmac, ipaddress), each done with a few lines of our own."""


def imported(home: Path, *args: str) -> tuple[set[str], str]:
    """The top-level packages a `python -m desktop ARGS` process imported, and its output."""
    names, output = imported_modules(home, *args)
    return {name.split(".")[0] for name in names}, output


def imported_modules(home: Path, *args: str) -> tuple[set[str], str]:
    """The modules a `python -m desktop ARGS` process imported, and its output."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "desktop", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "SESSIONDESK_HOME": str(home)},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [line.rsplit("|", 1) for line in proc.stderr.splitlines()]
    names = {row[1].strip() for row in rows if row[0].startswith("import time:") and len(row) == 2}
    assert "desktop.cli" in names, "the -X importtime list was not read"
    return names, proc.stdout


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_load_no_database_qt_alembic_keyring_or_asyncio(
    home: Path, option: str
) -> None:
    loaded, _ = imported(home, option)
    assert not loaded & set(PARSING_ONLY), sorted(loaded & set(PARSING_ONLY))


def test_the_parser_names_choices_without_loading_what_uses_them(home: Path) -> None:
    """Every command's parser lists the carry modes and the export formats: from
    `carry_mode` and `export_formats`, not from `carry` (which loads the
    conversations and their replay) or `session_export` (its rendering)."""
    names, output = imported_modules(home, "switch", "--help")
    assert "raw" in output and "migrate" in output
    _, export_help = imported_modules(home, "sessions", "export", "--help")
    assert "md,html" in export_help
    heavy = {"carry", "conversations", "session_export"}
    assert not names & {f"desktop.domain.{name}" for name in heavy}


def test_listing_and_searching_sessions_load_no_qt_alembic_keyring_or_sqlalchemy(
    home: Path, tmp_path: Path
) -> None:
    """Nor what a few lines of our own do (`SPARED`): each start of a command pays for
    every module it loads."""
    folder = tmp_path / "claude"
    added = sessiondesk(home, "accounts", "add", "work", "--config-dir", str(folder), "--create")
    assert added.code == 0, added.stderr
    t = Transcript(session_id="55555555-5555-4555-8555-555555555555", cwd="/src/app")
    t.prompt("where do KINGFISHERS nest?")
    t.reply(text("In burrows."))
    t.write(folder / "projects" / "-src-app" / f"{t.session_id}.jsonl")
    assert sessiondesk(home, "index").code == 0  # the database exists, its schema current

    for args in (["--json", "sessions", "list"], ["search", "kingfishers"]):
        names, output = imported_modules(home, *args)
        loaded = {name.split(".")[0] for name in names}
        assert t.session_id[:8] in output, (args, output)  # the session was read and shown
        assert "sqlite3" in loaded, "the command read the database"
        assert not loaded & set(READING), (args, sorted(loaded & set(READING)))
        assert not names & TRANSCRIPT_MODEL, (args, sorted(names & TRANSCRIPT_MODEL))
        assert not names & SPARED, (args, sorted(names & SPARED))
        # a listing takes no prompt apart (search does, for the hits it shows)
        assert args[0] == "search" or "desktop.domain.prompt_wrap" not in names


def probe(script: str, *args: str, **env: str) -> Any:
    """What a `python -c SCRIPT ARGS` process printed as JSON, with `env` set."""
    proc = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


WINDOW_PROBE = """
import gc, json, sys
import desktop.app as app
threshold = gc.get_threshold()
seen = []
def run_app(home, claude):
    parsed = "desktop.cli.accounts" in sys.modules
    seen.append([str(home), claude, gc.get_threshold() == threshold, parsed])
    return 0
app.run_app = run_app
from desktop.cli import main
codes = [main([]), main(["--home", sys.argv[1], "--claude", "/bin/true"])]
print(json.dumps([seen, codes, gc.get_threshold() == threshold]))
"""


def test_no_arguments_open_the_window_without_the_command_parser(
    home: Path, tmp_path: Path
) -> None:
    """The launcher's bare `sessiondesk` goes straight to the window (as parsing no
    arguments would), with Python's own collection thresholds restored for it."""
    other = tmp_path / "other"
    seen, codes, restored = probe(WINDOW_PROBE, str(other), SESSIONDESK_HOME=str(home))
    assert seen == [[str(home), None, True, False], [str(other), "/bin/true", True, True]]
    assert codes == [0, 0] and restored


FIRST_INDEX_PROBE = """
import json, sys
from pathlib import Path
from desktop.compose import open_services
from desktop.store.db import open_database
from desktop.store.settings import SqlSettingsRepository
home = Path(sys.argv[1])
hub = open_services(home)
hub.sessions  # registers the default account, as a first index does before it reads
settings = SqlSettingsRepository(open_database(home / "sessiondesk.db"))
settings.set("probe.key", "one")
settings.set("probe.key", "two")
settings.set("probe.gone", "soon")
settings.delete("probe.gone")
[account] = hub.accounts.accounts()
print(json.dumps([account.name, account.config_dir, account.created.isoformat(),
                  settings.all(), "sqlalchemy" in sys.modules]))
"""


def test_a_fresh_home_registers_its_default_account_without_sqlalchemy(
    home: Path, tmp_path: Path
) -> None:
    """A first index starts its worker processes only once the default account is
    registered: that registration and the settings writes beside it use plain
    `sqlite3`, and what they write reads back through the models unchanged."""
    from sqlalchemy import select

    from desktop.store.db import open_database
    from desktop.store.models import AccountRow, SettingRow

    claude = tmp_path / "claude"
    claude.mkdir()
    name, config_dir, created, setting, loaded = probe(
        FIRST_INDEX_PROBE, str(home), CLAUDE_CONFIG_DIR=str(claude)
    )
    assert (name, config_dir, loaded) == ("default", str(claude), False)
    assert setting == {"internal.default_account_registered": "1", "probe.key": "two"}
    db = open_database(home / "sessiondesk.db")
    try:
        with db.session(write=False) as session:
            row = session.scalars(select(AccountRow)).one()
            assert (row.name, row.created.isoformat()) == ("default", created)
            assert session.get(SettingRow, "probe.key").value == "two"
    finally:
        db.close()
