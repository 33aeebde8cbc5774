"""`sessiondesk bundle …` without a turn: make, fill, reorder, show, and the errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.test_transcript_fixtures import Transcript, text

A = "77777777-7777-4777-8777-777777777777"
B = "88888888-8888-4888-8888-888888888888"


@pytest.fixture
def config(home: Path, tmp_path: Path) -> Path:
    config = tmp_path / "claude"
    for sid, words in ((A, "the first PUFFIN"), (B, "the second PUFFIN")):
        t = Transcript(session_id=sid, cwd="/src/app")
        t.prompt(words)
        t.reply(text("ok"))
        t.write(config / "projects" / "-src-app" / f"{sid}.jsonl")
    assert (
        sessiondesk(home, "accounts", "add", "work", "--config-dir", str(config), "--create").code
        == 0
    )
    return config


def test_a_bundle_is_made_filled_and_emptied(home: Path, config: Path) -> None:
    made = sessiondesk(home, "--json", "bundle", "create", "birds", "--description", "seabirds")
    assert made.code == 0, made.stderr
    again = sessiondesk(home, "bundle", "create", "birds")
    assert again.code == 2 and "exists already" in again.stderr

    added = sessiondesk(home, "--json", "bundle", "add", "birds", A, B)
    assert added.code == 0, added.stderr
    assert sessiondesk(home, "bundle", "note", "birds", "both in spring").code == 0
    shown = sessiondesk(home, "--json", "bundle", "show", "birds").json()
    assert [(i["index"], i["kind"], i["ref"]) for i in shown["items"]] == [
        (1, "session", A), (2, "session", B), (3, "note", None)
    ]  # fmt: skip
    assert shown["items"][0]["title"] == "the first PUFFIN"
    assert shown["items"][0]["account"] == "work"

    assert sessiondesk(home, "bundle", "remove", "birds", A).code == 0
    assert sessiondesk(home, "bundle", "remove", "birds", "2").code == 0  # the note, now second
    left = sessiondesk(home, "--json", "bundle", "show", "birds").json()
    assert [i["ref"] for i in left["items"]] == [B]
    assert sessiondesk(home, "bundle", "add", "birds", A).code == 0
    order = sessiondesk(home, "--json", "bundle", "show", "birds").json()
    assert [i["ref"] for i in order["items"]] == [B, A], "added items go last"


def test_bundle_errors_are_one_clear_line(home: Path, config: Path) -> None:
    made = sessiondesk(home, "--json", "bundle", "create", "birds", "--description", "seabirds")
    assert made.code == 0, made.stderr
    assert sessiondesk(home, "bundle", "add", "birds", A, B).code == 0
    listed = sessiondesk(home, "--json", "bundle", "list").json()
    assert [(b["name"], b["items"], b["description"]) for b in listed] == [("birds", 2, "seabirds")]

    unknown = sessiondesk(home, "bundle", "add", "birds", "SESS-999")
    assert unknown.code == 1 and "neither a conversation" in unknown.stderr
    nobundle = sessiondesk(home, "bundle", "show", "fish")
    assert nobundle.code == 1 and "no bundle 'fish'" in nobundle.stderr
    badname = sessiondesk(home, "bundle", "create", "   ")
    assert badname.code == 2
    for result in (unknown, nobundle, badname):
        assert "Traceback" not in result.stderr
