"""The session list's conversation marks (`ConversationService.memberships`),
read in one query of every execution: each session's conversation, a fork's
parent, hidden ones, a conversation's own pointer, the older conversation for
a session two name. (Compared with the former read of each conversation's
executions and each fork's parent on this home: the same marks.)"""

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


def test_each_session_is_marked_with_its_conversation_and_a_fork_with_its_parent(
    tmp_path: Path,
) -> None:
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
        orphan = conversations.create("fork of a gone turn", "alpha", CWD)
        turn(orphan.id, "alpha", "s-6", forked_from=str(uuid.uuid4()))
        turn(orphan.id, None, "s-7")

        marks = hub.conversations.memberships()
        plan_code, fork_code = plan.code, fork.code
        assert marks[("alpha", "s-1")] == Membership(plan_code)
        assert marks[("beta", "s-2")] == Membership(plan_code)
        assert marks[("alpha", "s-3")] == Membership(fork_code, fork_of=plan_code)
        assert marks[("beta", "s-4")] == Membership(hidden.code, hidden=True)
        assert marks[("beta", "s-5")] == Membership(pointer.code)
        assert marks[("alpha", "s-6")] == Membership(orphan.code)  # its parent turn is gone
        assert len(marks) == 6  # an execution with no account or no session marks nothing
    finally:
        db.close()
        hub.close()
