"""The session list's conversation marks (`ConversationService.memberships`):
read in one query of every execution, they say what reading each
conversation's executions and each fork's parent said."""

from __future__ import annotations

import uuid
from pathlib import Path

from desktop.compose import DB_NAME, open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.conversations import Execution, ExecutionKind
from desktop.services.conversations import Membership
from desktop.store.accounts import SqlAccountRepository
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database

CWD = "/home/ana/src/api"


def one_by_one(
    conversations: SqlConversationRepository, executions: SqlExecutionRepository
) -> dict[tuple[str, str], Membership]:
    """The marks read as they were: each conversation's executions, each fork's parent."""
    found: dict[tuple[str, str], Membership] = {}
    for conversation in conversations.list():
        mine = executions.for_conversation(conversation.id)
        forked = (e.forked_from_execution_id for e in mine if e.forked_from_execution_id)
        origin = next(forked, None)
        parent = executions.get(origin) if origin else None
        parent_conversation = conversations.get(parent.conversation_id) if parent else None
        fork_of = parent_conversation.code if parent_conversation else None
        member = Membership(conversation.code, fork_of, conversation.hidden)
        keys = [(e.account, e.session_id) for e in mine if e.account and e.session_id]
        if conversation.account and conversation.session_id:
            keys.append((conversation.account, conversation.session_id))
        for key in keys:
            found.setdefault(key, member)
    return found


def test_the_marks_read_at_once_are_those_read_one_by_one(tmp_path: Path) -> None:
    hub = open_services(tmp_path)
    db = open_database(tmp_path / DB_NAME)
    try:
        accounts = SqlAccountRepository(db)
        conversations, executions = SqlConversationRepository(db), SqlExecutionRepository(db)
        for name in ("alpha", "beta"):
            accounts.add(name, f"/home/ana/.{name}", AuthKind.LOGIN)

        def turn(conversation: str, account: str | None, session: str | None,
                 forked_from: str | None = None) -> str:  # fmt: skip
            made = executions.create(Execution(
                id=str(uuid.uuid4()), conversation_id=conversation, kind=ExecutionKind.NEW,
                account=account, cwd=CWD, prompt="p", session_id=session,
                forked_from_execution_id=forked_from,
            ))  # fmt: skip
            return made.id

        plan = conversations.create("plan", "alpha", CWD)
        first = turn(plan.id, "alpha", "s-1")
        turn(plan.id, "beta", "s-2")  # switched accounts mid-conversation
        turn(plan.id, "alpha", None)  # a turn that failed before it had a session
        fork = conversations.create("plan, again", "alpha", CWD)
        turn(fork.id, "alpha", "s-3", forked_from=first)
        turn(fork.id, "alpha", "s-1")  # a session both name: the older conversation's
        hidden = conversations.create("old", "beta", CWD)
        turn(hidden.id, "beta", "s-4")
        conversations.update(hidden.id, hidden=True)
        pointer = conversations.create("found on disk", "beta", CWD)
        conversations.update(pointer.id, session_id="s-5")  # no turn of ours yet
        orphan = conversations.create("fork of a gone turn", None, CWD)
        turn(orphan.id, None, "s-6", forked_from=str(uuid.uuid4()))

        marks = hub.conversations.memberships()
        assert marks == one_by_one(conversations, executions)
        plan_code, fork_code = plan.code, fork.code
        assert marks[("alpha", "s-1")] == Membership(plan_code)
        assert marks[("beta", "s-2")] == Membership(plan_code)
        assert marks[("alpha", "s-3")] == Membership(fork_code, fork_of=plan_code)
        assert marks[("beta", "s-4")] == Membership(hidden.code, hidden=True)
        assert marks[("beta", "s-5")] == Membership(pointer.code)
        assert len(marks) == 5  # an execution with no account or no session marks nothing
    finally:
        db.close()
        hub.close()
