"""A first index big enough for worker processes reads through them: the
transcript source the hub builds on first use travels to them (pickled)."""

from __future__ import annotations

import pickle
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


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_the_source_travels_to_the_workers_as_itself(
    home: Path, config: Path, monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """Forked (a command's index: no other thread) or spawned (the window's)."""
    for n, sid in enumerate(SIDS):
        t = Transcript(session_id=sid, cwd="/src/app")
        t.prompt(f"question {n} about HERON")
        t.reply(text(f"answer {n}"))
        t.write(config / "projects" / "-src-app" / f"{sid}.jsonl")
    monkeypatch.setattr(session_reads, "POOL_BYTES", 0)  # workers even for a few files
    monkeypatch.setattr(session_reads, "start_method", lambda: method)
    hub = open_services(home)
    try:
        sent = pickle.loads(pickle.dumps(hub.sessions._source))
        assert isinstance(sent, ClaudeTranscripts)
        report = hub.sessions.refresh(account="work")
        assert report.read == len(SIDS) and not report.errors
        assert {h.session_id for h in hub.sessions.search("HERON")} == set(SIDS)
    finally:
        hub.close()
