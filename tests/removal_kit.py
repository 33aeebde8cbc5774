"""A home with conversations to delete: one with a fork, a bundle, a reference
and sessions of its own and shared, each on disk as Claude Code writes them."""

from __future__ import annotations

import sqlite3
import uuid
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from desktop.compose import DB_NAME, open_services
from desktop.domain.bundles import BundleItem, ItemKind
from desktop.domain.conversations import Conversation, Execution, ExecutionKind, ExecutionStatus
from desktop.store.bundles import SqlBundleRepository
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from tests.clirun import sessiondesk
from tests.test_transcript_fixtures import Transcript, text

START = datetime(2026, 3, 1, 9, 0)


def transcript(config: Path, session_id: str, words: str, when: datetime | None = None) -> Path:
    t = Transcript(session_id=session_id, cwd="/src/app")
    if when is not None:
        t._clock = when.replace(tzinfo=UTC)
    t.prompt(f"question about {words}")
    t.reply(text(f"answer about {words}"))
    return t.write(config / "projects" / "-src-app" / f"{session_id}.jsonl")


def sid() -> str:
    return str(uuid.uuid4())


@dataclass
class Family:
    """SESS-001 (two turns, its own session and one shared with SESS-003), its fork
    SESS-002 (its own session), SESS-003 (unrelated, names SESS-001 in its
    description, shares a session), and bundle "Pack": a note, SESS-001, SESS-003."""

    home: Path
    config: Path
    root: Conversation
    fork: Conversation
    other: Conversation
    own: str
    """The session only SESS-001 used."""
    forked: str
    shared: str
    other_own: str
    turns: list[Execution] = field(default_factory=list)


def add_account(home: Path, config: Path, name: str = "work") -> None:
    added = sessiondesk(home, "accounts", "add", name, "--config-dir", str(config), "--create")
    assert added.code == 0, added.stderr


def family(home: Path, tmp_path: Path, *, archive: bool = True) -> Family:
    config = tmp_path / "claude"
    add_account(home, config)
    if not archive:
        assert sessiondesk(home, "settings", "set", "archive.enabled", "false").code == 0
    own, forked, shared, other_own = sid(), sid(), sid(), sid()
    for session, words in ((own, "OSPREY"), (forked, "KESTREL"), (shared, "HERON"),
                           (other_own, "PLOVER")):  # fmt: skip
        transcript(config, session, words)
    # the fork's subagents folder and the root's: Claude keeps them beside the transcript
    (config / "projects" / "-src-app" / own / "subagents").mkdir(parents=True)
    (config / "projects" / "-src-app" / own / "subagents" / "agent-1.jsonl").write_text("{}\n")
    (config / "projects" / "-src-app" / forked / "subagents").mkdir(parents=True)
    (config / "projects" / "-src-app" / forked / "subagents" / "agent-2.jsonl").write_text("{}\n")
    assert sessiondesk(home, "index").code == 0
    open_services(home).close()
    db = open_database(home / DB_NAME)
    rows, executions = SqlConversationRepository(db), SqlExecutionRepository(db)
    root = rows.create("Root", "work", "/src/app")
    fork = rows.create("Fork", "work", "/src/app")
    other = rows.create("Other", "work", "/src/app")
    rows.update(other.id, description=f"follows up [[{root.code}]]")

    def turn(conv: Conversation, n: int, session: str, **extra: object) -> Execution:
        e = Execution(
            str(uuid.uuid4()), conv.id, extra.pop("kind", ExecutionKind.CONTINUE), "work",  # type: ignore[arg-type]
            "/src/app", f"turn {n}", status=ExecutionStatus.SUCCEEDED, session_id=session,
            started=START + timedelta(minutes=n), **extra,  # type: ignore[arg-type]
        )  # fmt: skip
        return executions.create(e)

    first = turn(root, 1, own, kind=ExecutionKind.NEW)
    second = turn(root, 2, own, parent_execution_id=first.id)
    third = turn(root, 3, shared, parent_execution_id=second.id)
    fork_turn = turn(fork, 4, forked, kind=ExecutionKind.FORK, forked_from_execution_id=first.id,
                     session_id_in=own)  # fmt: skip
    turn(fork, 5, forked, parent_execution_id=fork_turn.id)
    turn(other, 6, other_own, kind=ExecutionKind.NEW)
    turn(other, 7, shared)
    bundles = SqlBundleRepository(db)
    bundles.create("Pack", "")
    bundles.append("Pack", [BundleItem(ItemKind.NOTE, text="read first"),
                            BundleItem(ItemKind.CONVERSATION, root.id),
                            BundleItem(ItemKind.CONVERSATION, other.id)])  # fmt: skip
    db.close()
    return Family(home, config, root, fork, other, own, forked, shared, other_own,
                  [first, second, third])  # fmt: skip


def rows(home: Path, sql: str, *params: object) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(home / DB_NAME)) as conn, conn:
        return conn.execute(sql, params).fetchall()
