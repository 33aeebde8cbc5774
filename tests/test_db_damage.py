"""A damaged database is refused, untouched, by every command, in one message.

Each case copies a home holding accounts, indexed sessions, a conversation
and its execution; damages its database one way (pages overwritten, a table
dropped, cut short, emptied, garbage); runs one command in-process (reads:
list, show, search, stats; writes: run, settings set, rename, index). Every
case must end in the one message that names the file, with no internal error
and no traceback, the file byte-identical after, and no `claude` started.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import sqlite3
import stat
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.cli import main
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from tests.test_transcript_fixtures import Transcript, text

DB = "sessiondesk.db"


@pytest.fixture(scope="module")
def template() -> Iterator[tuple[Path, str, str]]:
    """A home worth damaging: its folder, a session id and a conversation id."""
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "claude")
        (config / "projects" / "p").mkdir(parents=True)
        os.environ.setdefault("CLAUDE_CONFIG_DIR", str(Path(tmp, "no-default")))
        sid = ""
        for n in range(40):  # enough text for the index to span many pages
            t = Transcript(session_id=str(uuid.uuid4()))
            t.prompt(f"walrus {n} " + "tusk " * 200)
            t.reply(text("blubber " * 300))
            t.write(config / "projects" / "p" / f"{t.session_id}.jsonl")
            sid = t.session_id
        home = Path(tmp, "home")
        services = open_services(home)
        services.accounts.add("work", str(config), AuthKind.LOGIN)
        services.sessions.refresh()
        rows = services._wiring.conversation_rows  # type: ignore[attr-defined]
        cid = rows.create("a conversation", "work", tmp).id
        services.close()
        yield home, sid, cid


def _copy(template: Path, into: Path) -> Path:
    home = into / "home"
    shutil.copytree(template, home)
    return home


# ---- kinds of damage ----------------------------------------------------------------


def _pages(db: Path) -> tuple[int, int]:
    data = db.read_bytes()
    size = int.from_bytes(data[16:18], "big")
    return size, len(data) // size


def overwrite_pages(db: Path, seed: int, count: int) -> None:
    size, pages = _pages(db)
    rng = random.Random(seed)
    with open(db, "r+b") as file:
        # every page but the first, whose header is damage of another kind (garbage)
        for page in rng.sample(range(1, pages), min(count, pages - 1)):
            file.seek(page * size)
            file.write(rng.randbytes(size))


def drop(table: str) -> Callable[[Path], None]:
    def damage(db: Path) -> None:
        with contextlib.closing(sqlite3.connect(db)) as conn:
            conn.execute(f"DROP TABLE {table}")
            conn.commit()

    damage.__name__ = f"drop_{table}"
    return damage


def truncate(db: Path) -> None:
    size, pages = _pages(db)
    with open(db, "r+b") as file:
        file.truncate((pages // 2) * size)


def cut_mid_page(db: Path) -> None:
    with open(db, "r+b") as file:
        file.truncate(os.path.getsize(db) - 100)


def empty(db: Path) -> None:
    db.write_bytes(b"")


def garbage(db: Path) -> None:
    db.write_bytes(random.Random(7).randbytes(os.path.getsize(db)))


DAMAGE: list[Callable[[Path], None]] = [
    drop("sessions"), drop("session_text"), drop("session_text_data"), drop("accounts"),
    drop("executions"), drop("conversations"), drop("settings"),
    truncate, cut_mid_page, empty, garbage,
]  # fmt: skip


def commands(sid: str, cid: str, project: Path, claude: Path) -> dict[str, list[str]]:
    return {
        "list": ["sessions", "list"],
        "show": ["sessions", "show", sid],
        "search": ["search", "walrus"],
        "stats": ["stats"],
        "settings set": ["settings", "set", "carry_context.budget_bytes", "1234"],
        "rename": ["conversations", "rename", cid or "SESS-001", "new title"],
        "index": ["index"],
        "run": ["--claude", str(claude), "run", "--account", "work", "--cwd", str(project), "hi"],
    }


def _claude_that_tells(folder: Path) -> tuple[Path, Path]:
    """A stand-in `claude` that leaves a mark when anything starts it."""
    marker = folder / "claude-was-started"
    script = folder / "claude"
    script.write_text(f'#!/bin/sh\necho "$@" >> "{marker}"\necho "2.1.0 (Claude Code)"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script, marker


def _sessiondesk(home: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--home", str(home), *argv])
    return code, out.getvalue(), err.getvalue()


def _files(home: Path) -> dict[str, bytes]:
    """The database and its logs, as bytes: what must not change."""
    return {p.name: p.read_bytes() for p in home.glob(f"{DB}*")}


def _refused(home: Path, argv: list[str], marker: Path) -> None:
    before = _files(home)
    code, _out, err = _sessiondesk(home, *argv)
    assert code != 0, err
    assert "internal error" not in err and "Traceback" not in err, err
    assert f"the database {home / DB} is damaged" in err, err
    assert "index --rebuild" in err and "backup" in err, err
    assert _files(home) == before, "the damaged database was changed"
    assert not marker.exists(), "claude was started on a damaged database"


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda d: d.__name__)
@pytest.mark.parametrize("command", ["list", "show", "search", "stats", "settings set",
                                     "rename", "index", "run"])  # fmt: skip
def test_every_command_refuses_a_damaged_database_untouched(
    template: tuple[Path, str, str], tmp_path: Path, damage: Callable[[Path], None], command: str
) -> None:
    source, sid, cid = template
    home = _copy(source, tmp_path)
    claude, marker = _claude_that_tells(tmp_path)
    damage(home / DB)
    _refused(home, commands(sid, cid, tmp_path, claude)[command], marker)


@settings(max_examples=25)
@given(
    seed=st.integers(0, 2**32),
    count=st.integers(1, 4),
    command=st.sampled_from(["list", "show", "search", "stats", "settings set", "rename",
                             "index", "run"]),
)  # fmt: skip
def test_pages_overwritten_are_refused_untouched(
    template: tuple[Path, str, str], seed: int, count: int, command: str
) -> None:
    source, sid, cid = template
    with tempfile.TemporaryDirectory() as tmp:
        home = _copy(source, Path(tmp))
        claude, marker = _claude_that_tells(Path(tmp))
        overwrite_pages(home / DB, seed, count)
        oracle = Path(tmp, "oracle.db")  # asked on a copy: asking leaves -wal and -shm files
        shutil.copy(home / DB, oracle)
        with contextlib.closing(sqlite3.connect(oracle)) as c:
            try:
                whole = c.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            except sqlite3.DatabaseError:
                whole = False
        if whole:
            return  # bytes SQLite does not read (free space in a page): not damage
        _refused(home, commands(sid, cid, Path(tmp), claude)[command], marker)


def test_an_empty_database_file_is_not_taken_for_a_new_one(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / DB).write_bytes(b"")
    code, _out, err = _sessiondesk(home, "accounts", "list")
    assert code != 0
    assert "0 bytes" in err and str(home / DB) in err
    assert (home / DB).read_bytes() == b""


def test_a_database_deleted_while_open_is_not_made_again(
    template: tuple[Path, str, str], tmp_path: Path
) -> None:
    source, _sid, _cid = template
    home = _copy(source, tmp_path)
    services = open_services(home)
    try:
        services.settings.get("carry_context.budget_bytes")  # the file is open and read
        (home / DB).unlink()
        with pytest.raises(Exception) as raised:
            services.settings.set("carry_context.budget_bytes", "99")
        assert "was deleted" in str(raised.value)
        assert not (home / DB).exists(), "a new, empty database was made in its place"
    finally:
        services.close()
    code, _out, err = _sessiondesk(home, "accounts", "list")
    assert code != 0 and "is missing, though this home had one" in err, err
    assert not (home / DB).exists()


def test_a_database_replaced_while_open_takes_no_write(
    template: tuple[Path, str, str], tmp_path: Path
) -> None:
    source, _sid, _cid = template
    home = _copy(source, tmp_path)
    services = open_services(home)
    try:
        services.settings.get("carry_context.budget_bytes")
        other = tmp_path / "other.db"
        shutil.copy(home / DB, other)
        os.replace(other, home / DB)
        with pytest.raises(Exception) as raised:
            services.settings.set("carry_context.budget_bytes", "99")
        assert "was replaced" in str(raised.value)
    finally:
        services.close()


INDEX_DAMAGE = [drop("sessions"), drop("session_text"), drop("session_text_data")]


@pytest.mark.parametrize("damage", INDEX_DAMAGE, ids=lambda d: d.__name__)
def test_index_rebuild_repairs_damage_confined_to_the_index(
    template: tuple[Path, str, str], tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    source, sid, cid = template
    home = _copy(source, tmp_path)
    damage(home / DB)
    code, _out, err = _sessiondesk(home, "index", "--rebuild")
    assert code == 0, err
    code, out, err = _sessiondesk(home, "--json", "sessions", "list")
    assert code == 0 and sid in out, err
    code, out, err = _sessiondesk(home, "--json", "search", "walrus")
    assert code == 0 and sid in out, err
    code, out, err = _sessiondesk(home, "--json", "conversations", "show", cid)
    assert code == 0, err  # the conversation outside the index is kept
    with contextlib.closing(sqlite3.connect(home / DB)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


@pytest.mark.parametrize("damage", [drop("accounts"), drop("executions"), truncate, garbage],
                         ids=lambda d: d.__name__)  # fmt: skip
def test_index_rebuild_refuses_damage_beyond_the_index_untouched(
    template: tuple[Path, str, str], tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    source, _sid, _cid = template
    home = _copy(source, tmp_path)
    _claude, marker = _claude_that_tells(tmp_path)
    damage(home / DB)
    _refused(home, ["index", "--rebuild"], marker)
