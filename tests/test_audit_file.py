"""The audit log file: whole lines, read back in order, and several processes
writing and rotating one home's log at once without losing a line."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from desktop.audit_file import FILE, LOGGER, install, read
from desktop.domain.audit import AuditEntry, parse

WRITER = """
import sys
from pathlib import Path
from desktop.audit_file import SharedRotatingFileHandler
from desktop.domain.audit import AuditEntry
import logging
handler = SharedRotatingFileHandler(Path(sys.argv[1]), max_bytes=20_000, backups=200)
log = logging.getLogger("writer")
log.addHandler(handler)
log.setLevel(logging.INFO)
for n in range(int(sys.argv[3])):
    entry = AuditEntry.of("replay", "c-" + sys.argv[2], f"{sys.argv[2]}-{n}", reason="x" * 90)
    log.info("%s", entry.human(), extra={"audit": entry})
"""


def test_processes_writing_at_once_lose_no_line_and_split_none(tmp_path: Path) -> None:
    path = tmp_path / "logs" / FILE
    path.parent.mkdir()
    lines_each, writers = 400, 4
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(w), str(lines_each)])
        for w in range(writers)
    ]
    assert all(p.wait(timeout=120) == 0 for p in procs)

    files = sorted(path.parent.glob(f"{FILE}*"))
    assert len(files) > 5, "the test must make them rotate"
    raw = [line for f in files for line in f.read_text().splitlines()]
    assert len(raw) == lines_each * writers
    assert all(parse(line) is not None for line in raw), "a line was split or mixed"
    entries = read(tmp_path)
    for w in range(writers):
        mine = [e.execution_id for e in entries if e.conversation_id == f"c-{w}"]
        assert mine == [f"{w}-{n}" for n in range(lines_each)], "lost or out of order"


def test_a_cut_line_is_skipped_and_the_filters_apply(tmp_path: Path) -> None:
    install(tmp_path)
    log = logging.getLogger(LOGGER)
    for conversation in ("one", "two"):
        entry = AuditEntry.of("resume", conversation, "e-" + conversation, session="s")
        log.info("%s", entry.human(), extra={"audit": entry})
    with (tmp_path / "logs" / FILE).open("a") as file:
        file.write('{"time": "2026-01-01T00:00:00+00:00", "decis')  # a writer killed mid-line
    assert [e.conversation_id for e in read(tmp_path)] == ["one", "two"]
    assert [e.execution_id for e in read(tmp_path, "two")] == ["e-two"]
    later = datetime.now(UTC) + timedelta(hours=1)
    assert read(tmp_path, since=later.replace(tzinfo=None)) == []
    for handler in list(log.handlers):
        log.removeHandler(handler)
        handler.close()
    log.propagate, log.level = True, logging.NOTSET  # as the rest of the suite expects it


def test_a_logs_folder_deleted_while_running_is_made_again(tmp_path: Path) -> None:
    """Someone clears the home's logs while the window runs: the next decision is
    written to a new file, not lost with an error on stderr."""
    install(tmp_path)
    log = logging.getLogger(LOGGER)
    log.info("first", extra={"audit": AuditEntry.of("resume", "one", "e-1", session="s")})
    shutil.rmtree(tmp_path / "logs")
    log.info("second", extra={"audit": AuditEntry.of("resume", "two", "e-2", session="s")})
    assert [e.conversation_id for e in read(tmp_path)] == ["two"]
