"""`conversations delete`: a conversation's rows go, and nothing else — its
fork, the bundle that held it, the conversation that names it and Claude's
own files (unless `--with-transcripts`, and then only its own) stay."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
import uuid
from pathlib import Path

from desktop.claude.reap import process_start_time
from desktop.compose import DB_NAME, open_services
from desktop.domain.bundles import BundleItem, ItemKind
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import NotFoundError
from desktop.store.bundles import SqlBundleRepository
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from tests.bundlekit import tree_digest
from tests.clirun import sessiondesk
from tests.removal_kit import family, rows


def test_without_yes_it_says_what_would_go_and_changes_nothing(home: Path, tmp_path: Path) -> None:
    f = family(home, tmp_path)
    before_db = (home / DB_NAME).read_bytes()
    before_files = tree_digest(f.config)

    asked = sessiondesk(home, "--json", "conversations", "delete", "SESS-001", "--with-transcripts")
    assert asked.code == 2
    assert "add --yes" in asked.stderr
    plan = asked.json()
    assert plan["deleted"] is False and plan["code"] == "SESS-001"
    assert plan["executions"] == 3
    assert plan["bundles"] == ["Pack"] and plan["forks"] == ["SESS-002"]
    assert plan["referenced_by"] == ["SESS-003"]
    assert [t["session_id"] for t in plan["transcripts"]] == [f.own]  # the shared one is kept
    assert (
        plan["transcript_bytes"]
        == (f.config / "projects/-src-app" / f"{f.own}.jsonl").stat().st_size
    )
    assert plan["shared_sessions"] == 1
    people = sessiondesk(home, "conversations", "delete", f.root.id)
    assert people.code == 2 and "would delete SESS-001" in people.stdout
    assert "Claude's transcripts kept" in people.stdout
    assert tree_digest(f.config) == before_files
    assert rows(home, "SELECT count(*) FROM conversations") == [(3,)]
    assert (home / DB_NAME).read_bytes() == before_db or rows(
        home, "SELECT count(*) FROM executions"
    ) == [(7,)]


def test_delete_removes_its_rows_and_nothing_else(home: Path, tmp_path: Path) -> None:
    f = family(home, tmp_path)
    before_files = tree_digest(f.config)

    done = sessiondesk(home, "--json", "conversations", "delete", "SESS-001", "--yes")
    assert done.code == 0, done.stderr
    assert done.json()["deleted"] is True and done.json()["transcripts_removed"] == 0

    assert sessiondesk(home, "conversations", "show", "SESS-001").code == 2
    mine = [e.id for e in f.turns]
    marks = ", ".join("?" * len(mine))
    assert rows(home, f"SELECT count(*) FROM executions WHERE id IN ({marks})", *mine) == [(0,)]
    assert rows(home, "SELECT count(*) FROM executions") == [(4,)]  # the fork's two, other's two
    # the fork keeps working: no link into nothing, its tree and its head still there
    assert rows(home, "SELECT count(*) FROM executions WHERE forked_from_execution_id IS NOT NULL "
                "OR parent_execution_id NOT IN (SELECT id FROM executions)") == [(0,)]  # fmt: skip
    tree = sessiondesk(home, "--json", "tree", "SESS-002")
    assert tree.code == 0, tree.stderr
    assert [n["session_id"] for n in tree.json()] == [f.forked]
    hub = open_services(home)
    try:
        point = asyncio.run(hub.conversations.branch_point("SESS-002"))
        assert point.session_id == f.forked, "a continue of the fork resumes its own session"
        head = hub.conversations.execution(str(point.execution_id))
        said = [t.text for t in hub.conversations.turns.whole(head)]
        assert any("KESTREL" in text for text in said), "its history reads from its own file"
    finally:
        hub.close()
    listed = sessiondesk(home, "--json", "conversations", "list").json()
    assert [c["code"] for c in listed] == ["SESS-002", "SESS-003"]
    other = sessiondesk(home, "--json", "conversations", "show", "SESS-003").json()
    assert other["description"] == "follows up [[SESS-001]]"  # its text is its own
    # the bundle keeps its other items, numbered without a gap
    bundle = sessiondesk(home, "--json", "bundle", "show", "Pack").json()
    assert [(i["kind"], i.get("ref")) for i in bundle["items"]] == [
        ("note", None), ("conversation", f.other.id)]  # fmt: skip
    assert rows(home, "SELECT position FROM bundle_items ORDER BY position") == [(1,), (2,)]
    assert tree_digest(f.config) == before_files, "Claude's files are untouched"
    listing = {s["id"] for s in sessiondesk(home, "--json", "sessions", "list").json()}
    assert {f.own, f.forked, f.shared, f.other_own} <= listing


def test_with_transcripts_only_its_own_files_go(home: Path, tmp_path: Path) -> None:
    f = family(home, tmp_path, archive=False)
    folder = f.config / "projects" / "-src-app"
    done = sessiondesk(home, "--json", "conversations", "delete", "SESS-001",
                       "--with-transcripts", "--yes")  # fmt: skip
    assert done.code == 0, done.stderr
    assert done.json()["transcripts_removed"] == 1 and done.json()["bytes_freed"] > 0
    assert not (folder / f"{f.own}.jsonl").exists()
    assert not (folder / f.own).exists(), "its subagents' folder went with it"
    for kept in (f.forked, f.shared, f.other_own):
        assert (folder / f"{kept}.jsonl").exists()
    assert (folder / f.forked / "subagents" / "agent-2.jsonl").exists()
    listing = {s["id"] for s in sessiondesk(home, "--json", "sessions", "list").json()}
    assert f.own not in listing and {f.forked, f.shared, f.other_own} <= listing
    assert sessiondesk(home, "--json", "search", "OSPREY").json() == []
    assert len(sessiondesk(home, "--json", "search", "KESTREL").json()) > 0


def test_with_transcripts_an_archived_copy_stays_until_removed(home: Path, tmp_path: Path) -> None:
    f = family(home, tmp_path)
    done = sessiondesk(home, "conversations", "delete", "SESS-001", "--with-transcripts", "--yes")
    assert done.code == 0, done.stderr
    assert not (f.config / "projects" / "-src-app" / f"{f.own}.jsonl").exists()
    listing = {s["id"]: s for s in sessiondesk(home, "--json", "sessions", "list").json()}
    assert listing[f.own]["missing"] and listing[f.own]["archived"]
    assert sessiondesk(home, "archive", "remove", f.own, "--yes").code == 0
    listing = {s["id"]: s for s in sessiondesk(home, "--json", "sessions", "list").json()}
    assert f.own not in listing and not listing[f.forked]["missing"]


def test_a_running_turn_refuses_the_delete(home: Path, tmp_path: Path) -> None:
    f = family(home, tmp_path)
    owner = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        started = None
        while started is None:
            started = process_start_time(owner.pid)
            time.sleep(0.01)
        db = open_database(home / DB_NAME)
        SqlExecutionRepository(db).create(Execution(
            str(uuid.uuid4()), f.root.id, ExecutionKind.CONTINUE, "work", "/src/app", "more",
            status=ExecutionStatus.RUNNING, owner_pid=owner.pid, owner_started=started,
        ))  # fmt: skip
        db.close()
        refused = sessiondesk(home, "conversations", "delete", "SESS-001", "--yes")
        assert refused.code == 1
        assert (
            "SESS-001 has a turn running" in refused.stderr
            and "nothing was deleted" in refused.stderr
        )
        assert rows(home, "SELECT count(*) FROM executions WHERE conversation_id = ?",
                    f.root.id) == [(4,)]  # fmt: skip
    finally:
        owner.kill()
        owner.wait()
    # its owner gone, the turn is a leftover: the delete goes ahead
    assert sessiondesk(home, "conversations", "delete", "SESS-001", "--yes").code == 0


def test_a_deleted_number_is_never_given_again(home: Path, tmp_path: Path) -> None:
    f = family(home, tmp_path)
    assert sessiondesk(home, "conversations", "delete", "SESS-003", "--yes").code == 0
    db = open_database(home / DB_NAME)
    fresh = SqlConversationRepository(db).create("New", "work", "/src/app")
    db.close()
    assert fresh.code == "SESS-004", "[[SESS-003]] in old text must not come to mean it"
    assert f.other.code == "SESS-003"


def test_two_processes_deleting_at_once_leave_no_half(home: Path, tmp_path: Path) -> None:
    """The window and a script on one home: one delete wins whole, the other finds
    nothing; and a turn recorded after the delete is refused plainly."""
    f = family(home, tmp_path)
    env = {"SESSIONDESK_HOME": str(home)}
    argv = [sys.executable, "-m", "desktop", "conversations", "delete", "SESS-001", "--yes"]
    both = [subprocess.Popen(argv, env={**__import__("os").environ, **env},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]  # fmt: skip
    errors = [p.communicate(timeout=60)[1] for p in both]  # communicate closes the pipes
    assert sorted(p.returncode for p in both) == [0, 2], errors
    assert rows(home, "SELECT count(*) FROM executions WHERE conversation_id = ?",
                f.root.id) == [(0,)]  # fmt: skip
    assert rows(home, "SELECT count(*) FROM executions") == [(4,)]
    db = open_database(home / DB_NAME)
    try:
        late = Execution(str(uuid.uuid4()), f.root.id, ExecutionKind.CONTINUE, "work",
                         "/src/app", "late")  # fmt: skip
        try:
            SqlExecutionRepository(db).create(late)
            raise AssertionError("a turn of a deleted conversation was recorded")
        except NotFoundError:
            pass
        try:  # nor is a bundle item of it added by a process that resolved it before
            SqlBundleRepository(db).append("Pack", [BundleItem(ItemKind.CONVERSATION, f.root.id)])
            raise AssertionError("a bundle item of a deleted conversation was added")
        except NotFoundError:
            pass
    finally:
        db.close()
    open_services(home).close()
