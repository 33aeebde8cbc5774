"""A first index big enough for worker processes reads through them: the
transcript source the hub builds on first use travels to them (pickled)."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.claude.session_source import ClaudeTranscripts
from desktop.compose import open_services
from desktop.services import session_reads
from tests import test_archive
from tests.test_transcript_fixtures import Transcript, text

config = test_archive.config
"""The fixture of an account "work" with a config dir of its own."""
SIDS = [f"6666666{n}-6666-4666-8666-666666666666" for n in range(4)]


def _transcripts(config: Path) -> None:
    for n, sid in enumerate(SIDS):
        t = Transcript(session_id=sid, cwd="/src/app")
        t.prompt(f"question {n} about HERON")
        t.reply(text(f"answer {n}"))
        t.write(config / "projects" / "-src-app" / f"{sid}.jsonl")


def test_the_source_travels_to_spawned_workers_as_itself(
    home: Path, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window's index: its process has threads, its workers are spawned."""
    _transcripts(config)
    monkeypatch.setattr(session_reads, "POOL_BYTES", 0)  # workers even for a few files
    monkeypatch.setattr(session_reads, "start_method", lambda: "spawn")
    hub = open_services(home)
    try:
        sent = pickle.loads(pickle.dumps(hub.sessions._source))
        assert isinstance(sent, ClaudeTranscripts)
        report = hub.sessions.refresh(account="work")
        assert report.read == len(SIDS) and not report.errors
        assert {h.session_id for h in hub.sessions.search("HERON")} == set(SIDS)
    finally:
        hub.close()


FORKED_INDEX = """
import json, sys
from pathlib import Path
from desktop.compose import open_services
from desktop.services import session_reads
from desktop.worker_start import start_method
session_reads.POOL_BYTES = 0
hub = open_services(Path(sys.argv[1]))
method = start_method()
report = hub.sessions.refresh(account="work")
hits = sorted(h.session_id for h in hub.sessions.search("HERON"))
print(json.dumps([method, report.read, len(report.errors), hits]))
"""


def test_a_command_with_no_other_thread_forks_its_workers(home: Path, config: Path) -> None:
    """A command's index, in a process of its own (the test's may have threads
    by now, where a fork is unsafe): its workers are forked and read the same."""
    _transcripts(config)
    proc = subprocess.run(
        [sys.executable, "-c", FORKED_INDEX, str(home)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    method, read, errors, hits = json.loads(proc.stdout)
    assert (read, errors, hits) == (len(SIDS), 0, sorted(SIDS))
    assert method == ("fork" if sys.platform == "linux" else "spawn")
